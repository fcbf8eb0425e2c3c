/**
 * The typed clients of an app composed with `app.route('/api', sub)`, typed
 * from the root app, over a real HTTP server (@hono/node-server on loopback)
 * and the global `fetch`: each version's client gets its own shape, reaches
 * the routes and the path of its version, and sends its own parameter and
 * header names; Hono's `hc` on the same app gets the head's answers.
 * (test/typed-client/composed-apps.test.ts calls the same apps in process on
 * the four runtimes.)
 */
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { hc } from 'hono/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionedClient } from '../../../src/typed-client/index.ts'
import { plainApp, plainHistory, zodOpenAPIApp } from '../../typed-client/composed-api.ts'

const plain = plainApp()
const zod = zodOpenAPIApp()
const servers: ServerType[] = []
const origins = { plain: '', zod: '' }

/** Serves `fetch` on a free loopback port; gives its origin. */
function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    servers.push(serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`)))
  })
}
beforeAll(async () => {
  origins.plain = await listen(plain.fetch)
  origins.zod = await listen(zod.fetch)
})
afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))))

const scheme = { in: 'header', name: 'Api-Version' } as const

/** Status and body of an answer. */
async function answer(res: { status: number; json(): Promise<unknown> }): Promise<[number, unknown]> {
  return [res.status, await res.json()]
}

describe('served on loopback, the clients of a composed app typed from the root app', () => {
  for (const style of ['plain', 'zod'] as const) {
    it(`${style === 'plain' ? 'plain Hono' : '@hono/zod-openapi'}: each version its own shape, routes, names and paths`, async () => {
      const api = style === 'plain' ? versionedClient<typeof plain, typeof plainHistory>(origins.plain, { scheme }) : versionedClient<typeof zod, typeof plainHistory>(origins.zod, { scheme })
      const [v1, v2] = [api('1'), api('2')]
      expect(await answer(await v1.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, name: 'Ada Lovelace' }])
      expect(await answer(await v2.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, fullName: 'Ada Lovelace' }])
      expect(await answer(await v1.api.people.$get({ query: { q: 'Ada' }, header: { 'x-team': 't' } }))).toEqual([200, { items: [{ id: 1, name: 'Ada Lovelace' }], search: 'Ada', group: 't' }])
      expect(await answer(await v2.api.people.$get({ query: { search: 'Ada' }, header: { 'x-group': 't' } }))).toEqual([200, { items: [{ id: 1, fullName: 'Ada Lovelace' }], search: 'Ada', group: 't' }])
      expect((await v2.api.people[':id'].avatar.$get({ param: { id: '7' } })).status).toBe(200)
      expect((await v1.api.export.$get()).status).toBe(200)
      expect(await answer(await v1.api.staff[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, name: 'Ada Lovelace' }])
      expect(await answer(await v2.api.members[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, fullName: 'Ada Lovelace' }])
      // What the older clients' types leave out, the server does not serve to them.
      const origin = origins[style]
      for (const [path, version] of [['/api/people/7/avatar', '1'], ['/api/export', '2'], ['/api/members/3', '1'], ['/api/staff/3', '2']] as const) {
        expect((await fetch(`${origin}${path}`, { headers: { 'Api-Version': version } })).status, `${path} in version ${version}`).toBe(404)
      }
    })
  }

  it("Hono's hc on the same app gets the head's answers", async () => {
    const client = hc<typeof plain>(origins.plain)
    expect(await answer(await client.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, fullName: 'Ada Lovelace' }])
    expect(await answer(await client.api.members[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, fullName: 'Ada Lovelace' }])
  })
})
