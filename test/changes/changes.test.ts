/**
 * Version changes (src/changes): every change kind in both directions, with
 * lists, nesting, envelopes, missing and null fields; the request, response
 * and JSON steps through the real middlewares (`changes` of
 * `versionMiddleware` and `apiVersioning`, `mountRoutes`); route changes; the
 * changelog; construction and bind errors.
 */
import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  change,
  changelog,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  headerChanged,
  pathChanged,
  queryParamRenamed,
  requestHeaderRenamed,
  routeAdded,
  routeRemoved,
  shape,
  shapeConverted,
  statusChanged,
  versionHistory,
} from '../../src/changes/index.ts'
import { changelogMarkdown, changelogWithRoutes } from '../../src/changes/changelog.ts'
import { MalformedJsonBody } from '../../src/changes/request-errors.ts'
import { routeLife } from '../../src/changes/route-life.ts'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { catalog, Category, drafts, headProduct, money, Product, titles, v1Product } from '../support/changes-fixture.ts'

const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' })

describe('each change kind, down (head to older) and up (older to head)', () => {
  it('renames a field, in nested shapes too', () => {
    expect(catalog.migrate({ id: 1, title: 'Lamp', category: { slug: 'l', title: 'Lights' } } as never, { as: Product, to: 'v2' })).toEqual({
      id: 1,
      title: 'Lamp',
      category: { slug: 'l', title: 'Lights' },
      sku: 'SKU-1',
    })
    expect(catalog.migrate({ id: 1, title: 'Lamp', category: { slug: 'l', title: 'Lights' } } as never, { as: Product, to: 'v1' })).toEqual({
      id: 1,
      name: 'Lamp',
      category: { slug: 'l', name: 'Lights' },
      sku: 'SKU-1',
    })
    expect(catalog.migrate({ id: 1, name: 'Lamp', category: { slug: 'l', name: 'Lights' } } as never, { as: Product, from: 'v1' })).toEqual({
      id: 1,
      title: 'Lamp',
      category: { slug: 'l', title: 'Lights' },
      tags: [],
    })
  })

  it('leaves missing fields missing and null values null', () => {
    const head = { id: 2, title: null, category: null, price: null, status: null } as never
    expect(catalog.migrate(head, { as: Product, to: 'v1' })).toEqual({ id: 2, name: null, category: null, price: null, status: null, sku: 'SKU-2' })
    expect(catalog.migrate({ id: 3 } as never, { as: Product, to: 'v1' })).toEqual({ id: 3, sku: 'SKU-3' })
    expect(catalog.migrate({ id: 3, sku: 'x' } as never, { as: Product, from: 'v1' })).toEqual({ id: 3, tags: [] })
    expect(catalog.migrate({ id: 3, name: null, price: null } as never, { as: Product, from: 'v2' })).toEqual({ id: 3, name: null, price: null, tags: [] })
  })

  it('changes a field type with a pair of converters', () => {
    expect(catalog.migrate({ price: { amount: 990, currency: 'EUR' } } as never, { as: Product, to: 'v2' })).toMatchObject({ price: '9.90' })
    expect(catalog.migrate({ price: '9.90' } as never, { as: Product, from: 'v2' })).toMatchObject({ price: { amount: 990, currency: 'EUR' } })
  })

  it('adds a field: older responses lose it, older requests have what they send for it dropped, then get its default (a fresh copy each time)', () => {
    const older = catalog.migrate({ id: 1, tags: ['a'] } as never, { as: Product, to: 'v3' })
    expect(older).toEqual({ id: 1 })
    const a = catalog.migrate({ id: 1 } as never, { as: Product, from: 'v3' }) as { tags: string[] }
    const b = catalog.migrate({ id: 1 } as never, { as: Product, from: 'v3' }) as { tags: string[] }
    expect(a.tags).toEqual([])
    expect(a.tags).not.toBe(b.tags)
    // v3 has no tags: a v3 client's tags are an unknown field of its version, dropped before the default.
    expect(catalog.migrate({ id: 1, tags: ['sent'] } as never, { as: Product, from: 'v3' })).toEqual({ id: 1, tags: [] })
  })

  it('removes a field: older responses get it back, older requests have it dropped', () => {
    expect(catalog.migrate({ id: 7 } as never, { as: Product, to: 'v2' })).toEqual({ id: 7, sku: 'SKU-7' })
    expect(catalog.migrate({ id: 7, sku: 'SKU-7' } as never, { as: Product, from: 'v2' })).toEqual({ id: 7, tags: [] })
  })

  it('adds enum values: older clients see the fallback, in lists too', () => {
    const Order = shape<{ status: 'open' | 'refunded' | 'closed'; flags: ('a' | 'b' | 'c')[] }>('Order')
    const history = versionHistory({
      versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Refunds.', [enumValuesAdded(Order, 'status', ['refunded'], { fallback: 'closed' }), enumValuesAdded(Order, 'flags', ['c'], { fallback: 'a' })])] }],
    })
    expect(history.migrate({ status: 'refunded', flags: ['b', 'c'] }, { as: Order, to: 'v1' })).toEqual({ status: 'closed', flags: ['b', 'a'] })
    expect(history.migrate([{ status: 'refunded', flags: [] }, { status: 'open', flags: ['c'] }], { as: [Order], to: 'v1' })).toEqual([
      { status: 'closed', flags: [] },
      { status: 'open', flags: ['a'] },
    ])
    expect(history.migrate([{ status: 'closed', flags: ['a'] }], { as: [Order], from: 'v1' })).toEqual([{ status: 'closed', flags: ['a'] }])
  })

  it('converts a whole shape each way, with its nested shapes already migrated, and follows an older layout', () => {
    const Item = shape<{ id: number; title: string }>('Item')
    const Page = shape<{ count: number; items: { id: number; title: string }[] }>('Page', { nested: { items: [Item] } })
    const history = versionHistory({
      versions: [
        { version: 'v1' },
        { version: 'v2', changes: [change('Items have titles.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] },
        {
          version: 'v3',
          changes: [
            change('Lists are pages.', [
              shapeConverted(Page, {
                down: (page) => page.items,
                up: (items) => ({ count: (items as unknown[]).length, items: items as never }),
                older: [Item],
              }),
            ]),
          ],
        },
      ],
    })
    const head = { count: 2, items: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] }
    expect(history.migrate(head, { as: Page, to: 'v2' })).toEqual([{ id: 1, title: 'a' }, { id: 2, title: 'b' }])
    expect(history.migrate(head, { as: Page, to: 'v1' })).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }])
    expect(history.migrate([{ id: 1, name: 'a' }] as never, { as: Page, from: 'v1' })).toEqual({ count: 1, items: [{ id: 1, title: 'a' }] })
    expect(history.migrate({ count: 0, items: [] }, { as: Page, to: 'v3' })).toEqual({ count: 0, items: [] })
  })

  it('finds shapes in envelopes, arrays of arrays, and fields renamed around a nested shape', () => {
    const Tag = shape<{ label: string }>('Tag')
    const Post = shape<{ id: number; labels: { label: string }[] }>('Post', { nested: { labels: [Tag] } })
    const history = versionHistory({
      versions: [
        { version: '2024-01-01' },
        { version: '2025-01-01', changes: [change('Tags have labels.', [fieldRenamed(Tag, { older: 'text', newer: 'label' })])] },
        { version: '2026-01-01', changes: [change('Posts list labels.', [fieldRenamed(Post, { older: 'tags', newer: 'labels' })])] },
      ],
    })
    const head = { data: { posts: [[{ id: 1, labels: [{ label: 'x' }] }]] }, total: 1 }
    const layout = { data: { posts: [[Post]] } } as const
    expect(history.migrate(head, { as: layout, to: '2024-01-01' })).toEqual({ data: { posts: [[{ id: 1, tags: [{ text: 'x' }] }]] }, total: 1 })
    expect(history.migrate({ data: { posts: [[{ id: 1, tags: [{ text: 'x' }] }]] }, total: 1 } as never, { as: layout, from: '2024-01-01' })).toEqual(head)
    // null stays null; a value that is not what the layout says is never passed on in the head shape.
    expect(history.migrate({ data: null, total: 0 } as never, { as: layout, to: '2024-01-01' })).toEqual({ data: null, total: 0 })
    expect(() => history.migrate({ data: { posts: 'none' } } as never, { as: layout, to: '2024-01-01' })).toThrow(
      'history.migrate: the value at $.data.posts does not fit its layout: expected a list, found a string (version "2024-01-01", down from the head).',
    )
    expect(() => history.migrate({ total: 0 } as never, { as: layout, to: '2024-01-01' })).toThrow('the value at $.data does not fit its layout: expected a value, found none')
  })

  it('gives functions that read the whole object that object as it is in their version, nested shapes included', () => {
    const Child = shape<{ c: number }, 'a' | 'b'>('Child')
    const Item = shape<{ title: string; child: { c: number }; extra: unknown }>('Item', { nested: { child: Child } })
    const seen: unknown[] = []
    const history = versionHistory({
      versions: [
        { version: 'v1' },
        { version: 'v2', changes: [change('Child b.', [fieldRenamed(Child, { older: 'a', newer: 'b' })])] },
        {
          version: 'v3',
          changes: [
            change('No legacy; extra.', [
              fieldRemoved(Item, 'legacy', { older: (item) => (seen.push(structuredClone(item)), 'restored') }),
              fieldAdded(Item, 'extra', { default: (item) => (seen.push(structuredClone(item)), 'filled') }),
            ]),
          ],
        },
        { version: 'v4', changes: [change('Titles; child c.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), fieldRenamed(Child, { older: 'b', newer: 'c' })])] },
      ],
    })
    // Down: fieldRemoved's older sees the v3 object (name, not title; extra, which its change takes away after it) with its child as in v2 (b).
    expect(history.migrate({ title: 'x', child: { c: 1 }, extra: 'e' }, { as: Item, to: 'v1' })).toEqual({ name: 'x', child: { a: 1 }, legacy: 'restored' })
    expect(seen.splice(0)).toEqual([{ name: 'x', child: { b: 1 }, extra: 'e' }])
    // Up: fieldAdded's default sees the v2 object (legacy, which its change takes away after it) with its child as in v3 (b).
    expect(history.migrate({ name: 'x', child: { a: 1 }, legacy: 'l' } as never, { as: Item, from: 'v1' })).toEqual({ title: 'x', child: { c: 1 }, extra: 'filled' })
    expect(seen.splice(0)).toEqual([{ name: 'x', child: { b: 1 }, legacy: 'l' }])
  })

  it("gives a fieldChanged of a field holding a nested shape that field's older value whole: no nested change of its version or an older one reaches beneath it", () => {
    const Inner = shape<{ v: number }>('Inner')
    const Outer = shape<{ inner: { v: number } }>('Outer', { nested: { inner: Inner } })
    const renamed = fieldRenamed(Inner, { older: 'old', newer: 'v' })
    const seen: unknown[] = []
    const kept = fieldChanged(Outer, 'inner', { down: (value) => (seen.push(['down', value]), value), up: (value) => (seen.push(['up', value]), value as { v: number }) })
    // The nested change in the same version: down gets the field's value with it made already, up the older value as sent.
    const same = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Inner old is v; inner kept.', [renamed, kept])] }] })
    expect(same.migrate({ inner: { v: 2 } }, { as: Outer, to: '1' })).toEqual({ inner: { old: 2 } })
    expect(same.migrate({ inner: { old: 2 } } as never, { as: Outer, from: '1' })).toEqual({ inner: { old: 2 } })
    expect(seen.splice(0)).toEqual([['down', { old: 2 }], ['up', { old: 2 }]])
    // The nested change in an older version: it never reaches beneath the converted field, down or up.
    const older = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Inner old is v.', [renamed])] }, { version: '3', changes: [change('Inner kept.', [kept])] }] })
    expect(older.migrate({ inner: { v: 2 } }, { as: Outer, to: '1' })).toEqual({ inner: { v: 2 } })
    expect(older.migrate({ inner: { old: 2 } } as never, { as: Outer, from: '1' })).toEqual({ inner: { old: 2 } })
    expect(seen.splice(0)).toEqual([['down', { v: 2 }], ['up', { old: 2 }]])
  })

  it('never changes the value it is given (copy on first change)', () => {
    const head = { items: [headProduct(1), headProduct(2)] }
    const before = JSON.stringify(head)
    expect(catalog.migrate(head, { as: { items: [Product] }, to: 'v1' })).toEqual({ items: [v1Product(1), v1Product(2)] })
    expect(JSON.stringify(head)).toBe(before)
  })
})

/** Counts JSON.parse and JSON.stringify calls while `run` runs. */
async function countJson<T>(run: () => T | Promise<T>): Promise<{ parse: number; stringify: number; result: T }> {
  const { parse, stringify } = JSON
  const counts = { parse: 0, stringify: 0 }
  JSON.parse = ((...args: Parameters<typeof parse>) => {
    counts.parse++
    return parse(...args)
  }) as typeof parse
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    counts.stringify++
    return stringify(...args)
  }) as typeof stringify
  try {
    const result = await run()
    return { ...counts, result }
  } finally {
    JSON.parse = parse
    JSON.stringify = stringify
  }
}

