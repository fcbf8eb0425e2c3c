/**
 * Each client pinned to its version (`clientPins`) with the in-memory store,
 * through the Hono middleware: pin on first answered request, explicit
 * override, upgrade and rollback, lookup failure, cache, `Vary`, and who
 * called each version. Clients are named by `bearerClient`'s keyed hash.
 * test/workers/client-pins.test.ts runs the same behaviour on Workers KV and D1;
 * abuse.test.ts and usage.test.ts hold the attacks and the usage logs.
 *
 * A portable file: Web APIs, hono and vitest only (no `node:*`), so it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { BaseVersioning, defineRoutes, HeaderVersioning, include, route, URLPathVersioning } from '../../src/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { Product, releasesHistory, type ProductBody } from '../../worker-example/changes.ts'
import { bearerClient, clientPins, d1PinStore, durableObjectPinStore, jwtSubject, kvPinStore, memoryPinStore, memoryUsage, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import { countingStore, DAY, idOf, NOW, policy, scheme, SECRET } from '../support/client-pins-fixture.ts'
import { twoVersions } from '../support/two-versions.ts'

const client = bearerClient({ secret: SECRET })
/** For a test whose store fails on purpose: nothing logged (what onStoreError is told: test/client-pins/store-errors.test.ts). */
const quiet = { onStoreError: () => {} }

async function setup(options: Partial<ClientPinsOptions> = {}, defaultVersion?: string) {
  const clock = { now: NOW }
  const counting = countingStore(memoryPinStore({ [await idOf('demo-2025')]: '2025-01-01' }))
  const usage = memoryUsage()
  const lifecycle = policy(clock)
  const pins = clientPins({ store: counting.store, client, usage, policy: lifecycle, now: () => clock.now, ...options })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: scheme(defaultVersion), policy: lifecycle, clientVersion: pins }))
  app.get('/api/products/:id', (c) => c.json({ version: c.var.version }))
  const get = (key: string | null, headers: Record<string, string> = {}, path = '/api/products/1') =>
    app.request(path, { headers: key === null ? headers : { ...headers, Authorization: `Bearer ${key}` } })
  return { app, pins, get, clock, usage, ...counting }
}

const versionOf = async (res: Response): Promise<unknown> => ((await res.json()) as { version: unknown }).version
const pinned = async (pins: { pinOf(id: string): Promise<{ version: string } | null> }, key: string): Promise<string | null> => (await pins.pinOf(await idOf(key)))?.version ?? null

