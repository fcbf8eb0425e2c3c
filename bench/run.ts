/**
 * Runs the in-process benchmarks on the runtime that runs this file (Node,
 * Bun or Deno) and writes their results as JSON to the path given as the
 * first argument.
 *
 * - pairs: each pair of bench/pairs.ts, toolkit against hand-written, through
 *   `app.fetch` with a reused `Request` (mitata awaits the responses that are
 *   promises, so a middleware's work after `next()` is measured too);
 * - reverse against concatenation with encodeURIComponent and path-to-regexp;
 * - scale: a request to the app of 10 → 1,000 named routes and 2 → 50
 *   versions, with construction time and retained heap of the big table;
 * - memory: the heap before and after many versioned requests.
 *
 * Timings are mitata's medians (p50) per call, in interleaved rounds: each
 * round measures every case of a comparison once (the order alternates), and
 * every ratio is reported per round and as the median of the rounds. Many
 * short rounds rather than a few long ones: on a shared machine the speed
 * drifts over seconds, and a ratio of two cases measured close together
 * drifts less.
 *
 * Every `app.fetch` is awaited, as a server awaits it, even when it returns a
 * `Response` synchronously: a loop that never yields measures the backlog of
 * the runtime's own promise work instead.
 *
 * Environment: BENCH_ROUNDS (25), BENCH_MIN_MS (mitata's minimum CPU time per
 * case and round, 10), BENCH_MEMORY_REQUESTS (200,000), BENCH_ONLY (the
 * sections to run, comma-separated: pairs,changes,reverse,scale,memory; all),
 * BENCH_PAIRS (the pairs of bench/pairs.ts to run, comma-separated; all).
 * The defaults keep `npm run bench` under 15 minutes on a busy 2-core machine.
 */
import { measure } from 'mitata'
import { changesApps, changesRequest } from './changes-cases.ts'
import { PAIRS, requestFor, type PairName } from './pairs.ts'
import { middlewareApp, reverseCases, SCHEMES } from './cases.ts'
import { handScale, toolkitScale } from './scale.ts'

declare const Bun: { version: string; gc(force: boolean): void } | undefined
declare const Deno: { version: { deno: string }; writeTextFileSync(path: string, text: string): void; args: string[] } | undefined
declare const process: { version: string; argv: string[]; env: Record<string, string | undefined>; memoryUsage(): { heapUsed: number } } | undefined

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env[name] : undefined)
const ROUNDS = Number(env('BENCH_ROUNDS') ?? 25)
const MIN_NS = Number(env('BENCH_MIN_MS') ?? 10) * 1e6
const MEMORY_REQUESTS = Number(env('BENCH_MEMORY_REQUESTS') ?? 200_000)
const ONLY = new Set((env('BENCH_ONLY') ?? 'pairs,changes,reverse,scale,memory').split(','))
const g = globalThis as { gc?: () => void }

/** The in-process targets: the toolkit's speed over the hand-written twin's. */
export const TARGETS = { mountRoutes: 0.95, middleware: 0.9, reverseOverEncodedFloor: 1.5, scale: 1.1, rejection: 1.1 } as const

function runtime(): { name: string; version: string } {
  if (typeof Bun !== 'undefined') return { name: 'bun', version: Bun.version }
  if (typeof Deno !== 'undefined') return { name: 'deno', version: Deno.version.deno }
  return { name: 'node', version: process?.version ?? 'unknown' }
}

/**
 * p50 of `fn` in ns; a promise it returns is awaited (mitata's async mode).
 * Batches of 256 calls per sample instead of mitata's 4,096: with its 12
 * samples at least, a request of ~10 µs would otherwise take half a second
 * per measure whatever BENCH_MIN_MS says.
 */
async function p50(fn: () => unknown): Promise<number> {
  const stats = await measure(fn, { min_cpu_time: MIN_NS, max_samples: 1e6, batch_samples: 256, gc: false })
  return stats.p50
}

/** A request to `app`, awaited as a server awaits it (a `Response` returned synchronously too). */
const fetching =
  (app: { fetch(request: Request): Response | Promise<Response> }, request: Request) =>
  (): Promise<Response> => {
    const res = app.fetch(request)
    return res instanceof Promise ? res : Promise.resolve(res)
  }

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** Every case once per round, in an order that alternates: each case's p50 per round (ns). */
async function rounds(cases: Record<string, () => unknown>): Promise<Record<string, number[]>> {
  const names = Object.keys(cases)
  const out: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) (out[name] as number[]).push(await p50(cases[name] as () => unknown))
  }
  return out
}

/** Per-round ratios a/b of two cases' times, and their median. */
function ratio(times: Record<string, number[]>, a: string, b: string): { ratio: number; rounds: number[] } {
  const ta = times[a] as number[]
  const tb = times[b] as number[]
  const per = ta.map((t, i) => t / (tb[i] as number))
  return { ratio: median(per), rounds: per }
}

