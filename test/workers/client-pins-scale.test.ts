/**
 * Client pins at scale on the real bindings (Miniflare inside workerd):
 * several middleware instances (each its own cache and usage buffer, as
 * isolates have) share one D1 database read through one KV namespace, and
 * many clients each make several requests, concurrently. The bindings are
 * counted where they are called: KV gets and puts, D1 statements by kind,
 * Analytics Engine data points. Pin writes and usage rows grow with clients,
 * never with requests; callers() lists every client once.
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { analyticsUsage, bearerClient, clientPins, d1PinStore, d1Usage, durableObjectPinStore, kvPinStore, readThrough } from '../../src/client-pins/index.ts'
import type { AnalyticsDataset } from '../../src/client-pins/analytics-usage.ts'
import type { D1Database, D1Statement } from '../../src/client-pins/d1.ts'
import type { DurableObjectPinNamespace } from '../../src/client-pins/durable-object-pin-store.ts'
import type { KVPinNamespace } from '../../src/client-pins/pin-store.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { SECRET } from '../support/client-pins-fixture.ts'

const unique = (): string => crypto.randomUUID().replaceAll('-', '')

/** Counts of what the bindings were asked. */
interface Counts {
  kvGets: number
  kvPuts: number
  /** D1 statements run, by their first words (`SELECT`, `INSERT INTO ... DO NOTHING`, ...). */
  readonly d1: Map<string, number>
  d1RoundTrips: number
  points: number
  readonly kvValues: string[]
  readonly kvKeys: string[]
}

/** A statement of the real D1 binding. */
type Real = ReturnType<typeof env.USAGE.prepare>

/** The real env.PINS, env.USAGE and env.USAGE_EVENTS, counted. */
function countedBindings() {
  const counts: Counts = { kvGets: 0, kvPuts: 0, d1: new Map(), d1RoundTrips: 0, points: 0, kvValues: [], kvKeys: [] }
  const kind = (sql: string): string =>
    sql.startsWith('SELECT') ? 'select' : sql.includes('DO NOTHING') ? 'claim insert' : sql.includes('DO UPDATE SET calls') ? 'usage upsert' : sql.startsWith('INSERT') ? 'pin upsert' : 'schema'
  const bump = (sql: string): void => void counts.d1.set(kind(sql), (counts.d1.get(kind(sql)) ?? 0) + 1)
  const kv: KVPinNamespace = {
    get: (key) => (counts.kvGets++, env.PINS.get(key)),
    put: (key, value, options) => (counts.kvPuts++, counts.kvKeys.push(key), counts.kvValues.push(value), env.PINS.put(key, value, options)),
  }
  const wrap = (sql: string, inner: Real): D1Statement & { inner: Real; sql: string } => ({
    inner,
    sql,
    bind: (...values: unknown[]) => wrap(sql, inner.bind(...values)),
    run: () => (counts.d1RoundTrips++, bump(sql), inner.run()),
    all: () => (counts.d1RoundTrips++, bump(sql), inner.all()),
  })
  const db: D1Database = {
    prepare: (sql) => wrap(sql, env.USAGE.prepare(sql)),
    batch(statements) {
      counts.d1RoundTrips++
      const inner = statements as ReturnType<typeof wrap>[]
      for (const s of inner) bump(s.sql)
      return env.USAGE.batch(inner.map((s) => s.inner))
    },
  }
  const dataset: AnalyticsDataset = {
    writeDataPoint: (point) => (counts.points++, env.USAGE_EVENTS.writeDataPoint(point)),
  }
  return { kv, db, dataset, counts }
}

