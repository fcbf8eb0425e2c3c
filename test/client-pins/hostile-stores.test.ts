/**
 * Stores of one's own that misbehave, and pins hand-edited in a store: a
 * store that throws, answers something that is not a pin, or never answers
 * gives what `onLookupError` says (a 503, or the default version), never a
 * 500, a hung request or an unhandled rejection; a pin whose text cannot be
 * a version (a line break, non-ASCII, a megabyte) is refused as a retired
 * pin (410), even by a scheme that accepts any version, and never moved; a
 * recorder that returns a rejected promise fails nothing; a refused upgrade
 * names its version only when it could be one; a usage flush
 * period short enough to write once per request is refused at construction.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning, QueryParameterVersioning } from '../../src/index.ts'
import { analyticsUsage, bearerClient, clientPins, d1Usage, kvPinStore, memoryPinStore, readThrough, type ClientPinsOptions, type PinStore, type UsageRecorder } from '../../src/client-pins/index.ts'
import type { D1Database } from '../../src/client-pins/d1.ts'
import { idOf, pinnedThings, SECRET } from '../support/client-pins-fixture.ts'

const client = bearerClient({ secret: SECRET })
const pin = (version: string) => ({ version, previous: null, movedAt: null })

/**
 * The things API over `store`; `open`: a scheme that accepts any version (none listed). Its stores fail on purpose:
 * nothing is logged (what onStoreError is told: test/client-pins/store-errors.test.ts).
 */
function app(store: PinStore, options: Partial<ClientPinsOptions> & { open?: boolean } = {}) {
  const { open, ...rest } = options
  const scheme = open === true ? new HeaderVersioning({ defaultVersion: '3' }) : new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
  return pinnedThings(store, scheme, { onStoreError: () => {}, ...rest })
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined)

describe('a pin store of your own that misbehaves', () => {
  const broken: [string, PinStore][] = [
    ['get throws', { get: () => { throw new Error('get threw') }, claim: async () => pin('3'), put: async () => undefined }],
    ['get answers a number', { get: async () => 42 as never, claim: async () => pin('3'), put: async () => undefined }],
    ['get answers a pin whose version is a number', { get: async () => ({ version: 5 }) as never, claim: async () => pin('3'), put: async () => undefined }],
    ['get answers an object whose getter throws', { get: async () => ({ get version(): string { throw new Error('getter') } }) as never, claim: async () => pin('3'), put: async () => undefined }],
  ]
  it.each(broken)('%s: a 503 (or the default with onLookupError "default"), never a 500', async (_name, store) => {
    const strict = app(store)
    expect(await strict.get('broken-key')).toEqual({ status: 503, body: { detail: "The client's API version could not be looked up; retry, or name a version." } })
    const lenient = app(store, { onLookupError: 'default' })
    expect(await lenient.get('broken-key')).toEqual({ status: 200, body: { version: '3' } })
    expect([...strict.errors, ...lenient.errors]).toEqual([])
  })

  it('get answering a pin without a promise: the pin is served', async () => {
    const store: PinStore = { get: () => pin('1') as never, claim: async () => pin('3'), put: async () => undefined }
    expect(await app(store).get('plain-key')).toEqual({ status: 200, body: { version: '1' } })
  })

  const claims: [string, PinStore['claim']][] = [
    ['throws', () => { throw new Error('claim threw') }],
    ['answers undefined', async () => undefined as never],
    ['answers a string', async () => '3' as never],
    ['rejects', () => Promise.reject(new Error('claim rejected'))],
  ]
  it.each(claims)('a first-pin write that %s: the default version, nothing pinned, and no 500', async (_name, claim) => {
    let claimed = 0
    const store: PinStore = { get: async () => null, claim: (client, version) => (claimed++, claim(client, version)), put: async () => undefined }
    const { get, errors } = app(store, { failureTtl: 60_000 })
    expect(await get('first-key')).toEqual({ status: 200, body: { version: '3' } })
    expect(await get('first-key')).toEqual({ status: 200, body: { version: '3' } })
    // A failed write is remembered for failureTtl, not tried per request.
    expect(claimed).toBe(1)
    expect(errors).toEqual([])
  })

  it('a store that never answers: the request waits storeTimeout, then gets the 503 (or the default), and the store is not asked again for failureTtl', async () => {
    let gets = 0
    const store: PinStore = { get: () => (gets++, never()), claim: () => never(), put: () => never() }
    const strict = app(store, { storeTimeout: 20 })
    expect((await strict.get('slow-key')).status).toBe(503)
    expect((await strict.get('slow-key')).status).toBe(503)
    expect(gets).toBe(1)
    expect(await app(store, { storeTimeout: 20, onLookupError: 'default' }).get('slow-key')).toEqual({ status: 200, body: { version: '3' } })
  })

  it('a first-pin write that never answers: the request is answered after storeTimeout, in the default', async () => {
    const store: PinStore = { get: async () => null, claim: () => never(), put: () => never() }
    expect(await app(store, { storeTimeout: 20 }).get('slow-write-key')).toEqual({ status: 200, body: { version: '3' } })
  })
})