describe('clientPins: the version of a request that names none', () => {
  it('answers a pinned client in its pinned version', async () => {
    const { get } = await setup()
    const res = await get('demo-2025')
    expect(res.status).toBe(200)
    expect(await versionOf(res)).toBe('2025-01-01')
  })

  it('pins a new client to the default version once its first request is answered, and keeps it', async () => {
    const { get, pins, counts } = await setup()
    expect(await pinned(pins, 'new-key')).toBeNull()
    expect(await versionOf(await get('new-key'))).toBe('2026-06-01')
    expect(await versionOf(await get('new-key'))).toBe('2026-06-01')
    expect(await pinned(pins, 'new-key')).toBe('2026-06-01')
    expect(counts.claims).toBe(1)
  })

  it('on Workers, writes the first pin after the response through the request\'s waitUntil', async () => {
    const { app, pins, state } = await setup()
    state.lag = 20
    const waits: Promise<unknown>[] = []
    const ctx = { waitUntil: (promise: Promise<unknown>) => void waits.push(promise), passThroughOnException: () => undefined, props: {} }
    const res = await app.fetch(new Request('http://api.test/api/products/1', { headers: { Authorization: 'Bearer worker-key' } }), {}, ctx)
    expect(await versionOf(res)).toBe('2026-06-01')
    expect(waits).toHaveLength(1)
    let written = false
    void waits[0]?.then(() => (written = true))
    await null
    // Answered while the write (20 ms away) was still out.
    expect(written).toBe(false)
    await Promise.all(waits)
    expect(written).toBe(true)
    expect(await pinned(pins, 'worker-key')).toBe('2026-06-01')
  })

  it('keeps a pin when the default version moves on', async () => {
    const store = memoryPinStore()
    const first = new Hono()
    first.use('*', versionMiddleware({ scheme: scheme('2025-01-01'), clientVersion: clientPins({ store, client }) }))
    first.get('/', (c) => c.text(String(c.var.version)))
    expect(await (await first.request('/', { headers: { Authorization: 'Bearer early' } })).text()).toBe('2025-01-01')
    const later = new Hono()
    later.use('*', versionMiddleware({ scheme: scheme('2026-06-01'), clientVersion: clientPins({ store, client }) }))
    later.get('/', (c) => c.text(String(c.var.version)))
    expect(await (await later.request('/', { headers: { Authorization: 'Bearer early' } })).text()).toBe('2025-01-01')
    expect(await (await later.request('/', { headers: { Authorization: 'Bearer late' } })).text()).toBe('2026-06-01')
  })

  it('gives a request without a usable client the default version, and pins nothing', async () => {
    const { get, counts } = await setup()
    for (const headers of [{}, { Authorization: 'Basic dXNlcjpwYXNz' }, { Authorization: 'Bearer ' }, { Authorization: `Bearer ${'k'.repeat(1100)}` }, { Authorization: 'Bearer <script>' }]) {
      const res = await get(null, headers)
      expect(res.status).toBe(200)
      expect(await versionOf(res)).toBe('2026-06-01')
    }
    expect([counts.gets, counts.claims, counts.puts]).toEqual([0, 0, 0])
  })

  it.each([
    ['the header', { 'Api-Version': '2026-06-01' }, '/api/products/1', '2026-06-01'],
    ['the header, as a date resolved to its release', { 'Api-Version': '2026-07-15' }, '/api/products/1', '2026-06-01'],
    ['the query', {}, '/api/products/1?version=2026-06-01', '2026-06-01'],
    ['the header naming the default', { 'Api-Version': '2026-06-01' }, '/api/products/1', '2026-06-01'],
  ])('lets an explicit version in %s win over the pin (a preview is a header away)', async (_name, headers, path, version) => {
    const { get, counts } = await setup()
    expect(await versionOf(await get('demo-2025', headers, path))).toBe(version)
    expect(counts.gets).toBe(0)
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
  })

  it('lists the credential header in Vary on the answer to a request that names no version, with or without a client', async () => {
    const { get, state } = await setup(quiet)
    for (const key of ['demo-2025', null]) {
      const vary = (await get(key)).headers.get('Vary') ?? ''
      expect(vary.split(',').map((v) => v.trim().toLowerCase()).sort()).toEqual(['api-version', 'authorization'])
    }
    state.failing = true
    expect((await get('someone-else')).headers.get('Vary')).toBe('Api-Version, Authorization')
  })

  it.each([
    ['an explicit version', { 'Api-Version': '2026-06-01' }, 200],
    ['a version the scheme refuses', { 'Api-Version': '1999-01-01' }, 404],
  ])('leaves the credential out of Vary for %s', async (_name, headers, status) => {
    const { get } = await setup()
    const res = await get('demo-2025', headers)
    expect(res.status).toBe(status)
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })

  it('refuses a client pinned to a version past its sunset with the policy (410)', async () => {
    const { get } = await setup()
    const store = memoryPinStore({ [await idOf('old')]: '2024-01-01' })
    const clock = { now: NOW }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), policy: policy(clock), clientVersion: clientPins({ store, client }) }))
    app.get('/', (c) => c.text('ok'))
    expect((await app.request('/', { headers: { Authorization: 'Bearer old' } })).status).toBe(410)
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
  })

  it('refuses a client pinned to a version the scheme no longer serves with a 410 saying so, not as an invalid version it did not send', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore({ [await idOf('gone')]: '2023-01-01' }), client }) }))
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('/', { headers: { Authorization: 'Bearer gone' } })
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({
      detail: 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 2024-01-01, 2025-01-01, 2026-06-01), or ask for the client to be moved to a version served.',
    })
  })
})

