/**
 * Types of the typed clients (hono-api-versioning/typed-client): each client of
 * the worker example types the exact shapes of its version, derived from
 * the history's changes; head-only fields on an older client, misspelled
 * routes, params and versions are compile errors. A small history of its own
 * covers every instruction kind.
 */
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import {
  change,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  routeAdded,
  routeRemoved,
  shape,
  shapeConverted,
  statusChanged,
  versionHistory,
} from '../../src/changes/index.ts'
import { versionedClient, type ShapeAt } from '../../src/typed-client/index.ts'
import type { RequestAt, ResponseAt, RouteExistsAt } from '../../src/typed-client/older.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import type { CatalogApp } from '../../worker-example/app.ts'
import type { Category, catalogHistory, CategoryPage, Product, ProductPage, releasesHistory, semverHistory } from '../../worker-example/changes.ts'

/** The first generation of the example's shapes (worker-example/changes.ts). */
interface FirstProduct {
  readonly id: number
  readonly name: string
  readonly price: string
  readonly category: string
  readonly url: string
}
interface FirstCategory {
  readonly slug: string
  readonly name: string
  readonly url: string
  readonly products: readonly string[]
}

const catalog = versionedClient<CatalogApp, typeof catalogHistory>('https://catalog.test', { scheme: { in: 'query' } })
const releases = versionedClient<CatalogApp, typeof releasesHistory>('https://catalog.test', { scheme: { in: 'header' } })
const semantic = versionedClient<CatalogApp, typeof semverHistory>('https://catalog.test', { scheme: { in: 'header', name: 'Accept-Version' } })

/** What a successful response of a client call gives. */
type Ok<F extends (...args: never[]) => Promise<{ ok: boolean; json(): unknown }>> = Awaited<ReturnType<Extract<Awaited<ReturnType<F>>, { ok: true }>['json']>>

describe('mountRoutes returns the app typed with its routes', () => {
  it('so plain hc types the table\'s paths, params and handlers\' bodies', async () => {
    const client = hc<CatalogApp>('https://catalog.test')
    void client.query.products[':id'].$get({ param: { id: '1' } })
    // @ts-expect-error the param is id
    void client.query.products[':id'].$get({ param: { pk: '1' } })
    const health = await client.releases.health.$get()
    if (health.ok) expectTypeOf(await health.json()).toEqualTypeOf<{ status: string; version: string | null }>()
  })
})

