/**
 * Who calls each version, at scale: calls counted in memory per version,
 * client, route and day and written in bounded batches (by time and by
 * size), so writes grow with distinct rows, not requests; the Analytics
 * Engine recorder's data points and its SQL API query; pages of callers.
 * The D1 recorder's SQL runs against real D1 in test/workers/client-pins.test.ts;
 * here a stand-in counts its batches.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { describe, expect, it } from 'vitest'
import { analyticsUsage, d1Usage, memoryUsage } from '../../src/client-pins/index.ts'
import type { AnalyticsDataset } from '../../src/client-pins/analytics-usage.ts'
import type { D1Database, D1Statement } from '../../src/client-pins/d1.ts'
import type { VersionCall } from '../../src/client-pins/usage.ts'
import { DAY, NOW } from '../support/client-pins-fixture.ts'

/** A D1 stand-in that counts batches and statements, and answers no rows. */
function countingDb() {
  const counts = { batches: 0, statements: 0, runs: 0 }
  const statement: D1Statement = { bind: () => statement, run: () => (counts.runs++, Promise.resolve({})), all: () => Promise.resolve({ results: [] }) }
  const db: D1Database = {
    prepare: () => statement,
    batch: (statements) => {
      counts.batches++
      counts.statements += statements.length
      return Promise.resolve([])
    },
  }
  return { db, counts }
}

/** A waitUntil that lets the promise go. */
const noWait = (): void => undefined

const call = (i: number, clients = 100): VersionCall => ({ version: '2025-01-01', client: `client-${i % clients}`, route: '/api/things/:id', deprecated: false, at: NOW + i })