describe('clientPins: lookup failure', () => {
  it('answers 503 with a fixed body by default', async () => {
    const { get, state } = await setup(quiet)
    state.failing = true
    const res = await get('demo-2025')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ detail: "The client's API version could not be looked up; retry, or name a version." })
    expect(res.headers.get('Vary')).toContain('Authorization')
  })

  it('answers in the default version with onLookupError: "default", and asks the store again after failureTtl', async () => {
    const { get, state, counts, clock } = await setup({ ...quiet, onLookupError: 'default', failureTtl: 1000 })
    state.failing = true
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    state.failing = false
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    expect(counts.gets).toBe(1)
    clock.now += 1001
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(counts.gets).toBe(2)
    expect(counts.claims).toBe(0)
  })

  it('a failed lookup writes no pin; its call is counted under the version answered: none for the 503, the default with onLookupError "default"', async () => {
    for (const onLookupError of ['unavailable', 'default'] as const) {
      const { get, state, counts, usage } = await setup({ ...quiet, onLookupError })
      state.failing = true
      for (let i = 0; i < 5; i++) expect((await get('demo-2025')).status).toBe(onLookupError === 'default' ? 200 : 503)
      expect([counts.claims, counts.puts]).toEqual([0, 0])
      expect((await usage.callers('2025-01-01', { until: NOW })).callers).toEqual([])
      const answered = (await usage.callers('2026-06-01', { until: NOW })).callers.map((caller) => [caller.client, caller.calls])
      expect(answered).toEqual(onLookupError === 'default' ? [[await idOf('demo-2025'), 5]] : [])
    }
  })

  it('still answers a request that names its version', async () => {
    const { get, state } = await setup()
    state.failing = true
    expect(await versionOf(await get('demo-2025', { 'Api-Version': '2025-01-01' }))).toBe('2025-01-01')
  })

  it('answers a client function that throws as no client: the default version, nothing pinned', async () => {
    const { get, counts } = await setup({ client: () => { throw new Error('bad token') } })
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    expect(await versionOf(await get('demo-2025', { 'Api-Version': '2025-01-01' }))).toBe('2025-01-01')
    expect([counts.gets, counts.claims]).toEqual([0, 0])
  })

  it('takes a store value that is not a pin as no pin', async () => {
    const { get, store } = await setup()
    store.get = () => Promise.resolve(undefined as unknown as null)
    expect(await versionOf(await get('odd'))).toBe('2026-06-01')
  })

  it('answers a new client in the default version when its pin cannot be written, and pins it after failureTtl', async () => {
    const { get, pins, state, counts, clock } = await setup({ ...quiet, failureTtl: 5000 })
    state.failWrites = true
    expect(await versionOf(await get('fresh'))).toBe('2026-06-01')
    state.failWrites = false
    for (let i = 0; i < 20; i++) expect(await versionOf(await get('fresh'))).toBe('2026-06-01')
    expect(counts.claims).toBe(1)
    clock.now += 5001
    expect(await versionOf(await get('fresh'))).toBe('2026-06-01')
    expect(counts.claims).toBe(2)
    expect(await pinned(pins, 'fresh')).toBe('2026-06-01')
  })
})

describe('clientPins: cache', () => {
  it('reads the store once per client while the cache holds the pin', async () => {
    const { get, counts, clock } = await setup({ cacheTtl: 60_000 })
    for (let i = 0; i < 5; i++) expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(counts.gets).toBe(1)
    clock.now += 60_001
    await get('demo-2025')
    expect(counts.gets).toBe(2)
  })

  it('reads the store on every request with cacheTtl: 0', async () => {
    const { get, counts } = await setup({ cacheTtl: 0 })
    await get('demo-2025')
    await get('demo-2025')
    expect(counts.gets).toBe(2)
  })
})