describe('the worker example: each version types its own shapes', () => {
  it('the shapes of the first generation, from the history', () => {
    expectTypeOf<ShapeAt<typeof catalogHistory, typeof Product, 'v1'>>().toEqualTypeOf<FirstProduct>()
    expectTypeOf<ShapeAt<typeof catalogHistory, typeof Category, 'v1'>>().toEqualTypeOf<FirstCategory>()
    expectTypeOf<ResponseAt<typeof catalogHistory, 'product-list', 'v1'>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<ResponseAt<typeof catalogHistory, 'category-list', 'v1'>>().toEqualTypeOf<readonly FirstCategory[]>()
    expectTypeOf<ResponseAt<typeof catalogHistory, 'product-list', 'v2'>>().toEqualTypeOf<ProductPage>()
    for (const version of ['2024-01-01', '2025-01-01'] as const) {
      expectTypeOf<ResponseAt<typeof releasesHistory, 'product-detail', typeof version>>().toEqualTypeOf<FirstProduct>()
    }
    expectTypeOf<ResponseAt<typeof semverHistory, 'category-detail', '1.1.0'>>().toEqualTypeOf<FirstCategory>()
    expectTypeOf<ResponseAt<typeof semverHistory, 'category-list', '2.0.0'>>().toEqualTypeOf<CategoryPage>()
  })

  it('v1 and v2 clients of the /query section', () => {
    const v1 = catalog('v1')
    const v2 = catalog('v2')
    expectTypeOf<Ok<typeof v1.query.products.$get>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<(typeof v1.query.products)[':id']['$get']>>().toEqualTypeOf<FirstProduct>()
    expectTypeOf<Ok<typeof v1.query.categories.$get>>().toEqualTypeOf<readonly FirstCategory[]>()
    expectTypeOf<Ok<(typeof v1.query.categories)[':slug']['$get']>>().toEqualTypeOf<FirstCategory>()
    expectTypeOf<Ok<typeof v2.query.products.$get>>().toEqualTypeOf<ProductPage>()
    expectTypeOf<Ok<(typeof v2.query.categories)[':slug']['$get']>>().toEqualTypeOf<CategoryPage['categories'][number]>()
  })

  it('every section of a history gets the same shapes: header, accept, path, host, namespace', () => {
    const v1 = catalog('v1')
    expectTypeOf<Ok<typeof v1.accept.products.$get>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<typeof v1.host.products.$get>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<(typeof v1.path)[':version']['products']['$get']>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<typeof v1.ns.v1.products.$get>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<ReturnType<typeof releases<'2025-01-01'>>['releases']['products']['$get']>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<ReturnType<typeof semantic<'1.0.0'>>['semver']['products']['$get']>>().toEqualTypeOf<readonly FirstProduct[]>()
    expectTypeOf<Ok<ReturnType<typeof semantic<'2.0.0'>>['semver']['products']['$get']>>().toEqualTypeOf<ProductPage>()
  })

  it('the path scheme\'s version param is the client\'s to fill; the namespace client has its own namespace only', () => {
    const v1 = catalog('v1')
    const byPath = versionedClient<CatalogApp, typeof catalogHistory>('https://catalog.test', { scheme: { in: 'path' } })('v1')
    void byPath.path[':version'].products[':id'].$get({ param: { id: '1' } })
    // @ts-expect-error the path's other params stay required
    void byPath.path[':version'].products[':id'].$get({ param: {} })
    // @ts-expect-error a client that sends its version elsewhere (the query) fills no path param: the section's :version is the caller's
    void v1.path[':version'].products[':id'].$get({ param: { id: '1' } })
    // @ts-expect-error v2's namespace is not v1's
    void v1.ns.v2
    void catalog('v2').ns.v2.products.$get()
  })

  it('a head-only field on an older client is a compile error', async () => {
    const res = await catalog('v1').query.products[':id'].$get({ param: { id: '1' } })
    if (res.ok) {
      const product = await res.json()
      expectTypeOf(product.name).toEqualTypeOf<string>()
      expectTypeOf(product.price).toEqualTypeOf<string>()
      // @ts-expect-error title is v2's name for name
      void product.title
      // @ts-expect-error links came in v2
      void product.links
    }
    const head = await catalog('v2').query.products[':id'].$get({ param: { id: '1' } })
    if (head.ok) {
      const product = await head.json()
      expectTypeOf(product.price).toEqualTypeOf<{ readonly amount: number; readonly currency: string }>()
      // @ts-expect-error url went in v2
      void product.url
    }
  })

  it('misspelled routes, params and versions are compile errors', () => {
    const v1 = catalog('v1')
    // @ts-expect-error no route /query/product
    void v1.query.product
    // @ts-expect-error the param is :id
    void v1.query.products[':pk']
    // @ts-expect-error the param is id
    void v1.query.products[':id'].$get({ param: { pk: '1' } })
    // @ts-expect-error the route has no POST
    void v1.query.products.$post
    // @ts-expect-error v3 is not a version of the history
    catalog('v3')
  })

  it('a route versioned() limits to some versions is only in their clients', () => {
    void releases('2026-06-01').releases['top-categories'].$get()
    // @ts-expect-error top-categories exists only from 2026-06-01
    void releases('2025-01-01').releases['top-categories']
    void releases('2025-01-01').releases.health.$get()
  })

  it('non-JSON statuses keep the handler\'s type; routes the history does not lay out keep the handler\'s body', async () => {
    const res = await releases('2025-01-01').releases.health.$get()
    if (res.ok) expectTypeOf(await res.json()).toEqualTypeOf<{ status: string; version: string | null }>()
  })
})

// A history of its own: every instruction kind, three versions.
interface Order {
  readonly id: string
  readonly total: { readonly cents: number }
  readonly status: 'open' | 'paid' | 'refunded'
  readonly tags: readonly ('new' | 'gift' | 'rush')[]
  readonly reference: string
  readonly note?: string | null
}
interface Page {
  readonly items: readonly Order[]
  readonly next: string | null
}
const OrderShape = shape<Order, 'ref'>('Order')
const PageShape = shape<Page>('Page', { nested: { items: [OrderShape] } })