/**
 * A JSON response: through `c.json` (the JSON step migrates the value before
 * its only serialisation), or built by hand (the response step parses it).
 */
const send = (c: Context, fastJson: boolean, value: unknown, status = 200): Response =>
  fastJson ? c.json(value, status as 200) : new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })

function catalogApp(options: { fastJson?: boolean } = {}) {
  const fast = options.fastJson ?? true
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: catalog }))
  app.get('/products', (c) => send(c, fast, { items: [headProduct(1), headProduct(2)], count: 2 }))
  app.get('/products/:id', (c) => (c.req.param('id') === '404' ? send(c, fast, { detail: 'Not found.' }, 404) : send(c, fast, headProduct(Number(c.req.param('id'))))))
  app.post('/products', async (c) => send(c, fast, await c.req.json(), 201))
  app.get('/products.csv', (c) => c.text('id,title\n1,Lamp\n', 200, { 'content-type': 'text/csv' }))
  return app
}

const get = (app: Hono, path: string, version?: string, init: RequestInit = {}) =>
  app.request(`https://api.example${path}`, { ...init, headers: { ...(version === undefined ? {} : { 'Api-Version': version }), ...(init.headers as Record<string, string>) } })

describe('requests and responses (versionMiddleware with changes)', () => {
  describe.each([true, false])('through c.json: %s', (fastJson) => {
    it('serves each version its own shape from one handler', async () => {
      const app = catalogApp({ fastJson })
      expect(await (await get(app, '/products/1', 'v4')).json()).toEqual(headProduct(1))
      expect(await (await get(app, '/products/1')).json()).toEqual(headProduct(1))
      expect(await (await get(app, '/products/1', 'v1')).json()).toEqual(v1Product(1))
      expect(await (await get(app, '/products', 'v1')).json()).toEqual({ items: [v1Product(1), v1Product(2)], count: 2 })
      const v3 = (await (await get(app, '/products/1', 'v3')).json()) as Record<string, unknown>
      expect(v3).toEqual({ ...headProduct(1), status: 'active', tags: undefined })
      expect('tags' in v3).toBe(false)
    })

    it('migrates an older request body up before the handler, and the response back down', async () => {
      const app = catalogApp({ fastJson })
      const res = await get(app, '/products', 'v1', { method: 'POST', body: JSON.stringify(v1Product(5)), headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(201)
      expect(await res.json()).toEqual(v1Product(5))
      // The handler saw the head shape: ask for it at the head.
      const echoed = await get(app, '/products', 'v4', { method: 'POST', body: JSON.stringify(headProduct(5)), headers: { 'content-type': 'application/json' } })
      expect(await echoed.json()).toEqual(headProduct(5))
    })

    it('leaves error responses and non-JSON bodies alone, and does for HEAD the work of its GET', async () => {
      const app = catalogApp({ fastJson })
      const missing = await get(app, '/products/404', 'v1')
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ detail: 'Not found.' })
      const csv = await get(app, '/products.csv', 'v1')
      expect(await csv.text()).toBe('id,title\n1,Lamp\n')
      // HEAD: Hono runs the GET handler and drops its body after the middleware. An older HEAD is migrated as its
      // GET is (its headers describe that body: test/changes/response-statuses.test.ts), with no more work than
      // the GET; on the head version, no more than plain Hono's.
      const plain = new Hono()
      plain.get('/products/:id', (c) => send(c, fastJson, headProduct(1)))
      const baseline = await countJson(() => plain.request('https://api.example/products/1', { method: 'HEAD' }))
      const atHead = await countJson(() => get(app, '/products/1', 'v4', { method: 'HEAD' }))
      expect(atHead).toMatchObject({ parse: baseline.parse, stringify: baseline.stringify })
      const older = await countJson(async () => (await get(app, '/products/1', 'v1')).text())
      const head = await countJson(() => get(app, '/products/1', 'v1', { method: 'HEAD' }))
      expect(head.result.status).toBe(200)
      expect(await head.result.text()).toBe('')
      expect(head).toMatchObject({ parse: older.parse, stringify: older.stringify })
    })
  })

  it('does no migration work at all on the head version: no parse, no serialisation beyond the handler, c.json not wrapped', async () => {
    const plain = new Hono()
    plain.get('/products/:id', (c) => c.json(headProduct(1)))
    const baseline = await countJson(() => plain.request('https://api.example/products/1'))
    for (const fastJson of [true, false]) {
      const app = catalogApp({ fastJson })
      const head = await countJson(() => get(app, '/products/1', 'v4'))
      expect(head).toMatchObject({ parse: baseline.parse, stringify: baseline.stringify })
      const none = await countJson(() => get(app, '/products/1'))
      expect(none).toMatchObject({ parse: baseline.parse, stringify: baseline.stringify })
    }
    // c.json and c.status are Hono's own on the head version, wrapped on an older one.
    const seen: Record<string, boolean> = {}
    const own = new WeakMap<Context, readonly unknown[]>()
    const probe = new Hono()
    probe.use('*', async (c, next) => {
      own.set(c, [c.json, c.status])
      await next()
    })
    probe.use('*', versionMiddleware({ scheme: scheme(), changes: catalog }))
    probe.get('/products/:id', (c) => {
      const [json, status] = own.get(c) ?? []
      seen[c.var.version ?? 'none'] = c.json === json && c.status === status
      return c.json(headProduct(1))
    })
    await get(probe, '/products/1', 'v4')
    await get(probe, '/products/1', 'v1')
    expect(seen).toEqual({ v4: true, v1: false })
  })

  it('pays one parse and one serialisation on an older version however many versions it crosses; none through c.json', async () => {
    const plain = new Hono()
    plain.get('/products', (c) => c.json({ items: [headProduct(1), headProduct(2)], count: 2 }))
    const baseline = await countJson(() => plain.request('https://api.example/products'))
    for (const version of ['v3', 'v2', 'v1']) {
      const slow = await countJson(() => get(catalogApp({ fastJson: false }), '/products', version))
      expect(slow).toMatchObject({ parse: baseline.parse + 1, stringify: baseline.stringify + 1 })
      const fast = await countJson(() => get(catalogApp(), '/products', version))
      expect(fast).toMatchObject({ parse: baseline.parse, stringify: baseline.stringify })
    }
  })

  it('migrates a c.json body once even when later middleware copies the response', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: catalog }))
    app.use('*', async (c, next) => {
      await next()
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('X-Copied', 'yes')
    })
    app.get('/products/:id', (c) => c.json(headProduct(1)))
    const res = await get(app, '/products/1', 'v1')
    expect(res.headers.get('x-copied')).toBe('yes')
    expect(await res.json()).toEqual(v1Product(1))
  })

  it('follows c.status() for the status of c.json(value), one set before the middleware ran too, and c.json(value, { status })', async () => {
    const Problem = shape<{ detail: string; code: string }>('Problem')
    const Item = shape<{ id: number; name: string }>('Item')
    const history = versionHistory({
      versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Errors have codes; items a name.', [fieldAdded(Problem, 'code'), fieldRenamed(Item, { older: 'title', newer: 'name' })])] }],
      bodies: Object.fromEntries(['/status', '/init', '/before'].map((path) => [`GET ${path}`, { response: Item }])),
      errors: Problem,
    })
    const app = new Hono()
    // A status set before the versioning middleware ran, which c.json(value) answers with too: the error layout's.
    app.use('/before', async (c, next) => {
      c.status(409)
      await next()
    })
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: history }))
    app.get('/status', (c) => {
      c.status(409)
      return c.json({ detail: 'Taken.', code: 'taken' })
    })
    app.get('/init', (c) => c.json({ detail: 'Taken.', code: 'taken' }, { status: 409 }))
    app.get('/before', (c) => c.json({ detail: 'Taken.', code: 'taken' }))
    for (const path of ['/status', '/init', '/before']) {
      const res = await get(app, path, 'v1')
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ detail: 'Taken.' })
      expect(await (await get(app, path, 'v2')).json()).toEqual({ detail: 'Taken.', code: 'taken' })
    }
  })

  it('reads a status set before the middleware ran where the step cannot show it: a success layout the error value does not fit, and a route whose success status an older version changes', async () => {
    const Problem = shape<{ detail: string; code: string }>('Problem')
    const Item = shape<{ id: number; name: string }>('Item')
    const history = versionHistory({
      versions: [
        { version: 'v1' },
        { version: 'v2', changes: [change('Errors have codes; items a name; reads answer 200.', [fieldAdded(Problem, 'code'), fieldRenamed(Item, { older: 'title', newer: 'name' }), statusChanged('GET /changed', { older: 203, newer: 200 })])] },
      ],
      bodies: { 'GET /list': { response: [Item] }, 'GET /changed': { response: Item } },
      errors: Problem,
    })
    const app = new Hono()
    app.use('*', async (c, next) => {
      if (c.req.query('taken') !== undefined) c.status(409)
      await next()
    })
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: history }))
    app.get('/list', (c) => (c.req.query('taken') !== undefined ? c.json({ detail: 'Taken.', code: 'taken' }) : c.json([{ id: 1, name: 'Lamp' }])))
    app.get('/changed', (c) => (c.req.query('taken') !== undefined ? c.json({ detail: 'Taken.', code: 'taken' }) : c.json({ id: 1, name: 'Lamp' })))
    for (const path of ['/list', '/changed']) {
      const res = await get(app, `${path}?taken`, 'v1')
      expect([res.status, await res.json()]).toEqual([409, { detail: 'Taken.' }])
      const head = await get(app, `${path}?taken`, 'v2')
      expect([head.status, await head.json()]).toEqual([409, { detail: 'Taken.', code: 'taken' }])
    }
    // Without one: the success layout, and the older version's status.
    const list = await get(app, '/list', 'v1')
    expect([list.status, await list.json()]).toEqual([200, [{ id: 1, title: 'Lamp' }]])
    const changed = await get(app, '/changed', 'v1')
    expect([changed.status, await changed.json()]).toEqual([203, { id: 1, title: 'Lamp' }])
  })

  it('answers an unparsable JSON body on a route with request changes with a 400, never an exception', async () => {
    const app = catalogApp()
    const res = await get(app, '/products', 'v1', { method: 'POST', body: '{"id": 1,', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: 'Malformed JSON in request body.' })
    expect(new MalformedJsonBody().status).toBe(400)
    // On the head version nothing is parsed: the handler decides.
    const head = new Hono()
    head.use('*', versionMiddleware({ scheme: scheme(), changes: catalog }))
    head.post('/products', (c) => c.text('seen', 202))
    expect((await get(head, '/products', 'v4', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(202)
  })

  it('refuses a non-JSON body on a route whose request body the version migrates (415): the handler never reads it un-migrated', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: catalog }))
    app.post('/products', async (c) => c.text(await c.req.text()))
    const res = await get(app, '/products', 'v1', { method: 'POST', body: 'name=Lamp', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ detail: 'Unsupported media type in request; send the body as application/json.' })
    // The head version reads what it likes.
    expect(await (await get(app, '/products', 'v4', { method: 'POST', body: 'name=Lamp', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).text()).toBe('name=Lamp')
  })

  it('migrates error responses when asked, and changes statuses, headers and query parameters', async () => {
    const Problem = shape<{ detail: string; code: string }>('Problem')
    const history = versionHistory({
      versions: [
        { version: 'v1' },
        {
          version: 'v2',
          changes: [
            change('Errors have codes.', [fieldAdded(Problem, 'code')]),
            change('Creating answers 201.', [statusChanged('POST /items', { older: 200, newer: 201 })]),
            change('Totals move to a header.', [headerChanged('GET /items', { header: 'X-Total', down: () => null, description: 'new' })]),
            change('Search is q.', [queryParamRenamed('GET /items', { older: 'search', newer: 'q' })]),
            change('The locale header is standard.', [requestHeaderRenamed('GET /items', { older: 'X-Locale', newer: 'Accept-Language' })]),
          ],
        },
      ],
      errors: Problem,
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: history }))
    app.get('/items', (c) => (c.req.query('q') === 'none' ? c.json({ detail: 'Nothing.', code: 'none' }, 404) : c.json({ q: c.req.query('q') ?? null, locale: c.req.header('accept-language') ?? null }, 200, { 'X-Total': '3' })))
    app.post('/items', (c) => c.json({ created: true }, 201))
    const v1 = await get(app, '/items?search=lamp', 'v1', { headers: { 'X-Locale': 'cy' } })
    expect(await v1.json()).toEqual({ q: 'lamp', locale: 'cy' })
    expect(v1.headers.get('x-total')).toBeNull()
    expect((await get(app, '/items', 'v2')).headers.get('x-total')).toBe('3')
    const error = await get(app, '/items?search=none', 'v1')
    expect(error.status).toBe(404)
    expect(await error.json()).toEqual({ detail: 'Nothing.' })
    expect(await (await get(app, '/items?q=none', 'v2')).json()).toEqual({ detail: 'Nothing.', code: 'none' })
    expect((await get(app, '/items', 'v1', { method: 'POST' })).status).toBe(200)
    expect((await get(app, '/items', 'v2', { method: 'POST' })).status).toBe(201)
  })

  it('answers a plain route in versions that lack it as an unknown path (the app\'s not-found handler), and at each path only for its versions', async () => {
    const history = versionHistory({
      versions: [
        { version: 'v1' },
        { version: 'v2', changes: [change('Search.', [routeAdded('GET /search')]), change('Legacy goes.', [routeRemoved('GET /legacy')])] },
        { version: 'v3', changes: [change('Items are products.', [pathChanged('GET /products/:id', { older: '/items/:id', newer: '/products/:id' })])] },
      ],
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' }), changes: history }))
    app.notFound((c) => c.text('nothing here', 404))
    app.get('/search', (c) => c.text('search'))
    app.get('/legacy', (c) => c.text('legacy'))
    const show = (c: { req: { param(name: string): string | undefined }; text(t: string): Response }) => c.text(`product ${c.req.param('id')}`)
    app.get('/products/:id', show)
    app.get('/items/:id', show)
    const status = async (path: string, version: string) => (await get(app, path, version)).status
    expect([await status('/search', 'v1'), await status('/search', 'v2'), await status('/search', 'v3')]).toEqual([404, 200, 200])
    expect([await status('/legacy', 'v1'), await status('/legacy', 'v2'), await status('/legacy', 'v3')]).toEqual([200, 404, 404])
    expect([await status('/items/1', 'v1'), await status('/items/1', 'v2'), await status('/items/1', 'v3')]).toEqual([200, 200, 404])
    expect([await status('/products/1', 'v1'), await status('/products/1', 'v2'), await status('/products/1', 'v3')]).toEqual([404, 404, 200])
    const missing = await get(app, '/search', 'v1')
    expect(await missing.text()).toBe('nothing here')
    expect(await (await get(app, '/products/1', 'v1')).text()).toBe('nothing here')
  })
})