describe('clientPins: upgrade and rollback', () => {
  it('moves a pin, and the next request is answered in the new version', async () => {
    const { get, pins } = await setup()
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(await pins.upgrade(await idOf('demo-2025'), '2026-06-01')).toBe('2026-06-01')
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    expect(await pins.pinOf(await idOf('demo-2025'))).toEqual({ version: '2026-06-01', previous: '2025-01-01', movedAt: NOW })
  })

  it('resolves a date to its release as a request would', async () => {
    const { pins } = await setup()
    expect(await pins.upgrade('someone', '2026-10-01')).toBe('2026-06-01')
  })

  it.each([
    // 2024-01-01 is past its sunset, which the policy refuses (refuseAfterSunset): not named as served.
    ['an unknown version', 'v9', 'clientPins.upgrade: "v9" is not a version this API serves (2025-01-01, 2026-06-01).'],
    ['a version past its sunset', '2024-01-01', 'clientPins.upgrade: 2024-01-01 is past its sunset; pin a supported version.'],
  ])('refuses %s', async (_name, version, message) => {
    const { pins } = await setup()
    await expect(pins.upgrade(await idOf('demo-2025'), version)).rejects.toThrow(expect.objectContaining({ name: 'UpgradeRefused', message }))
    expect(await pinned(pins, 'demo-2025')).toBe('2025-01-01')
  })

  it('refuses a client id no store could hold', async () => {
    const { pins } = await setup()
    await expect(pins.upgrade('x'.repeat(600), '2026-06-01')).rejects.toThrow('clientPins.upgrade: client must be a client id of 1 to 96 printable ASCII characters')
  })

  it('refuses before the pins are given to a middleware', async () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    await expect(pins.upgrade('a', '1')).rejects.toThrow(/give the pins to a middleware/)
  })

  it('takes an upgrade back within the rollback window (72 hours by default), and refuses after it', async () => {
    const { get, pins, clock } = await setup()
    const id = await idOf('demo-2025')
    await pins.upgrade(id, '2026-06-01')
    clock.now += 71 * 3_600_000
    expect(await pins.rollback(id)).toBe('2025-01-01')
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(await pins.pinOf(id)).toEqual({ version: '2025-01-01', previous: null, movedAt: null })
    await expect(pins.rollback(id)).rejects.toThrow('clientPins.rollback: the client has no upgrade to take back.')
    await pins.upgrade(id, '2026-06-01')
    clock.now += 72 * 3_600_000 + 1
    await expect(pins.rollback(id)).rejects.toThrow("clientPins.rollback: the client's last upgrade is older than the rollback window (72 hours); upgrade it to the version it needs instead.")
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
  })

  it('refuses to take an upgrade back to a version whose sunset has passed since, and leaves the pin as it is', async () => {
    const { get, pins, clock } = await setup({ rollbackWindow: 365 * DAY })
    const id = await idOf('demo-2025')
    await pins.upgrade(id, '2026-06-01')
    clock.now = Date.parse('2027-06-01T00:00:00Z')
    await expect(pins.rollback(id)).rejects.toThrow('clientPins.rollback: 2025-01-01 is past its sunset; pin a supported version.')
    expect(await pins.pinOf(id)).toEqual({ version: '2026-06-01', previous: '2025-01-01', movedAt: NOW })
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
  })

  it.each([
    [1_000, '1 second'],
    [45_000, '45 seconds'],
    [1_500, '1.5 seconds'],
    [90 * 60_000, '1.5 hours'],
    [100 * 60_000, '100 minutes'],
    [3_600_000, '1 hour'],
    [250, '250 milliseconds'],
  ])('says a rollback window of %d ms as %j in its refusal', async (rollbackWindow, said) => {
    const { pins, clock } = await setup({ rollbackWindow })
    const id = await idOf('demo-2025')
    await pins.upgrade(id, '2026-06-01')
    clock.now += rollbackWindow + 1
    await expect(pins.rollback(id)).rejects.toThrow(`clientPins.rollback: the client's last upgrade is older than the rollback window (${said}); upgrade it to the version it needs instead.`)
  })

  it('leaves a pin alone when upgraded to the version it holds: no write, and the rollback window is not restarted', async () => {
    const { pins, clock, counts } = await setup()
    const id = await idOf('demo-2025')
    await pins.upgrade(id, '2026-06-01')
    const upgraded = await pins.pinOf(id)
    const puts = counts.puts
    clock.now += 71 * 3_600_000
    expect(await pins.upgrade(id, '2026-06-01')).toBe('2026-06-01')
    expect(counts.puts).toBe(puts)
    expect(await pins.pinOf(id)).toEqual(upgraded)
    clock.now += 2 * 3_600_000
    await expect(pins.rollback(id)).rejects.toThrow("clientPins.rollback: the client's last upgrade is older than the rollback window (72 hours); upgrade it to the version it needs instead.")
  })

  it('keeps an upgrade made while the client\'s first request was out (a store 50 ms away)', async () => {
    const { app, pins, state } = await setup()
    state.lag = 50
    const id = await idOf('racing')
    const first = app.request('/api/products/1', { headers: { Authorization: 'Bearer racing' } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await pins.upgrade(id, '2025-01-01')).toBe('2025-01-01')
    expect(await versionOf(await first)).toBe('2026-06-01')
    expect(await pinned(pins, 'racing')).toBe('2025-01-01')
    expect(await versionOf(await app.request('/api/products/1', { headers: { Authorization: 'Bearer racing' } }))).toBe('2025-01-01')
  })
})

