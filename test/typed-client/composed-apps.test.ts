/**
 * The typed clients of an app composed with `app.route('/api', sub)`, typed
 * from the root app (composed-apps.test-d.ts holds their types), calling it:
 * each version's client reaches the routes of its version, at its own paths,
 * with its own parameter and header names, and gets its own shapes; a table
 * sub-app's client, given the sub-app's type and the prefix in its base URL,
 * does the same; Hono's `hc` on the same app gets the head's answers. A
 * portable suite: Node, workerd, Bun and Deno.
 */
import { hc } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { ORIGIN, plainApp, plainHistory, tableApp, tableHistory, zodOpenAPIApp } from './composed-api.ts'

const scheme = { in: 'header', name: 'Api-Version' } as const

/** Status and body of an answer. */
async function answer(res: { status: number; json(): Promise<unknown> }): Promise<[number, unknown]> {
  return [res.status, await res.json()]
}
/** Status and text of an answer. */
async function text(res: { status: number; text(): Promise<string> }): Promise<[number, string]> {
  return [res.status, await res.text()]
}

/** Each version's client of `app`, typed from the root app's type, recording what it sends. */
function clientsOf<A extends { request: (input: string, init: RequestInit) => Response | Promise<Response> }>(app: A, sent: { url: string; headers: Record<string, string> }[]) {
  return (input: string, init: RequestInit): Response | Promise<Response> => {
    sent.push({ url: input, headers: Object.fromEntries(new Headers(init.headers).entries()) })
    return app.request(input, init)
  }
}
const plain = plainApp()
const zod = zodOpenAPIApp()
const plainSent: { url: string; headers: Record<string, string> }[] = []
const zodSent: { url: string; headers: Record<string, string> }[] = []
const plainClients = versionedClient<typeof plain, typeof plainHistory>(ORIGIN, { scheme, fetch: clientsOf(plain, plainSent) })
const zodClients = versionedClient<typeof zod, typeof plainHistory>(ORIGIN, { scheme, fetch: clientsOf(zod, zodSent) })

for (const [style, app, api, sent] of [
  ['plain Hono', plain, plainClients, plainSent],
  // The same calls, typed by the @hono/zod-openapi app's own client (its type is checked in composed-apps.test-d.ts).
  ['@hono/zod-openapi', zod, zodClients satisfies typeof plainClients, zodSent],
] as const) {
  describe(`a ${style} sub-app mounted at /api, its clients typed from the root app`, () => {
    const v1 = api('1')
    const v2 = api('2')

    it("each version gets its own shape of a person", async () => {
      expect(await answer(await v1.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, name: 'Ada Lovelace' }])
      expect(await answer(await v2.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, fullName: 'Ada Lovelace' }])
    })

    it('an older client sends its own query parameter and header names, which reach the handler under the head\'s', async () => {
      sent.length = 0
      const res = await v1.api.people.$get({ query: { q: 'Ada' }, header: { 'x-team': 'analysts' } })
      expect(await answer(res)).toEqual([200, { items: [{ id: 1, name: 'Ada Lovelace' }], search: 'Ada', group: 'analysts' }])
      expect(sent[0]?.url).toBe(`${ORIGIN}/api/people?q=Ada`)
      expect(sent[0]?.headers['x-team']).toBe('analysts')
      const head = await v2.api.people.$get({ query: { search: 'Ada' }, header: { 'x-group': 'analysts' } })
      expect(await answer(head)).toEqual([200, { items: [{ id: 1, fullName: 'Ada Lovelace' }], search: 'Ada', group: 'analysts' }])
    })

    it('the routes the history adds or removes answer the versions that have them, and 404 the others', async () => {
      expect(await text(await v2.api.people[':id'].avatar.$get({ param: { id: '7' } }))).toEqual([200, 'png'])
      expect((await app.request(`${ORIGIN}/api/people/7/avatar`, { headers: { 'Api-Version': '1' } })).status).toBe(404)
      expect(await text(await v1.api.export.$get())).toEqual([200, 'id,name'])
      expect((await app.request(`${ORIGIN}/api/export`, { headers: { 'Api-Version': '2' } })).status).toBe(404)
    })

    it("a moved route answers each version at the path its client has, in the version's shape, and 404 at the other", async () => {
      expect(await answer(await v1.api.staff[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, name: 'Ada Lovelace' }])
      expect(await answer(await v2.api.members[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, fullName: 'Ada Lovelace' }])
      expect((await app.request(`${ORIGIN}/api/members/3`, { headers: { 'Api-Version': '1' } })).status).toBe(404)
      expect((await app.request(`${ORIGIN}/api/staff/3`, { headers: { 'Api-Version': '2' } })).status).toBe(404)
    })

    it("Hono's hc on the same app gets the head's answers at the prefixed paths", async () => {
      const client = hc<typeof plain>(ORIGIN, { fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init) })
      expect(await answer(await client.api.people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, fullName: 'Ada Lovelace' }])
      expect(await answer(await client.api.people.$get({ query: { search: 'Ada' }, header: { 'x-group': 'g' } }))).toEqual([200, { items: [{ id: 1, fullName: 'Ada Lovelace' }], search: 'Ada', group: 'g' }])
    })
  })
}

describe('a plain Hono sub-app mounted under a prefix with a param', () => {
  const app = plainApp('/t/:tenant')
  const v1 = versionedClient<typeof app, typeof plainHistory>(ORIGIN, { scheme, fetch: (input, init) => app.request(input, init) })('1')
  it("the older client fills the prefix's param and gets its own shape", async () => {
    expect(await answer(await v1.t[':tenant'].people[':id'].$get({ param: { tenant: 'acme', id: '7' } }))).toEqual([200, { id: 7, name: 'Ada Lovelace' }])
  })
})

describe("a table sub-app mounted at /api, its clients given the sub-app's type and the prefix in the base URL", () => {
  const { sub, app } = tableApp()
  const api = versionedClient<typeof sub, typeof tableHistory>(`${ORIGIN}/api`, { scheme, fetch: (input, init) => app.request(input, init) })
  it("each version gets its own shape, its own routes and a moved route at its own path", async () => {
    expect(await answer(await api('1').people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, name: 'Ada Lovelace' }])
    expect(await answer(await api('2').people[':id'].$get({ param: { id: '7' } }))).toEqual([200, { id: 7, fullName: 'Ada Lovelace' }])
    expect(await text(await api('2').people[':id'].avatar.$get({ param: { id: '7' } }))).toEqual([200, 'png'])
    expect((await app.request(`${ORIGIN}/api/people/7/avatar`, { headers: { 'Api-Version': '1' } })).status).toBe(404)
    expect(await answer(await api('1').staff[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, name: 'Ada Lovelace' }])
    expect(await answer(await api('2').members[':id'].$get({ param: { id: '3' } }))).toEqual([200, { id: 3, fullName: 'Ada Lovelace' }])
    expect((await app.request(`${ORIGIN}/api/members/3`, { headers: { 'Api-Version': '1' } })).status).toBe(404)
  })
})
