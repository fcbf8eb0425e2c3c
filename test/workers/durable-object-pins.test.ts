/**
 * Client pins in Durable Objects on workerd, with a real SQLite-backed
 * namespace (PIN_OBJECTS of vitest.config.ts, the ClientPinObject class of
 * test/workers/main.ts): the PinStore contract (run against D1, D1 read
 * through KV and KV too); concurrent first requests of one client from
 * several isolates, of which exactly one claim writes; each client's reads
 * and writes counted at the namespace (a read per isolate per cacheTtl, one
 * write per client); hostile identities, pins hand-edited in the object's
 * own table (answered as D1 answers the same edit), objects that throw, fail
 * or never answer, a changed shard count; and the clients pinned to a
 * version listed across shards.
 */
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientPins, d1PinStore, durableObjectPinStore, kvPinStore, readThrough, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import type { DurableObjectPinNamespace } from '../../src/client-pins/durable-object-pin-store.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { idOf, pinnedThings } from '../support/client-pins-fixture.ts'
import { pinStoreContract } from '../support/pin-store-contract.ts'

const PIN_OBJECTS: DurableObjectPinNamespace = env.PIN_OBJECTS
/** A name of its own per store: the objects outlive each test. */
const unique = (): string => `test-${crypto.randomUUID()}`

interface ClientCounts {
  get: number
  claim: number
  put: number
  /** Rows written, as the object's SQLite reports them (`rowsWritten`). */
  rows: number
  /** Calls that wrote at least one row. */
  writing: number
}

/** `namespace` with each client's calls counted by operation, and the rows each call wrote. */
function counted(namespace: DurableObjectPinNamespace = PIN_OBJECTS) {
  const clients = new Map<string, ClientCounts>()
  /** Every call, to any object, of any operation. */
  const all = { calls: 0 }
  const countsOf = (id: string): ClientCounts => {
    let counts = clients.get(id)
    if (counts === undefined) clients.set(id, (counts = { get: 0, claim: 0, put: 0, rows: 0, writing: 0 }))
    return counts
  }
  const counting: DurableObjectPinNamespace = {
    idFromName: (name) => namespace.idFromName(name),
    get(id) {
      const stub = namespace.get(id)
      return {
        async fetch(request) {
          all.calls++
          const call = (await request.clone().json()) as { op: 'get' | 'claim' | 'put' | 'list' | 'shards'; client?: string }
          const res = await stub.fetch(request)
          const { written = 0 } = (await res.clone().json()) as { written?: number }
          if (call.op !== 'list' && call.op !== 'shards') {
            const counts = countsOf(call.client as string)
            counts[call.op]++
            counts.rows += written
            if (written > 0) counts.writing++
          }
          return res
        },
      }
    },
  }
  return { namespace: counting, countsOf, all }
}

/** One isolate: its own clientPins (its own cache) over `store`, answering in `defaultVersion` when a client has no pin. */
function isolate(store: PinStore, defaultVersion = '3', options: Partial<ClientPinsOptions> = {}) {
  return pinnedThings(store, new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion }), options)
}

const table = (): string => `pins_${crypto.randomUUID().replaceAll('-', '')}`
pinStoreContract('durableObjectPinStore', () => durableObjectPinStore(PIN_OBJECTS, { name: unique(), shards: 4 }), { atomicClaim: true })
pinStoreContract('d1PinStore', () => d1PinStore(env.USAGE, { table: table() }), { atomicClaim: true })
pinStoreContract('readThrough(d1PinStore, kvPinStore)', () => readThrough(d1PinStore(env.USAGE, { table: table() }), kvPinStore(env.PINS, { prefix: `${unique()}:` })), { atomicClaim: true })
pinStoreContract('kvPinStore', () => kvPinStore(env.PINS, { prefix: `${unique()}:` }), { atomicClaim: false })

