/**
 * Each client pinned to its version (`clientPins`) with the in-memory store,
 * through the Hono middleware: pin on first request, explicit override,
 * upgrade, lookup failure, cache, `Vary`, and who called each version.
 * test/workers/client-pins.test.ts runs the same behaviour on Workers KV and D1.
 *
 * A portable file: Web APIs, hono and vitest only (no `node:*`), so it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { CombinedVersioning, defineRoutes, HeaderVersioning, include, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { dateVersions } from '../../src/formats/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { Product, releasesHistory, type ProductBody } from '../../worker-example/changes.ts'
import { bearerClient, clientPins, memoryPinStore, memoryUsage, type ClientPinsOptions, type PinStore } from '../../src/clients/index.ts'

const NOW = Date.UTC(2026, 8, 1)
const DAY = 86_400_000

function scheme(defaultVersion = '2026-06-01'): CombinedVersioning {
  return new CombinedVersioning({
    schemes: [new HeaderVersioning({ header: 'Api-Version' }), new QueryParameterVersioning()],
    allowedVersions: ['2024-01-01', '2025-01-01', '2026-06-01'],
    defaultVersion,
    versionFormat: dateVersions(),
  })
}

function policy(clock: { now: number }) {
  return versionPolicy({
    versions: {
      '2024-01-01': { deprecation: '2025-01-01T00:00:00Z', sunset: '2026-01-01T00:00:00Z' },
      '2025-01-01': { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z' },
    },
    refuseAfterSunset: true,
    now: () => clock.now,
  })
}

/** A store that counts its reads and writes, and can be made to fail. */
function countingStore(initial: Record<string, string> = {}) {
  const inner = memoryPinStore(initial)
  const counts = { gets: 0, sets: 0 }
  const state = { failing: false }
  const store: PinStore = {
    get: (client) => {
      counts.gets++
      return state.failing ? Promise.reject(new Error('KV is down')) : inner.get(client)
    },
    set: (client, version) => {
      counts.sets++
      return state.failing ? Promise.reject(new Error('KV is down')) : inner.set(client, version)
    },
  }
  return { store, counts, state }
}

function setup(options: Partial<ClientPinsOptions> = {}, defaultVersion?: string) {
  const clock = { now: NOW }
  const counting = countingStore({ 'demo-2025': '2025-01-01' })
  const usage = memoryUsage()
  const lifecycle = policy(clock)
  const pins = clientPins({ store: counting.store, client: bearerClient(), usage, policy: lifecycle, now: () => clock.now, ...options })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: scheme(defaultVersion), policy: lifecycle, clientVersion: pins }))
  app.get('/api/products/:id', (c) => c.json({ version: c.var.version }))
  const get = (key: string | null, headers: Record<string, string> = {}, path = '/api/products/1') =>
    app.request(path, { headers: key === null ? headers : { ...headers, Authorization: `Bearer ${key}` } })
  return { app, pins, get, clock, usage, ...counting }
}

const versionOf = async (res: Response): Promise<unknown> => ((await res.json()) as { version: unknown }).version

