/**
 * A client pinned to a version the app later retires (takes out of the
 * scheme's allowed versions): the client named no version, so its answer
 * says that its pinned version is no longer served and how to move (a 410
 * `PinnedVersionRetired` naming where a version goes and the versions
 * served, never the stored text), or, with `onRetiredPin`, it is answered
 * in the default or the oldest served version and its pin is moved there
 * once (one read and one write per client, not per request).
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, HeaderVersioning, QueryParameterVersioning, VersioningError, type BaseVersioning } from '../../src/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { bearerClient, clientPins, memoryPinStore, memoryUsage, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import { PinnedVersionRetired } from '../../src/client-pins/retired.ts'
import { countingStore, idOf, NOW, scheme as datedScheme, SECRET } from '../support/client-pins-fixture.ts'

const client = bearerClient({ secret: SECRET })
const header = (): HeaderVersioning => new HeaderVersioning({ allowedVersions: ['2', '3'], defaultVersion: '3' })
const RETIRED = 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 2, 3), or ask for the client to be moved to a version served.'

async function setup(pins: Record<string, string>, options: Partial<ClientPinsOptions> = {}, scheme: BaseVersioning = header(), errorResponse?: ReturnType<typeof problemDetails>) {
  const initial: Record<string, string> = {}
  for (const [key, version] of Object.entries(pins)) initial[await idOf(key)] = version
  const counting = countingStore(memoryPinStore(initial))
  const clock = { now: NOW }
  const api = clientPins({ store: counting.store, client, now: () => clock.now, ...options })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme, clientVersion: api, ...(errorResponse === undefined ? {} : { errorResponse }) }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (key: string, headers: Record<string, string> = {}, path = '/api/things/1') => {
    const res = await app.request(path, { headers: { ...headers, Authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
  }
  return { get, pins: api, clock, ...counting }
}

describe('a client pinned to a retired version, by default', () => {
  it('gets a 410 saying its pinned version is no longer served, where to name one and which are served', async () => {
    const { get } = await setup({ gone: '1' })
    const { status, body, res } = await get('gone')
    expect([status, body]).toEqual([410, { detail: RETIRED }])
    // The answer depends on the credential: a shared cache keeps it per client.
    expect(res.headers.get('Vary')).toBe('Api-Version, Authorization')
  })

  it('never echoes the stored text: a retired version, a version never declared, or version text an attacker chose', async () => {
    for (const stored of ['0.9-retired', '2023-01-01', '<script>alert(1)</script>', 'X-Injected:yes']) {
      const { get } = await setup({ edited: stored })
      const { status, body, res } = await get('edited')
      expect([status, body]).toEqual([410, { detail: RETIRED }])
      const text = JSON.stringify(body) + [...res.headers].join('\n')
      expect(text.includes(stored)).toBe(false)
    }
  })

  it('names the place the scheme reads a version from', async () => {
    const query = new QueryParameterVersioning({ allowedVersions: ['2', '3'], defaultVersion: '3' })
    expect((await (await setup({ q: '1' }, {}, query)).get('q')).body).toEqual({
      detail: 'The API version this client is pinned to is no longer served. Name a version in the "version" query parameter (this API serves 2, 3), or ask for the client to be moved to a version served.',
    })
    const accept = new AcceptHeaderVersioning({ allowedVersions: ['2', '3'], defaultVersion: '3' })
    expect((await (await setup({ a: '1' }, {}, accept)).get('a')).body).toEqual({
      detail: 'The API version this client is pinned to is no longer served. Name a version as the "version" parameter of the Accept header\'s media type (this API serves 2, 3), or ask for the client to be moved to a version served.',
    })
    // A combined scheme: the first of its ways.
    expect((await (await setup({ c: '2023-01-01' }, {}, datedScheme())).get('c')).body).toEqual({
      detail: 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 2024-01-01, 2025-01-01, 2026-06-01), or ask for the client to be moved to a version served.',
    })
  })

  it('is a PinnedVersionRetired (code PinnedApiVersionRetired) through the errorResponse, as problem details too', async () => {
    const { get } = await setup({ gone: '1' }, {}, header(), problemDetails())
    const { status, body, res } = await get('gone')
    expect(res.headers.get('Content-Type')).toBe('application/problem+json')
    expect([status, body]).toEqual([410, { type: 'about:blank', title: 'Gone', status: 410, detail: RETIRED, code: 'PinnedApiVersionRetired' }])
    expect(new PinnedVersionRetired(RETIRED)).toMatchObject({ status: 410, code: 'PinnedApiVersionRetired', detail: RETIRED })
  })

  // PinnedVersionRetired is not exported (docs/entry-points.md): an app's onError matches its cause, with public imports only, as a VersioningError by its code.
  it('reaches app.onError as the cause, a VersioningError whose code is PinnedApiVersionRetired, as docs/entry-points.md tells users to match it', async () => {
    const api = clientPins({ store: memoryPinStore({ [await idOf('gone')]: '1' }), client, now: () => NOW })
    const app = new Hono()
    app.use('/api/*', versionMiddleware({ scheme: header(), clientVersion: api }))
    app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
    app.onError((error, c) => {
      const cause = error.cause
      return cause instanceof VersioningError && cause.code === 'PinnedApiVersionRetired' ? c.json({ retired: true, status: cause.status }, 410) : c.text('other', 500)
    })
    const res = await app.request('/api/things/1', { headers: { Authorization: 'Bearer gone' } })
    expect([res.status, await res.json()]).toEqual([410, { retired: true, status: 410 }])
  })

  it('lets an explicit version through, writes nothing, and reads the store once per cacheTtl', async () => {
    const { get, counts } = await setup({ gone: '1' })
    expect((await get('gone', { 'Api-Version': '2' })).body).toEqual({ version: '2' })
    for (let i = 0; i < 20; i++) expect((await get('gone')).status).toBe(410)
    expect([counts.gets, counts.claims, counts.puts]).toEqual([1, 0, 0])
  })
})

describe('the versions the 410 names, with a version policy', () => {
  const sentence = (served: string): string =>
    `The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves ${served}), or ask for the client to be moved to a version served.`
  // Retiring in two steps (docs/client-versions.md): version 2 is given a sunset and refused after it, while 1 is out of
  // allowedVersions already; a client still pinned to 1 is told which versions it can name.
  async function sunsetApp(refuseAfterSunset: boolean) {
    const clock = { now: Date.parse('2026-05-01T00:00:00Z') }
    const policy = versionPolicy({ versions: { '2': { deprecation: '2026-01-01T00:00:00Z', sunset: '2026-06-01T00:00:00Z' } }, refuseAfterSunset, now: () => clock.now })
    const store = memoryPinStore({ [await idOf('gone')]: '1' })
    const app = new Hono()
    app.use('/api/*', versionMiddleware({ scheme: header(), policy, clientVersion: clientPins({ store, client }) }))
    app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
    const get = async (headers: Record<string, string> = {}) => {
      const res = await app.request('/api/things/1', { headers: { ...headers, Authorization: 'Bearer gone' } })
      return [res.status, await res.json()]
    }
    return { get, clock }
  }

  it('leaves out a version past its sunset that the policy refuses (refuseAfterSunset): naming it would get a 410 too', async () => {
    const { get, clock } = await sunsetApp(true)
    expect(await get()).toEqual([410, { detail: sentence('2, 3') }])
    clock.now = Date.parse('2026-06-01T00:00:00Z')
    expect(await get()).toEqual([410, { detail: sentence('3') }])
    expect(await get({ 'Api-Version': '2' })).toEqual([410, { detail: 'This API version has been sunset.' }])
    expect(await get()).toEqual([410, { detail: sentence('3') }])
  })

  it('keeps a version past its sunset that the policy still serves (no refuseAfterSunset)', async () => {
    const { get, clock } = await sunsetApp(false)
    clock.now = Date.parse('2026-07-01T00:00:00Z')
    expect(await get()).toEqual([410, { detail: sentence('2, 3') }])
    expect(await get({ 'Api-Version': '2' })).toEqual([200, { version: '2' }])
  })
})

describe('the evidence after a version is retired', () => {
  it('counts a refused call of a client pinned to it under the retired version, so callers of that version still lists it', async () => {
    const usage = memoryUsage()
    const { get } = await setup({ gone: '1', also: '1' }, { usage })
    for (let i = 0; i < 3; i++) expect((await get('gone')).status).toBe(410)
    expect((await get('also')).status).toBe(410)
    const callers = (await usage.callers('1')).callers.map((c) => [c.client, c.calls])
    expect(callers).toEqual([[await idOf('gone'), 3], [await idOf('also'), 1]])
  })

  it('1,000 refused calls of 10 clients: 10 store reads, no store write, 10 callers counted', async () => {
    const usage = memoryUsage()
    const keys = Array.from({ length: 10 }, (_, i) => `many-${i}`)
    const { get, counts } = await setup(Object.fromEntries(keys.map((key) => [key, '1'])), { usage })
    for (let i = 0; i < 1000; i++) expect((await get(keys[i % 10] as string)).status).toBe(410)
    expect([counts.gets, counts.claims, counts.puts]).toEqual([10, 0, 0])
    const { callers } = await usage.callers('1', { limit: 100 })
    expect([callers.length, callers.reduce((sum, c) => sum + c.calls, 0)]).toEqual([10, 1000])
  })

  it('counts nothing for a pin whose text cannot be a version', async () => {
    const usage = memoryUsage()
    const { get } = await setup({ broken: '1\r\nX: y' }, { usage })
    expect((await get('broken')).status).toBe(410)
    for (const version of ['1', '2', '3']) expect((await usage.callers(version)).callers).toEqual([])
  })
})

describe('onRetiredPin: a fallback, the pin moved once', () => {
  it.each([
    ['default', '3'],
    ['oldest', '2'],
  ] as const)('"%s": answered in %s, the pin moved there once for 50 requests, keeping the retired version as previous', async (onRetiredPin, version) => {
    const { get, pins, counts } = await setup({ gone: '1' }, { onRetiredPin })
    for (let i = 0; i < 50; i++) expect((await get('gone')).body).toEqual({ version })
    expect([counts.gets, counts.claims, counts.puts]).toEqual([2, 0, 1])
    expect(await pins.pinOf(await idOf('gone'))).toEqual({ version, previous: '1', movedAt: NOW })
    // The move cannot be rolled back to a version no longer served.
    await expect(pins.rollback(await idOf('gone'))).rejects.toThrow('clientPins.rollback: "1" is not a version this API serves (2, 3).')
  })

  it('concurrent requests of one client share one move', async () => {
    const { get, counts, state } = await setup({ gone: '1' }, { onRetiredPin: 'default' })
    state.lag = 5
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('gone')))
    expect(answers.map((a) => a.body['version'])).toEqual(Array(10).fill('3'))
    expect(counts.puts).toBe(1)
  })

  it('leaves a pin an operator moved meanwhile as it is', async () => {
    const { get, pins, counts, store } = await setup({ gone: '1' }, { onRetiredPin: 'default', cacheTtl: 0 })
    const inner = store.get
    let moved = false
    // The operator upgrades the client between the request's read and the move's own read.
    store.get = async (id) => {
      const pin = await inner(id)
      if (!moved && pin?.version === '1' && counts.gets === 2) {
        moved = true
        await store.put(id, { version: '2', previous: '1', movedAt: NOW })
        return inner(id)
      }
      return pin
    }
    expect((await get('gone')).body).toEqual({ version: '3' })
    expect((await pins.pinOf(await idOf('gone')))?.version).toBe('2')
    expect((await get('gone')).body).toEqual({ version: '2' })
  })

  it('a move that fails: answered in the fallback, tried again after failureTtl, not per request', async () => {
    const { get, counts, state, clock, pins } = await setup({ gone: '1' }, { onRetiredPin: 'default', failureTtl: 1000, onStoreError: () => {} })
    state.failWrites = true
    for (let i = 0; i < 10; i++) expect((await get('gone')).body).toEqual({ version: '3' })
    expect(counts.puts).toBe(1)
    clock.now += 1001
    state.failWrites = false
    for (let i = 0; i < 10; i++) expect((await get('gone')).body).toEqual({ version: '3' })
    expect(counts.puts).toBe(2)
    expect((await pins.pinOf(await idOf('gone')))?.version).toBe('3')
  })

  it('a pin whose text cannot be a version (a damaged entry) is answered in the fallback but not moved', async () => {
    const { get, counts } = await setup({ broken: '1\r\nX: y' }, { onRetiredPin: 'default' })
    expect(await get('broken')).toMatchObject({ status: 200, body: { version: '3' } })
    expect(counts.puts).toBe(0)
  })

  it('counts the call under the version answered', async () => {
    const usage = memoryUsage()
    const { get } = await setup({ gone: '1' }, { onRetiredPin: 'oldest', usage })
    await get('gone')
    expect((await usage.callers('2')).callers.map((c) => c.client)).toEqual([await idOf('gone')])
  })

  it('is refused at construction when the scheme has no default ("default") or no versions listed ("oldest")', () => {
    const store: PinStore = memoryPinStore()
    const noDefault = new HeaderVersioning({ allowedVersions: ['2', '3'] })
    expect(() => versionMiddleware({ scheme: noDefault, clientVersion: clientPins({ store, client, onRetiredPin: 'default' }) })).toThrow(
      'versionMiddleware: clientVersion\'s onRetiredPin "default" needs the scheme to have a defaultVersion; give it one, or use "oldest" or "refuse".',
    )
    const open = new HeaderVersioning({ defaultVersion: '3' })
    expect(() => versionMiddleware({ scheme: open, clientVersion: clientPins({ store, client, onRetiredPin: 'oldest' }) })).toThrow(
      'versionMiddleware: clientVersion\'s onRetiredPin "oldest" needs the scheme to list its versions (allowedVersions), oldest first; give it allowedVersions, or use "default" or "refuse".',
    )
    expect(() => clientPins({ store, client, onRetiredPin: 'newest' as never })).toThrow('clientPins: onRetiredPin must be "refuse" (a 410), "default" or "oldest".')
  })
})