describe('usage written in bounded batches', () => {
  it('writes 100,000 calls of 100 clients as 100 rows in one batch, when flushed', async () => {
    const { db, counts } = countingDb()
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(db, { waitUntil: (p) => waits.push(p), flushMs: 30_000 })
    for (let i = 0; i < 100_000; i++) usage.record(call(i))
    expect(counts.batches).toBe(0)
    expect(waits).toHaveLength(1)
    await usage.flush()
    expect(counts).toMatchObject({ batches: 1, statements: 100 })
  })

  it('writes when maxRows distinct rows are waiting, in batches of at most 100 statements', async () => {
    const { db, counts } = countingDb()
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(db, { waitUntil: (p) => waits.push(p), flushMs: 30_000, maxRows: 250 })
    for (let i = 0; i < 250; i++) usage.record(call(i, 1000))
    await Promise.all(waits)
    expect(counts).toMatchObject({ batches: 3, statements: 250 })
    await usage.flush()
    expect(counts.batches).toBe(3)
  })

  it('writes after flushMs through waitUntil, the request not waiting', async () => {
    const { db, counts } = countingDb()
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(db, { waitUntil: (p) => waits.push(p), flushMs: 1_000 })
    usage.record(call(1))
    usage.record(call(2))
    expect(counts.batches).toBe(0)
    await Promise.all(waits)
    expect(counts).toMatchObject({ batches: 1, statements: 2 })
  })

  it('drops a batch that cannot be written and tells onError, holding no more than maxRows', async () => {
    const errors: unknown[] = []
    const db: D1Database = { ...countingDb().db, batch: () => Promise.reject(new Error('D1 is down')) }
    const usage = d1Usage(db, { waitUntil: noWait, flushMs: 30_000, maxRows: 10, onError: (error) => errors.push(error) })
    for (let i = 0; i < 100; i++) usage.record(call(i, 1000))
    await usage.flush()
    expect(errors).toHaveLength(10)
  })

  it('an onError that throws or rejects loses nothing more: flush resolves, and no rejection is left unhandled', async () => {
    const db: D1Database = { ...countingDb().db, batch: () => Promise.reject(new Error('D1 is down')) }
    const told: string[] = []
    const failing = [
      () => { throw new Error('onError threw') },
      () => Promise.reject(new Error('onError rejected')),
      async () => { throw new Error('onError threw, async') },
    ]
    for (const [i, onError] of failing.entries()) {
      const usage = d1Usage(db, { waitUntil: noWait, flushMs: 30_000, onError: ((error: unknown) => (told.push(`${i}: ${(error as Error).message}`), onError())) as never })
      usage.record(call(1))
      await usage.flush()
    }
    expect(told).toEqual(['0: D1 is down', '1: D1 is down', '2: D1 is down'])
    // Any rejection left unhandled surfaces in the runtime before the test ends.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it("writes a client's row about once per quietMs, not once per call, when more clients call in turn than maxRows", async () => {
    // Each statement's calls (the fifth value bound), as D1 would add them up.
    const written: number[] = []
    const statement: D1Statement = { bind: (...values: unknown[]) => (written.push(values[4] as number), statement), run: () => Promise.resolve({}), all: () => Promise.resolve({ results: [] }) }
    const db: D1Database = { prepare: () => statement, batch: () => Promise.resolve([]) }
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(db, { waitUntil: (p) => waits.push(p), flushMs: 30_000 })
    // 2,000 clients, 5 calls each, in turn, over 10 seconds: 10,000 calls, four times maxRows (500) distinct rows.
    for (let i = 0; i < 10_000; i++) usage.record(call(i, 2_000))
    await Promise.all(waits)
    // Each client's first call is written in a batch of 500 rows; its next four are held, its row being quiet.
    expect(written).toHaveLength(2_000)
    await usage.flush()
    expect(written).toHaveLength(4_000)
    expect(written.reduce((a, b) => a + b, 0)).toBe(10_000)
  })

  it("writes a quiet row's calls with the first batch after its quietMs, or at flush()", async () => {
    const { db, counts } = countingDb()
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(db, { waitUntil: (p) => waits.push(p), flushMs: 1_000, quietMs: 60_000, maxRows: 1 })
    const at = (client: string, ms: number): VersionCall => ({ version: '1', client, route: '/things', deprecated: false, at: NOW + ms })
    usage.record(at('a', 0))
    await Promise.all(waits)
    expect(counts.statements).toBe(1)
    // Quiet for a minute: held, not written, however many calls.
    for (let ms = 1_000; ms < 60_000; ms += 1_000) usage.record(at('a', ms))
    await Promise.all(waits)
    expect(counts.statements).toBe(1)
    // Another client's row, a minute on: its batch takes a's calls held since.
    usage.record(at('b', 61_000))
    await Promise.all(waits)
    expect(counts.statements).toBe(3)
    // Written again: quiet again, until flush() writes what is held.
    usage.record(at('a', 62_000))
    expect(counts.statements).toBe(3)
    await usage.flush()
    expect(counts.statements).toBe(4)
  })

  it.each([
    ['no waitUntil', {}, 'd1Usage: pass { waitUntil }'],
    ['a quietMs shorter than flushMs', { waitUntil: noWait, flushMs: 10_000, quietMs: 5_000 }, 'd1Usage: quietMs must be a number of milliseconds from flushMs (10000) to 86400000 (a day)'],
    ['a flushMs past what a waitUntil lasts', { waitUntil: noWait, flushMs: 60_000 }, 'd1Usage: flushMs must be a number of milliseconds from 1000 to 30000'],
    ['a maxRows of 0', { waitUntil: noWait, maxRows: 0 }, 'd1Usage: maxRows must be a whole number from 1 to 10000.'],
    ['a table that is not an SQL name', { waitUntil: noWait, table: 'x; DROP TABLE y' }, 'd1Usage: table must be an SQL name'],
    // Plain JavaScript: a misspelt option was the default, silently.
    ['a misspelt option', { waitUntil: noWait, flushMS: 5_000 }, 'd1Usage: unknown option "flushMS" (did you mean "flushMs"?); the options are table, waitUntil, flushMs, maxRows, quietMs, onError.'],
  ])('refuses %s at construction', (_name, options, message) => {
    expect(() => d1Usage(countingDb().db, options as never)).toThrow(message)
  })
})