describe('clientPins: who calls each version', () => {
  it("counts a request for a path no route matches (a 404) under the versioning middleware's own pattern, one row per client and day", async () => {
    const { get, usage } = await setup()
    for (const path of ['/api/nowhere', '/api/anything/else']) expect((await get('demo-2025', {}, path)).status).toBe(404)
    const { callers } = await usage.callers('2025-01-01', { until: NOW + 1 })
    expect(callers.map((caller) => [caller.calls, caller.routes])).toEqual([[2, ['/api/*']]])
  })

  it('records each answered request of a client by its id, pinned or explicit, with its route and whether its version was deprecated', async () => {
    const { get, usage, clock } = await setup()
    await get('demo-2025')
    await get('demo-2025', {}, '/api/products/2')
    await get('demo-2025', { 'Api-Version': '2026-06-01' })
    await get('other')
    await get(null)
    clock.now += 40 * DAY
    await get('late', { 'Api-Version': '2025-01-01' })
    const [demo, other, late] = await Promise.all(['demo-2025', 'other', 'late'].map(idOf))
    expect((await usage.callers('2025-01-01', { since: NOW - DAY, until: NOW + DAY })).callers).toEqual([
      { client: demo, calls: 2, lastSeen: NOW, routes: ['/api/products/:id'], deprecated: true },
    ])
    expect((await usage.callers('2025-01-01', { since: NOW - DAY, until: NOW + 50 * DAY })).callers).toEqual([
      { client: demo, calls: 2, lastSeen: NOW, routes: ['/api/products/:id'], deprecated: true },
      { client: late, calls: 1, lastSeen: NOW + 40 * DAY, routes: ['/api/products/:id'], deprecated: true },
    ])
    expect((await usage.callers('2026-06-01', { since: NOW - DAY, until: NOW + DAY })).callers.map((c) => [c.client, c.calls, c.deprecated])).toEqual(
      [
        [demo, 1, false],
        [other, 1, false],
      ].sort((a, b) => (a[0] as string < (b[0] as string) ? -1 : 1)),
    )
  })

  it('never fails a request when the recorder throws', async () => {
    const { get } = await setup({ usage: { record: () => { throw new Error('full') } } })
    expect((await get('demo-2025')).status).toBe(200)
  })
})

describe('clientPins with apiVersioning and a route table', () => {
  it('pins as versionMiddleware does', async () => {
    const versioning = apiVersioning({
      scheme: twoVersions(),
      routes: defineRoutes([include('/api', [route('me', '/me')])]),
      clientVersion: clientPins({ store: memoryPinStore({ [await idOf('k1')]: '1' }), client }),
    })
    const app = new Hono()
    app.use('/api/*', versioning)
    mountRoutes(app, versioning, { me: (c) => c.json({ version: c.var.version }) })
    expect(await versionOf(await app.request('/api/me', { headers: { Authorization: 'Bearer k1' } }))).toBe('1')
    expect(await versionOf(await app.request('/api/me', { headers: { Authorization: 'Bearer k1', 'Api-Version': '2' } }))).toBe('2')
  })
})

