/**
 * Client pins on Workers, with the real bindings of wrangler.toml (Miniflare
 * serves them inside workerd): pins in the `USAGE` D1 database (atomic first
 * pins) read through the `PINS` KV namespace, calls counted in D1 and
 * written to the `USAGE_EVENTS` Analytics Engine dataset. No raw credential
 * in KV or D1; refused requests write nothing; an upgrade during a first
 * request is kept; rollback within and after its window; callers paged by
 * SQL; then the worker example's /releases through its own `fetch`.
 */
import { env, exports } from 'cloudflare:workers'
import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { describe, expect, it } from 'vitest'
import { analyticsUsage, bearerClient, clientPins, d1PinStore, d1Usage, kvPinStore, readThrough, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import type { AnalyticsDataset } from '../../src/client-pins/analytics-usage.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { DEMO_ID } from '../../worker-example/app.ts'
import { countingStore, NOW, SECRET } from '../support/client-pins-fixture.ts'
import { twoVersions } from '../support/two-versions.ts'

const client = bearerClient({ secret: SECRET })
const idOf = (key: string): Promise<string> => client.idOf(key)
/** Tables of their own: the database outlives each test. */
const table = (name: string): string => `${name}_${crypto.randomUUID().replaceAll('-', '')}`
const KV_PREFIX = 'test-pin:'

function setup(options: Partial<ClientPinsOptions> & { store?: PinStore; after?: boolean } = {}) {
  const { store: given, after, ...rest } = options
  const waits: Promise<unknown>[] = []
  const pinsTable = table('pins')
  const usageTable = table('usage')
  const usage = d1Usage(env.USAGE, { waitUntil: (p) => waits.push(p), table: usageTable, flushMs: 30_000 })
  const counting = countingStore(given ?? readThrough(d1PinStore(env.USAGE, { table: pinsTable }), kvPinStore(env.PINS, { prefix: KV_PREFIX })))
  const pins = clientPins({ store: counting.store, client, usage, ...rest })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
  if (after === true) app.use('/api/*', bearerAuth({ token: 'the-only-key' }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (key: string, headers: Record<string, string> = {}) => {
    const res = await app.request('/api/things/1', { headers: { ...headers, Authorization: `Bearer ${key}` } })
    return { res, version: res.status === 200 ? ((await res.json()) as { version: unknown }).version : undefined }
  }
  const rowsOf = async (name: string): Promise<Record<string, unknown>[]> =>
    (await env.USAGE.prepare(`SELECT * FROM ${name}`).all().catch(() => ({ results: [] }))).results as Record<string, unknown>[]
  return { app, pins, usage, waits, get, pinsTable, usageTable, rowsOf, ...counting }
}

describe('pins in D1 read through KV', () => {
  it('pins a new client by its id once its first request is answered: D1 and KV hold the id, never the key', async () => {
    const { get, pinsTable, rowsOf } = setup()
    const id = await idOf('sk_live_kv_new')
    expect((await get('sk_live_kv_new')).version).toBe('3')
    expect((await get('sk_live_kv_new')).version).toBe('3')
    expect(await rowsOf(pinsTable)).toEqual([{ client: id, version: '3', previous: null, moved_at: null }])
    expect(await env.PINS.get(`${KV_PREFIX}${id}`)).toBe('3')
    expect(await env.PINS.get(`${KV_PREFIX}sk_live_kv_new`)).toBeNull()
  })

  it('answers a client in the version D1 holds for it; an explicit version wins', async () => {
    const pinsTable = table('pins')
    const store = d1PinStore(env.USAGE, { table: pinsTable })
    await store.claim(await idOf('kv-one'), '1')
    const { get } = setup({ store })
    expect((await get('kv-one')).version).toBe('1')
    expect((await get('kv-one', { 'Api-Version': '2' })).version).toBe('2')
  })

  it('claims atomically: ten concurrent first pins of one client give one pin, and a claim never overwrites an upgrade', async () => {
    const store = d1PinStore(env.USAGE, { table: table('pins') })
    const held = await Promise.all(['1', '2', '3', '1', '2', '3', '1', '2', '3', '1'].map((v) => store.claim('racer', v)))
    expect(new Set(held.map((pin) => pin.version)).size).toBe(1)
    await store.put('racer', { version: '2', previous: held[0]?.version ?? null, movedAt: 1 })
    expect(await store.claim('racer', '3')).toEqual({ version: '2', previous: held[0]?.version, movedAt: 1 })
  })

  it('keeps an upgrade made during a first request (D1 50 ms away)', async () => {
    const { app, pins, state } = setup()
    state.lag = 50
    const id = await idOf('racing')
    const first = app.request('/api/things/1', { headers: { Authorization: 'Bearer racing' } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await pins.upgrade(id, '1')).toBe('1')
    expect(((await (await first).json()) as { version: string }).version).toBe('3')
    expect((await pins.pinOf(id))?.version).toBe('1')
  })

  it('rolls an upgrade back within the window, and refuses after it', async () => {
    const clock = { now: NOW }
    const { get, pins } = setup({ now: () => clock.now })
    const id = await idOf('rolling')
    expect((await get('rolling')).version).toBe('3')
    await pins.upgrade(id, '2')
    expect((await get('rolling')).version).toBe('2')
    clock.now += 3_600_000
    expect(await pins.rollback(id)).toBe('3')
    expect((await get('rolling')).version).toBe('3')
    await pins.upgrade(id, '1')
    clock.now += 73 * 3_600_000
    await expect(pins.rollback(id)).rejects.toThrow('older than the rollback window (72 hours)')
    expect((await pins.pinOf(id))?.version).toBe('1')
  })

  it('reads the store once while the cache holds the pin', async () => {
    const { get, counts } = setup()
    for (let i = 0; i < 4; i++) expect((await get('kv-hot')).version).toBe('3')
    expect(counts.gets).toBe(1)
  })

  it('answers a failed lookup with 503, or the default when the app chooses it', async () => {
    // Failing on purpose: nothing logged (what onStoreError is told: test/client-pins/store-errors.test.ts).
    const strict = setup({ onStoreError: () => {} })
    strict.state.failing = true
    expect((await strict.get('kv-any')).res.status).toBe(503)
    const lenient = setup({ onLookupError: 'default', onStoreError: () => {} })
    lenient.state.failing = true
    expect((await lenient.get('kv-any')).version).toBe('3')
  })

  it('lists Authorization in Vary when the request names no version', async () => {
    const { get } = setup()
    expect((await get('kv-vary')).res.headers.get('Vary')).toBe('Api-Version, Authorization')
    expect((await get('kv-vary', { 'Api-Version': '2' })).res.headers.get('Vary')).toBe('Api-Version')
  })

  it('writes no pin and no row for 1,000 requests bearerAuth refuses after the versioning middleware', async () => {
    const { get, usage, pinsTable, usageTable, rowsOf, counts } = setup({ after: true })
    for (let i = 0; i < 1000; i++) expect((await get(`guess-${i}`)).res.status).toBe(401)
    await usage.flush()
    expect([counts.claims, counts.puts]).toEqual([0, 0])
    expect(await rowsOf(pinsTable)).toEqual([])
    expect(await rowsOf(usageTable)).toEqual([])
  }, 60_000)
})

describe('a KV copy that takes one write per second per key (as Workers KV does; Miniflare does not limit it)', () => {
  /** env.PINS refusing a second write of a key within a second, as KV answers 429, and counting writes. */
  function limitedKV() {
    const last = new Map<string, number>()
    const state = { writes: 0, refused: 0, refuseAll: false }
    const namespace = {
      get: (key: string) => env.PINS.get(key),
      async put(key: string, value: string, options?: { expirationTtl?: number }) {
        const at = Date.now()
        if (state.refuseAll || (last.get(key) ?? -Infinity) > at - 1000) {
          state.refused++
          throw new Error('KV PUT failed: 429 Too Many Requests')
        }
        last.set(key, at)
        state.writes++
        await env.PINS.put(key, value, options)
      },
    }
    return { namespace, state }
  }

  it('an upgrade then an immediate rollback leave the copy agreeing with D1: another isolate answers the rolled-back version', async () => {
    const prefix = `${KV_PREFIX}${crypto.randomUUID()}:`
    const pinsTable = table('pins')
    const kv = limitedKV()
    const store = () => readThrough(d1PinStore(env.USAGE, { table: pinsTable }), kvPinStore(kv.namespace, { prefix, expirationTtl: 86_400 }))
    const { get, pins } = setup({ store: store() })
    const id = await idOf('quick-operator')
    expect((await get('quick-operator')).version).toBe('3')
    expect(await pins.upgrade(id, '1')).toBe('1')
    expect(await pins.rollback(id)).toBe('3')
    // The upgrade came within a second of the first pin's copy, the rollback within a second of the upgrade's: each written again.
    expect(kv.state.refused).toBe(2)
    // A fresh isolate: its own cache, reading KV first.
    expect((await setup({ store: store() }).get('quick-operator')).version).toBe('3')
    expect(await env.PINS.get(`${prefix}${id}`)).toBe('3')
  })

  it('writes copies that expire (expirationTtl), so an entry a race left stale is read from D1 again', async () => {
    const prefix = `${KV_PREFIX}${crypto.randomUUID()}:`
    const { get } = setup({ store: readThrough(d1PinStore(env.USAGE, { table: table('pins') }), kvPinStore(env.PINS, { prefix, expirationTtl: 3600 })) })
    const before = Date.now() / 1000
    await get('expiring')
    const { keys } = await env.PINS.list({ prefix })
    expect(keys.map((key) => key.name)).toEqual([`${prefix}${await idOf('expiring')}`])
    expect(keys[0]?.expiration).toBeGreaterThanOrEqual(Math.floor(before + 3600))
    expect(keys[0]?.expiration).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000 + 3600))
  })

  it('an upgrade whose copy cannot be written twice a second apart rejects, saying the copy holds the previous pin', async () => {
    const kv = limitedKV()
    const { get, pins } = setup({ store: readThrough(d1PinStore(env.USAGE, { table: table('pins') }), kvPinStore(kv.namespace, { prefix: `${KV_PREFIX}${crypto.randomUUID()}:` })) })
    expect((await get('stuck-copy')).version).toBe('3')
    kv.state.refuseAll = true
    await expect(pins.upgrade(await idOf('stuck-copy'), '1')).rejects.toThrow(
      "readThrough: the pin was written to the primary, but not to its copy (KV PUT failed: 429 Too Many Requests), twice a second apart: reads through the copy give the previous pin until its entry expires (kvPinStore's expirationTtl). Write it again.",
    )
  })
})

describe('the evidence for retiring a version', () => {
  it('lists the clients pinned to a version by the documented query, a page at a time, through the index on version', async () => {
    const pinsTable = table('pins')
    const store = d1PinStore(env.USAGE, { table: pinsTable })
    for (let i = 0; i < 25; i++) await store.claim(`client-${String(i).padStart(2, '0')}`, i % 5 === 0 ? '1' : '3')
    await store.put('client-07', { version: '1', previous: '3', movedAt: NOW })
    // The query of docs/client-versions.md, on this test's table.
    const query = `SELECT client, previous, moved_at FROM ${pinsTable} WHERE version = ?1 AND client > ?2 ORDER BY client LIMIT ?3`
    const page = async (after: string) => (await env.USAGE.prepare(query).bind('1', after, 4).all()).results as { client: string }[]
    const first = await page('')
    const second = await page(first[first.length - 1]?.client ?? '')
    expect([...first, ...second].map((row) => row.client)).toEqual(['client-00', 'client-05', 'client-07', 'client-10', 'client-15', 'client-20'])
    expect(second[1]).toEqual({ client: 'client-20', previous: null, moved_at: null })
    const plan = JSON.stringify((await env.USAGE.prepare(`EXPLAIN QUERY PLAN ${query}`).bind('1', '', 4).all()).results)
    expect(plan).toContain(`${pinsTable}_version`)
  })
})

describe('usage in D1', () => {
  it('counts calls by client id in batches, and pages the callers of a version by SQL', async () => {
    const { get, usage, waits, usageTable, rowsOf } = setup()
    const started = Date.now()
    for (const [key, n] of [['sk_a', 3], ['sk_b', 3], ['sk_c', 2], ['sk_d', 1]] as const) for (let i = 0; i < n; i++) await get(key, { 'Api-Version': '1' })
    await get('sk_d')
    // The requests were answered before their calls were written: the writes wait for the batch.
    expect(await rowsOf(usageTable)).toEqual([])
    expect(waits.length).toBe(1)
    const [a, b, c, d] = await Promise.all(['sk_a', 'sk_b', 'sk_c', 'sk_d'].map(idOf))
    const first = await usage.callers('1', { since: started - 1000, limit: 2 })
    expect(first.callers.map((x) => [x.client, x.calls])).toEqual([[a, 3], [b, 3]].sort((x, y) => (x[0] as string < (y[0] as string) ? -1 : 1)))
    expect(first.callers[0]?.routes).toEqual(['/api/things/:id'])
    const second = await usage.callers('1', { since: started - 1000, limit: 2, after: first.next as string })
    expect(second).toMatchObject({ callers: [{ client: c, calls: 2 }, { client: d, calls: 1 }], next: null })
    expect((await usage.callers('3', { since: started - 1000 })).callers.map((x) => x.client)).toEqual([d])
    const rows = await rowsOf(usageTable)
    expect(rows.map((r) => r['client']).sort()).toEqual([a, b, c, d, d].sort())
    expect(JSON.stringify(rows)).not.toMatch(/sk_[abcd]/)
  })
})

describe('usage in Analytics Engine', () => {
  it('writes its data points to the real binding, one per row of a batch', async () => {
    const points: Parameters<AnalyticsDataset['writeDataPoint']>[0][] = []
    const dataset: AnalyticsDataset = {
      writeDataPoint(point) {
        points.push(point)
        env.USAGE_EVENTS.writeDataPoint(point)
      },
    }
    const usage = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: () => undefined, flushMs: 30_000 })
    const pins = clientPins({ store: countingStore().store, client, usage })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: twoVersions(), clientVersion: pins }))
    app.get('/things', (c) => c.text('ok'))
    for (let i = 0; i < 300; i++) await app.request('/things', { headers: { Authorization: `Bearer key-${i % 3}`, 'Api-Version': '1' } })
    await usage.flush()
    expect(points.map((p) => [p.blobs?.[0], p.blobs?.[2], p.doubles?.[0]])).toEqual([['1', '/things', 100], ['1', '/things', 100], ['1', '/things', 100]])
    expect(new Set(points.map((p) => p.indexes?.[0]))).toEqual(new Set(await Promise.all(['key-0', 'key-1', 'key-2'].map(idOf))))
  })
})