describe('table routes: history.routes() tells the table which versions have each route and path', () => {
  const history = versionHistory({
    versions: [
      { version: 'v1' },
      { version: 'v2', changes: [change('Search.', [routeAdded('search')]), change('Products move.', [pathChanged('product-detail', { older: '/items/:id', newer: '/products/:id' })])] },
      { version: 'v3', changes: [change('No more legacy.', [routeRemoved('legacy')]), titles] },
    ],
    bodies: { 'product-detail': { response: Product } },
  })
  const routes = defineRoutes(
    history.routes([include('/:version{v[0-9]+}', [route('search', '/search'), route('legacy', '/legacy'), route('product-detail', '/products/:id')])]),
  )
  const scheme = () => new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] })
  const handlers = {
    search: (c: Context) => c.text('search'),
    legacy: (c: Context) => c.text('legacy'),
    'product-detail': (c: Context) => c.json({ id: 1, title: 'Lamp', self: c.var['reverse']('product-detail', { kwargs: { id: 1 } }) }),
  }
  /** The app with the middleware (`middleware`) or with mountRoutes alone, a later handler for v1 paths, and its own not-found handler. */
  function tableApp(middleware: boolean) {
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, policy: versionPolicy({ reportVersions: true }) })
    const app = new Hono()
    if (middleware) app.use('*', versioning)
    mountRoutes(app, versioning, handlers)
    app.get('/v1/search', (c) => c.text('a later v1 handler'))
    app.notFound((c) => c.text('nothing here', 404))
    return app
  }
  const answer = async (app: Hono, path: string) => {
    const res = await app.request(`https://api.example${path}`)
    return `${res.status} ${await res.text()}`
  }

  describe.each([true, false])('with the middleware: %s', (middleware) => {
    const app = tableApp(middleware)

    it('limits added and removed routes to their versions; other versions get what a path without a route gets', async () => {
      expect([await answer(app, '/v1/search'), await answer(app, '/v2/search'), await answer(app, '/v3/search')]).toEqual(['200 a later v1 handler', '200 search', '200 search'])
      expect([await answer(app, '/v1/legacy'), await answer(app, '/v2/legacy'), await answer(app, '/v3/legacy')]).toEqual(['200 legacy', '200 legacy', '404 nothing here'])
      // As an unknown path: the versions of every route (the policy), not those of the route passed over.
      const res = await app.request('https://api.example/v3/legacy')
      expect(res.headers.get('api-supported-versions')).toBe('v1, v2, v3')
    })

    it('keeps the older path for older versions, reverse gives each version its own, and bodies migrate', async () => {
      expect(await (await app.request('https://api.example/v1/items/1')).json()).toEqual({ id: 1, name: 'Lamp', self: 'https://api.example/v1/items/1' })
      expect(await (await app.request('https://api.example/v3/products/1')).json()).toEqual({ id: 1, title: 'Lamp', self: 'https://api.example/v3/products/1' })
      expect([await answer(app, '/v1/products/1'), await answer(app, '/v3/items/1')]).toEqual(['404 nothing here', '404 nothing here'])
    })

    it('still rejects a version the scheme does not allow with the scheme\'s error', async () => {
      expect(await answer(app, '/v9/search')).toBe('404 {"detail":"Invalid version in URL path."}')
    })
  })

  it('binds: every name it uses is in the table', () => {
    expect(() => history.bind({ where: 'apiVersioning', scheme: scheme(), routeNames: new Set(routes.routes.flatMap((r) => [r.name, r.viewName])), versionQuery: null })).not.toThrow()
  })

  it("versioned() rejects other versions unless asked to answer them as unknown paths ({ absent: 'not-found' })", async () => {
    for (const [absent, expected] of [
      [undefined, '404 {"detail":"Invalid version in URL path."}'],
      ['reject', '404 {"detail":"Invalid version in URL path."}'],
      ['not-found', '404 404 Not Found'],
    ] as const) {
      const table = defineRoutes([include('/:version{v[0-9]+}', [versioned(['v2'], route('new', '/new'), absent === undefined ? undefined : { absent })])])
      const versioning = apiVersioning({ scheme: scheme(), routes: table })
      const app = new Hono()
      app.use('*', versioning)
      mountRoutes(app, versioning, { new: (c) => c.text('new') })
      expect([await answer(app, '/v1/new'), await answer(app, '/v2/new')]).toEqual([expected, '200 new'])
    }
    expect(() => versioned(['v2'], route('new', '/new'), { absent: 'gone' as never })).toThrow('versioned: absent must be "reject" or "not-found".')
    // Nested limits intersect, and either's absent holds.
    const nested = defineRoutes([
      versioned(['v1', 'v2'], include('/a', [route('x', '/x'), versioned(['v2', 'v3'], route('y', '/y'))]), { absent: 'not-found' }),
      versioned(['v2'], versioned(['v1', 'v2'], route('z', '/z'), { absent: 'not-found' })),
      versioned(['v2'], route('q', '/q')),
    ])
    expect(nested.routes.map((r) => [r.name, [...(r.limit?.versions ?? [])], r.limit?.absent])).toEqual([
      ['x', ['v1', 'v2'], 'not-found'],
      ['y', ['v2'], 'not-found'],
      ['z', ['v2'], 'not-found'],
      ['q', ['v2'], undefined],
    ])
  })
})

