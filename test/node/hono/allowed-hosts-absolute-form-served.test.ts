/**
 * An absolute-form request target (`GET http://evil.com/... HTTP/1.1`, with
 * `Host: api.example.com`) on Deno.serve and Bun.serve, by raw bytes over a
 * loopback socket. Deno.serve makes it the request URL, as @hono/node-server
 * does (allowed-hosts-absolute-form.test.ts): links name `evil.com` with
 * neither host option, `allowedHosts` refuses it, `origin` ignores it. Bun
 * builds the URL from the `Host` header, so the target's host never reaches
 * the app.
 *
 * Node only: Bun and Deno run test/support/absolute-form-server.ts in a child.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createConnection } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const server = `${root}test/support/absolute-form-server.ts`
const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill()))

/** Starts the servers in `runtime` and resolves with their ports, by configuration. */
function serve(runtime: 'bun' | 'deno'): Promise<Record<'neither' | 'allowedHosts' | 'origin', number>> {
  const args = runtime === 'bun' ? [server] : ['run', '--allow-net', '--allow-read', '--allow-env', '--no-check', '--config', `${root}test/runtimes/deno.json`, server]
  const child = spawn(`${root}node_modules/.bin/${runtime}`, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let err = ''
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as Record<'neither' | 'allowedHosts' | 'origin', number>))
    child.once('exit', (code) => reject(new Error(`${runtime} exited with ${String(code)}: ${err}`)))
  })
}

/** The status and body of `target` sent with `Host: api.example.com`. */
function answer(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n`))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(`${text.slice(9, 12)} ${text.slice(text.indexOf('\r\n\r\n') + 4)}`))
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')))
  })
}

const expected = {
  deno: {
    neither: '200 {"self":"http://evil.com/v2/users/7"}',
    allowedHosts: '400 {"detail":"Invalid host."}',
    origin: '200 {"self":"https://api.example.com/v2/users/7"}',
  },
  bun: {
    neither: '200 {"self":"http://api.example.com/v2/users/7"}',
    allowedHosts: '200 {"self":"http://api.example.com/v2/users/7"}',
    origin: '200 {"self":"https://api.example.com/v2/users/7"}',
  },
}

for (const runtime of ['deno', 'bun'] as const) {
  it(`an absolute-form target naming another host on ${runtime === 'bun' ? 'Bun.serve' : 'Deno.serve'}`, async () => {
    const ports = await serve(runtime)
    const got: Record<string, string> = {}
    for (const name of ['neither', 'allowedHosts', 'origin'] as const) got[name] = await answer(ports[name], 'http://evil.com/v2/users/7')
    expect(got).toEqual(expected[runtime])
    // An origin-form target with the listed Host is served on every configuration.
    for (const name of ['neither', 'allowedHosts', 'origin'] as const) expect((await answer(ports[name], '/v2/users/7')).slice(0, 3)).toBe('200')
  }, 30_000)
}