const history = versionHistory({
  versions: [
    { version: '2024' },
    {
      version: '2025',
      changes: [
        change('Orders can be refunded; a number is a ref.', [
          enumValuesAdded(OrderShape, 'status', ['refunded'], { fallback: 'paid' }),
          fieldRenamed(OrderShape, { older: 'number', newer: 'ref' }),
        ]),
        change('Orders list their tags.', [routeAdded('order-tags')]),
      ],
    },
    {
      version: '2026',
      changes: [
        change('Totals are objects; a note; rush tags; code went.', [
          fieldChanged(OrderShape, 'total', { down: (total) => total.cents / 100, up: (total) => ({ cents: Number(total) * 100 }) }),
          fieldAdded(OrderShape, 'note'),
          enumValuesAdded(OrderShape, 'tags', ['rush'], { fallback: 'new' }),
          fieldRemoved(OrderShape, 'code', { older: (order) => order.id.toUpperCase() }),
          fieldRemoved(OrderShape, 'legacy'),
          fieldRenamed(OrderShape, { older: 'ref', newer: 'reference' }),
        ]),
        change('Pages are objects.', [shapeConverted(PageShape, { down: (page) => page.items }), routeRemoved('order-export')]),
      ],
    },
  ],
  bodies: { 'order-list': { response: PageShape }, 'order-create': { request: OrderShape, response: OrderShape } },
})

describe('older types from a history: each instruction kind', () => {
  it('a field renamed, added, removed (with and without a value), changed; enum values narrowed', () => {
    expectTypeOf<ShapeAt<typeof history, typeof OrderShape, '2025'>>().toEqualTypeOf<{
      readonly id: string
      readonly total: number
      readonly status: 'open' | 'paid' | 'refunded'
      readonly tags: readonly ('new' | 'gift')[]
      readonly ref: string
      readonly code: string
    }>()
  })

  it('changes of every later version, newest first: a field renamed twice, enum values of two versions', () => {
    expectTypeOf<ShapeAt<typeof history, typeof OrderShape, '2024'>>().toEqualTypeOf<{
      readonly id: string
      readonly total: number
      readonly status: 'open' | 'paid'
      readonly tags: readonly ('new' | 'gift')[]
      readonly number: string
      readonly code: string
    }>()
  })

  it('the head is the head type; a converted shape is what its converter returns, with older shapes inside', () => {
    expectTypeOf<ShapeAt<typeof history, typeof OrderShape, '2026'>>().toEqualTypeOf<Order>()
    expectTypeOf<ResponseAt<typeof history, 'order-list', '2026'>>().toEqualTypeOf<Page>()
    expectTypeOf<ResponseAt<typeof history, 'order-list', '2025'>>().toEqualTypeOf<readonly ShapeAt<typeof history, typeof OrderShape, '2025'>[]>()
    // A request body has every field the version removed since, as the server reads one: optional (none says required: true).
    expectTypeOf<RequestAt<typeof history, 'order-create', '2024'>>().toEqualTypeOf<{
      readonly id: string
      readonly total: number
      readonly status: 'open' | 'paid'
      readonly tags: readonly ('new' | 'gift')[]
      readonly number: string
      readonly code?: string
      readonly legacy?: unknown
    }>()
    expectTypeOf<RequestAt<typeof history, 'order-list', '2024'>>().toEqualTypeOf<never>()
  })

  it('an older PATCH body is a partial update (JSON Merge Patch): every field optional, lists whole', () => {
    expectTypeOf<RequestAt<typeof history, 'order-create', '2024', 'PATCH'>>().toEqualTypeOf<{
      readonly id?: string
      readonly total?: number
      readonly status?: 'open' | 'paid'
      readonly tags?: readonly ('new' | 'gift')[]
      readonly number?: string
      readonly code?: string
      readonly legacy?: unknown
    }>()
    const partial: RequestAt<typeof history, 'order-create', '2024', 'PATCH'> = { status: 'paid' }
    expectTypeOf(partial).not.toEqualTypeOf<ShapeAt<typeof history, typeof OrderShape, '2024'>>()
  })

  it('routes exist where their changes say', () => {
    expectTypeOf<RouteExistsAt<typeof history, 'order-tags', '2024'>>().toEqualTypeOf<false>()
    expectTypeOf<RouteExistsAt<typeof history, 'order-tags', '2025'>>().toEqualTypeOf<true>()
    expectTypeOf<RouteExistsAt<typeof history, 'order-export', '2025'>>().toEqualTypeOf<true>()
    expectTypeOf<RouteExistsAt<typeof history, 'order-export', '2026'>>().toEqualTypeOf<false>()
    expectTypeOf<RouteExistsAt<typeof history, 'order-list', '2024'>>().toEqualTypeOf<true>()
  })

  it('a client leaves out the routes its version does not have, and types request bodies in its version', () => {
    const app = new Hono()
    const orders = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['2024', '2025', '2026'], defaultVersion: '2026' }),
      routes: defineRoutes(history.routes([route('order-list', '/orders'), route('order-tags', '/orders/tags'), route('order-export', '/orders/export'), route('order-create', '/orders/new')])),
      changes: history,
    })
    const typed = mountRoutes(app, orders, {
      'order-list': (c) => c.json({ items: [], next: null }),
      'order-tags': (c) => c.json(['new']),
      'order-export': (c) => c.text('id'),
      'order-create': { post: (c) => c.json({}, 201) },
    })
    const clients = versionedClient<typeof typed, typeof history>('https://orders.test', { scheme: { in: 'header' } })
    const oldest = clients('2024')
    // @ts-expect-error order-tags came in 2025
    void oldest.orders.tags
    void oldest.orders.export.$get()
    // @ts-expect-error order-export went in 2026
    void clients('2026').orders.export
    void clients('2025').orders.tags.$get()
    void oldest.orders.new.$post({ json: { id: '1', total: 1, status: 'paid', tags: [], number: 'A1', code: '1' } })
    // @ts-expect-error 2024 sends a total as a number
    void oldest.orders.new.$post({ json: { id: '1', total: { cents: 100 }, status: 'paid', tags: [], number: 'A1', code: '1' } })
  })

  it('a route with a layout per method (GET and POST on one path) types each method in its own layout', async () => {
    interface Item { id: number; title: string }
    const Item = shape<Item>('Item')
    const items = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] }],
      bodies: { 'GET items': { response: { items: [Item] } }, 'POST items': { request: Item, response: Item } },
    })
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('items', '/items')]), changes: items })
    const typed = mountRoutes(new Hono(), versioning, {
      items: { get: (c) => c.json({ items: [{ id: 1, title: 'Lamp' }] }), post: (c) => c.json({ id: 2, title: 'Desk' }, 201) },
    })
    const v1 = versionedClient<typeof typed, typeof items>('https://items.test', { scheme: { in: 'header' } })('1')
    const got = await v1.items.$get()
    if (got.status === 200) {
      const list = await got.json()
      expectTypeOf(list.items?.[0]?.name).toEqualTypeOf<string | undefined>()
      // @ts-expect-error the list's items have no title in version 1
      void list.items?.[0]?.title
    }
    const res = await v1.items.$post({ json: { id: 2, name: 'Desk' } })
    if (res.status === 201) {
      const created = await res.json()
      expectTypeOf(created.name).toEqualTypeOf<string>()
      // @ts-expect-error the created item is one item, not a list, in its own layout
      void created.items
    }
    // @ts-expect-error version 1 sends a name, not a title
    void v1.items.$post({ json: { id: 2, title: 'Desk' } })
  })
})

