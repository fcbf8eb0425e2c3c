/**
 * Types of the typed client of an app composed with `app.route('/api', sub)`,
 * given the root app's type: plain Hono and @hono/zod-openapi routes are found
 * under the mount prefix by the paths the sub-app registers (as the server
 * finds them), so each older version gets its own shapes, routes, parameter
 * names and paths; a table sub-app's names are lost in Hono's merged schema,
 * which fails to compile rather than typing older versions with the head's
 * shapes. Hono's own `hc` types the same app as before.
 */
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import { change, fieldRenamed, pathChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { ORIGIN, plainApp, plainHistory, tableApp, tableHistory, zodOpenAPIApp } from './composed-api.ts'

/** What a successful response of a client call gives. */
type Ok<F extends (...args: never[]) => Promise<{ ok: boolean; json(): unknown }>> = Awaited<ReturnType<Extract<Awaited<ReturnType<F>>, { ok: true }>['json']>>
/** What a client call's response gives, whatever its status (Hono's hc: `ok` is `boolean` for a handler typing no status). */
type Body<F extends (...args: never[]) => Promise<{ json(): unknown }>> = Awaited<ReturnType<Awaited<ReturnType<F>>['json']>>
/** The request a client call takes. */
type Sent<F extends (...args: never[]) => unknown> = { [K in keyof Parameters<F>[0]]: Parameters<F>[0][K] }

interface PersonV1 {
  id: number
  name: string
}
interface PersonV2 {
  id: number
  fullName: string
}

const scheme = { in: 'header', name: 'Api-Version' } as const

describe('a plain Hono sub-app mounted at /api, typed from the root app', () => {
  const app = plainApp()
  const api = versionedClient<typeof app, typeof plainHistory>(ORIGIN, { scheme })
  const v1 = api('1')
  const v2 = api('2')

  it('an older version gets its own shape under the prefix, the head the head shape', () => {
    expectTypeOf<Ok<typeof v1.api.people[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<typeof v2.api.people[':id']['$get']>>().toEqualTypeOf<PersonV2>()
    expectTypeOf<Ok<typeof v1.api.people.$get>>().toEqualTypeOf<{ items: PersonV1[]; search: string | null; group: string }>()
  })

  it('a route the history adds or removes is in the clients of its versions only', () => {
    void v2.api.people[':id'].avatar.$get({ param: { id: '1' } })
    // @ts-expect-error the avatar came in version 2
    void v1.api.people[':id'].avatar
    void v1.api.export.$get()
    // @ts-expect-error the export went in version 2
    void v2.api.export
  })

  it('an older version sends the query parameters and headers under its own names', () => {
    expectTypeOf<Sent<typeof v1.api.people.$get>>().toEqualTypeOf<{ query: { q?: string | undefined }; header: { 'x-team': string } }>()
    expectTypeOf<Sent<typeof v2.api.people.$get>>().toEqualTypeOf<{ query: { search?: string | undefined }; header: { 'x-group': string } }>()
    // @ts-expect-error version 1 searches with q
    void v1.api.people.$get({ query: { search: 'Ada' }, header: { 'x-team': 'a' } })
  })

  it('a moved route is at its older path in older versions only, with the version\'s shape', () => {
    expectTypeOf<Ok<typeof v1.api.staff[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<typeof v2.api.members[':id']['$get']>>().toEqualTypeOf<PersonV2>()
    // @ts-expect-error version 1 has the member at /staff/:id
    void v1.api.members
    // @ts-expect-error version 2 has it at /members/:id
    void v2.api.staff
  })

  it("the root's own routes keep their types", () => {
    expectTypeOf<Body<typeof v1.health.$get>>().toEqualTypeOf<{ ok: true }>()
  })

  it('under a prefix with a param, the client sends the param and the version its shape', () => {
    const tenantApp = plainApp('/t/:tenant')
    const t1 = versionedClient<typeof tenantApp, typeof plainHistory>(ORIGIN, { scheme })('1').t[':tenant']
    expectTypeOf<Sent<typeof t1.people[':id']['$get']>>().toEqualTypeOf<{ param: { id: string; tenant: string } }>()
    expectTypeOf<Ok<typeof t1.people[':id']['$get']>>().toEqualTypeOf<PersonV1>()
  })

  it("Hono's hc types the same app as before: the head's shapes at the prefixed paths", () => {
    const client = hc<typeof app>(ORIGIN)
    expectTypeOf<Body<typeof client.api.people[':id']['$get']>>().toEqualTypeOf<PersonV2>()
    expectTypeOf<Sent<typeof client.api.people.$get>>().toEqualTypeOf<{ query: { search?: string | undefined }; header: { 'x-group': string } }>()
    void client.api.staff[':id'].$get({ param: { id: '1' } })
    void client.api.members[':id'].$get({ param: { id: '1' } })
  })
})

describe('a @hono/zod-openapi sub-app mounted at /api, typed from the root app', () => {
  const app = zodOpenAPIApp()
  const api = versionedClient<typeof app, typeof plainHistory>(ORIGIN, { scheme })
  const v1 = api('1')
  const v2 = api('2')

  it('each version gets its own shapes, routes, parameter names and paths', () => {
    expectTypeOf<Ok<typeof v1.api.people[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<typeof v2.api.people[':id']['$get']>>().toEqualTypeOf<PersonV2>()
    expectTypeOf<Sent<typeof v1.api.people.$get>>().toEqualTypeOf<{ query: { q?: string | undefined }; header: { 'x-team': string } }>()
    expectTypeOf<Ok<typeof v1.api.staff[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    // @ts-expect-error the avatar came in version 2
    void v1.api.people[':id'].avatar
    // @ts-expect-error version 1 has the member at /staff/:id
    void v1.api.members
  })

  it("Hono's hc types the same app as before", () => {
    const client = hc<typeof app>(ORIGIN)
    expectTypeOf<Body<typeof client.api.people[':id']['$get']>>().toEqualTypeOf<PersonV2>()
  })
})

describe('a table sub-app (mountRoutes) mounted at /api', () => {
  const { sub, app } = tableApp()

  it("does not compile with the root app's type, which has lost the table's names", () => {
    // @ts-expect-error the merged schema drops person-detail and member-detail: older versions would get the head's shapes
    versionedClient<typeof app, typeof tableHistory>(ORIGIN, { scheme })
  })

  it("given the sub-app's type and the prefix in the base URL, types each version's shapes, routes and paths", () => {
    const api = versionedClient<typeof sub, typeof tableHistory>(`${ORIGIN}/api`, { scheme })
    const v1 = api('1')
    const v2 = api('2')
    expectTypeOf<Ok<typeof v1.people[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<typeof v1.staff[':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<typeof v2.members[':id']['$get']>>().toEqualTypeOf<PersonV2>()
    // @ts-expect-error version 1 has the member at /staff/:id
    void v1.members
    // @ts-expect-error version 2 has it at /members/:id
    void v2.staff
    // @ts-expect-error the avatar is versioned(['2'])
    void v1.people[':id'].avatar
    void v2.people[':id'].avatar.$get({ param: { id: '1' } })
  })

  it("Hono's hc types the root app as before", () => {
    const client = hc<typeof app>(ORIGIN)
    expectTypeOf<Body<typeof client.api.people[':id']['$get']>>().toEqualTypeOf<PersonV2>()
  })
})

describe('a moved route in an app of one piece', () => {
  const Item = shape<{ id: number; title: string }>('Item')
  const moves = [
    change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })]),
    change('Items are products.', [pathChanged('product-detail', { older: '/items/:id{[0-9]+}', newer: '/products/:id{[0-9]+}' }), pathChanged('GET /goods/:id', { older: '/wares/:id', newer: '/goods/:id' })]),
  ]
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...moves] }],
    bodies: { 'product-detail': { response: Item }, 'GET /goods/:id': { response: Item } },
  })

  it('a table route under an include() prefix is at its older path, the prefix kept, before the move', () => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes(history.routes([include('/catalog', [route('product-detail', '/products/:id{[0-9]+}')])])), changes: history })
    const app = mountRoutes(new Hono(), versioning, { 'product-detail': (c) => c.json({ id: 1, title: 'Lamp' }) })
    const api = versionedClient<typeof app, typeof history>(ORIGIN, { scheme })
    const [v1, v2] = [api('1'), api('2')]
    expectTypeOf<Ok<typeof v1.catalog.items[':id']['$get']>>().toEqualTypeOf<{ id: number; name: string }>()
    expectTypeOf<Ok<typeof v2.catalog.products[':id']['$get']>>().toEqualTypeOf<{ id: number; title: string }>()
    // @ts-expect-error version 1 has the product at /catalog/items/:id
    void v1.catalog.products
    // @ts-expect-error version 2 has it at /catalog/products/:id
    void v2.catalog.items
  })

  it('a plain route registered at both paths is in each client at its version\'s path', () => {
    const app = new Hono().get('/wares/:id', (c) => c.json({ id: 1, title: 'Lamp' })).get('/goods/:id', (c) => c.json({ id: 1, title: 'Lamp' }))
    const api = versionedClient<typeof app, typeof history>(ORIGIN, { scheme })
    const [v1, v2] = [api('1'), api('2')]
    expectTypeOf<Ok<typeof v1.wares[':id']['$get']>>().toEqualTypeOf<{ id: number; name: string }>()
    expectTypeOf<Ok<typeof v2.goods[':id']['$get']>>().toEqualTypeOf<{ id: number; title: string }>()
    // @ts-expect-error version 1 has it at /wares/:id
    void v1.goods
    // @ts-expect-error version 2 has it at /goods/:id
    void v2.wares
  })
})