describe('clientPins: the version of a request that names none', () => {
  it('answers a pinned client in its pinned version', async () => {
    const { get } = setup()
    const res = await get('demo-2025')
    expect(res.status).toBe(200)
    expect(await versionOf(res)).toBe('2025-01-01')
  })

  it('pins a new client to the default version at its first request, and keeps it', async () => {
    const { get, pins, counts } = setup()
    expect(await pins.pinOf('new-key')).toBeNull()
    expect(await versionOf(await get('new-key'))).toBe('2026-06-01')
    expect(await versionOf(await get('new-key'))).toBe('2026-06-01')
    expect(await pins.pinOf('new-key')).toBe('2026-06-01')
    expect(counts.sets).toBe(1)
  })

  it('keeps a pin when the default version moves on', async () => {
    const store = memoryPinStore()
    const first = new Hono()
    first.use('*', versionMiddleware({ scheme: scheme('2025-01-01'), clientVersion: clientPins({ store, client: bearerClient() }) }))
    first.get('/', (c) => c.text(String(c.var.version)))
    expect(await (await first.request('/', { headers: { Authorization: 'Bearer early' } })).text()).toBe('2025-01-01')
    const later = new Hono()
    later.use('*', versionMiddleware({ scheme: scheme('2026-06-01'), clientVersion: clientPins({ store, client: bearerClient() }) }))
    later.get('/', (c) => c.text(String(c.var.version)))
    expect(await (await later.request('/', { headers: { Authorization: 'Bearer early' } })).text()).toBe('2025-01-01')
    expect(await (await later.request('/', { headers: { Authorization: 'Bearer late' } })).text()).toBe('2026-06-01')
  })

  it('gives a request without a client the default version, and pins nothing', async () => {
    const { get, counts } = setup()
    for (const headers of [{}, { Authorization: 'Basic dXNlcjpwYXNz' }, { Authorization: 'Bearer ' }, { Authorization: `Bearer ${'k'.repeat(300)}` }]) {
      expect(await versionOf(await get(null, headers))).toBe('2026-06-01')
    }
    expect(counts).toEqual({ gets: 0, sets: 0 })
  })

  it.each([
    ['the header', { 'Api-Version': '2026-06-01' }, '/api/products/1', '2026-06-01'],
    ['the header, as a date resolved to its release', { 'Api-Version': '2026-07-15' }, '/api/products/1', '2026-06-01'],
    ['the query', {}, '/api/products/1?version=2026-06-01', '2026-06-01'],
    ['the header naming the default', { 'Api-Version': '2026-06-01' }, '/api/products/1', '2026-06-01'],
  ])('lets an explicit version in %s win over the pin', async (_name, headers, path, version) => {
    const { get, counts } = setup()
    expect(await versionOf(await get('demo-2025', headers, path))).toBe(version)
    expect(counts.gets).toBe(0)
  })

  it('lists the credential header in Vary on the answer to a request that names no version, with or without a client', async () => {
    const { get, state } = setup()
    for (const key of ['demo-2025', null]) {
      const vary = (await get(key)).headers.get('Vary') ?? ''
      expect(vary.split(',').map((v) => v.trim().toLowerCase()).sort()).toEqual(['api-version', 'authorization'])
    }
    state.failing = true
    expect((await get('demo-2025')).headers.get('Vary')).toBe('Api-Version, Authorization')
  })

  it.each([
    ['an explicit version', { 'Api-Version': '2026-06-01' }, 200],
    ['a version the scheme refuses', { 'Api-Version': '1999-01-01' }, 404],
  ])('leaves the credential out of Vary for %s', async (_name, headers, status) => {
    const { get } = setup()
    const res = await get('demo-2025', headers)
    expect(res.status).toBe(status)
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })

  it('refuses a client pinned to a version past its sunset with the policy (410)', async () => {
    const { get } = setup()
    const store = memoryPinStore({ old: '2024-01-01' })
    const clock = { now: NOW }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), policy: policy(clock), clientVersion: clientPins({ store, client: bearerClient() }) }))
    app.get('/', (c) => c.text('ok'))
    expect((await app.request('/', { headers: { Authorization: 'Bearer old' } })).status).toBe(410)
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
  })

  it('refuses a client pinned to a version the scheme no longer serves as an invalid version (404)', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: memoryPinStore({ gone: '2023-01-01' }), client: bearerClient() }) }))
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('/', { headers: { Authorization: 'Bearer gone' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Invalid version.' })
  })
})

describe('clientPins: lookup failure', () => {
  it('answers 503 with a fixed body by default', async () => {
    const { get, state } = setup()
    state.failing = true
    const res = await get('demo-2025')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ detail: "The client's API version could not be looked up; retry, or name a version." })
    expect(res.headers.get('Vary')).toContain('Authorization')
  })

  it('answers in the default version with onLookupError: "default", and caches nothing', async () => {
    const { get, state, counts } = setup({ onLookupError: 'default' })
    state.failing = true
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    state.failing = false
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(counts.gets).toBe(2)
  })

  it('still answers a request that names its version', async () => {
    const { get, state } = setup()
    state.failing = true
    expect(await versionOf(await get('demo-2025', { 'Api-Version': '2025-01-01' }))).toBe('2025-01-01')
  })

  it('answers a client function that throws as a failed lookup, unless the request names its version', async () => {
    const { get } = setup({ client: () => { throw new Error('bad token') } })
    expect((await get('demo-2025')).status).toBe(503)
    expect(await versionOf(await get('demo-2025', { 'Api-Version': '2025-01-01' }))).toBe('2025-01-01')
    const lenient = setup({ client: () => { throw new Error('bad token') }, onLookupError: 'default' })
    expect(await versionOf(await lenient.get('demo-2025'))).toBe('2026-06-01')
  })

  it('takes a store value that is not text as no pin', async () => {
    const { get, store } = setup()
    store.get = () => Promise.resolve(undefined as unknown as null)
    expect(await versionOf(await get('odd'))).toBe('2026-06-01')
  })

  it('answers a new client in the default version when its pin cannot be written, and pins it later', async () => {
    const { get, store, pins } = setup()
    const set = store.set
    store.set = () => Promise.reject(new Error('KV is down'))
    expect(await versionOf(await get('fresh'))).toBe('2026-06-01')
    store.set = set
    expect(await versionOf(await get('fresh'))).toBe('2026-06-01')
    expect(await pins.pinOf('fresh')).toBe('2026-06-01')
  })
})