describe('clientPins: configuration mistakes fail at construction', () => {
  it.each([
    ['no store', { client }, 'clientPins: store must be a pin store such as d1PinStore(env.DB), kvPinStore(env.PINS) or memoryPinStore().'],
    ['a store of the old shape', { store: { get: () => null, set: () => undefined }, client }, 'clientPins: store must be a pin store such as d1PinStore(env.DB), kvPinStore(env.PINS) or memoryPinStore().'],
    ['no client', { store: memoryPinStore() }, 'clientPins: client must be a function (c) => string | null reading the Hono context, such as bearerClient({ secret: env.PIN_SECRET }) or jwtSubject().'],
    ['an unknown option', { store: memoryPinStore(), client, ttl: 5 }, 'clientPins: unknown option "ttl"; the options are store, client, vary, onLookupError, onStoreError, onRetiredPin, cacheTtl, cacheSize, failureTtl, storeTimeout, rollbackWindow, usage, policy, carriesVersion, now.'],
    ['a bad header in vary', { store: memoryPinStore(), client, vary: ['Bad Header'] }, 'clientPins: vary must list the header names client reads, such as ["Authorization"].'],
    ['an empty vary (a shared cache would give one client\'s pinned answer to another)', { store: memoryPinStore(), client, vary: [] }, 'clientPins: vary must list the header names client reads, such as ["Authorization"]: with none, a shared cache could give one client\'s answer to another. For a client not read from a request header (an address, a TLS certificate), give ["*"]: no shared cache keeps the answer.'],
    ['a bad onLookupError', { store: memoryPinStore(), client, onLookupError: 'retry' }, 'clientPins: onLookupError must be "unavailable" (503) or "default".'],
    ['a negative cacheTtl', { store: memoryPinStore(), client, cacheTtl: -1 }, 'clientPins: cacheTtl must be a number of milliseconds, 0 or more.'],
    ['a negative failureTtl', { store: memoryPinStore(), client, failureTtl: -1 }, 'clientPins: failureTtl must be a number of milliseconds, 0 or more.'],
    ['a rollbackWindow that is not a duration', { store: memoryPinStore(), client, rollbackWindow: '72h' }, 'clientPins: rollbackWindow must be a number of milliseconds, 0 or more, such as 72 * 3_600_000.'],
    // Plain JavaScript: a clock giving text made every cache and rollback time NaN, silently.
    ['a clock giving text', { store: memoryPinStore(), client, now: () => '2026-06-01' }, 'clientPins: now must be a function () => milliseconds since the epoch, such as Date.now.'],
  ])('%s', (_name, options, message) => {
    expect(() => clientPins(options as unknown as ClientPinsOptions)).toThrow(message)
  })

  it('vary ["*"] for a client not read from a header: every answer naming no version lists * in Vary', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore(), client: (c) => c.req.header('X-Forwarded-For') ?? null, vary: ['*'] }) }))
    app.get('/', (c) => c.text(String(c.var.version)))
    // A member "*" tells every cache the answer depends on more than request headers (RFC 9110 §12.5.5): none keeps it for another client.
    const vary = (await app.request('/', { headers: { 'X-Forwarded-For': '192.0.2.1' } })).headers.get('Vary') ?? ''
    expect(vary.split(',').map((name) => name.trim())).toContain('*')
  })

  it.each([
    ['no secret', {}],
    ['a short secret', { secret: 'short' }],
    ['no options', undefined],
  ])('bearerClient with %s', (_name, options) => {
    expect(() => bearerClient(options as never)).toThrow(/^bearerClient: (secret must be a string of at least 32 characters|pass \{ secret: env.PIN_SECRET \})/)
  })

  // Plain JavaScript: a misspelt option was the default, silently (jwtSubject({ claims: 'account' }) read every
  // client's sub), and jwtSubject(null) or kvPinStore(kv, null) threw a TypeError destructuring null.
  const kv = { get: async () => null, put: async () => undefined }
  const db = { prepare: () => undefined, batch: async () => [] }
  const objects = { idFromName: () => undefined, get: () => undefined }
  it.each<[string, () => unknown, string]>([
    ['bearerClient', () => bearerClient({ secret: SECRET, memmo: 0 } as never), 'bearerClient: unknown option "memmo" (did you mean "memo"?); the options are secret, memo.'],
    ['jwtSubject', () => jwtSubject({ claims: 'account' } as never), 'jwtSubject: unknown option "claims" (did you mean "claim"?); the options are variable, claim.'],
    ['jwtSubject given null', () => jwtSubject(null as never), 'jwtSubject: pass an options object with variable, claim.'],
    ['kvPinStore', () => kvPinStore(kv as never, { prefx: 'p:' } as never), 'kvPinStore: unknown option "prefx" (did you mean "prefix"?); the options are prefix, expirationTtl.'],
    ['kvPinStore given null', () => kvPinStore(kv as never, null as never), 'kvPinStore: pass an options object with prefix, expirationTtl.'],
    ['d1PinStore', () => d1PinStore(db as never, { tabel: 'pins' } as never), 'd1PinStore: unknown option "tabel" (did you mean "table"?); the only option is table.'],
    ['durableObjectPinStore', () => durableObjectPinStore(objects as never, { shard: 8 } as never), 'durableObjectPinStore: unknown option "shard" (did you mean "shards"?); the options are shards, name.'],
  ])('%s refuses a misspelt option when made', (_name, make, message) => {
    expect(make).toThrow(new Error(message))
  })

  it('memoryPinStore refuses its initial pins as a Map (its entries are no keys: no pin was kept, silently)', () => {
    expect(() => memoryPinStore(new Map([['account-42', '2025-01-01']]) as never)).toThrow(
      new Error('memoryPinStore: initial must be an object of client id to version, such as { "account-42": "2025-01-01" }.'),
    )
  })

  it('a scheme whose requests always name their version', () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    expect(() => versionMiddleware({ scheme: new URLPathVersioning(), clientVersion: pins })).toThrow(
      'versionMiddleware: clientVersion: a URLPathVersioning (kind "url-path") cannot tell a request without a version; use HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning, HostNameVersioning or CombinedVersioning, or give carriesVersion: (request) => boolean.',
    )
  })

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('a custom scheme whose kind is %j, a name every object has', (kind) => {
    class Custom extends BaseVersioning {
      override readonly kind: string = kind
      override determineVersion(): string | null {
        return this.defaultVersion
      }
    }
    const pins = clientPins({ store: memoryPinStore(), client })
    expect(() => versionMiddleware({ scheme: new Custom({ allowedVersions: ['1'] }), clientVersion: pins })).toThrow(
      `versionMiddleware: clientVersion: a Custom (kind ${JSON.stringify(kind)}) cannot tell a request without a version; use HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning, HostNameVersioning or CombinedVersioning, or give carriesVersion: (request) => boolean.`,
    )
  })

  it('one clientPins given to a second middleware whose scheme allows other versions (upgrade checks one list)', () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins })
    expect(() => versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins })).toThrow(
      'versionMiddleware: clientVersion was given to a middleware already whose scheme allows other versions (1, 2, not 1, 2, 3): upgrade and rollback check a version against one list. Give each middleware its own clientPins({...}) (they may share a store), or schemes that allow the same versions.',
    )
  })

  it('one clientPins given to two middlewares whose schemes allow the same versions', async () => {
    const pins = clientPins({ store: memoryPinStore(), client })
    const app = new Hono()
    app.use('/a/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins }))
    app.use('/b/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['2', '1'], defaultVersion: '1' }), clientVersion: pins }))
    app.get('*', (c) => c.text(String(c.var.version)))
    expect(await (await app.request('/b/x', { headers: { Authorization: 'Bearer both' } })).text()).toBe('1')
    expect(await pins.upgrade(await idOf('both'), '2')).toBe('2')
    expect(await (await app.request('/a/x', { headers: { Authorization: 'Bearer both' } })).text()).toBe('2')
  })

  it("clientPins' policy giving other dates than the middleware's, or where it has none: refused when bound", () => {
    const clock = { now: NOW }
    const fix = "upgrade refuses, and usage counts as deprecated, what one policy says. Give the middleware and clientPins the same versionPolicy({...}) (or leave clientPins' policy out: it reads the middleware's)."
    const later = versionPolicy({ versions: { '2024-01-01': { deprecation: '2025-01-01T00:00:00Z', sunset: '2026-03-01T00:00:00Z' } } })
    expect(() => versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore(), client, policy: later }), policy: policy(clock) })).toThrow(
      `versionMiddleware: clientVersion's policy gives other deprecation or sunset dates than the middleware's: ${fix}`,
    )
    expect(() => versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore(), client, policy: policy(clock) }) })).toThrow(
      `versionMiddleware: clientVersion has a policy, but the middleware has none: ${fix}`,
    )
    // The same value, or another policy giving the same dates (two versionPolicy calls of one configuration).
    const shared = policy(clock)
    expect(() => versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore(), client, policy: shared }), policy: shared })).not.toThrow()
    expect(() => versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore(), client, policy: policy(clock) }), policy: policy(clock) })).not.toThrow()
  })

  it("clientPins without a policy read the middleware's: upgrade refuses a version past its sunset, usage counts a deprecated version's calls so", async () => {
    const clock = { now: NOW }
    const usage = memoryUsage()
    const pins = clientPins({ store: memoryPinStore(), client, usage, now: () => clock.now })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), clientVersion: pins, policy: policy(clock) }))
    app.get('/me', (c) => c.text(String(c.var.version)))
    await expect(pins.upgrade(await idOf('reader'), '2024-01-01')).rejects.toThrow('clientPins.upgrade: 2024-01-01 is past its sunset; pin a supported version.')
    const res = await app.request('/me', { headers: { Authorization: 'Bearer reader', 'Api-Version': '2025-01-01' } })
    expect([res.status, await res.text()]).toEqual([200, '2025-01-01'])
    expect((await usage.callers('2025-01-01')).callers.map((caller) => caller.deprecated)).toEqual([true])
  })

  it('one clientPins given to a second middleware whose policy gives other dates, or none', () => {
    const clock = { now: NOW }
    const pins = clientPins({ store: memoryPinStore(), client })
    versionMiddleware({ scheme: scheme(), clientVersion: pins, policy: policy(clock) })
    versionMiddleware({ scheme: scheme(), clientVersion: pins, policy: policy(clock) })
    expect(() => versionMiddleware({ scheme: scheme(), clientVersion: pins })).toThrow(
      "versionMiddleware: clientVersion was given to a middleware already whose policy gives other deprecation or sunset dates than this one's: upgrade refuses, and usage counts as deprecated, what one policy says.",
    )
  })

  it('a clientVersion that does not come from clientPins', () => {
    expect(() => versionMiddleware({ scheme: new HeaderVersioning(), clientVersion: { bind: () => ({}) } as never })).toThrow('versionMiddleware: clientVersion must come from clientPins({...}).')
  })
})