describe('statuses and methods a version has', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [change('Creating answers 201.', [statusChanged('POST products', { older: 200, newer: 201 })]), change('Products can be deleted.', [routeAdded('DELETE products')])],
      },
      { version: '3', changes: [change('Accepted, not created.', [statusChanged('products', { older: 201, newer: 202 })])] },
    ],
  })
  const routes = defineRoutes(history.routes([route('products', '/products')]))
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), routes, changes: history })
  const app = mountRoutes(new Hono(), versioning, {
    products: { get: (c) => c.json({ count: 1 }), post: (c) => c.json({ id: 1 }, 202), delete: (c) => c.json({ deleted: 1 }) },
  })
  const api = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })

  it("types each version's status: statusChanged undone, newest first, whether it names the route or the route for one method", async () => {
    expectTypeOf((await api('3').products.$post()).status).toEqualTypeOf<202>()
    expectTypeOf((await api('2').products.$post()).status).toEqualTypeOf<201>()
    expectTypeOf((await api('1').products.$post()).status).toEqualTypeOf<200>()
  })

  it('leaves out a method a version does not have (routeAdded for one method)', () => {
    expectTypeOf(api('2').products).toHaveProperty('$delete')
    expectTypeOf(api('1').products).not.toHaveProperty('$delete')
    expectTypeOf(api('1').products).toHaveProperty('$post')
  })
})
