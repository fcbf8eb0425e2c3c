/**
 * Client pins and usage under load, in process, from one isolate (`npm run
 * bench:pins`): store writes per 100,000 requests for pins and for usage,
 * the pinned request's speed against the same request naming its version,
 * the cache's hit rate under a flood of one-time clients, and the figures of
 * the threat table of docs/client-versions.md (status, time, heap, store
 * writes for hostile inputs). Prints Markdown.
 *
 * Environment: PINS_ONLY (one section: writes, usage, served, flood, threats), PINS_ROUNDS (rounds of the served ratio, 11), PINS_ROUND_REQUESTS (requests per side and round, 5,000).
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { analyticsUsage, bearerClient, clientPins, d1Usage, jwtSubject, memoryPinStore, memoryUsage, type ClientPinsOptions, type PinStore } from '../src/client-pins/index.ts'
import type { D1Database, D1Statement } from '../src/client-pins/d1.ts'
import type { ClientOf } from '../src/client-pins/identity.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import { HeaderVersioning } from '../src/index.ts'
import { BENCH_KEY_ID, BENCH_SECRET } from './pairs.ts'

declare const process: { version: string; env: Record<string, string | undefined>; memoryUsage(): { heapUsed: number }; cpuUsage(previous?: { user: number; system: number }): { user: number; system: number } }
declare const gc: (() => void) | undefined

const ROUNDS = Number(process.env['PINS_ROUNDS'] ?? 11)
const ROUND_REQUESTS = Number(process.env['PINS_ROUND_REQUESTS'] ?? 5000)
const ONLY = process.env['PINS_ONLY']
/** Whether section `name` runs (all of them unless PINS_ONLY names one). */
const runs = (name: string): boolean => ONLY === undefined || ONLY === '' || ONLY === name
const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' })
const client = bearerClient({ secret: BENCH_SECRET })
if ((await client.idOf('bench-key')) !== BENCH_KEY_ID) throw new Error('bench/pairs.ts: BENCH_KEY_ID is not the id of bench-key under BENCH_SECRET.')

/** A pin store counting its calls. */
function counted(inner: PinStore = memoryPinStore()) {
  const counts = { gets: 0, writes: 0, readsOf: new Map<string, number>() }
  const store: PinStore = {
    get: (id) => {
      counts.gets++
      counts.readsOf.set(id, (counts.readsOf.get(id) ?? 0) + 1)
      return inner.get(id)
    },
    claim: (id, version) => (counts.writes++, inner.claim(id, version)),
    put: (id, pin) => (counts.writes++, inner.put(id, pin)),
  }
  return { store, counts }
}

/** A D1 stand-in counting batches (round trips) and rows. */
function countedDb() {
  const counts = { batches: 0, rows: 0 }
  const statement: D1Statement = { bind: () => statement, run: () => Promise.resolve({}), all: () => Promise.resolve({ results: [] }) }
  const db: D1Database = { prepare: () => statement, batch: (s) => ((counts.batches++, (counts.rows += s.length)), Promise.resolve([])) }
  return { db, counts }
}

function appOf(options: Partial<ClientPinsOptions> & { before?: MiddlewareHandler; after?: MiddlewareHandler } = {}) {
  const { before, after, ...rest } = options
  const pinStore = counted(rest.store)
  const pins = clientPins({ client, ...rest, store: pinStore.store })
  const app = new Hono()
  if (before !== undefined) app.use('*', before)
  app.use('*', versionMiddleware({ scheme: scheme(), clientVersion: pins }))
  if (after !== undefined) app.use('*', after)
  app.get('/things/:id', (c) => c.json({ id: 1, version: c.var.version }))
  return { app, pins, counts: pinStore.counts }
}