const started = performance.now()
/** Progress on stderr, with the seconds since the start: where the run's time goes. */
const progress = (section: string): void => console.error(`bench/run.ts ${runtime().name}: ${section} (${((performance.now() - started) / 1000).toFixed(0)} s in)`)

const heap = (): number => {
  for (let i = 0; i < 3; i++) {
    if (typeof Bun !== 'undefined') Bun.gc(true)
    else g.gc?.()
  }
  return typeof process !== 'undefined' ? process.memoryUsage().heapUsed : 0
}

let bigApp: ReturnType<typeof toolkitScale> | undefined
const results: Record<string, unknown> = { runtime: runtime(), date: new Date().toISOString(), rounds: ROUNDS, minMs: MIN_NS / 1e6, targets: TARGETS }

// Memory first, in a fresh heap: the heap before and after many versioned requests.
if (ONLY.has('memory')) {
  progress('memory')
  const s = SCHEMES['accept-header']
  const app = middlewareApp(s)
  for (let i = 0; i < 10_000; i++) await app.fetch(s.request)
  const before = heap()
  const samples: number[] = []
  const every = Math.max(1, Math.floor(MEMORY_REQUESTS / 5))
  for (let i = 1; i <= MEMORY_REQUESTS; i++) {
    await app.fetch(s.request)
    if (i % every === 0) samples.push(heap())
  }
  const after = heap()
  results['memory'] = { requests: MEMORY_REQUESTS, before, after, samples, gcForced: typeof Bun !== 'undefined' || typeof g.gc === 'function' }
}

// 1. The toolkit against the same job by hand, in process.
if (ONLY.has('pairs')) {
  progress('pairs')
  const pairs: Record<string, unknown> = {}
  const rejections: Record<string, unknown> = {}
  const only = env('BENCH_PAIRS')?.split(',')
  for (const name of Object.keys(PAIRS) as PairName[]) {
    if (only !== undefined && !only.includes(name)) continue
    const pair = PAIRS[name]
    const request = requestFor(pair.request)
    // A pair may send the hand-written sides a request of their own (`pinned`: the version in a header).
    const handRequest = 'handRequest' in pair ? requestFor(pair.handRequest) : request
    const toolkit = pair.toolkit()
    const hand = pair.hand()
    const api = pair.api()
    const [t, h, a] = [await toolkit.fetch(request), await hand.fetch(handRequest), await api.fetch(handRequest)]
    const [tb, hb, ab] = [await t.text(), await h.text(), await a.text()]
    for (const [side, res, body] of [['hand', h, hb], ['api', a, ab]] as const) {
      if (t.status !== 200 || res.status !== 200 || tb !== body || (t.headers.get('vary') !== res.headers.get('vary') && request === handRequest)) {
        throw new Error(`${name}: the twins differ: toolkit ${t.status} ${tb}, ${side} ${res.status} ${body}`)
      }
    }
    const times = await rounds({ hand: fetching(hand, handRequest), api: fetching(api, handRequest), toolkit: fetching(toolkit, request) })
    // The target: the toolkit's speed over the twin that gives handlers the same context variables (api time / toolkit time).
    const r = ratio(times, 'api', 'toolkit')
    const target = pair.kind === 'mountRoutes' ? TARGETS.mountRoutes : TARGETS.middleware
    // What the context variables cost in Hono (hand over api), and the toolkit over the bare hand-written twin.
    const variables = ratio(times, 'hand', 'api')
    const overHand = ratio(times, 'hand', 'toolkit')
    pairs[name] = {
      label: pair.label,
      kind: pair.kind,
      hand: median(times['hand'] as number[]),
      api: median(times['api'] as number[]),
      toolkit: median(times['toolkit'] as number[]),
      times,
      ...r,
      target,
      met: r.ratio >= target,
      variables,
      overHand,
    }
    // A request for a version neither serves: the toolkit's rejection against the same rejection written by hand
    // (an HTTPException with the same status and body): toolkit time / hand time.
    const rejectedRequest = requestFor(pair.rejected)
    const handRejects = 'handRejection' in pair ? pair.handRejection() : hand
    const [tr, hr] = [await toolkit.fetch(rejectedRequest), await handRejects.fetch(rejectedRequest)]
    const [trb, hrb] = [await tr.text(), await hr.text()]
    if (tr.status !== hr.status || trb !== hrb) throw new Error(`${name}: the rejections differ: toolkit ${tr.status} ${trb}, hand ${hr.status} ${hrb}`)
    const rejectedTimes = await rounds({ hand: fetching(handRejects, rejectedRequest), toolkit: fetching(toolkit, rejectedRequest) })
    const cost = ratio(rejectedTimes, 'toolkit', 'hand')
    rejections[name] = { hand: median(rejectedTimes['hand'] as number[]), toolkit: median(rejectedTimes['toolkit'] as number[]), ...cost, target: TARGETS.rejection, met: cost.ratio <= TARGETS.rejection }
  }
  results['pairs'] = pairs
  results['rejections'] = rejections
}