describe('usage in Workers Analytics Engine', () => {
  const recording = () => {
    const points: Parameters<AnalyticsDataset['writeDataPoint']>[0][] = []
    return { points, dataset: { writeDataPoint: (point) => void points.push(point) } satisfies AnalyticsDataset }
  }

  it('writes one data point per version, client, route and day of a batch', async () => {
    const { points, dataset } = recording()
    const usage = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: noWait, flushMs: 30_000 })
    for (let i = 0; i < 1000; i++) usage.record({ ...call(i, 2), deprecated: i === 3 })
    usage.record({ ...call(0, 2), at: NOW + DAY })
    expect(points).toEqual([])
    await usage.flush()
    expect(points).toEqual([
      { indexes: ['client-0'], blobs: ['2025-01-01', 'client-0', '/api/things/:id', '2026-09-01'], doubles: [500, 0, NOW, NOW + 998] },
      { indexes: ['client-1'], blobs: ['2025-01-01', 'client-1', '/api/things/:id', '2026-09-01'], doubles: [500, 1, NOW + 1, NOW + 999] },
      { indexes: ['client-0'], blobs: ['2025-01-01', 'client-0', '/api/things/:id', '2026-09-02'], doubles: [1, 0, NOW + DAY, NOW + DAY] },
    ])
  })

  it('writes at most 250 data points a batch (an invocation\'s limit), the calls held for quiet rows included: the rest go with the next batch or flush()', async () => {
    // The points of each batch: a batch is written at once, in the invocation that starts it.
    const batches: number[] = []
    let open = false
    const dataset: AnalyticsDataset = {
      writeDataPoint: () => {
        if (!open) {
          open = true
          batches.push(0)
          queueMicrotask(() => (open = false))
        }
        batches[batches.length - 1]! += 1
      },
    }
    const waits: Promise<unknown>[] = []
    const usage = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: (p) => waits.push(p), flushMs: 1_000, quietMs: 1_000 })
    const at = (client: number, ms: number): VersionCall => ({ version: '1', client: `client-${client}`, route: '/things', deprecated: false, at: NOW + ms })
    // 250 clients' first calls fill a batch; their second calls are held, their rows quiet for a second.
    for (let i = 0; i < 250; i++) usage.record(at(i, 0))
    await Promise.all(waits)
    for (let i = 0; i < 250; i++) usage.record(at(i, 10))
    // Past the quiet second, 250 other clients' first calls: each batch takes the calls held, then those counted.
    for (let i = 250; i < 500; i++) {
      usage.record(at(i, 2_000))
      await Promise.resolve()
    }
    await Promise.all(waits)
    // Their rows written (the first of these calls finds them counted, 250 waiting: a batch), then quiet: the calls
    // held since go 250 at a time, at flush() (a batch each, written at once in the invocation that calls it).
    for (let n = 0; n < 4; n++) {
      for (let i = 250; i < 500; i++) {
        usage.record(at(i, 2_100 + n))
        await Promise.resolve()
      }
    }
    for (let i = 0; i < 3; i++) await usage.flush()
    expect(batches.every((points) => points <= 250)).toBe(true)
    expect(batches.reduce((a, b) => a + b, 0)).toBe(1_000)
    // 500 rows written in two batches, quiet, a call held for each: one flush() writes 250, the next the other 250.
    for (const ms of [3_000, 3_001]) {
      for (let i = 500; i < 1000; i++) {
        usage.record(at(i, ms))
        await Promise.resolve()
      }
    }
    const before = batches.length
    await usage.flush()
    await Promise.resolve()
    await usage.flush()
    expect(batches.slice(before)).toEqual([250, 250])
  })

  it('refuses a misspelt option when made (plain JavaScript: it was the default, silently)', () => {
    expect(() => analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait, sq: async () => [] } as never)).toThrow(
      new Error('analyticsUsage: unknown option "sq"; the options are dataset, sql, waitUntil, flushMs, maxRows, quietMs, onError.'),
    )
  })

  it('asks "who still calls 2025-01-01 since 2026-08-01?" with this SQL API query', () => {
    const usage = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait })
    expect(usage.callersQuery('2025-01-01', { since: Date.UTC(2026, 7, 1), until: NOW })).toBe(
      [
        'SELECT blob2 AS client, blob3 AS route, SUM(_sample_interval * double1) AS calls, MAX(double4) AS last_seen, MAX(double2) AS deprecated',
        'FROM version_usage',
        `WHERE blob1 = '2025-01-01' AND double4 >= ${Date.UTC(2026, 7, 1)} AND double3 <= ${NOW}`,
        'GROUP BY client, route',
        'ORDER BY calls DESC',
        'LIMIT 10000',
      ].join('\n'),
    )
    expect(() => usage.callersQuery("2025' OR '1'='1")).toThrow(RangeError)
  })

  it('folds the SQL API rows into callers, a page at a time', async () => {
    const queries: string[] = []
    const rows = [
      { client: 'a', route: '/x', calls: 30, last_seen: NOW, deprecated: 1 },
      { client: 'a', route: '/y', calls: 10, last_seen: NOW + 5, deprecated: 0 },
      { client: 'b', route: '/x', calls: 20, last_seen: NOW, deprecated: 0 },
      { client: 'c', route: '/x', calls: 5, last_seen: NOW, deprecated: 0 },
    ]
    const usage = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait, sql: (query) => (queries.push(query), Promise.resolve(rows)) })
    const first = await usage.callers('2025-01-01', { since: 0, until: NOW + 10, limit: 2 })
    expect(first).toEqual({
      callers: [
        { client: 'a', calls: 40, lastSeen: NOW + 5, routes: ['/x', '/y'], deprecated: true },
        { client: 'b', calls: 20, lastSeen: NOW, routes: ['/x'], deprecated: false },
      ],
      next: '20.b',
    })
    expect(await usage.callers('2025-01-01', { since: 0, until: NOW + 10, limit: 2, after: first.next as string })).toEqual({
      callers: [{ client: 'c', calls: 5, lastSeen: NOW, routes: ['/x'], deprecated: false }],
      next: null,
    })
    expect(queries[0]).toBe(usage.callersQuery('2025-01-01', { since: 0, until: NOW + 10 }))
  })

  it('tells onError of a data point the binding refuses, and never throws into the request', async () => {
    const errors: unknown[] = []
    const usage = analyticsUsage({ writeDataPoint: () => { throw new Error('blob too large') } }, { dataset: 'version_usage', waitUntil: noWait, flushMs: 1_000, onError: (error) => errors.push(error) })
    expect(() => usage.record(call(1))).not.toThrow()
    await usage.flush()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((error) => (error as Error).message)).toEqual(['blob too large'])
  })

  it('refuses to list callers from an SQL answer its LIMIT cut short, rather than leave some out', async () => {
    const full = Array.from({ length: 10_000 }, (_, i) => ({ client: `c${i}`, route: '/x', calls: 1, last_seen: NOW, deprecated: 0 }))
    const usage = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait, sql: async () => full })
    await expect(usage.callers('2025-01-01', { since: 0, until: NOW + 10 })).rejects.toThrow(
      'analyticsUsage.callers: the period holds 10,000 client and route rows or more, past what one SQL API query answers, so some callers would be left out; ask for a shorter period (since, until).',
    )
    const short = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait, sql: async () => full.slice(1) })
    expect((await short.callers('2025-01-01', { since: 0, until: NOW + 10, limit: 1000 })).callers).toHaveLength(1000)
  })

  // Before, an sql function returning the SQL API's whole answer (or nothing) failed with "answer.map is not a function".
  it.each<[unknown, string]>([
    [{ meta: [], data: [], rows: 0 }, 'an object'],
    [null, 'null'],
    ['client,calls', 'a string'],
    [[null], 'a list holding something other than rows'],
  ])('refuses callers from an sql function resolving to %j, saying what to return', async (answer, got) => {
    const usage = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait, sql: async () => answer as never })
    await expect(usage.callers('2025-01-01')).rejects.toThrow(`analyticsUsage.callers: sql must resolve to the rows of the SQL API's answer, its data (return (await response.json()).data), not ${got}.`)
  })

  it('refuses callers without an sql function, saying what to give', async () => {
    const usage = analyticsUsage(recording().dataset, { dataset: 'version_usage', waitUntil: noWait })
    await expect(usage.callers('2025-01-01')).rejects.toThrow('analyticsUsage.callers: give the sql option')
  })
})