describe('durableObjectPinStore: the first pin of concurrent first requests', () => {
  it('twelve concurrent first requests of one client in four isolates (defaults 1, 2, 3, 2): one claim writes, and every isolate then answers its version', async () => {
    const name = unique()
    const { namespace, countsOf } = counted()
    const isolates = ['1', '2', '3', '2'].map((defaultVersion) => isolate(durableObjectPinStore(namespace, { name }), defaultVersion))
    const first = await Promise.all(isolates.flatMap((one) => [0, 1, 2].map(() => one.get('racing-key'))))
    expect(first.map((answer) => answer.status)).toEqual(Array(12).fill(200))
    const id = await idOf('racing-key')
    const pin = await durableObjectPinStore(PIN_OBJECTS, { name }).get(id)
    expect(['1', '2', '3']).toContain(pin?.version)
    const then = await Promise.all(isolates.map((one) => one.get('racing-key')))
    expect(then.map((answer) => answer.body)).toEqual(Array(4).fill({ version: pin?.version }))
    const counts = countsOf(id)
    // One read per isolate (its concurrent requests share it), at most one claim per isolate, exactly one of which wrote.
    expect(counts.get).toBe(4)
    expect(counts.claim).toBeGreaterThanOrEqual(1)
    expect(counts.claim).toBeLessThanOrEqual(4)
    expect([counts.writing, counts.put]).toEqual([1, 0])
    expect(isolates.flatMap((one) => one.errors)).toEqual([])
  })

  it('ten concurrent claims of one client through ten stores (as from ten isolates): one pin, one writing claim', async () => {
    const name = unique()
    const { namespace, countsOf } = counted()
    const held = await Promise.all(['1', '2', '3', '1', '2', '3', '1', '2', '3', '1'].map((version) => durableObjectPinStore(namespace, { name }).claim('racer', version)))
    expect(new Set(held.map((pin) => pin.version)).size).toBe(1)
    expect([countsOf('racer').claim, countsOf('racer').writing]).toEqual([10, 1])
  })
})

describe('durableObjectPinStore: reads and writes per client', () => {
  it('one read per isolate and one write per client, whatever the requests; a named version reads nothing; an upgrade or a rollback is one read and one write', async () => {
    const name = unique()
    const { namespace, countsOf } = counted()
    const one = isolate(durableObjectPinStore(namespace, { name }))
    const keys = ['k-0', 'k-1', 'k-2', 'k-3', 'k-4']
    for (let i = 0; i < 20; i++) for (const key of keys) expect((await one.get(key)).body).toEqual({ version: '3' })
    for (const key of keys) expect((await one.get(key, { 'Api-Version': '1' })).body).toEqual({ version: '1' })
    const other = isolate(durableObjectPinStore(namespace, { name }), '1')
    for (let i = 0; i < 20; i++) for (const key of keys) expect((await other.get(key)).body).toEqual({ version: '3' })
    const ids = await Promise.all(keys.map(idOf))
    // 200 requests naming no version and 5 naming one, in two isolates: per client, 2 reads, 1 claim, 1 writing call.
    expect(ids.map((id) => { const { get, claim, put, writing } = countsOf(id); return { get, claim, put, writing } })).toEqual(Array(5).fill({ get: 2, claim: 1, put: 0, writing: 1 }))
    // Rows written by a client's first pin, as SQLite counts them: its row and its entry in the index on version.
    expect(ids.map((id) => countsOf(id).rows)).toEqual([2, 2, 2, 2, 2])
    await one.pins.upgrade(ids[0] as string, '2')
    // The upgrade reads the pin it keeps as previous, then writes.
    expect({ ...countsOf(ids[0] as string), rows: 0 }).toEqual({ get: 3, claim: 1, put: 1, rows: 0, writing: 2 })
    expect((await one.get('k-0')).body).toEqual({ version: '2' })
    // So does a rollback.
    expect(await one.pins.rollback(ids[0] as string)).toBe('3')
    expect({ ...countsOf(ids[0] as string), rows: 0 }).toEqual({ get: 4, claim: 1, put: 2, rows: 0, writing: 3 })
  })
})