describe('pins hand-edited in the store', () => {
  const edited: [string, string][] = [
    ['a line break and a header', '1\r\nX-Injected: yes'],
    ['non-ASCII text', 'v1\u2028é'],
    ['a NUL', '1\u00002'],
    ['a space', ' 1 '],
    ['a megabyte', 'v'.repeat(1 << 20)],
    ['65 characters', 'v'.repeat(65)],
  ]
  it.each(edited)('%s: refused as a retired pin (410, its text never quoted), even by a scheme accepting any version; counted under no version', async (_name, version) => {
    const store = memoryPinStore({ [await idOf('edited-key')]: version })
    const listed = 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 1, 2, 3), or ask for the client to be moved to a version served.'
    const open = 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header, or ask for the client to be moved to a version served.'
    const records: unknown[] = []
    for (const [scheme, detail] of [[false, listed], [true, open]] as const) {
      // usage needs a scheme that lists its versions.
      const { get, errors } = app(store, scheme ? { open: true } : { usage: { record: (call) => void records.push(call) } })
      expect(await get('edited-key')).toEqual({ status: 410, body: { detail } })
      expect(errors).toEqual([])
    }
    expect(records).toEqual([])
  })

  it.each(['default', 'oldest'] as const)('with onRetiredPin "%s": answered in that fallback, and the damaged entry is left for an upgrade to mend (not moved)', async (onRetiredPin) => {
    const id = await idOf('edited-key')
    const store = memoryPinStore({ [id]: '1\r\nX-Injected: yes' })
    const { get, errors } = app(store, { onRetiredPin })
    expect(await get('edited-key')).toEqual({ status: 200, body: { version: onRetiredPin === 'default' ? '3' : '1' } })
    expect(await get('edited-key')).toEqual({ status: 200, body: { version: onRetiredPin === 'default' ? '3' : '1' } })
    expect(await store.get(id)).toEqual({ version: '1\r\nX-Injected: yes', previous: null, movedAt: null })
    expect(errors).toEqual([])
  })

  it('a pin of 64 printable characters is a version text like any other', async () => {
    const version = `v${'x'.repeat(63)}`
    expect(await app(memoryPinStore({ [await idOf('long-key')]: version }), { open: true }).get('long-key')).toEqual({ status: 200, body: { version } })
  })
})