describe('asking about a change in a handler', () => {
  it('predates: whether a version is older than the change', () => {
    expect([catalog.predates('v1', money), catalog.predates('v2', money), catalog.predates('v3', money), catalog.predates('v4', money)]).toEqual([true, true, false, false])
    expect(catalog.predates(null, titles)).toBe(false)
    expect(() => catalog.predates('v1', change('Elsewhere.', [routeAdded('x')]))).toThrow('history.predates: the change "elsewhere" is not in this history')
    expect(() => catalog.predates('v9', drafts)).toThrow('history.predates: unknown version "v9"')
  })

  it('predates and migrate quote a version or change id they do not know escaped and cut (a CR LF, a control character, 1 MiB)', () => {
    const huge = `v\r\n${'x'.repeat(2 ** 20)}`
    expect(() => catalog.predates(huge, drafts)).toThrow(new Error(`history.predates: unknown version "v\\r\\n${'x'.repeat(73)}…; the history's versions are v1, v2, v3, v4.`))
    expect(() => catalog.migrate({} as never, { as: Product, to: huge as never })).toThrow(new Error(`history.migrate: unknown version "v\\r\\n${'x'.repeat(73)}…; the history's versions are v1, v2, v3, v4.`))
    const stranger = { ...drafts, id: `a\u0007\u2028${'y'.repeat(2 ** 20)}` }
    expect(() => catalog.predates('v1', stranger)).toThrow(new Error(`history.predates: the change "a\\u0007\\u2028${'y'.repeat(65)}… is not in this history; pass one listed in its versions.`))
  })
})