describe('pins and usage of many clients across several isolates, on D1 read through KV', () => {
  it('2,000 clients × 3 requests in each of 3 instances: a read per client and instance, one pin row per client, one usage upsert per client, version and instance, callers() lists each once', async () => {
    const CLIENTS = 2000
    const INSTANCES = 3
    const REQUESTS = 3
    const { kv, db, dataset, counts } = countedBindings()
    const pinsTable = `pins_${unique()}`
    const usageTable = `usage_${unique()}`
    const prefix = `scale-${unique()}:`
    const waits: Promise<unknown>[] = []
    const errors: unknown[] = []
    const client = bearerClient({ secret: SECRET })
    const instances = Array.from({ length: INSTANCES }, () => {
      const usage = d1Usage(db, { waitUntil: (p) => void waits.push(p), table: usageTable, flushMs: 30_000, maxRows: 2500, onError: (e) => void errors.push(e) })
      const events = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: (p) => void waits.push(p), flushMs: 30_000, onError: (e) => void errors.push(e) })
      const pins = clientPins({
        store: readThrough(d1PinStore(db, { table: pinsTable }), kvPinStore(kv, { prefix, expirationTtl: 86_400 })),
        client,
        usage: { record: (call) => (usage.record(call), events.record(call)) },
      })
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
      app.get('/things/:id', (c) => c.json({ version: c.var.version }))
      return { app, usage, events }
    })
    const keys = Array.from({ length: CLIENTS }, (_, i) => `sk_live_scale_${i}_${pinsTable}`)
    let answered = 0
    // Each instance sends every client's requests, 50 at a time; the instances run side by side.
    await Promise.all(
      instances.map(async ({ app }, n) => {
        for (let round = 0; round < REQUESTS; round++) {
          for (let i = 0; i < CLIENTS; i += 50) {
            const statuses = await Promise.all(
              keys.slice(i, i + 50).map(async (key) => {
                const res = await app.request('/things/1', { headers: { Authorization: `Bearer ${key}`, ...(round === 2 && n === 0 ? { 'Api-Version': '1' } : {}) } })
                await res.arrayBuffer()
                return res.status
              }),
            )
            for (const status of statuses) if (status === 200) answered++
          }
        }
      }),
    )
    expect(answered).toBe(CLIENTS * INSTANCES * REQUESTS)
    await Promise.all(instances.map(({ usage }) => usage.flush()))
    // Analytics Engine takes at most 250 points a flush() (an invocation's limit): each instance flushes until done.
    for (let before = -1; before !== counts.points; ) {
      before = counts.points
      await Promise.all(instances.map(({ events }) => events.flush()))
    }
    await Promise.all(waits)
    expect(errors).toEqual([])
    const requests = CLIENTS * INSTANCES * REQUESTS
    // Pins: each instance reads each client once (KV, then D1 on a miss); D1 claims once per client and instance that
    // found no pin; KV is written once per client, plus the copies of instances that raced the first claim.
    const d1 = Object.fromEntries(counts.d1)
    console.log(JSON.stringify({ requests, clients: CLIENTS, instances: INSTANCES, kvGets: counts.kvGets, kvPuts: counts.kvPuts, d1, d1RoundTrips: counts.d1RoundTrips, points: counts.points }))
    expect(counts.kvGets).toBe(CLIENTS * INSTANCES)
    expect(counts.kvPuts).toBeLessThanOrEqual(CLIENTS * INSTANCES)
    expect(d1['claim insert'] ?? 0).toBeLessThanOrEqual(CLIENTS * INSTANCES)
    const pinned = (await env.USAGE.prepare(`SELECT version, COUNT(*) AS n FROM ${pinsTable} GROUP BY version`).all()).results
    expect(pinned).toEqual([{ version: '3', n: CLIENTS }])
    // Usage: one row per client and version (one route, one day); every call counted.
    const rows = (await env.USAGE.prepare(`SELECT version, COUNT(*) AS n, SUM(calls) AS calls FROM ${usageTable} GROUP BY version ORDER BY version`).all()).results
    expect(rows).toEqual([
      { version: '1', n: CLIENTS, calls: CLIENTS },
      { version: '3', n: CLIENTS, calls: requests - CLIENTS },
    ])
    // Each instance holds its 2,000 clients' rows (maxRows 2,500) until flush: one upsert per client, version and instance.
    expect(d1['usage upsert']).toBe(2 * CLIENTS * INSTANCES - 2 * CLIENTS)
    // callers(): every client once, a page of 1,000 at a time.
    const listed = new Set<string>()
    let after: string | undefined
    do {
      const page = await instances[1]!.usage.callers('1', { limit: 1000, after })
      for (const caller of page.callers) listed.add(caller.client)
      after = page.next ?? undefined
    } while (after !== undefined)
    expect(listed.size).toBe(CLIENTS)
    // No key anywhere the stores hold.
    const held = JSON.stringify([counts.kvKeys, counts.kvValues, (await env.USAGE.prepare(`SELECT * FROM ${usageTable}`).all()).results, (await env.USAGE.prepare(`SELECT * FROM ${pinsTable}`).all()).results])
    expect(held).not.toContain('sk_live')
  }, 300_000)
})