describe('callers a page at a time', () => {
  it('pages 250 callers by 100, most calls first, each once', async () => {
    const usage = memoryUsage()
    for (let i = 0; i < 250; i++) for (let n = 0; n <= i % 7; n++) usage.record(call(i, 1000))
    const seen: string[] = []
    let after: string | undefined
    let pages = 0
    do {
      const page = await usage.callers('2025-01-01', { until: NOW + DAY, limit: 100, ...(after === undefined ? {} : { after }) })
      seen.push(...page.callers.map((c) => `${c.calls}.${c.client}`))
      after = page.next ?? undefined
      pages++
    } while (after !== undefined)
    expect(pages).toBe(3)
    expect(new Set(seen).size).toBe(250)
    const all = (await usage.callers('2025-01-01', { until: NOW + DAY, limit: 1000 })).callers.map((c) => `${c.calls}.${c.client}`)
    expect(seen).toEqual(all)
  })

  it("counts a day's calls when the period overlaps the span from its first call to its last, even one that holds neither", async () => {
    const usage = memoryUsage()
    const at = (hour: number, minute = 0) => Date.UTC(2026, 8, 1, hour, minute)
    for (const hour of [1, 23]) usage.record({ version: '2025-01-01', client: 'acme', route: '/api/me', deprecated: false, at: at(hour) })
    const calls = async (since: number, until: number) => (await usage.callers('2025-01-01', { since, until })).callers.map((caller) => caller.calls)
    expect(await calls(at(5), at(6))).toEqual([2])
    expect(await calls(at(0), at(0, 59))).toEqual([])
    expect(await calls(at(23, 1), at(23, 30))).toEqual([])
  })

  it.each([
    ['a limit of 0', { limit: 0 }],
    ['a limit past 1,000', { limit: 5000 }],
    ['an after that is no page', { after: "1.x' OR 1=1 --" }],
    ['an after of 100 KiB', { after: `1.${'x'.repeat(100_000)}` }],
  ])('refuses %s with a RangeError', async (_name, query) => {
    await expect(memoryUsage().callers('2025-01-01', query)).rejects.toThrow(RangeError)
  })
})