describe('the worker example /releases on D1, KV and Analytics Engine', () => {
  const call = (key: string, headers: Record<string, string> = {}) =>
    exports.default.fetch('http://127.0.0.1/releases/products/1', { headers: { Authorization: `Bearer ${key}`, ...headers } })

  it('answers the demo key in 2025-01-01 from the pin it seeds under the key\'s id, and demo-new in the default twice', async () => {
    const demo = await call('demo-2025')
    expect(demo.status).toBe(200)
    expect(demo.headers.get('api-version')).toBe('2025-01-01')
    expect(await env.PINS.get(`pin:${DEMO_ID}`)).toBe('2025-01-01')
    expect(await env.PINS.get('pin:demo-2025')).toBeNull()
    expect((await call('demo-2025', { 'Api-Version': '2026-06-01' })).headers.get('api-version')).toBe('2026-06-01')
    expect((await call('demo-new')).headers.get('api-version')).toBe('2026-06-01')
    expect((await call('demo-new')).headers.get('api-version')).toBe('2026-06-01')
  })

  it('refuses a demo key followed by whitespace that bearerClient does not skip (401): it is never let in and answered unpinned', async () => {
    for (const trailing of ['\v', '\f', '\u00a0', '\u00a0\v']) {
      const res = await call(`demo-2025${trailing}`)
      expect(res.status, JSON.stringify(trailing)).toBe(401)
      expect(await res.json()).toEqual({ detail: 'Unknown API key.' })
    }
    // Whitespace before the key is skipped by both: the same client, in its pinned version.
    expect((await call(' \u00a0demo-2025')).headers.get('api-version')).toBe('2025-01-01')
  })

  it('refuses an unknown key with 401, a 600-character key too, and pins neither', async () => {
    for (const key of ['guess', 'g'.repeat(600)]) {
      const res = await call(key)
      expect(res.status).toBe(401)
      expect(await env.PINS.get(`pin:${await bearerClient({ secret: env.PIN_SECRET as string }).idOf(key)}`)).toBeNull()
    }
  })
})
