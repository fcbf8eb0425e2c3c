/**
 * A client pinned to a version the app later retires, on workerd with the
 * real stores (D1, D1 read through KV, KV, Durable Objects): every store
 * gives the same answer, a 410 `PinnedVersionRetired` by default (no
 * write), or with `onRetiredPin` the fallback version and the pin moved
 * there once (one read and one write per client however many requests),
 * which another isolate then reads as the client's pin. The moved pin keeps
 * the retired version as `previous`, so the clients moved are listed by the
 * store's own query; a client refused for its retired pin is counted in the
 * D1 usage log under that version, so who still calls it stays listed.
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bearerClient, clientPins, d1PinStore, d1Usage, durableObjectPinStore, kvPinStore, readThrough, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import type { DurableObjectPinNamespace } from '../../src/client-pins/durable-object-pin-store.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { countingStore, idOf, NOW, SECRET } from '../support/client-pins-fixture.ts'

const PIN_OBJECTS: DurableObjectPinNamespace = env.PIN_OBJECTS
const client = bearerClient({ secret: SECRET })
const unique = (): string => `retired_${crypto.randomUUID().replaceAll('-', '')}`
const RETIRED = {
  status: 410,
  body: { detail: 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 2, 3), or ask for the client to be moved to a version served.' },
}

const stores: [string, () => PinStore][] = [
  ['d1PinStore', () => d1PinStore(env.USAGE, { table: unique() })],
  ['readThrough(d1PinStore, kvPinStore)', () => readThrough(d1PinStore(env.USAGE, { table: unique() }), kvPinStore(env.PINS, { prefix: `${unique()}:` }))],
  ['kvPinStore', () => kvPinStore(env.PINS, { prefix: `${unique()}:` })],
  ['durableObjectPinStore', () => durableObjectPinStore(PIN_OBJECTS, { name: unique(), shards: 2 })],
]

/** One isolate of the app after version 1 is retired (it serves 2 and 3), over `store`, counted. */
function retiredApp(store: PinStore, options: Partial<ClientPinsOptions> = {}) {
  const counting = countingStore(store)
  const waits: Promise<unknown>[] = []
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['2', '3'], defaultVersion: '3' }), clientVersion: clientPins({ store: counting.store, client, now: () => NOW, ...options }) }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const ctx = { waitUntil: (promise: Promise<unknown>) => void waits.push(promise), passThroughOnException: () => undefined, props: {} }
  const get = async (key: string, headers: Record<string, string> = {}) => {
    const res = await app.fetch(new Request('http://api.test/api/things/1', { headers: { ...headers, Authorization: `Bearer ${key}` } }), {}, ctx)
    const settled = [...waits]
    waits.length = 0
    await Promise.all(settled)
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  return { get, ...counting }
}

describe.each(stores)('a client pinned to a retired version, in %s', (_name, make) => {
  it('gets the 410 saying so, the same in every store, and nothing is written; an explicit version is served', async () => {
    const store = make()
    const key = `retired-refused-${crypto.randomUUID()}`
    await store.claim(await idOf(key), '1')
    const { get, counts } = retiredApp(store)
    for (let i = 0; i < 5; i++) expect(await get(key)).toEqual(RETIRED)
    expect(await get(key, { 'Api-Version': '2' })).toEqual({ status: 200, body: { version: '2' } })
    expect([counts.gets, counts.claims, counts.puts]).toEqual([1, 0, 0])
    expect((await store.get(await idOf(key)))?.version).toBe('1')
  })

  it('with onRetiredPin "oldest": answered in 2, and the pin moved there once for 20 requests; another isolate reads the moved pin', async () => {
    const store = make()
    const key = `retired-moved-${crypto.randomUUID()}`
    const id = await idOf(key)
    await store.claim(id, '1')
    const first = retiredApp(store, { onRetiredPin: 'oldest' })
    for (let i = 0; i < 20; i++) expect(await first.get(key)).toEqual({ status: 200, body: { version: '2' } })
    expect([first.counts.gets, first.counts.claims, first.counts.puts]).toEqual([2, 0, 1])
    expect(await store.get(id)).toEqual({ version: '2', previous: '1', movedAt: NOW })
    const second = retiredApp(store, { onRetiredPin: 'oldest' })
    expect(await second.get(key)).toEqual({ status: 200, body: { version: '2' } })
    expect([second.counts.gets, second.counts.puts]).toEqual([1, 0])
  })
})

describe('the clients a fallback moved, listed by the store', () => {
  it('d1PinStore: the documented query lists the clients pinned to the fallback with the retired version as previous', async () => {
    const table = unique()
    const store = d1PinStore(env.USAGE, { table })
    const keys = ['a', 'b', 'c'].map((k) => `listed-${k}-${crypto.randomUUID()}`)
    for (const key of keys) await store.claim(await idOf(key), '1')
    const { get } = retiredApp(store, { onRetiredPin: 'default' })
    for (const key of keys) expect(await get(key)).toEqual({ status: 200, body: { version: '3' } })
    const { results } = await env.USAGE.prepare(`SELECT client, previous, moved_at FROM ${table} WHERE version = ?1 AND client > ?2 ORDER BY client LIMIT ?3`).bind('3', '', 100).all()
    const ids = await Promise.all(keys.map((key) => idOf(key)))
    expect(results).toEqual(ids.sort().map((client) => ({ client, previous: '1', moved_at: NOW })))
  })

  it('durableObjectPinStore: pinnedTo lists them too', async () => {
    const store = durableObjectPinStore(PIN_OBJECTS, { name: unique(), shards: 2 })
    const keys = ['a', 'b'].map((k) => `listed-${k}-${crypto.randomUUID()}`)
    for (const key of keys) await store.claim(await idOf(key), '1')
    const { get } = retiredApp(store, { onRetiredPin: 'default' })
    for (const key of keys) await get(key)
    const ids = await Promise.all(keys.map((key) => idOf(key)))
    expect(await store.pinnedTo('3')).toEqual({ clients: ids.sort().map((client) => ({ client, previous: '1', movedAt: NOW })), next: null })
    expect(await store.pinnedTo('1')).toEqual({ clients: [], next: null })
  })
})

describe('who still calls a retired version', () => {
  it('d1Usage counts each refused call under the retired version: callers lists the clients still calling it, one row per client', async () => {
    const store = d1PinStore(env.USAGE, { table: unique() })
    const waits: Promise<unknown>[] = []
    const usageTable = unique()
    const usage = d1Usage(env.USAGE, { waitUntil: (p) => waits.push(p), table: usageTable, flushMs: 30_000 })
    const keys = ['a', 'b'].map((k) => `still-${k}-${crypto.randomUUID()}`)
    for (const key of keys) await store.claim(await idOf(key), '1')
    const { get } = retiredApp(store, { usage })
    for (let i = 0; i < 4; i++) expect(await get(keys[0] as string)).toEqual(RETIRED)
    expect(await get(keys[1] as string)).toEqual(RETIRED)
    const page = await usage.callers('1', { since: NOW - 1000, until: NOW + 1000 })
    expect(page.callers.map((c) => [c.client, c.calls])).toEqual([[await idOf(keys[0] as string), 4], [await idOf(keys[1] as string), 1]])
    const { results } = await env.USAGE.prepare(`SELECT COUNT(*) AS n FROM ${usageTable}`).all()
    expect(results).toEqual([{ n: 2 }])
  })
})
