/**
 * Serves one side of one pair (bench/pairs.ts) on 127.0.0.1, on the runtime
 * that runs this file (serve.ts). On Node, bench/served/node-inspect.ts adds
 * what bench/drivers/profile-served.js asks for through the environment (nothing
 * when it asks for nothing).
 *
 * Usage: <runtime> bench/served/server.ts <pair> <toolkit|hand> <port>
 */
import { PAIRS, type PairName } from '../pairs.ts'
import { args, serveOn } from './serve.ts'

declare const Bun: unknown
declare const Deno: unknown

const [pairName, side, portText] = args as [string, string, string]
const pair = PAIRS[pairName as PairName]
if (pair === undefined || (side !== 'toolkit' && side !== 'hand')) {
  throw new Error(`usage: server.ts <${Object.keys(PAIRS).join('|')}> <toolkit|hand> <port>`)
}
const app = pair[side]()
if (typeof Bun === 'undefined' && typeof Deno === 'undefined') {
  const { profileWindow, tally } = await import('./node-inspect.ts')
  // bench/drivers/profile-served.js: a CPU profile of the load only (SIGUSR2 starts it), and per-request counters.
  const stopProfile = await profileWindow()
  await serveOn(app.fetch, Number(portText), { wrap: tally, beforeExit: stopProfile })
} else {
  await serveOn(app.fetch, Number(portText))
}