describe('the changelog', () => {
  it('is plain JSON, newest version first (contract B)', () => {
    const log = catalog.changelog()
    expect(JSON.parse(JSON.stringify(log))).toEqual(log)
    expect(log).toEqual({
      head: 'v4',
      versions: [
        {
          version: 'v4',
          changes: [
            {
              id: 'products-can-be-drafts-and-have-tags',
              description: 'Products can be drafts, and have tags.',
              instructions: [
                { type: 'enum.added', shape: 'Product', field: 'status', values: ['draft'] },
                { type: 'field.added', shape: 'Product', field: 'tags' },
              ],
            },
          ],
        },
        {
          version: 'v3',
          changes: [
            {
              id: 'money',
              description: 'Prices are an amount in cents and a currency; the SKU is gone.',
              instructions: [
                { type: 'field.changed', shape: 'Product', field: 'price' },
                { type: 'field.removed', shape: 'Product', field: 'sku' },
              ],
            },
          ],
        },
        {
          version: 'v2',
          changes: [
            {
              id: 'products-and-categories-have-a-title-instead-of-a-name',
              description: 'Products and categories have a title instead of a name.',
              instructions: [
                { type: 'field.renamed', shape: 'Product', older: 'name', newer: 'title' },
                { type: 'field.renamed', shape: 'Category', older: 'name', newer: 'title' },
              ],
            },
          ],
        },
        { version: 'v1', changes: [] },
      ],
    })
  })

  it('renders as Markdown', () => {
    expect(changelogMarkdown(catalog.changelog())).toBe(
      [
        '# Changelog',
        '',
        '## v4 (latest)',
        '',
        '- Products can be drafts, and have tags.',
        '  - `Product`: field `status` can be `draft`.',
        '  - `Product`: field `tags` added.',
        '',
        '## v3',
        '',
        '- Prices are an amount in cents and a currency; the SKU is gone.',
        '  - `Product`: field `price` changed type or format.',
        '  - `Product`: field `sku` removed.',
        '',
        '## v2',
        '',
        '- Products and categories have a title instead of a name.',
        '  - `Product`: field `name` renamed to `title`.',
        '  - `Category`: field `name` renamed to `title`.',
        '',
        '## v1',
        '',
        'The first version.',
        '',
      ].join('\n'),
    )
  })

  it("is rendered as Markdown by changelog(history, { format: 'markdown' }), under the title asked, from the history or its JSON", () => {
    expect(changelog(catalog, { format: 'markdown' })).toBe(changelogMarkdown(catalog.changelog()))
    expect(changelog(catalog.changelog(), { format: 'markdown', title: 'Catalog API' })).toBe(changelogMarkdown(catalog.changelog(), { title: 'Catalog API' }))
    expect(changelog(catalog)).toEqual(catalog.changelog())
    expect(changelog(catalog, { format: 'json' })).toEqual(catalog.changelog())
  })

  it('adds the routes a table serves from a version on, or stops serving, with changelog(history, { routes }), as JSON and as Markdown', () => {
    const routes = defineRoutes([route('product-list', '/products'), versioned(['v3', 'v4'], route('stats', '/stats')), versioned(['v1', 'v2', 'v3'], route('legacy', '/legacy'))])
    const log = changelog(catalog, { routes })
    expect(log).toEqual(changelogWithRoutes(catalog.changelog(), routes))
    expect(log.versions.map((v) => [v.version, v.changes.filter((c) => c.instructions.some((i) => i.type.startsWith('route.'))).map((c) => c.id)])).toEqual([
      ['v4', ['legacy-removed']],
      ['v3', ['stats-added']],
      ['v2', []],
      ['v1', []],
    ])
    expect(changelog(catalog, { routes, format: 'markdown' })).toBe(changelogMarkdown(log))
    expect(changelog(catalog, { routes, format: 'markdown' })).toContain('- Adds `/stats`.\n  - Route `stats` added.')
  })

  it('refuses what it cannot follow, saying what to pass', () => {
    expect(() => changelog(catalog, { format: 'html' } as never)).toThrow("changelog: format must be 'json' or 'markdown'.")
    expect(() => changelog(catalog, { title: 'Catalog' } as never)).toThrow("changelog: title must be a string, given with format: 'markdown'.")
    expect(() => changelog(catalog, { routes: [route('stats', '/stats')] } as never)).toThrow('changelog: routes must be a route table (defineRoutes([...])).')
    expect(() => changelog(catalog, null as never)).toThrow("changelog: options must be an object such as { routes, format: 'markdown' }.")
    // Plain JavaScript: a Map's entries are no keys, so its format was never read.
    expect(() => changelog(catalog, new Map([['format', 'markdown']]) as never)).toThrow("changelog: options must be an object such as { routes, format: 'markdown' }.")
    // Plain JavaScript: a misspelt option gave the JSON where Markdown was asked for.
    expect(() => changelog(catalog, { fromat: 'markdown' } as never)).toThrow('changelog: unknown option "fromat" (did you mean "format"?); the options are routes, format, title.')
    expect(() => changelog({ versions: [] } as never)).toThrow('changelog: pass a version history (versionHistory({ versions })) or the JSON its changelog() returns.')
  })
})