describe('clientPins: cache', () => {
  it('reads the store once per client while the cache holds the pin', async () => {
    const { get, counts, clock } = setup({ cacheTtl: 60_000 })
    for (let i = 0; i < 5; i++) expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(counts.gets).toBe(1)
    clock.now += 60_001
    await get('demo-2025')
    expect(counts.gets).toBe(2)
  })

  it('reads the store on every request with cacheTtl: 0', async () => {
    const { get, counts } = setup({ cacheTtl: 0 })
    await get('demo-2025')
    await get('demo-2025')
    expect(counts.gets).toBe(2)
  })
})

describe('clientPins: upgrade', () => {
  it('moves a pin, and the next request is answered in the new version', async () => {
    const { get, pins } = setup()
    expect(await versionOf(await get('demo-2025'))).toBe('2025-01-01')
    expect(await pins.upgrade('demo-2025', '2026-06-01')).toBe('2026-06-01')
    expect(await versionOf(await get('demo-2025'))).toBe('2026-06-01')
    expect(await pins.pinOf('demo-2025')).toBe('2026-06-01')
  })

  it('resolves a date to its release as a request would', async () => {
    const { pins } = setup()
    expect(await pins.upgrade('someone', '2026-10-01')).toBe('2026-06-01')
  })

  it.each([
    ['an unknown version', 'v9', 'clientPins.upgrade: "v9" is not a version this API serves (2024-01-01, 2025-01-01, 2026-06-01).'],
    ['a version past its sunset', '2024-01-01', 'clientPins.upgrade: 2024-01-01 is past its sunset; pin a supported version.'],
  ])('refuses %s', async (_name, version, message) => {
    const { pins } = setup()
    await expect(pins.upgrade('demo-2025', version)).rejects.toThrow(expect.objectContaining({ name: 'UpgradeRefused', message }))
    expect(await pins.pinOf('demo-2025')).toBe('2025-01-01')
  })

  it('refuses before the pins are given to a middleware', async () => {
    const pins = clientPins({ store: memoryPinStore(), client: bearerClient() })
    await expect(pins.upgrade('a', '1')).rejects.toThrow(/give the pins to a middleware/)
  })
})

describe('clientPins: who calls each version', () => {
  it('records each answered request of a client, pinned or explicit, with its route and whether its version was deprecated', async () => {
    const { get, usage, clock } = setup()
    await get('demo-2025')
    await get('demo-2025', {}, '/api/products/2')
    await get('demo-2025', { 'Api-Version': '2026-06-01' })
    await get('other')
    await get(null)
    clock.now += 40 * DAY
    await get('late', { 'Api-Version': '2025-01-01' })
    expect(await usage.callers('2025-01-01', { since: NOW - DAY, until: NOW + DAY })).toEqual([
      { client: 'demo-2025', calls: 2, lastSeen: NOW, routes: ['/api/products/:id'], deprecated: true },
    ])
    expect(await usage.callers('2025-01-01', { since: NOW - DAY, until: NOW + 50 * DAY })).toEqual([
      { client: 'demo-2025', calls: 2, lastSeen: NOW, routes: ['/api/products/:id'], deprecated: true },
      { client: 'late', calls: 1, lastSeen: NOW + 40 * DAY, routes: ['/api/products/:id'], deprecated: true },
    ])
    expect((await usage.callers('2026-06-01', { since: NOW - DAY, until: NOW + DAY })).map((c) => [c.client, c.calls, c.deprecated])).toEqual([
      ['demo-2025', 1, false],
      ['other', 1, false],
    ])
  })

  it('never fails a request when the recorder throws', async () => {
    const { get } = setup({ usage: { record: () => { throw new Error('full') } } })
    expect((await get('demo-2025')).status).toBe(200)
  })
})