describe('bearerClient', () => {
  const named = async (authorization: string): Promise<string | null> => {
    const app = new Hono()
    let id: string | null = null
    app.get('/', async (c) => {
      id = await client(c)
      return c.text('')
    })
    await app.request('/', { headers: { Authorization: authorization } })
    return id
  }

  it.each([
    ['Bearer demo-2025', 'demo-2025'],
    ['bearer  demo-2025 ', 'demo-2025'],
    ['Bearer abc+/=', 'abc+/='],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer', null],
    ['Bearer a b', null],
    ['Bearer <script>', null],
    [`Bearer ${'k'.repeat(1025)}`, null],
  ])('%j names the hash of %j', async (authorization, key) => {
    expect(await named(authorization)).toBe(key === null ? null : await idOf(key))
  })

  it.each([
    ['a no-break space after the key', 'Bearer demo-2025\u00a0'],
    ['a vertical tab after it', 'Bearer demo-2025\u000b'],
    ['a form feed after it', 'Bearer demo-2025\u000c'],
  ])('%s names no client, as bearerAuth refuses it (400)', async (_name, authorization) => {
    expect(await named(authorization)).toBe(null)
  })

  it('whitespace before the key is skipped, as bearerAuth skips it: the same client', async () => {
    expect(await named('Bearer \u00a0demo-2025')).toBe(await idOf('demo-2025'))
  })

  it('gives 64 hex characters that depend on the secret, and never the key', async () => {
    const id = await idOf('sk_live_123')
    expect(id).toMatch(/^[0-9a-f]{64}$/)
    expect(await bearerClient({ secret: `${SECRET}!` }).idOf('sk_live_123')).not.toBe(id)
    expect(await client.idOf('sk_live_123')).toBe(id)
  })

  it('idOf hashes any identity of a client of your own (not only a bearer key): HMAC-SHA-256 under the secret, in hex', async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('account 42 <séance>')))
    expect(await client.idOf('account 42 <séance>')).toBe([...mac].map((byte) => byte.toString(16).padStart(2, '0')).join(''))
  })
})