describe('a usage recorder of your own that returns a promise', () => {
  it('a rejected one fails neither the request nor the process (no unhandled rejection)', async () => {
    let records = 0
    const usage: UsageRecorder = {
      record: (async () => {
        records++
        throw new Error('the recorder failed')
      }) as never,
    }
    const { get, errors } = app(memoryPinStore(), { usage })
    expect(await get('recorded-key')).toEqual({ status: 200, body: { version: '3' } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect([records, errors]).toEqual([1, []])
  })
})

describe('usage writes grow with clients, not requests', () => {
  const db: D1Database = { prepare: () => ({ bind: () => db.prepare(''), run: async () => ({}), all: async () => ({ results: [] }) }), batch: async () => [] }
  it.each([0, 999])('refuses a flushMs of %i (about one write per request) at construction, saying what to give', (flushMs) => {
    const message = 'flushMs must be a number of milliseconds from 1000 to 30000 (a waitUntil lasts 30 seconds after the response); a shorter period writes about once per request. Call flush() to write at once'
    expect(() => d1Usage(db, { waitUntil: () => undefined, flushMs })).toThrow(`d1Usage: ${message}`)
    expect(() => analyticsUsage({ writeDataPoint: () => undefined }, { dataset: 'version_usage', waitUntil: () => undefined, flushMs })).toThrow(`analyticsUsage: ${message}`)
  })

  it('refuses a storeTimeout outside 1 to 30,000 ms at construction', () => {
    for (const storeTimeout of [0, 60_000, Number.NaN]) {
      expect(() => clientPins({ store: memoryPinStore(), client, storeTimeout })).toThrow('clientPins: storeTimeout must be a number of milliseconds from 1 to 30000, such as 3000')
    }
  })

  it('refuses a KV expirationTtl KV would refuse (under 60 s, or not whole seconds) at construction', () => {
    const namespace = { get: async () => null, put: async () => undefined }
    for (const expirationTtl of [0, 59, 60.5]) {
      expect(() => kvPinStore(namespace, { expirationTtl })).toThrow("kvPinStore: expirationTtl must be a whole number of seconds, 60 or more (KV's shortest), such as 86400 for a copy read through readThrough.")
    }
    expect(() => kvPinStore(namespace, { expirationTtl: 60 })).not.toThrow()
  })
})

describe('a KV location that answers a miss for a while after a write (it caches what it read, a miss included, up to 60 s)', () => {
  /** A namespace whose reads find nothing, as a location that cached a miss; its writes are kept and counted. */
  const lagging = () => {
    const entries = new Map<string, string>()
    const seen = { gets: 0, puts: [] as string[] }
    return { entries, seen, namespace: { get: async () => (seen.gets++, null), put: async (key: string, value: string) => void (seen.puts.push(key), entries.set(key, value)) } }
  }

  it("writes a client's first pin once, not per request, with cacheTtl 0 (the store read on every request)", async () => {
    const kv = lagging()
    const { get } = app(kvPinStore(kv.namespace), { cacheTtl: 0 })
    for (let i = 0; i < 20; i++) expect(await get('lagging-key')).toEqual({ status: 200, body: { version: '3' } })
    expect(kv.seen.puts).toEqual([`pin:${await idOf('lagging-key')}`])
    // The first request's read and its claim's; then the pin written is read as written.
    expect(kv.seen.gets).toBe(2)
  })

  it('reads back the pin it wrote, and an upgrade it wrote, while the location still answers a miss', async () => {
    const kv = lagging()
    const store = kvPinStore(kv.namespace)
    expect(await store.claim('client-1', '2')).toEqual(pin('2'))
    expect(await store.get('client-1')).toEqual(pin('2'))
    expect(await store.claim('client-1', '3')).toEqual(pin('2'))
    const upgraded = { version: '3', previous: '2', movedAt: 1 }
    await store.put('client-1', upgraded)
    expect(await store.get('client-1')).toEqual(upgraded)
    expect(kv.seen.puts).toEqual(['pin:client-1', 'pin:client-1'])
    // Another client is not one this isolate wrote: a miss is no pin.
    expect(await store.get('client-2')).toBe(null)
  })

  it('moves a client off a retired pin once, not per request, while the location still answers the retired pin (cacheTtl 0)', async () => {
    const puts: string[] = []
    const hono = new Hono()
    const namespace = { get: async () => '1', put: async (_key: string, value: string) => void puts.push(value) }
    const scheme = new HeaderVersioning({ allowedVersions: ['2', '3'], defaultVersion: '3' })
    hono.use('/api/*', versionMiddleware({ scheme, clientVersion: clientPins({ store: kvPinStore(namespace), client, onRetiredPin: 'oldest', cacheTtl: 0 }) }))
    hono.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
    for (let i = 0; i < 10; i++) {
      const res = await hono.request('/api/things/1', { headers: { Authorization: 'Bearer retired-key' } })
      expect([res.status, await res.json()]).toEqual([200, { version: '2' }])
    }
    expect(puts.map((value) => JSON.parse(value))).toEqual([{ version: '2', previous: '1', movedAt: expect.any(Number) }])
  })

  it('through readThrough, fills the copy once, not on each read', async () => {
    const kv = lagging()
    const primary = memoryPinStore({ 'client-1': '2' })
    const store = readThrough(primary, kvPinStore(kv.namespace))
    for (let i = 0; i < 5; i++) expect(await store.get('client-1')).toEqual(pin('2'))
    expect(kv.seen.puts).toEqual(['pin:client-1'])
  })

  it('through readThrough, tries a copy that refuses writes once a minute, not on each read, and reads the primary\'s pin meanwhile', async () => {
    const attempts: string[] = []
    const refusing = {
      get: async () => null,
      put: async (key: string) => {
        attempts.push(key)
        throw new Error('KV PUT failed: 429 Too Many Requests')
      },
    }
    const primary = memoryPinStore({ 'client-1': '2' })
    const store = readThrough(primary, kvPinStore(refusing))
    for (let i = 0; i < 5; i++) expect(await store.get('client-1')).toEqual(pin('2'))
    expect(await store.claim('client-1', '3')).toEqual(pin('2'))
    expect(attempts).toEqual(['pin:client-1'])
    // A client first claimed while the copy refuses: its pin is written once to the primary, tried once on the copy.
    for (let i = 0; i < 3; i++) expect(await store.claim('client-2', '3')).toEqual(pin('3'))
    expect(await store.get('client-2')).toEqual(pin('3'))
    expect(attempts).toEqual(['pin:client-1', 'pin:client-2'])
  })
})

describe('an operator\'s calls through readThrough, where the copy at this location is stale (KV answers what it read for up to 60 s)', () => {
  /** The primary moved by another isolate; the copy here still answers the entry before. */
  function stale() {
    const now = Date.UTC(2026, 8, 10)
    const primary = memoryPinStore()
    const before = { version: '2', previous: '3', movedAt: now - 3_600_000 }
    const copy = { get: async () => JSON.stringify(before), put: async () => undefined }
    const pins = clientPins({ store: readThrough(primary, kvPinStore(copy)), client, now: () => now })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins })
    return { primary, pins, now }
  }

  it('rollback takes back the last upgrade the primary holds, not the one the stale copy shows', async () => {
    const { primary, pins, now } = stale()
    await primary.put('client-1', { version: '1', previous: '2', movedAt: now - 60_000 })
    expect(await pins.rollback('client-1')).toBe('2')
    expect(await primary.get('client-1')).toEqual(pin('2'))
  })

  it("a client the copy shows on a retired version (onRetiredPin 'oldest') is not moved over the pin an operator gave it elsewhere", async () => {
    const primary = memoryPinStore({ [await idOf('moved-key')]: '3' })
    const copy = { get: async () => '0', put: async () => undefined }
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: clientPins({ store: readThrough(primary, kvPinStore(copy)), client, onRetiredPin: 'oldest' }) }))
    hono.get('/', (c) => c.json({ version: c.var.version }))
    expect(await (await hono.request('/', { headers: { Authorization: 'Bearer moved-key' } })).json()).toEqual({ version: '1' })
    expect(await primary.get(await idOf('moved-key'))).toEqual(pin('3'))
  })

  it('upgrade keeps the version the primary holds as the one to roll back to, and pinOf gives the primary\'s pin', async () => {
    const { primary, pins, now } = stale()
    await primary.put('client-1', { version: '1', previous: '2', movedAt: now - 60_000 })
    expect(await pins.pinOf('client-1')).toEqual({ version: '1', previous: '2', movedAt: now - 60_000 })
    expect(await pins.upgrade('client-1', '3')).toBe('3')
    expect(await primary.get('client-1')).toEqual({ version: '3', previous: '1', movedAt: now })
  })
})