describe('mistakes fail at construction with a sentence that says what to fix', () => {
  const P = shape('P')
  const rename = (older: string, newer: string) => fieldRenamed(P, { older, newer })
  const history = (...versions: { version: string; changes?: ReturnType<typeof change>[] }[]) => () => versionHistory({ versions })
  it.each([
    ['no versions', () => versionHistory({ versions: [] }), 'versionHistory: versions must be a non-empty list'],
    // Plain JavaScript: a Map's entries are no keys, so no body migrated, silently.
    ['bodies as a Map', () => versionHistory({ versions: [{ version: 'v1' }], bodies: new Map([['product-detail', { response: P }]]) as never }), "versionHistory: bodies must map route names to layouts, such as { 'product-detail': { response: Product } } (an object, not a Map)."],
    ['a duplicated version', history({ version: 'v1' }, { version: 'v1' }), 'versionHistory: version "v1" is listed twice'],
    ['versions out of order', history({ version: 'v2' }, { version: 'v1' }), 'versionHistory: versions must go from oldest to newest, but "v1" comes after "v2"'],
    ['dates out of order', history({ version: '2025-01-01' }, { version: '2024-06-01' }), 'but "2024-06-01" comes after "2025-01-01"'],
    ['semver out of order', history({ version: '1.10.0' }, { version: '1.9.0' }), 'but "1.9.0" comes after "1.10.0"'],
    ['changes on the first version', history({ version: 'v1', changes: [change('A.', [rename('a', 'b')])] }), 'the first version "v1" has changes, which can never apply'],
    ['a change listed twice', () => { const c = change('A.', [rename('a', 'b')]); return versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [c] }, { version: 'v3', changes: [c] }] }) }, 'the change "a" is listed twice'],
    ['two changes with one id', history({ version: 'v1' }, { version: 'v2', changes: [change('Same.', [rename('a', 'b')]), change('Same!', [rename('c', 'd')])] }), 'two changes have the id "same"'],
    ['a field renamed twice in one version', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [rename('a', 'b')]), change('B.', [rename('a', 'c')])] }), 'version "v2" changes field "a" of shape "P" twice'],
    ['a field removed then renamed', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [fieldRemoved(P, 'a')])] }, { version: 'v3', changes: [change('B.', [rename('a', 'b')])] }), 'field "a" of shape "P" is renamed from "a" to "b" in version "v3", which needs it to exist in the version before, but it was removed in version "v2"'],
    ['a field added twice', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [fieldAdded(P, 'a')])] }, { version: 'v3', changes: [change('B.', [fieldAdded(P, 'a')])] }), 'field "a" of shape "P" is added in version "v3", which says it did not exist in the version before, but it was added in version "v2"'],
    ['a route added twice', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [routeAdded('r')])] }, { version: 'v3', changes: [change('B.', [routeAdded('r')])] }), 'route "r" is added in version "v3", but it already exists in the version before'],
    ['a route that exists in no version', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [routeRemoved('r')])] }, { version: 'v3', changes: [change('B.', [routeAdded('r')]), change('C.', [routeRemoved('r')])] }), 'route "r" is added or removed twice in version "v3"'],
    ['paths that do not chain', history({ version: 'v1' }, { version: 'v2', changes: [change('A.', [pathChanged('r', { older: '/a', newer: '/b' })])] }, { version: 'v3', changes: [change('B.', [pathChanged('r', { older: '/x', newer: '/c' })])] }), 'route "r" moves to /b in version "v2", but a later change moves it from /x'],
    ['a change on a shape replaced before it', () => { const Q = shape('Q'); return versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [fieldRenamed(Q, { older: 'a', newer: 'b' })])] }, { version: 'v3', changes: [change('B.', [shapeConverted(Q, { down: (q) => [q], older: [shape('R')] })])] }] }) }, 'so its change in version "v2" can never apply'],
    ['a change whose instructions are not a list', () => change('Nothing.', undefined as never), 'or [] for a change of behaviour alone'],
    ['an enum fallback among the added values', () => enumValuesAdded(P, 's', ['x'], { fallback: 'x' }), 'the fallback "x" is one of the added values'],
    ['a rename to the same name', () => rename('a', 'a'), 'fieldRenamed: older and newer are both "a"'],
    ['a status changed to itself', () => statusChanged('r', { older: 200, newer: 200 }), "statusChanged: older and newer are both 200; give older versions' status as older and the handler's as newer, or drop the change."],
    ['a header renamed to itself', () => requestHeaderRenamed('r', { older: 'X-Locale', newer: 'x-locale' }), 'requestHeaderRenamed: older and newer are the same header, "X-Locale" and "x-locale" (names are case-insensitive); give older versions\' header as older and the one the handler reads as newer, or drop the change.'],
    ['a route removed in the oldest version and never added back', () => routeLife('r', [{ step: 0, entry: { type: 'route.removed', route: 'r' } }], ['v1', 'v2'], 'changelog'), 'changelog: route "r" exists in no version (its changes remove it in the oldest version, "v1", and never add it back); remove those changes, or add it back with routeAdded in the first version that serves it.'],
    ['a bad route name', () => routeAdded('get /x'), 'routeAdded: name a route by its table name'],
    ['a bad layout', () => versionHistory({ versions: [{ version: 'v1' }], bodies: { 'GET /x': { response: [P, P] as never } } }), 'versionHistory: bodies["GET /x"].response: an array layout holds exactly one layout'],
    ['an unknown option', () => versionHistory({ versions: [{ version: 'v1' }], routes: {} } as never), 'versionHistory: unknown option "routes"'],
  ] as const)('%s', (_name, make, message) => {
    expect(make).toThrow(message)
  })
})

