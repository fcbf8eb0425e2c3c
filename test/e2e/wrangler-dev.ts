/**
 * The worker example on `wrangler dev`, for the end-to-end suites: a free
 * loopback port, no account and no network (no metrics, no `Request.cf`
 * download, no update check), ready when wrangler says so, and stopped with
 * its whole process group.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { childOutput } from '../support/child-output.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A running `wrangler dev`. */
export interface WranglerDev {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string
  /** What it printed so far. */
  readonly log: () => string
  /** Stops it (SIGINT, then SIGKILL after 10 s). */
  readonly stop: () => Promise<void>
}

/** A port nothing listens on, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Starts `wrangler dev` on the project's wrangler.toml with `args` added, and resolves once it is ready (90 s at most). */
export async function startWranglerDev(args: readonly string[] = []): Promise<WranglerDev> {
  const port = await freePort()
  const server = spawn(
    process.execPath,
    [`${root}node_modules/wrangler/bin/wrangler.js`, 'dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', ...args],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' },
    },
  )
  const output = childOutput(server, 'wrangler dev')
  const stop = async (): Promise<void> => {
    if (server.pid === undefined || server.exitCode !== null) return
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
    process.kill(-server.pid, 'SIGINT')
    const timer = setTimeout(() => server.pid !== undefined && process.kill(-server.pid, 'SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  await output.printed('Ready on', 90_000).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { origin: `http://127.0.0.1:${port}`, log: output.text, stop }
}