describe('durableObjectPinStore: hostile input', () => {
  it('an identity that is huge or odd names no client: the default, and the objects are not called', async () => {
    const { namespace, all } = counted()
    const store = durableObjectPinStore(namespace, { name: unique() })
    for (const given of ['x'.repeat(1 << 20), 'a\r\nb', 'caf\u00e9', '', 'y'.repeat(97)]) {
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: clientPins({ store, client: () => given }) }))
      app.get('/', (c) => c.json({ version: c.var.version }))
      const res = await app.request('/')
      expect([res.status, await res.json()]).toEqual([200, { version: '3' }])
    }
    const huge = isolate(store)
    expect(await huge.get('k'.repeat(64 * 1024))).toEqual({ status: 200, body: { version: '3' } })
    expect(all.calls).toBe(0)
  })

  /** Version text the scheme does not serve, or text no version can be (a damaged entry): answered as clientPins answers a retired pin (retired.test.ts). */
  const retired = {
    status: 410,
    body: { detail: 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 1, 2, 3), or ask for the client to be moved to a version served.' },
  }
  const unpinned = { status: 200, body: { version: '3' } }
  const edits: [string, string, unknown, { status: number; body: Record<string, unknown> }][] = [
    ['a line break and a header', 'version = ?', '1\r\nX-Injected: yes', retired],
    ['a megabyte', 'version = ?', 'v'.repeat(1 << 20), retired],
    ['non-ASCII text', 'version = ?', 'v1\u2028é', retired],
    // Neither a pin nor text: read as no pin, so the default; the claim finds the row and writes nothing.
    ['a blob', 'version = ?', new Uint8Array([0, 255]), unpinned],
    ['an empty text', 'version = ?', '', unpinned],
    // A JavaScript number is bound as a real: the column's text affinity keeps it as "2.0", version text the scheme does not serve.
    ['a number', 'version = ?', 2, retired],
    ['garbage in previous and moved_at', 'previous = ?, moved_at = \'yesterday\'', '{"not":"a version"}', unpinned],
  ]
  it.each(edits)('a pin hand-edited to %s: the answer D1 gives to the same edit, no 500', async (_name, set, value, expected) => {
    const key = 'edited-key'
    const id = await idOf(key)
    // The Durable Object's own table.
    const name = unique()
    const { namespace, countsOf } = counted()
    const onDO = isolate(durableObjectPinStore(namespace, { name, shards: 1 }), '3', { cacheTtl: 0 })
    expect(await onDO.get(key)).toEqual(unpinned)
    await runInDurableObject(PIN_OBJECTS.get(PIN_OBJECTS.idFromName(`${name}:0`)), (_object, state) => {
      state.storage.sql.exec(`UPDATE client_pins SET ${set} WHERE client = ?`, value instanceof Uint8Array ? value.buffer : value, id)
    })
    // D1's.
    const pinsTable = table()
    const onD1 = isolate(d1PinStore(env.USAGE, { table: pinsTable }), '3', { cacheTtl: 0 })
    expect(await onD1.get(key)).toEqual(unpinned)
    await env.USAGE.prepare(`UPDATE ${pinsTable} SET ${set} WHERE client = ?`).bind(value, id).run()
    const before = { ...countsOf(id) }
    expect([await onDO.get(key), await onD1.get(key)]).toEqual([expected, expected])
    // The request after the edit: one read, and no row written (a claim, where the edit reads as no pin, finds the row).
    expect([countsOf(id).get - before.get, countsOf(id).rows - before.rows]).toEqual([1, 0])
    expect([...onDO.errors, ...onD1.errors]).toEqual([])
  })

  /** For an isolate whose store fails on purpose: nothing logged (what onStoreError is told: the test of shards below, test/client-pins/store-errors.test.ts). */
  const quiet = { onStoreError: () => {} }
  /** A namespace whose objects answer with `fetch`. */
  const failing = (fetch: () => Promise<Response>): DurableObjectPinNamespace => ({ idFromName: (name) => name, get: () => ({ fetch }) })
  const never = <T>(): Promise<T> => new Promise<T>(() => undefined)
  const broken: [string, () => Promise<Response>][] = [
    ['throws', () => { throw new Error('Durable Object reset') }],
    ['rejects', () => Promise.reject(new Error('Network connection lost'))],
    ['answers 500', async () => new Response('internal error', { status: 500 })],
    ['answers text that is not JSON', async () => new Response('<html>')],
    ['answers JSON that is not an object', async () => new Response('[1, 2]', { status: 200 })],
  ]
  it.each(broken)('an object that %s: a 503 (the default with onLookupError "default"), never a 500', async (_name, fetch) => {
    let calls = 0
    const strict = isolate(durableObjectPinStore(failing(() => (calls++, fetch()))), '3', quiet)
    expect(await strict.get('broken-key')).toEqual({ status: 503, body: { detail: "The client's API version could not be looked up; retry, or name a version." } })
    const lenient = isolate(durableObjectPinStore(failing(fetch)), '3', { ...quiet, onLookupError: 'default' })
    expect(await lenient.get('broken-key')).toEqual({ status: 200, body: { version: '3' } })
    expect([...strict.errors, ...lenient.errors]).toEqual([])
    // The strict isolate's one call: object 0's shard count, which failed.
    expect(calls).toBe(1)
  })

  it('an object that never answers: 503 after storeTimeout, and not asked again for failureTtl', async () => {
    let calls = 0
    const slow = isolate(durableObjectPinStore(failing(() => (calls++, never()))), '3', { ...quiet, storeTimeout: 20 })
    expect((await slow.get('slow-key')).status).toBe(503)
    expect((await slow.get('slow-key')).status).toBe(503)
    expect(calls).toBe(1)
  })

  it('a store given another shard count than its pins were written with: every call refused with a sentence (503), nothing overwritten', async () => {
    const name = unique()
    await durableObjectPinStore(PIN_OBJECTS, { name, shards: 2 }).claim('moved-client', '1')
    const { namespace, all } = counted()
    const changed = durableObjectPinStore(namespace, { name, shards: 3 })
    const sentence = `durableObjectPinStore: the pins named "${name}" were written with shards 2, not 3: with another count clients would move to objects that hold no pin for them. Keep shards at 2.`
    for (const id of ['moved-client', 'a', 'b', 'c']) await expect(changed.get(id)).rejects.toThrow(sentence)
    await expect(changed.claim('new-client', '3')).rejects.toThrow(sentence)
    await expect(changed.pinnedTo('1')).rejects.toThrow(sentence)
    // What the log says of it: the test below.
    const app = isolate(changed, '3', quiet)
    const calls = all.calls
    expect((await app.get('moved-key')).status).toBe(503)
    // One call, to object 0, which refuses: no object is read or written for the client.
    expect(all.calls - calls).toBe(1)
    expect(app.errors).toEqual([])
    expect((await durableObjectPinStore(PIN_OBJECTS, { name, shards: 2 }).get('moved-client'))?.version).toBe('1')
    expect(await durableObjectPinStore(PIN_OBJECTS, { name, shards: 2 }).get('new-client')).toBeNull()
  })

  it('a store given another shard count: the Worker log says why its requests get 503, once per client per failureTtl (onStoreError by default)', async () => {
    const name = unique()
    await durableObjectPinStore(PIN_OBJECTS, { name, shards: 32 }).claim('a-client', '1')
    const logged: unknown[][] = []
    const original = console.error
    console.error = (...args: unknown[]) => void logged.push(args)
    try {
      const app = isolate(durableObjectPinStore(PIN_OBJECTS, { name, shards: 16 }))
      for (let i = 0; i < 3; i++) expect((await app.get('shards-key')).status).toBe(503)
      expect(app.errors).toEqual([])
    } finally {
      console.error = original
    }
    expect(logged.length).toBe(1)
    const [sentence, error] = logged[0] as [string, Error]
    expect(sentence).toBe(
      "clientPins: the pin store failed to read a client's pin, so the client got a 503 (ClientVersionUnavailable); its requests that name no version get it for failureTtl (30 seconds) without the store being asked again:",
    )
    expect(error.message).toBe(
      `durableObjectPinStore: the pins named "${name}" were written with shards 32, not 16: with another count clients would move to objects that hold no pin for them. Keep shards at 32.`,
    )
  })
})

