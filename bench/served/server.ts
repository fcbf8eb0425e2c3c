/**
 * Serves one side of one pair (bench/pairs.ts) on 127.0.0.1, on the runtime
 * that runs this file (serve.ts).
 *
 * Usage: <runtime> bench/served/server.ts <pair> <toolkit|hand> <port>
 */
import { PAIRS, type PairName } from '../pairs.ts'
import { args, serveOn } from './serve.ts'

const [pairName, side, portText] = args as [string, string, string]
const pair = PAIRS[pairName as PairName]
if (pair === undefined || (side !== 'toolkit' && side !== 'hand')) {
  throw new Error(`usage: server.ts <${Object.keys(PAIRS).join('|')}> <toolkit|hand> <port>`)
}
await serveOn(pair[side]().fetch, Number(portText))
