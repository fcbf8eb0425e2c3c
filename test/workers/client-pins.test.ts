/**
 * Client pins on Workers, with the real bindings of wrangler.toml (Miniflare
 * serves them inside workerd): pins in the `PINS` KV namespace, calls counted
 * in the `USAGE` D1 database. Pin on first request, override, upgrade,
 * lookup failure, cache and `Vary`, as test/clients/client-pins.test.ts checks them
 * in memory; then the worker example's /releases through its own `fetch`.
 */
import { env, exports } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientPins, bearerClient, d1Usage, kvPinStore, type PinStore } from '../../src/clients/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const KV_PREFIX = 'test-pin:'

/** A KV store that counts its reads, and can be made to fail. */
function countedKV() {
  const kv = kvPinStore(env.PINS, { prefix: KV_PREFIX })
  const counts = { gets: 0 }
  const state = { failing: false }
  const store: PinStore = {
    get: (client) => {
      counts.gets++
      return state.failing ? Promise.reject(new Error('KV unavailable')) : kv.get(client)
    },
    set: (client, version) => kv.set(client, version),
  }
  return { store, counts, state }
}

function setup(options: { cacheTtl?: number; onLookupError?: 'default' } = {}) {
  const waits: Promise<unknown>[] = []
  // A table of its own: the database outlives each test.
  const table = `usage_${crypto.randomUUID().replaceAll('-', '')}`
  const usage = d1Usage(env.USAGE, { waitUntil: (p) => waits.push(p), table })
  const kv = countedKV()
  const pins = clientPins({ store: kv.store, client: bearerClient(), usage, ...options })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (key: string, headers: Record<string, string> = {}) => {
    const res = await app.request('/api/things/1', { headers: { ...headers, Authorization: `Bearer ${key}` } })
    return { res, version: ((await res.json()) as { version: unknown }).version }
  }
  return { app, pins, usage, waits, get, table, ...kv }
}

describe('clientPins on Workers KV', () => {
  it('pins a new client to the default at its first request, in KV, and keeps it', async () => {
    const { get } = setup()
    expect(await env.PINS.get(`${KV_PREFIX}kv-new`)).toBeNull()
    expect((await get('kv-new')).version).toBe('3')
    expect(await env.PINS.get(`${KV_PREFIX}kv-new`)).toBe('3')
    expect((await get('kv-new')).version).toBe('3')
  })

  it('answers a client in the version KV holds for it; an explicit version wins', async () => {
    await env.PINS.put(`${KV_PREFIX}kv-one`, '1')
    const { get } = setup()
    expect((await get('kv-one')).version).toBe('1')
    expect((await get('kv-one', { 'Api-Version': '2' })).version).toBe('2')
  })

  it('moves a pin in KV with upgrade, refusing an unknown version', async () => {
    await env.PINS.put(`${KV_PREFIX}kv-up`, '1')
    const { get, pins } = setup()
    expect((await get('kv-up')).version).toBe('1')
    expect(await pins.upgrade('kv-up', '2')).toBe('2')
    expect(await env.PINS.get(`${KV_PREFIX}kv-up`)).toBe('2')
    expect((await get('kv-up')).version).toBe('2')
    await expect(pins.upgrade('kv-up', '9')).rejects.toThrow('clientPins.upgrade: "9" is not a version this API serves (1, 2, 3).')
  })

  it('reads KV once while the cache holds the pin, and on every request without a cache', async () => {
    await env.PINS.put(`${KV_PREFIX}kv-hot`, '2')
    const cached = setup()
    for (let i = 0; i < 4; i++) expect((await cached.get('kv-hot')).version).toBe('2')
    expect(cached.counts.gets).toBe(1)
    const uncached = setup({ cacheTtl: 0 })
    for (let i = 0; i < 4; i++) expect((await uncached.get('kv-hot')).version).toBe('2')
    expect(uncached.counts.gets).toBe(4)
  })

  it('answers a failed lookup with 503, or the default when the app chooses it', async () => {
    const strict = setup()
    strict.state.failing = true
    const { res } = await strict.get('kv-any')
    expect(res.status).toBe(503)
    const lenient = setup({ onLookupError: 'default' })
    lenient.state.failing = true
    expect((await lenient.get('kv-any')).version).toBe('3')
  })

  it('lists Authorization in Vary when the request names no version', async () => {
    const { get } = setup()
    expect((await get('kv-vary')).res.headers.get('Vary')).toBe('Api-Version, Authorization')
    expect((await get('kv-vary', { 'Api-Version': '2' })).res.headers.get('Vary')).toBe('Api-Version')
  })
})

describe('usage in D1', () => {
  it('counts calls per version and client through waitUntil, and lists the callers of a version in a period', async () => {
    await env.PINS.put(`${KV_PREFIX}d1-old`, '1')
    const { get, usage, waits, table } = setup()
    const started = Date.now()
    await get('d1-old')
    await get('d1-old')
    await get('d1-new', { 'Api-Version': '1' })
    await get('d1-new')
    // The requests were answered before their calls were written: the writes wait in waitUntil.
    expect(waits.length).toBeGreaterThan(0)
    await Promise.all(waits)
    const callers = await usage.callers('1', { since: started - 1000 })
    expect(callers.map((c) => [c.client, c.calls, c.routes])).toEqual([
      ['d1-old', 2, ['/api/things/:id']],
      ['d1-new', 1, ['/api/things/:id']],
    ])
    expect((await usage.callers('3', { since: started - 1000 })).map((c) => c.client)).toEqual(['d1-new'])
    expect(await usage.callers('1', { since: Date.now() + 86_400_000 * 2 })).toEqual([])
    const { results } = await env.USAGE.prepare(`SELECT SUM(calls) AS calls FROM ${table} WHERE version = ?`).bind('1').all()
    expect(results).toEqual([{ calls: 3 }])
  })
})

describe('the worker example /releases on KV and D1', () => {
  const call = (key: string, headers: Record<string, string> = {}) =>
    exports.default.fetch('http://127.0.0.1/releases/products/1', { headers: { Authorization: `Bearer ${key}`, ...headers } })

  it('answers the demo key in 2025-01-01 from the pins it seeds, and a new key in the default twice', async () => {
    const demo = await call('demo-2025')
    expect(demo.status).toBe(200)
    expect(demo.headers.get('api-version')).toBe('2025-01-01')
    expect(await env.PINS.get('pin:demo-2025')).toBe('2025-01-01')
    expect((await call('demo-2025', { 'Api-Version': '2026-06-01' })).headers.get('api-version')).toBe('2026-06-01')
    const key = `new-${crypto.randomUUID()}`
    expect((await call(key)).headers.get('api-version')).toBe('2026-06-01')
    expect((await call(key)).headers.get('api-version')).toBe('2026-06-01')
    expect(await env.PINS.get(`pin:${key}`)).toBe('2026-06-01')
  })
})