describe('an operator\'s upgrade of a hostile version', () => {
  it('names a refused upgrade\'s version only when it could be one: nothing else is reflected by an operator\'s endpoint', async () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    const id = await idOf('operator-target')
    for (const version of ['x'.repeat(100_000), '<script>alert(1)</script> ', 'v1\r\nX-Injected: yes', 7]) {
      await expect(pins.upgrade(id, version as string)).rejects.toThrow(/^clientPins\.upgrade: the version given is not a version this API serves \(1, 2\)\.$/)
    }
    await expect(pins.upgrade(id, 'v9')).rejects.toThrow('clientPins.upgrade: "v9" is not a version this API serves (1, 2).')
  })

  it('names it only when it is written as versions are (letters, digits and . _ - + : ~ ^ *): markup and quotes are not named', async () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    const id = await idOf('operator-target')
    for (const version of ['<script>alert(1)</script>', '"><img/src=x>', "v1'--", 'a&b=c', '{{7*7}}', '${x}', '`id`', 'v1;drop', '%0d%0a']) {
      await expect(pins.upgrade(id, version)).rejects.toThrow(/^clientPins\.upgrade: the version given is not a version this API serves \(1, 2\)\.$/)
    }
    for (const version of ['v9', '^1.2', '~1', '1.x', '*', '2025-01-01', '3.0.0-beta+7', 'api:v3', 'v_3']) {
      await expect(pins.upgrade(id, version)).rejects.toThrow(`clientPins.upgrade: ${JSON.stringify(version)} is not a version this API serves (1, 2).`)
    }
  })
})