const request = (headers: Record<string, string>) => new Request('http://bench.test/things/1', { headers })
async function send(app: Hono, headers: Record<string, string>): Promise<Response> {
  const res = await app.fetch(request(headers))
  await res.arrayBuffer()
  return res
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const lines: string[] = [`# Client pins and usage (${`Node ${process.version}`})`, '']

// 1. Store writes per 100,000 requests from one isolate: 100 active clients, with usage in D1.
if (runs('writes')) {
  lines.push('## Store writes per 100,000 requests (one isolate, 100 active clients, 1 route)', '')
  lines.push('| usage flushMs | elapsed | pin reads | pin writes | usage batches (D1 round trips) | usage rows upserted | usage batches per 1,000 requests |', '|---|---|---|---|---|---|---|')
  for (const flushMs of [10_000, 1000]) {
    const d1 = countedDb()
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(d1.db, { waitUntil: (p) => void waits.push(p), flushMs })
    const { app, counts } = appOf({ usage })
    const keys = Array.from({ length: 100 }, (_, i) => ({ Authorization: `Bearer active-client-${i}` }))
    const started = performance.now()
    for (let i = 0; i < 100_000; i++) await send(app, keys[i % 100] as Record<string, string>)
    const elapsed = performance.now() - started
    await usage.flush()
    await Promise.all(waits)
    lines.push(`| ${fmt(flushMs)} ms | ${fmt(elapsed / 1000, 1)} s | ${fmt(counts.gets)} | ${fmt(counts.writes)} | ${fmt(d1.counts.batches)} | ${fmt(d1.counts.rows)} | ${fmt(d1.counts.batches / 100, 3)} |`)
  }
  lines.push('', 'Target: usage at most 1 write per 1,000 requests for 100 active clients; pins: one write per new client.', '')
}

// 1b. Usage writes by the number of clients active in one isolate: each client calls 5 times, one call per client in
// turn, with d1Usage and analyticsUsage at their defaults (flushMs 10,000; maxRows 500 and 250). A batch is written when
// maxRows rows wait: past that many active clients, a client's row is written before it calls again.
if (runs('usage')) {
  lines.push('## Usage writes by active clients in one isolate (5 calls each, in turn; defaults)', '')
  lines.push('| active clients | requests | elapsed | D1 usage rows upserted | per request | Analytics Engine data points | per request |', '|---|---|---|---|---|---|---|')
  for (const clients of [100, 1000, 5000, 20_000]) {
    const d1 = countedDb()
    let points = 0
    const waits: Promise<unknown>[] = []
    const waitUntil = (p: Promise<unknown>): void => void waits.push(p)
    const rows = d1Usage(d1.db, { waitUntil })
    const events = analyticsUsage({ writeDataPoint: () => void points++ }, { dataset: 'version_usage', waitUntil })
    const { app } = appOf({ usage: { record: (call) => (rows.record(call), events.record(call)) } })
    const started = performance.now()
    for (let round = 0; round < 5; round++) for (let i = 0; i < clients; i++) await send(app, { Authorization: `Bearer active-client-${i}` })
    const elapsed = performance.now() - started
    await rows.flush()
    // Analytics Engine takes at most 250 points per flush() (an invocation's limit): flushed until nothing is left.
    for (let before = -1; before !== points; ) {
      before = points
      await events.flush()
    }
    await Promise.all(waits)
    const requests = 5 * clients
    lines.push(`| ${fmt(clients)} | ${fmt(requests)} | ${fmt(elapsed / 1000, 1)} s | ${fmt(d1.counts.rows)} | ${fmt(d1.counts.rows / requests, 2)} | ${fmt(points)} | ${fmt(points / requests, 2)} |`)
  }
  lines.push('', 'Target: writes grow with clients, not requests. A row is written when its client first calls, then its later calls are held (the row is quiet for quietMs, 10 minutes) and written at flush(): two rows per client, whatever maxRows.', '')
}

// 2. The pinned request against the same request naming its version, one app, in alternating rounds:
// requests/s by the wall clock, and by the process's CPU time (steadier on a shared machine).
if (runs('served')) {
  lines.push('## A pinned request against the same request naming its version', '')
  lines.push('| app | pinned req/s | named req/s | ratio (median of rounds) | rounds | ratio by CPU time (median) | target 0.95 (wall, CPU) |', '|---|---|---|---|---|---|---|')
  const cases: [string, () => Hono][] = [
    ['bearerClient, in-memory pins (the pair `pinned` of bench/pairs.ts)', () => appOf({ store: memoryPinStore({ [BENCH_KEY_ID]: 'v2' }) }).app],
    ['the same, with d1Usage counting both requests', () => appOf({ store: memoryPinStore({ [BENCH_KEY_ID]: 'v2' }), usage: d1Usage(countedDb().db, { waitUntil: () => undefined }) }).app],
  ]
  for (const [label, make] of cases) {
    const app = make()
    const pinned = { Authorization: 'Bearer bench-key' }
    const named = { Authorization: 'Bearer bench-key', 'Api-Version': 'v2' }
    const check = await (await app.fetch(request(pinned))).json()
    if ((check as { version: string }).version !== 'v2') throw new Error('the pinned request was not answered in v2')
    /** Requests/s of `headers`, by the wall clock and by CPU time. */
    const rate = async (headers: Record<string, string>): Promise<{ wall: number; cpu: number }> => {
      const t = performance.now()
      const c = process.cpuUsage()
      for (let i = 0; i < ROUND_REQUESTS; i++) await send(app, headers)
      const used = process.cpuUsage(c)
      return { wall: ROUND_REQUESTS / ((performance.now() - t) / 1000), cpu: ROUND_REQUESTS / ((used.user + used.system) / 1e6) }
    }
    for (let i = 0; i < 3; i++) await rate(i % 2 === 0 ? pinned : named)
    const wall: number[] = []
    const cpu: number[] = []
    const p: number[] = []
    const n: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      // The order alternates: pinned first in even rounds, named first in odd ones.
      let a: { wall: number; cpu: number }
      let b: { wall: number; cpu: number }
      if (r % 2 === 0) {
        a = await rate(pinned)
        b = await rate(named)
      } else {
        b = await rate(named)
        a = await rate(pinned)
      }
      p.push(a.wall)
      n.push(b.wall)
      wall.push(a.wall / b.wall)
      cpu.push(a.cpu / b.cpu)
    }
    const ratio = median(wall)
    const byCpu = median(cpu)
    lines.push(`| ${label} | ${fmt(median(p))} | ${fmt(median(n))} | ${fmt(ratio, 3)} | ${wall.map((x) => fmt(x, 2)).join(', ')} | ${fmt(byCpu, 3)} | ${ratio >= 0.95 ? 'met' : 'missed'}, ${byCpu >= 0.95 ? 'met' : 'missed'} |`)
  }
  lines.push('')
}

