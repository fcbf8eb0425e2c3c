/**
 * Pins hand-edited in Workers KV (the real binding inside workerd), against
 * the same edit in D1: an entry that is not a pin (broken JSON, JSON whose
 * version is not text, an empty value) is answered as D1 answers an
 * unreadable row (the default version) and is left as it is for the
 * operator to find, never overwritten by a first pin; an entry whose text
 * cannot be a version is refused as one the scheme does not serve, and a
 * version not declared gets the retired pin's 410, in both stores.
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bearerClient, clientPins, d1PinStore, kvPinStore, type PinStore } from '../../src/client-pins/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { countingStore, idOf, SECRET } from '../support/client-pins-fixture.ts'

const client = bearerClient({ secret: SECRET })
const unique = (): string => `edited_${crypto.randomUUID().replaceAll('-', '')}`

function app(store: PinStore) {
  const counting = countingStore(store)
  const hono = new Hono()
  hono.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: clientPins({ store: counting.store, client, cacheTtl: 0 }) }))
  hono.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (key: string) => {
    const res = await hono.request('/api/things/1', { headers: { Authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  return { get, ...counting }
}

const unpinned = { status: 200, body: { version: '3' } }
const retired = {
  status: 410,
  body: { detail: 'The API version this client is pinned to is no longer served. Name a version in the "Api-Version" header (this API serves 1, 2, 3), or ask for the client to be moved to a version served.' },
}

describe('a pin hand-edited in KV, answered as the same edit in D1', () => {
  const edits: [string, string, string | null, { status: number; body: Record<string, unknown> }][] = [
    // [name, the KV value, the D1 version column (null: the row's version is a blob, unreadable), the answer]
    ['broken JSON', '{"version":"1"', null, unpinned],
    ['JSON whose version is a number', '{"version":1}', null, unpinned],
    ['an empty value (D1: an empty version)', '', '', unpinned],
    ['a line break and a header', '1\r\nX-Injected: yes', '1\r\nX-Injected: yes', retired],
    ['a version never declared', '0.9', '0.9', retired],
  ]
  it.each(edits)('%s', async (_name, kvValue, d1Value, expected) => {
    const key = `edited-${crypto.randomUUID()}`
    const id = await idOf(key)
    const prefix = `${unique()}:`
    await env.PINS.put(prefix + id, kvValue)
    const table = unique()
    const d1 = d1PinStore(env.USAGE, { table })
    await d1.claim(id, '2')
    if (d1Value === null) await env.USAGE.prepare(`UPDATE ${table} SET version = ? WHERE client = ?`).bind(new Uint8Array([0, 255]).buffer, id).run()
    else await env.USAGE.prepare(`UPDATE ${table} SET version = ? WHERE client = ?`).bind(d1Value, id).run()
    const onKV = app(kvPinStore(env.PINS, { prefix }))
    const onD1 = app(d1)
    for (let i = 0; i < 3; i++) expect([await onKV.get(key), await onD1.get(key)]).toEqual([expected, expected])
    // Neither store's entry is overwritten: the operator finds it as it was edited.
    expect(await env.PINS.get(prefix + id)).toBe(kvValue)
    // With cacheTtl 0, each request reads the entry; one that is no pin is claimed too (a read, no write), as in D1.
    const claims = expected === unpinned ? 3 : 0
    expect([onKV.counts.gets, onKV.counts.claims, onKV.counts.puts]).toEqual([3, claims, 0])
    expect([onD1.counts.gets, onD1.counts.claims, onD1.counts.puts]).toEqual([3, claims, 0])
  })
})