describe('pins of many clients in Durable Objects, across several isolates', () => {
  it('1,000 clients × 3 requests in each of 3 instances, 32 shards: a read per client and instance, one writing claim per client; pinnedTo lists each once', async () => {
    const CLIENTS = 1000
    const name = `scale-${unique()}`
    const calls = new Map<string, number>()
    let writingCalls = 0
    let rowsWritten = 0
    const namespace: DurableObjectPinNamespace = {
      idFromName: (n) => env.PIN_OBJECTS.idFromName(n),
      get(id) {
        const stub = env.PIN_OBJECTS.get(id)
        return {
          async fetch(request: Request) {
            const { op } = (await request.clone().json()) as { op: string }
            calls.set(op, (calls.get(op) ?? 0) + 1)
            const res = await stub.fetch(request)
            const { written = 0 } = (await res.clone().json()) as { written?: number }
            rowsWritten += written
            if (written > 0 && op !== 'shards') writingCalls++
            return res
          },
        }
      },
    }
    const client = bearerClient({ secret: SECRET })
    const instances = ['3', '2', '3'].map((defaultVersion) => {
      const app = new Hono()
      // The longest store timeout: on a loaded machine a claim can outlast the default 3 s and be given up (counted 950 of
      // 1,000 once beside a bench); what is counted here is the writes, not the time they take.
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion }), clientVersion: clientPins({ store: durableObjectPinStore(namespace, { name }), client, storeTimeout: 30_000 }) }))
      app.get('/things/:id', (c) => c.json({ version: c.var.version }))
      return app
    })
    const keys = Array.from({ length: CLIENTS }, (_, i) => `sk_live_objects_${i}`)
    const answers = new Map<string, Set<unknown>>()
    await Promise.all(
      instances.map(async (app) => {
        for (let round = 0; round < 3; round++) {
          for (let i = 0; i < CLIENTS; i += 50) {
            await Promise.all(
              keys.slice(i, i + 50).map(async (key) => {
                const res = await app.request('/things/1', { headers: { Authorization: `Bearer ${key}` } })
                const { version } = (await res.json()) as { version: unknown }
                if (round > 0) answers.set(key, (answers.get(key) ?? new Set()).add(version))
              }),
            )
          }
        }
      }),
    )
    console.log(JSON.stringify({ requests: CLIENTS * 9, clients: CLIENTS, instances: 3, objectCalls: Object.fromEntries(calls), writingCalls, rowsWritten }))
    // Past each isolate's first round, every isolate answers each client in the one version its object holds.
    expect([...answers.values()].filter((versions) => versions.size !== 1)).toEqual([])
    expect(calls.get('get')).toBe(CLIENTS * 3)
    expect(calls.get('claim')).toBeLessThanOrEqual(CLIENTS * 3)
    expect(calls.get('put') ?? 0).toBe(0)
    // One writing claim per client: the pin and its index entry (2 rows), plus each object's shard count, once.
    expect(writingCalls).toBe(CLIENTS)
    const store = durableObjectPinStore(env.PIN_OBJECTS, { name })
    const listed: string[] = []
    for (const version of ['2', '3']) {
      let after = ''
      for (;;) {
        const page = await store.pinnedTo(version, { after, limit: 1000 })
        listed.push(...page.clients.map((c) => c.client))
        if (page.next === null) break
        after = page.next
      }
    }
    expect(new Set(listed).size).toBe(CLIENTS)
    expect(listed.length).toBe(CLIENTS)
  }, 300_000)
})

