/**
 * The D1 stores' `table` on workerd's real D1 (SQLite): a name SQL keeps for
 * itself (`order`, `group`, `index`) passes the name check, so the stores
 * quote it and it names a table. Before, every statement failed ("near
 * "order": syntax error"): each lookup was a failed read, a 503 for
 * `failureTtl`, and every usage batch was dropped, with nothing said when
 * the store was made. A name SQLite keeps for its own tables (`sqlite_...`)
 * is refused when the store is made.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { d1PinStore, d1Usage } from '../../src/client-pins/index.ts'

describe('a D1 table named with an SQL keyword', () => {
  it.each(['order', 'group', 'index'])('d1PinStore({ table: %j }) claims, reads and moves a pin', async (table) => {
    const store = d1PinStore(env.USAGE, { table })
    expect(await store.claim('client-1', '1')).toEqual({ version: '1', previous: null, movedAt: null })
    expect(await store.get('client-1')).toEqual({ version: '1', previous: null, movedAt: null })
    await store.put('client-1', { version: '2', previous: '1', movedAt: 5 })
    expect(await store.get('client-1')).toEqual({ version: '2', previous: '1', movedAt: 5 })
  })

  it.each(['values', 'select'])('d1Usage({ table: %j }) writes its rows and lists the callers', async (table) => {
    const usage = d1Usage(env.USAGE, { table, flushMs: 30_000, waitUntil: (promise) => void promise })
    const at = Date.UTC(2026, 0, 10)
    usage.record({ version: '1', client: 'client-1', route: '/items', deprecated: false, at })
    usage.record({ version: '1', client: 'client-1', route: '/items', deprecated: false, at })
    await usage.flush()
    expect((await usage.callers('1', { since: at - 1000, until: at + 1000 })).callers.map((c) => [c.client, c.calls])).toEqual([['client-1', 2]])
  })

  it('refuses a name SQLite keeps for its own tables, when the store is made', () => {
    const message = 'table cannot start with "sqlite_", which SQLite keeps for its own tables; use a name such as "client_pins".'
    expect(() => d1PinStore(env.USAGE, { table: 'sqlite_pins' })).toThrow(new Error(`d1PinStore: ${message}`))
    expect(() => d1Usage(env.USAGE, { table: 'SQLITE_usage', waitUntil: (promise) => void promise })).toThrow(new Error(`d1Usage: ${message}`))
  })
})