// 3. The cache under a flood: 2,000 regular clients (20 calls each) beside 20,000 one-time clients.
if (runs('flood')) {
  lines.push('## The cache under a flood (cacheSize 10,000)', '')
  const account: ClientOf = (c) => c.req.header('X-Account') ?? null
  const { app, counts } = appOf({ client: account })
  let oneTime = 0
  let regularCalls = 0
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 2000; i++) {
      await send(app, { 'X-Account': `regular-${i}` })
      regularCalls++
      if (i % 2 === 1) await send(app, { 'X-Account': `once-${oneTime++}` })
    }
  }
  let regularReads = 0
  for (let i = 0; i < 2000; i++) regularReads += counts.readsOf.get(`regular-${i}`) ?? 0
  const total = regularCalls + oneTime
  lines.push('| requests | regular clients\' calls | their store reads | their hit rate | one-time clients | all store reads | overall hit rate | pin writes |', '|---|---|---|---|---|---|---|---|')
  lines.push(`| ${fmt(total)} | ${fmt(regularCalls)} | ${fmt(regularReads)} (${fmt((100 * regularReads) / regularCalls, 1)} %) | ${fmt(100 - (100 * regularReads) / regularCalls, 1)} % | ${fmt(oneTime)} | ${fmt(counts.gets)} | ${fmt(100 - (100 * counts.gets) / total, 1)} % | ${fmt(counts.writes)} |`, '')
}