describe('clientPins with apiVersioning and a route table', () => {
  it('pins as versionMiddleware does', async () => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
      routes: defineRoutes([include('/api', [route('me', '/me')])]),
      clientVersion: clientPins({ store: memoryPinStore({ k1: '1' }), client: bearerClient() }),
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
    ['no store', { client: bearerClient() }, 'clientPins: store must be a pin store such as kvPinStore(env.PINS) or memoryPinStore().'],
    ['no client', { store: memoryPinStore() }, 'clientPins: client must be a function (request) => string | null, such as bearerClient().'],
    ['an unknown option', { store: memoryPinStore(), client: bearerClient(), ttl: 5 }, 'clientPins: unknown option "ttl"; the options are store, client, vary, onLookupError, cacheTtl, cacheSize, usage, policy, carriesVersion, now.'],
    ['a bad header in vary', { store: memoryPinStore(), client: bearerClient(), vary: ['Bad Header'] }, 'clientPins: vary must list the header names client reads, such as ["Authorization"].'],
    ['a bad onLookupError', { store: memoryPinStore(), client: bearerClient(), onLookupError: 'retry' }, 'clientPins: onLookupError must be "unavailable" (503) or "default".'],
    ['a negative cacheTtl', { store: memoryPinStore(), client: bearerClient(), cacheTtl: -1 }, 'clientPins: cacheTtl must be a number of milliseconds, 0 or more.'],
  ])('%s', (_name, options, message) => {
    expect(() => clientPins(options as unknown as ClientPinsOptions)).toThrow(message)
  })

  it('a scheme whose requests always name their version', () => {
    const pins = clientPins({ store: memoryPinStore(), client: bearerClient() })
    expect(() => versionMiddleware({ scheme: new URLPathVersioning(), clientVersion: pins })).toThrow(
      'versionMiddleware: clientVersion: a URLPathVersioning (kind "url-path") cannot tell a request without a version; use HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning, HostNameVersioning or CombinedVersioning, or give carriesVersion: (request) => boolean.',
    )
  })

  it('a clientVersion that does not come from clientPins', () => {
    expect(() => versionMiddleware({ scheme: new HeaderVersioning(), clientVersion: { bind: () => ({}) } as never })).toThrow('versionMiddleware: clientVersion must come from clientPins({...}).')
  })
})

describe('bearerClient', () => {
  it.each([
    ['Bearer demo-2025', 'demo-2025'],
    ['bearer  demo-2025 ', 'demo-2025'],
    ['Bearer abc+/=', 'abc+/='],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer', null],
    ['Bearer a b', null],
    ['Bearer <script>', null],
  ])('%j names %j', (authorization, client) => {
    expect(bearerClient()(new Request('https://api.test/', { headers: { Authorization: authorization } }))).toBe(client)
  })
})

describe('clientPins: the 503 as problem details', () => {
  it('answers a failed lookup with the problem details of ClientVersionUnavailable', async () => {
    const failing: PinStore = { get: () => Promise.reject(new Error('down')), set: () => Promise.resolve() }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), errorResponse: problemDetails({ typeBase: 'https://api.test/problems/' }), clientVersion: clientPins({ store: failing, client: bearerClient() }) }))
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
      const version = (await endpoints.get(url)) as (typeof releasesHistory.versions)[number]
      bodies[url] = JSON.parse(JSON.stringify(releasesHistory.migrate(event, { as: Product, to: version })))
    }
    const first = { id: 1, name: 'Sencha', price: '12.50', category: 'https://api.test/releases/categories/tea', url: 'https://api.test/releases/products/1' }
    expect(bodies).toEqual({ 'https://a.test/hook': first, 'https://b.test/hook': event, 'https://c.test/hook': first })
    // The event itself is left as it was built.
    expect(JSON.stringify(event)).toBe(frozen)
  })
})
