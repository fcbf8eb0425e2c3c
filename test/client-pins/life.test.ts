/**
 * A pin's life as a demanding user lives it: a client whose first request
 * names its version (answered in it, not pinned: its first request naming
 * none pins it), credentials in odd forms (two Authorization headers, the
 * scheme in lower case, extra spaces, non-ASCII), a version retired while
 * the fallback `onRetiredPin: 'oldest'` would land on a version past its
 * sunset.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { bearerClient, clientPins, memoryPinStore, type ClientPinsOptions } from '../../src/client-pins/index.ts'
import { countingStore, DAY, idOf, NOW, SECRET } from '../support/client-pins-fixture.ts'

const client = bearerClient({ secret: SECRET })

async function setup(initial: Record<string, string> = {}, options: Partial<ClientPinsOptions> = {}, allowedVersions = ['1', '2', '3'], policy?: ReturnType<typeof versionPolicy>) {
  const pins: Record<string, string> = {}
  for (const [key, version] of Object.entries(initial)) pins[await idOf(key)] = version
  const counting = countingStore(memoryPinStore(pins))
  const api = clientPins({ store: counting.store, client, now: () => NOW, ...(policy === undefined ? {} : { policy }), ...options })
  const app = new Hono()
  app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions, defaultVersion: '3' }), clientVersion: api, ...(policy === undefined ? {} : { policy }) }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (headers: HeadersInit) => {
    const res = await app.request('/api/things/1', { headers })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  return { get, pins: api, ...counting }
}

describe('a new client whose first request names its version', () => {
  it('is answered in it and not pinned; its first request naming none pins it to the default, once', async () => {
    const { get, pins, counts } = await setup()
    expect(await get({ Authorization: 'Bearer first-named', 'Api-Version': '1' })).toEqual({ status: 200, body: { version: '1' } })
    expect(await pins.pinOf(await idOf('first-named'))).toBeNull()
    expect(counts.claims).toBe(0)
    expect(await get({ Authorization: 'Bearer first-named' })).toEqual({ status: 200, body: { version: '3' } })
    expect(await get({ Authorization: 'Bearer first-named', 'Api-Version': '2' })).toEqual({ status: 200, body: { version: '2' } })
    expect(await get({ Authorization: 'Bearer first-named' })).toEqual({ status: 200, body: { version: '3' } })
    // One read by the request, one by pinOf; one claim.
    expect([counts.gets, counts.claims, counts.puts]).toEqual([2, 1, 0])
  })
})

describe('credentials in odd forms', () => {
  it('two Authorization headers name no client: the default, nothing read or written', async () => {
    const { get, counts } = await setup({ 'key-one': '1' })
    const headers = new Headers()
    headers.append('Authorization', 'Bearer key-one')
    headers.append('Authorization', 'Bearer key-two')
    expect(await get(headers)).toEqual({ status: 200, body: { version: '3' } })
    expect([counts.gets, counts.claims, counts.puts]).toEqual([0, 0, 0])
  })

  it('the scheme in lower case, or spaces around the key, name the same client as "Bearer <key>"', async () => {
    const { get, counts } = await setup({ 'same-key': '1' })
    for (const value of ['Bearer same-key', 'bearer same-key', 'BEARER same-key', 'Bearer    same-key  ']) {
      expect(await get({ Authorization: value })).toEqual({ status: 200, body: { version: '1' } })
    }
    expect([counts.gets, counts.claims, counts.puts]).toEqual([1, 0, 0])
  })

  it('a key with Latin-1 or encoded non-ASCII characters, or only spaces, names no client', async () => {
    const { get, counts } = await setup()
    for (const value of ['Bearer caf\u00e9', 'Bearer %E2%9C%93-key', 'Bearer        ', 'Bearer\tkey']) {
      expect(await get({ Authorization: value })).toEqual({ status: 200, body: { version: '3' } })
    }
    expect([counts.gets, counts.claims, counts.puts]).toEqual([0, 0, 0])
  })
})

describe('onRetiredPin "oldest" with a version policy', () => {
  it('moves a client to the oldest version served that is not past its sunset, not to one the policy refuses', async () => {
    const policy = versionPolicy({ versions: { '2': { deprecation: new Date(NOW - 60 * DAY).toISOString(), sunset: new Date(NOW - DAY).toISOString() } }, refuseAfterSunset: true, now: () => NOW })
    const { get, pins, counts } = await setup({ 'old-key': '1' }, { onRetiredPin: 'oldest' }, ['2', '3'], policy)
    expect(await get({ Authorization: 'Bearer old-key' })).toEqual({ status: 200, body: { version: '3' } })
    expect(await pins.pinOf(await idOf('old-key'))).toEqual({ version: '3', previous: '1', movedAt: NOW })
    expect(counts.puts).toBe(1)
  })

  it('when every version served is past its sunset: the last, refused with the policy\'s 410 and not moved, or, without refuseAfterSunset, answered in it and moved there', async () => {
    const sunset = { deprecation: new Date(NOW - 60 * DAY).toISOString(), sunset: new Date(NOW - DAY).toISOString() }
    for (const refuseAfterSunset of [true, false]) {
      const policy = versionPolicy({ versions: { '2': sunset, '3': sunset }, refuseAfterSunset, now: () => NOW })
      const { get, pins, counts } = await setup({ 'old-key': '1' }, { onRetiredPin: 'oldest' }, ['2', '3'], policy)
      const { status } = await get({ Authorization: 'Bearer old-key' })
      const pin = await pins.pinOf(await idOf('old-key'))
      expect([status, pin?.version, counts.puts]).toEqual(refuseAfterSunset ? [410, '1', 0] : [200, '3', 1])
    }
  })
})