// Version changes: an old-version response of 100 nested objects across 5 versions, against a hand-written handler
// that builds the old shape directly (target: within 1.5x).
if (ONLY.has('changes')) {
  progress('changes')
  const apps = changesApps()
  const times = await rounds({
    handWritten: async () => (await apps.handWritten.fetch(changesRequest)).text(),
    changes: async () => (await apps.changes.fetch(changesRequest)).text(),
    changesParsed: async () => (await apps.changesParsed.fetch(changesRequest)).text(),
  })
  const entry = (name: string) => ({ ns: median(times[name] as number[]), rounds: times[name] })
  results['changes'] = { handWritten: entry('handWritten'), changes: entry('changes'), changesParsed: entry('changesParsed') }
}

// 2. reverse against concatenation with encodeURIComponent (the encoded floor) and path-to-regexp's compile().
if (ONLY.has('reverse')) {
  progress('reverse')
  const rev = reverseCases()
  for (let k = 0; k < 64; k++) {
    const [ours, ptr, concat, encoded] = [rev.ours(), rev.pathToRegexp(), rev.concat(), rev.concatEncoded()]
    if (ours !== ptr || ptr !== concat || concat !== encoded) throw new Error(`reverse cases disagree: ${ours} ${ptr} ${concat} ${encoded}`)
  }
  const times = await rounds({ concat: rev.concat, concatEncoded: rev.concatEncoded, ours: rev.ours, pathToRegexp: rev.pathToRegexp })
  const overEncoded = ratio(times, 'ours', 'concatEncoded')
  const overPathToRegexp = ratio(times, 'ours', 'pathToRegexp')
  results['reverse'] = {
    ns: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])),
    times,
    overEncodedFloor: { ...overEncoded, met: overEncoded.ratio <= TARGETS.reverseOverEncodedFloor },
    overPathToRegexp: { ...overPathToRegexp, met: overPathToRegexp.ratio < 1 },
  }
}

// 5. Scale: 10 → 1,000 named routes, 2 → 50 versions, per request; construction and heap of the big table.
if (ONLY.has('scale')) {
  progress('scale')
  const sizes = { small: [10, 2], routes: [1000, 2], versions: [10, 50], big: [1000, 50] } as const
  const cases: Record<string, () => unknown> = {}
  for (const [side, make] of [['toolkit', toolkitScale], ['hand', handScale]] as const) {
    for (const [size, [n, v]] of Object.entries(sizes)) {
      const { app, request } = make(n, v)
      const res = await app.fetch(request)
      if (res.status !== 200) throw new Error(`scale ${side} ${size}: answered ${res.status}`)
      cases[`${side}:${size}`] = fetching(app, request)
    }
  }
  const times = await rounds(cases)
  const growth: Record<string, unknown> = {}
  for (const size of ['routes', 'versions', 'big']) {
    const t = ratio(times, `toolkit:${size}`, 'toolkit:small')
    const h = ratio(times, `hand:${size}`, 'hand:small')
    growth[`toolkit:${size}`] = t
    growth[`hand:${size}`] = h
    // The target: the toolkit's growth over the hand-written twin's, as every budget compares the toolkit with the same
    // job by hand (Hono's router grows for both).
    const relative = t.rounds.map((x, i) => x / (h.rounds[i] as number))
    growth[`relative:${size}`] = { ratio: median(relative), rounds: relative, met: median(relative) <= TARGETS.scale }
  }
  // Construction of the big app (defineRoutes, apiVersioning, mountRoutes and Hono's router on the first request).
  const build: number[] = []
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    const { app, request } = toolkitScale(1000, 50)
    await app.fetch(request)
    build.push(performance.now() - t0)
  }
  const before = heap()
  // Module scope keeps it alive while the heap is read.
  bigApp = toolkitScale(1000, 50)
  await bigApp.app.fetch(bigApp.request)
  const after = heap()
  bigApp = undefined
  results['scale'] = {
    sizes,
    ns: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])),
    times,
    growth,
    constructionMs: { median: median(build), samples: build },
    retainedBytes: after - before,
    gcForced: typeof Bun !== 'undefined' || typeof g.gc === 'function',
  }
}

progress('done')
const text = JSON.stringify(results, null, 2)
const out = typeof Deno !== 'undefined' ? Deno.args[0] : process?.argv[2]
if (out === undefined) console.log(text)
else if (typeof Deno !== 'undefined') Deno.writeTextFileSync(out, text)
else (await import('node:fs')).writeFileSync(out, text)