describe('mistakes against the scheme and table fail when the middleware binds the history', () => {
  const target = (allowedVersions: string[] | null, routeNames: Set<string> | null = new Set(['r'])) => ({
    where: 'apiVersioning',
    scheme: new HeaderVersioning(allowedVersions === null ? {} : { allowedVersions }),
    routeNames,
    versionQuery: null,
  })
  it.each([
    ['a scheme that allows every version', catalog, target(null), 'apiVersioning: changes: the scheme allows every version'],
    ['a history version the scheme does not allow', catalog, target(['v1', 'v2', 'v3']), 'the history\'s version "v4" is not one the scheme allows'],
    ['a scheme version the history does not list', catalog, target(['v1', 'v2', 'v3', 'v4', 'v5']), 'the scheme allows version "v5", which the history does not list'],
    ['a route not in the table', versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [statusChanged('nope', { older: 200, newer: 201 })])] }] }), target(['v1', 'v2']), 'the history names route "nope", which is not in the route table (r)'],
    ['a table route without a table', versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [statusChanged('r', { older: 200, newer: 201 })])] }] }), target(['v1', 'v2'], null), 'but apiVersioning has no route table'],
    ['a table route added without history.routes()', versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [routeAdded('r')])] }] }), target(['v1', 'v2']), 'declare the table as defineRoutes(history.routes([...]))'],
  ] as const)('%s', (_name, history, t, message) => {
    expect(() => history.bind(t)).toThrow(message)
  })
})

describe('Category and Product in the fixture', () => {
  it('are the shapes the bodies name', () => {
    expect([Product.name, Category.name]).toEqual(['Product', 'Category'])
  })
})