describe('durableObjectPinStore: the clients pinned to a version', () => {
  it('lists them across shards by id, a page at a time, with their previous version', async () => {
    const store = durableObjectPinStore(PIN_OBJECTS, { name: unique(), shards: 4 })
    for (let i = 0; i < 25; i++) await store.claim(`client-${String(i).padStart(2, '0')}`, i % 5 === 0 ? '1' : '3')
    await store.put('client-07', { version: '1', previous: '3', movedAt: 1_788_000_000_000 })
    const pages = [await store.pinnedTo('1', { limit: 4 })]
    while (pages[pages.length - 1]?.next != null) pages.push(await store.pinnedTo('1', { limit: 4, after: pages[pages.length - 1]?.next as string }))
    expect(pages.flatMap((page) => page.clients.map((row) => row.client))).toEqual(['client-00', 'client-05', 'client-07', 'client-10', 'client-15', 'client-20'])
    expect(pages[0]?.clients[2]).toEqual({ client: 'client-07', previous: '3', movedAt: 1_788_000_000_000 })
    expect((await store.pinnedTo('3', { limit: 1000 })).clients.length).toBe(19)
    expect(await store.pinnedTo('2')).toEqual({ clients: [], next: null })
  })

  it('refuses a version, after or limit that cannot be one with a RangeError', async () => {
    const { namespace, all } = counted()
    const store = durableObjectPinStore(namespace, { name: unique() })
    await expect(store.pinnedTo('x'.repeat(100_000))).rejects.toThrow(RangeError)
    await expect(store.pinnedTo('1', { after: 'a'.repeat(100 * 1024) })).rejects.toThrow('durableObjectPinStore.pinnedTo: after must be a client id (at most 96 characters), the next of the page before.')
    await expect(store.pinnedTo('1', { limit: 5000 })).rejects.toThrow('durableObjectPinStore.pinnedTo: limit must be a whole number from 1 to 1000.')
    expect(all.calls).toBe(0)
  })
})