describe('an operator\'s upgrade and rollback of a damaged entry', () => {
  // Before, the damaged text was written back as previous (here 1,001 characters and a line break), and its
  // rollback refused "the version given", a version the operator gave none of.
  it('upgrades a pin whose text no version can be without keeping that text as previous, so there is nothing to roll back', async () => {
    const store = memoryPinStore()
    const pins = clientPins({ store, client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    await store.put('damaged', { version: `${'x'.repeat(1_000)}\n`, previous: null, movedAt: null })
    expect(await pins.upgrade('damaged', '2')).toBe('2')
    expect(await store.get('damaged')).toEqual({ version: '2', previous: null, movedAt: null })
    await expect(pins.rollback('damaged')).rejects.toThrow('clientPins.rollback: the client has no upgrade to take back.')
  })

  it('keeps a retired version as previous, and refuses its rollback naming it', async () => {
    const store = memoryPinStore({ retired: '0' })
    const pins = clientPins({ store, client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    expect(await pins.upgrade('retired', '2')).toBe('2')
    expect((await store.get('retired'))?.previous).toBe('0')
    await expect(pins.rollback('retired')).rejects.toThrow('clientPins.rollback: "0" is not a version this API serves (1, 2).')
  })

  it('refuses the rollback to a previous version hand-edited to markup as the client\'s previous version, not one given', async () => {
    const store = memoryPinStore()
    const pins = clientPins({ store, client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    await store.put('edited', { version: '2', previous: '<b>1</b>', movedAt: Date.now() })
    await expect(pins.rollback('edited')).rejects.toThrow(/^clientPins\.rollback: the client's previous version is not a version this API serves \(1, 2\)\.$/)
  })
})

describe('usage rows at the size of the API, not of its requests', () => {
  it('refuses usage with a scheme that accepts any version, at construction, saying what to give', () => {
    const pins = clientPins({ store: memoryPinStore(), client, usage: { record: () => undefined } })
    expect(() => versionMiddleware({ scheme: new QueryParameterVersioning({ defaultVersion: '1' }), clientVersion: pins })).toThrow(
      "versionMiddleware: clientVersion's usage needs the scheme to list its versions (allowedVersions): a scheme that accepts any version would count each version a client names as a row of its own, so writes would grow with requests. Give the scheme allowedVersions, or leave usage out.",
    )
    expect(() => versionMiddleware({ scheme: new QueryParameterVersioning({ defaultVersion: '1' }), clientVersion: clientPins({ store: memoryPinStore(), client }) })).not.toThrow()
  })

  it('a data point Analytics Engine refuses loses its own row only: the rest of the batch is written, and onError is told', async () => {
    const written: string[] = []
    const errors: string[] = []
    const dataset = {
      writeDataPoint(point: { blobs?: string[] }) {
        if ((point.blobs?.[2] ?? '').length > 16_384) throw new Error('blobs over 16 KB')
        written.push(point.blobs?.[2] ?? '')
      },
    }
    const usage = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: () => undefined, flushMs: 30_000, onError: (error) => errors.push((error as Error).message) })
    const routes = ['/a', `/${'x'.repeat(20_000)}`, '/b', '/c']
    for (const route of routes) usage.record({ version: '1', client: 'acme', route, deprecated: false, at: 0 })
    await usage.flush()
    expect([written, errors]).toEqual([['/a', '/b', '/c'], ['blobs over 16 KB']])
  })

  it('says a dropped batch of one row in the singular', async () => {
    let batches = 0
    const statement = { bind: () => statement, run: async () => ({}), all: async () => ({ results: [] }) }
    const slow: D1Database = { prepare: () => statement, batch: () => (batches++, new Promise(() => undefined)) }
    const errors: string[] = []
    const usage = d1Usage(slow, { waitUntil: () => undefined, flushMs: 30_000, maxRows: 1, onError: (error) => errors.push((error as Error).message) })
    for (let batch = 0; batch < 5; batch++) {
      usage.record({ version: '1', client: `client-${batch}`, route: '/a', deprecated: false, at: 0 })
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect([batches, errors]).toEqual([4, ['d1Usage: 4 batches are still being written (the store is slow or down), so a batch of 1 row was dropped.']])
  })

  it('holds at most four batches out while D1 is slow or down: a fifth is dropped and reported, not kept', async () => {
    const release: (() => void)[] = []
    let batches = 0
    const statement = { bind: () => statement, run: async () => ({}), all: async () => ({ results: [] }) }
    const slow: D1Database = { prepare: () => statement, batch: () => (batches++, new Promise((resolve) => void release.push(() => resolve([])))) }
    const errors: string[] = []
    const usage = d1Usage(slow, { waitUntil: () => undefined, flushMs: 30_000, maxRows: 10, onError: (error) => errors.push((error as Error).message) })
    for (let batch = 0; batch < 5; batch++) {
      for (let i = 0; i < 10; i++) usage.record({ version: '1', client: `client-${batch}-${i}`, route: '/a', deprecated: false, at: 0 })
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect([batches, errors]).toEqual([4, ['d1Usage: 4 batches are still being written (the store is slow or down), so a batch of 10 rows was dropped.']])
    for (const done of release) done()
    await usage.flush()
    expect(batches).toBe(4)
  })
})

describe('the 503 of a failed lookup', () => {
  it('says when to retry: Retry-After, the seconds of failureTtl (during which this isolate does not ask the store again)', async () => {
    const down: PinStore = { get: () => Promise.reject(new Error('down')), claim: () => Promise.reject(new Error('down')), put: () => Promise.reject(new Error('down')) }
    // Retry-After is digits alone (RFC 9110 §10.2.3): before, a failureTtl of 1e24 ms sent `Retry-After: 1e+21`.
    for (const [failureTtl, expected] of [[undefined, '30'], [1500, '2'], [0, null], [1e24, '1000000000000000000000'], [Number.MAX_SAFE_INTEGER, '9007199254741']] as const) {
      const hono = new Hono()
      hono.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store: down, client, onStoreError: () => {}, ...(failureTtl === undefined ? {} : { failureTtl }) }) }))
      hono.get('/', (c) => c.text('ok'))
      const res = await hono.request('/', { headers: { Authorization: 'Bearer down-key' } })
      expect([res.status, res.headers.get('Retry-After')]).toEqual([503, expected])
    }
  })

  it('says the seconds left of failureTtl to a client refused again within it (the store is not asked meanwhile)', async () => {
    let at = 1_000_000
    let reads = 0
    const down: PinStore = { get: () => (reads++, Promise.reject(new Error('down'))), claim: () => Promise.reject(new Error('down')), put: () => Promise.reject(new Error('down')) }
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store: down, client, onStoreError: () => {}, now: () => at }) }))
    hono.get('/', (c) => c.text('ok'))
    const retry = async () => {
      const res = await hono.request('/', { headers: { Authorization: 'Bearer down-key' } })
      return [res.status, res.headers.get('Retry-After')]
    }
    expect(await retry()).toEqual([503, '30'])
    at += 20_000
    expect(await retry()).toEqual([503, '10'])
    at += 9_500
    expect(await retry()).toEqual([503, '1'])
    expect(reads).toBe(1)
  })

  it('a clock set back after a failed lookup neither keeps refusing the client past its entries\' time nor says more than failureTtl\'s seconds; a now() that is no number says them all', async () => {
    let at = 1_000_000
    let up = false
    let reads = 0
    const store: PinStore = { get: () => (reads++, up ? Promise.resolve(null) : Promise.reject(new Error('down'))), claim: () => Promise.resolve({ version: '2', previous: null, movedAt: null }), put: () => Promise.resolve() }
    const hono = new Hono()
    const pins = clientPins({ store, client, onStoreError: () => {}, cacheTtl: 3_600_000, now: () => at })
    hono.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins }))
    hono.get('/', (c) => c.text('ok'))
    const retry = async (key = 'down-key') => {
      const res = await hono.request('/', { headers: { Authorization: `Bearer ${key}` } })
      return [res.status, res.headers.get('Retry-After'), reads]
    }
    expect(await retry()).toEqual([503, '30', 1])
    // The clock set back 10 minutes (an NTP step): the failure, remembered until 10 min 30 s from now, says 30 s at most.
    at -= 600_000
    expect(await retry()).toEqual([503, '30', 1])
    // Set back further than any entry lasts (cacheTtl, an hour): the store is asked again, not in an hour and 10 minutes.
    at -= 3_600_000
    up = true
    expect(await retry()).toEqual([200, null, 2])
    up = false
    at = Number.NaN
    expect(await retry('third-key')).toEqual([503, '30', 3])
  })
})