describe('clientPins: the 503 as problem details', () => {
  it('answers a failed lookup with the problem details of ClientVersionUnavailable', async () => {
    const failing: PinStore = { get: () => Promise.reject(new Error('down')), claim: () => Promise.reject(new Error('down')), put: () => Promise.resolve() }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), errorResponse: problemDetails({ typeBase: 'https://api.test/problems/' }), clientVersion: clientPins({ store: failing, client, ...quiet }) }))
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('/', { headers: { Authorization: 'Bearer someone' } })
    expect(res.status).toBe(503)
    expect(res.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await res.json()).toEqual({
      type: 'https://api.test/problems/client-version-unavailable',
      title: "Client's API version unavailable",
      status: 503,
      detail: "The client's API version could not be looked up; retry, or name a version.",
      code: 'ClientVersionUnavailable',
    })
  })
})

describe('webhooks at each endpoint pinned version', () => {
  it('builds an event once in the head shape and delivers it to each endpoint in its pinned version, with history.migrate', async () => {
    const endpoints = memoryPinStore({ 'https://a.test/hook': '2025-01-01', 'https://b.test/hook': '2026-06-01', 'https://c.test/hook': '2024-01-01' })
    const event: ProductBody = { id: 1, title: 'Sencha', price: { amount: 1250, currency: 'EUR' }, category: { name: 'Tea', url: 'https://api.test/releases/categories/tea' }, links: { self: 'https://api.test/releases/products/1' } }
    const frozen = JSON.stringify(event)
    const bodies: Record<string, unknown> = {}
    for (const url of ['https://a.test/hook', 'https://b.test/hook', 'https://c.test/hook']) {
      const version = (await endpoints.get(url))?.version as (typeof releasesHistory.versions)[number]
      bodies[url] = JSON.parse(JSON.stringify(releasesHistory.migrate(event, { as: Product, to: version })))
    }
    const first = { id: 1, name: 'Sencha', price: '12.50', category: 'https://api.test/releases/categories/tea', url: 'https://api.test/releases/products/1' }
    expect(bodies).toEqual({ 'https://a.test/hook': first, 'https://b.test/hook': event, 'https://c.test/hook': first })
    // The event itself is left as it was built.
    expect(JSON.stringify(event)).toBe(frozen)
  })
})