// 4. The threat table: hostile inputs, each sent N times; status, time per request, heap growth, store writes.
if (runs('threats')) {
  lines.push('## Hostile inputs (the threat table)', '')
  lines.push('| input | requests | status | time per request | heap after − before | pin writes | usage rows |', '|---|---|---|---|---|---|---|')
  const fakeJwt: MiddlewareHandler = async (c, next) => {
    c.set('jwtPayload' as never, { sub: c.req.header('X-Sub') } as never)
    return next()
  }
  const rows: [string, number, Partial<ClientPinsOptions> & { before?: MiddlewareHandler; after?: MiddlewareHandler }, (i: number) => Record<string, string>][] = [
    ['random bearer keys, bearerAuth after the versioning middleware', 1000, { after: bearerAuth({ token: 'the-only-key' }) }, (i) => ({ Authorization: `Bearer guess-${i}-${Math.random()}` })],
    ['random bearer keys, bearerAuth before it', 1000, { before: bearerAuth({ token: 'the-only-key' }) }, (i) => ({ Authorization: `Bearer guess-${i}-${Math.random()}` })],
    ['a 64 KiB bearer key', 100, {}, () => ({ Authorization: `Bearer ${'a'.repeat(65_536)}` })],
    ['a 1,024-character bearer key (the longest named)', 100, {}, (i) => ({ Authorization: `Bearer ${String(i).padEnd(1024, 'k')}` })],
    ['a 600-character JWT subject', 100, { client: jwtSubject(), before: fakeJwt }, () => ({ 'X-Sub': 's'.repeat(600) })],
    ['a JWT subject with control characters', 100, { client: jwtSubject(), before: fakeJwt }, () => ({ 'X-Sub': 'a\tb' })],
    ['a pin of 1 MiB in the store (hand-edited), one client', 100, { store: memoryPinStore({ [BENCH_KEY_ID]: 'v'.repeat(1 << 20) }) }, () => ({ Authorization: 'Bearer bench-key' })],
    ['a pin holding a line break and a header in the store, one client', 100, { store: memoryPinStore({ [BENCH_KEY_ID]: 'v1\r\nX-Injected: yes' }) }, () => ({ Authorization: 'Bearer bench-key' })],
    ['a pin of a retired version (v0: no longer in allowedVersions), one client', 100, { store: memoryPinStore({ [BENCH_KEY_ID]: 'v0' }) }, () => ({ Authorization: 'Bearer bench-key' })],
    ["the same with onRetiredPin 'oldest' (moved to v1 once)", 100, { store: memoryPinStore({ [BENCH_KEY_ID]: 'v0' }), onRetiredPin: 'oldest' }, () => ({ Authorization: 'Bearer bench-key' })],
    ['a store whose get throws, one client', 100, { store: { get: () => { throw new Error('down') }, claim: () => Promise.reject(new Error('down')), put: () => Promise.reject(new Error('down')) } }, () => ({ Authorization: 'Bearer bench-key' })],
    ['a store that never answers (storeTimeout 3,000 ms), one client', 100, { store: { get: () => new Promise(() => undefined), claim: () => new Promise(() => undefined), put: () => new Promise(() => undefined) } }, () => ({ Authorization: 'Bearer bench-key' })],
  ]
  for (const [label, n, options, headersOf] of rows) {
    const usage = memoryUsage()
    const { app, counts } = appOf({ ...options, usage })
    gc?.()
    const heap = process.memoryUsage().heapUsed
    const statuses = new Set<number>()
    const started = performance.now()
    for (let i = 0; i < n; i++) statuses.add((await send(app, headersOf(i))).status)
    const perRequest = ((performance.now() - started) * 1000) / n
    gc?.()
    const grown = process.memoryUsage().heapUsed - heap
    let usageRows = 0
    for (const v of ['v0', 'v1', 'v2', 'v3']) usageRows += (await usage.callers(v, { limit: 1000 })).callers.length
    lines.push(`| ${label} | ${fmt(n)} | ${[...statuses].join(', ')} | ${fmt(perRequest, 1)} µs | ${fmt(grown / 1024)} KiB | ${fmt(counts.writes)} | ${fmt(usageRows)} |`)
  }
  const usage = memoryUsage()
  for (const [label, query] of [
    ['callers with an after of 100 KiB', { after: `1.${'x'.repeat(100_000)}` }],
    ['callers with limit 5,000', { limit: 5000 }],
  ] as const) {
    const started = performance.now()
    const answer = await usage.callers('v1', query).then(() => 'answered', (error: unknown) => (error as Error).name)
    lines.push(`| ${label} | 1 | ${answer} (the operator's endpoint: 400) | ${fmt((performance.now() - started) * 1000, 1)} µs | – | 0 | 0 |`)
  }
  lines.push('')
}

console.log(lines.join('\n'))
