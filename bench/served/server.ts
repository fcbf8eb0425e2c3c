/**
 * Serves one side of one pair (bench/pairs.ts) on 127.0.0.1, on the runtime
 * that runs this file: Node (@hono/node-server), Bun (Bun.serve) or Deno
 * (Deno.serve). Prints `ready <port>` once listening; exits on SIGINT/SIGTERM
 * (through process.exit on Node, so `--cpu-prof` writes its profile). On
 * Node, bench/served/node-inspect.ts adds what scripts/profile-served.js asks
 * for through the environment (nothing when it asks for nothing).
 *
 * Usage: <runtime> bench/served/server.ts <pair> <toolkit|hand> <port>
 */
import { PAIRS, type PairName } from '../pairs.ts'

declare const Bun: { serve(options: { port: number; hostname: string; fetch: (r: Request) => Response | Promise<Response> }): unknown } | undefined
declare const Deno:
  | {
      args: string[]
      serve(options: { port: number; hostname: string; onListen: () => void }, handler: (r: Request) => Response | Promise<Response>): unknown
      addSignalListener(signal: string, fn: () => void): void
      exit(code: number): never
    }
  | undefined
declare const process: { argv: string[]; on(signal: string, fn: () => void): void; exit(code: number): never }

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)
const [pairName, side, portText] = args as [string, string, string]
const pair = PAIRS[pairName as PairName]
if (pair === undefined || (side !== 'toolkit' && side !== 'hand')) {
  throw new Error(`usage: server.ts <${Object.keys(PAIRS).join('|')}> <toolkit|hand> <port>`)
}
const app = pair[side]()
const port = Number(portText)
const hostname = '127.0.0.1'
const ready = (): void => console.log(`ready ${port}`)

if (typeof Bun !== 'undefined') {
  Bun.serve({ port, hostname, fetch: app.fetch })
  ready()
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
} else if (typeof Deno !== 'undefined') {
  Deno.serve({ port, hostname, onListen: ready }, app.fetch)
  for (const signal of ['SIGINT', 'SIGTERM']) Deno.addSignalListener(signal, () => Deno.exit(0))
} else {
  const { serve } = await import('@hono/node-server')
  const { profileWindow, tally } = await import('./node-inspect.ts')
  // scripts/profile-served.js: a CPU profile of the load only (SIGUSR2 starts it), and per-request counters.
  const stopProfile = await profileWindow()
  const fetch = tally(app.fetch)
  serve({ fetch, port, hostname }, ready)
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      void stopProfile().then(() => process.exit(0))
    })
  }
}