describe('who still calls a version, while clients move (D1 usage, two instances)', () => {
  it('lists what each client was answered in: a stale isolate\'s calls stay evidence until its cache expires; an upgrade leaves, a rollback returns', async () => {
    const usageTable = `usage_${unique()}`
    const pinsTable = `pins_${unique()}`
    const clock = { now: Date.UTC(2026, 8, 1, 12) }
    const client = bearerClient({ secret: SECRET })
    const waits: Promise<unknown>[] = []
    const make = () => {
      const usage = d1Usage(env.USAGE, { waitUntil: (p) => void waits.push(p), table: usageTable, flushMs: 30_000 })
      const pins = clientPins({ store: d1PinStore(env.USAGE, { table: pinsTable }), client, usage, now: () => clock.now })
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
      app.get('/things/:id', (c) => c.json({ version: c.var.version }))
      const get = async (key: string) => ((await (await app.request('/things/1', { headers: { Authorization: `Bearer ${key}` } })).json()) as { version: string }).version
      return { usage, pins, get }
    }
    const a = make()
    const b = make()
    const keys = ['mover', 'stayer', 'returner']
    const [mover, stayer, returner] = await Promise.all(keys.map((key) => client.idOf(key)))
    const seed = d1PinStore(env.USAGE, { table: pinsTable })
    for (const id of [mover, stayer, returner]) await seed.claim(id as string, '1')
    for (const key of keys) expect([await a.get(key), await b.get(key)]).toEqual(['1', '1'])
    // The operator moves two clients to 2 in instance a; b still holds their pins in its cache (cacheTtl, 60 s).
    clock.now += 1000
    const upgradedAt = clock.now
    await a.pins.upgrade(mover as string, '2')
    await a.pins.upgrade(returner as string, '2')
    clock.now += 1000
    for (const key of keys) expect([await a.get(key), await b.get(key)]).toEqual([key === 'stayer' ? '1' : '2', '1'])
    // Past cacheTtl, b reads the moves; then the operator takes one back.
    clock.now += 61_000
    for (const key of keys) expect(await b.get(key)).toBe(key === 'stayer' ? '1' : '2')
    clock.now += 1000
    const rolledBackAt = clock.now
    expect(await a.pins.rollback(returner as string)).toBe('1')
    clock.now += 1000
    for (const key of keys) expect(await a.get(key)).toBe(key === 'mover' ? '2' : '1')
    await Promise.all([a.usage.flush(), b.usage.flush()])
    await Promise.all(waits)
    const callersOf = async (version: string, since: number) =>
      Object.fromEntries((await a.usage.callers(version, { since, until: clock.now })).callers.map((c) => [c.client, [c.calls, c.lastSeen]]))
    // Version 1 since the upgrade: b's stale answers to mover and returner are evidence, with their times (calls are
    // counted per UTC day: the day's calls before the upgrade are in the counts, the last call is exact).
    expect(await callersOf('1', upgradedAt)).toEqual({
      [stayer as string]: [6, clock.now],
      [mover as string]: [3, upgradedAt + 1000],
      [returner as string]: [4, clock.now],
    })
    expect(await callersOf('2', 0)).toEqual({ [mover as string]: [3, clock.now], [returner as string]: [2, rolledBackAt - 1000] })
  })
})

describe('the usage log\'s size', () => {
  it('holds one row per version, client, route and day, however many calls; the documented statement deletes past days', async () => {
    const usageTable = `usage_${unique()}`
    const waits: Promise<unknown>[] = []
    const usage = d1Usage(env.USAGE, { waitUntil: (p) => void waits.push(p), table: usageTable, flushMs: 30_000 })
    const day = (d: number, hour: number) => Date.UTC(2026, 8, d, hour)
    for (const d of [1, 2, 3]) for (let i = 0; i < 200; i++) usage.record({ version: '1', client: `client-${i % 4}`, route: '/things/:id', deprecated: false, at: day(d, i % 24) })
    await usage.flush()
    await Promise.all(waits)
    const count = async () => ((await env.USAGE.prepare(`SELECT COUNT(*) AS n, SUM(calls) AS calls FROM ${usageTable}`).all()).results[0] as { n: number; calls: number })
    expect(await count()).toEqual({ n: 12, calls: 600 })
    // The statement of docs/client-versions.md, on this test's table.
    await env.USAGE.prepare(`DELETE FROM ${usageTable} WHERE day < ?1`).bind('2026-09-03').run()
    expect(await count()).toEqual({ n: 4, calls: 200 })
    expect((await usage.callers('1', { since: 0, until: day(4, 0) })).callers.map((c) => [c.client, c.calls])).toEqual([0, 1, 2, 3].map((i) => [`client-${i}`, 50]))
  })
})
