/**
 * What an older client may count on from version changes: it never gets the
 * head shape, a field the head would not serialise, or a 5xx the head would
 * not give, and never silently. Routes bound by method in both mount styles,
 * bodies whatever their Content-Type, the JSON value (toJSON) as the
 * contract, client errors for client input, loud server errors for layouts
 * that do not fit, checked binding keys, and the version's headers on every
 * answer after the version is decided.
 */
import fc from 'fast-check'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { FIXED_SEED } from '../support/property-runs.ts'
import type { Instruction } from '../../src/changes/instruction.ts'
import { twoVersions } from '../support/two-versions.ts'
import { appInStyle, MOUNT_STYLES, type MountStyle } from '../support/mount-styles.ts'

interface Product {
  id: number
  title: string
  price: number
}
const Product = shape<Product>('Product')
const titles = change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])
const prices = change('Prices are numbers.', [
  fieldChanged(Product, 'price', {
    down: (price) => price.toFixed(2),
    up: (price) => {
      if (typeof price !== 'string' || !/^\d+(\.\d+)?$/.test(price)) throw new TypeError('not a price')
      return Number(price)
    },
  }),
])
const versions = [{ version: '1' }, { version: '2', changes: [titles, prices] }] as const
const scheme = () => twoVersions()
const v1 = { 'Api-Version': '1', 'Content-Type': 'application/json' }
const lamp: Product = { id: 1, title: 'Lamp', price: 12.5 }


/** GET and POST at /products as two table routes (`product-list`, `product-create`). */
function twoRoutes(mode: MountStyle) {
  const history = versionHistory({
    versions: [...versions],
    bodies: { 'product-list': { response: { items: [Product] } }, 'product-create': { request: Product, response: Product } },
  })
  const routes = defineRoutes([route('product-list', '/products'), route('product-create', '/products')])
  const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, origin: 'https://api.example.com' })
  const app = appInStyle(mode, versioning)
  mountRoutes(app, versioning, {
    'product-list': (c) => c.json({ items: [lamp] }),
    'product-create': { post: async (c) => c.json({ ...(await c.req.json<Omit<Product, 'id'>>()), id: 7 }, 201) },
  })
  return app
}

/** GET and POST on one table route (`products`), with a layout per method. */
function oneRoute(mode: MountStyle) {
  const history = versionHistory({
    versions: [...versions],
    bodies: { 'GET products': { response: { items: [Product] } }, 'POST products': { request: Product, response: Product } },
  })
  const routes = defineRoutes([route('products', '/products')])
  const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, origin: 'https://api.example.com' })
  const app = appInStyle(mode, versioning)
  mountRoutes(app, versioning, {
    products: { get: (c) => c.json({ items: [lamp] }), post: async (c) => c.json({ ...(await c.req.json<Omit<Product, 'id'>>()), id: 7 }, 201) },
  })
  return app
}

const post = (app: Hono, body: string, headers: Record<string, string> = v1) => app.request('/products', { method: 'POST', headers, body })

describe('a request is bound to the route and method that serve it', () => {
  for (const mode of MOUNT_STYLES) {
    for (const [name, make] of [['two table routes on one path', twoRoutes], ['one route, a layout per method', oneRoute]] as const) {
      it(`${name} (${mode}): an older POST body reaches the handler migrated, and each method answers in its own older layout`, async () => {
        const app = make(mode)
        const created = await post(app, JSON.stringify({ name: 'Desk', price: '30.00' }))
        expect(created.status).toBe(201)
        expect(await created.json()).toEqual({ id: 7, name: 'Desk', price: '30.00' })
        const list = await app.request('/products', { headers: v1 })
        expect(await list.json()).toEqual({ items: [{ id: 1, name: 'Lamp', price: '12.50' }] })
        // The head version is untouched.
        const head = await post(app, JSON.stringify({ title: 'Desk', price: 30 }), { 'Api-Version': '2', 'Content-Type': 'application/json' })
        expect(await head.json()).toEqual({ id: 7, title: 'Desk', price: 30 })
      })
    }
  }

  it('a method-qualified key takes the route-wide layouts it does not replace, and the route-wide changes', async () => {
    const history = versionHistory({
      versions: [...versions],
      bodies: { products: { response: Product }, 'POST products': { request: Product } },
    })
    const routes = defineRoutes([route('products', '/products')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, origin: 'https://api.example.com' })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { products: { post: async (c) => c.json({ ...(await c.req.json<Omit<Product, 'id'>>()), id: 3 }) } })
    expect(await (await post(app, JSON.stringify({ name: 'Cup', price: '2.00' }))).json()).toEqual({ id: 3, name: 'Cup', price: '2.00' })
  })
})

describe('an older body is migrated whatever its Content-Type says, or refused', () => {
  const app = twoRoutes('app.use + mountRoutes')
  const unsupported = { detail: 'Unsupported media type in request; send the body as application/json.' }
  it.each([
    ['text/plain', { 'Api-Version': '1', 'Content-Type': 'text/plain' }],
    ['a form (what curl -d sends)', { 'Api-Version': '1', 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['no Content-Type', { 'Api-Version': '1' }],
  ])('%s: 415, the handler never reads the older body', async (_, headers) => {
    const request = new Request('http://api.test/products', { method: 'POST', headers, body: new TextEncoder().encode(JSON.stringify({ name: 'Desk', price: '1.00' })) })
    if (!('Content-Type' in headers)) expect(request.headers.get('content-type')).toBeNull()
    const res = await app.request(request)
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual(unsupported)
  })

  it('an empty body passes to the handler as it is', async () => {
    const seen = new Hono()
    const history = versionHistory({ versions: [...versions], bodies: { 'POST /products': { request: Product } } })
    seen.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    seen.post('/products', async (c) => c.json({ text: await c.req.text() }))
    expect(await (await seen.request('/products', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'text/plain' }, body: '' })).json()).toEqual({ text: '' })
  })

  it("Hono's validators, c.req.json(), text() and arrayBuffer() all read the migrated body", async () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'POST /products': { request: Product } } })
    const app2 = new Hono()
    app2.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app2.post(
      '/products',
      validator('json', (value) => value as Omit<Product, 'id'>),
      async (c) => c.json({ valid: c.req.valid('json'), json: await c.req.json(), text: await c.req.text(), bytes: (await c.req.arrayBuffer()).byteLength }),
    )
    const res = await post(app2, JSON.stringify({ name: 'Desk', price: '3.50' }))
    const text = JSON.stringify({ price: 3.5, title: 'Desk' })
    expect(await res.json()).toEqual({ valid: { title: 'Desk', price: 3.5 }, json: { title: 'Desk', price: 3.5 }, text, bytes: text.length })
  })
})

/** A class whose getter lives on its prototype: JSON.stringify does not serialise it. */
class Entity {
  get computed(): string {
    return 'prototype getter'
  }
}

class Row {
  readonly id: number
  readonly title: string
  readonly price: number
  readonly passwordHash: string
  constructor(id: number, title: string, price: number, passwordHash: string) {
    this.id = id
    this.title = title
    this.price = price
    this.passwordHash = passwordHash
  }
  toJSON() {
    return { id: this.id, title: this.title, price: this.price }
  }
}

describe('the JSON value is the contract', () => {
  const history = versionHistory({ versions: [...versions], bodies: { 'GET /rows/:id': { response: Product }, 'GET /rows': { response: [Product] } } })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.get('/rows/:id', (c) => c.json(new Row(1, 'Lamp', 12.5, 'secret') as unknown as Product))
  app.get('/rows', (c) => c.json([new Row(1, 'Lamp', 12.5, 'secret'), { id: 2, title: 'Desk', price: 30, extra: undefined, at: new Date(0) }] as unknown as Product[]))

  it('an older client gets what the head would serialise, migrated: toJSON hides a private field in every version', async () => {
    const head = await (await app.request('/rows/1', { headers: { 'Api-Version': '2' } })).json()
    const older = await (await app.request('/rows/1', { headers: { 'Api-Version': '1' } })).json()
    expect(head).toEqual({ id: 1, title: 'Lamp', price: 12.5 })
    expect(older).toEqual({ id: 1, name: 'Lamp', price: '12.50' })
    expect(await (await app.request('/rows', { headers: { 'Api-Version': '1' } })).json()).toEqual([
      { id: 1, name: 'Lamp', price: '12.50' },
      { id: 2, name: 'Desk', price: '30.00', at: '1970-01-01T00:00:00.000Z' },
    ])
  })

  it('a laid-out value JSON leaves out (a function, a symbol) is left out for an older client too, not a 500; in a list it is null', async () => {
    const Shelf = shape<{ label: string; top: Product; items: Product[] }>('Shelf', { nested: { top: Product, items: [Product] } })
    const shelves = versionHistory({ versions: [...versions], bodies: { 'GET /shelf': { response: Shelf }, 'GET /nothing': { response: Product } } })
    const served = new Hono()
    served.use('*', versionMiddleware({ scheme: scheme(), changes: shelves }))
    const later = () => ({ id: 9, title: 'Later', price: 1 })
    served.get('/shelf', (c) => c.json({ label: 'A', top: later, items: [{ id: 1, title: 'Lamp', price: 12.5 }, later, Symbol('x')] } as never))
    served.get('/nothing', (c) => c.json(later as never))
    const head = await (await served.request('/shelf', { headers: { 'Api-Version': '2' } })).json()
    expect(head).toEqual({ label: 'A', items: [{ id: 1, title: 'Lamp', price: 12.5 }, null, null] })
    const older = await served.request('/shelf', { headers: { 'Api-Version': '1' } })
    expect([older.status, await older.json()]).toEqual([200, { label: 'A', items: [{ id: 1, name: 'Lamp', price: '12.50' }, null, null] }])
    const nothing = await served.request('/nothing', { headers: { 'Api-Version': '1' } })
    expect([nothing.status, await nothing.text()]).toEqual([200, ''])
  })

  it("a converter reads a field's value as JSON serialises it in its place: a toJSON gets the field's name, as the head's serialisation gives it", async () => {
    // A value whose JSON depends on where it is (toJSON(key)), and one a converter reads whole with the object.
    const labelled = () => ({ toJSON: (key: string) => `${key} label` })
    const Tagged = shape<{ id: number; label: unknown; note: unknown }>('Tagged')
    const tagged = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Labels are text.', [fieldChanged(Tagged, 'label', { down: (label) => ({ was: label }), up: (label) => label as {} }), fieldRemoved(Tagged, 'kind', { older: (o) => o['note'] })])] },
      ],
      bodies: { 'GET /tagged': { response: Tagged } },
    })
    const served = new Hono()
    served.use('*', versionMiddleware({ scheme: scheme(), changes: tagged }))
    served.get('/tagged', (c) => c.json({ id: 1, label: labelled(), note: labelled() } as never))
    const head = await (await served.request('/tagged', { headers: { 'Api-Version': '2' } })).json()
    expect(head).toEqual({ id: 1, label: 'label label', note: 'note label' })
    const older = await (await served.request('/tagged', { headers: { 'Api-Version': '1' } })).json()
    expect(older).toEqual(tagged.migrate(head, { as: Tagged, to: '1' }))
    expect(older).toEqual({ id: 1, label: { was: 'label label' }, note: 'note label', kind: 'note label' })
  })

  it("one object at two places of the handler's value is migrated at each, as JSON serialises it twice, and the handler's object is left as it was", async () => {
    const shared: Product = { id: 3, title: 'Shelf', price: 4 }
    const twice = new Hono()
    twice.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    twice.get('/rows', (c) => c.json([shared, shared]))
    for (let i = 0; i < 2; i++) {
      const older = await twice.request('/rows', { headers: { 'Api-Version': '1' } })
      expect(await older.json()).toEqual([
        { id: 3, name: 'Shelf', price: '4.00' },
        { id: 3, name: 'Shelf', price: '4.00' },
      ])
    }
    expect(shared).toEqual({ id: 3, title: 'Shelf', price: 4 })
  })

  it('history.migrate() migrates the JSON value and gives a JSON value', () => {
    expect(history.migrate(new Row(1, 'Lamp', 12.5, 'secret') as unknown as Product, { as: Product, to: '1' })).toStrictEqual({ id: 1, name: 'Lamp', price: '12.50' })
  })

  it('for random head values and histories, an older client gets migrate(JSON.parse(JSON.stringify(value)))', async () => {
    const Thing = shape('Thing')
    const NAMES = ['a', 'b', 'c', 'd']
    const leaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null), fc.constant(undefined), fc.double(), fc.date({ noInvalidDate: true }))
    const objects = fc.record({ a: leaf, b: fc.array(leaf, { maxLength: 3 }), c: leaf, d: fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 2 }) }, { requiredKeys: [] })
    const heads = objects.chain((plain) =>
      fc.constantFrom(
        () => plain,
        () => ({ toJSON: () => plain, hidden: 'x' }),
        () => Object.assign(new Entity(), plain),
      ).map((make) => make()),
    )
    const steps = fc.array(fc.constantFrom<(field: string, next: string) => Instruction>(
      (field, next) => fieldRenamed(Thing, { older: next, newer: field }),
      (field) => fieldAdded(Thing, field),
      (field) => fieldChanged(Thing, field, { down: (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : `~${String(v)}`), up: (v: unknown) => v as {} }),
      (field) => fieldRemoved(Thing, `${field}-gone`, { older: (o: Record<string, unknown>) => Object.keys(o).sort().join(',') }),
    ), { minLength: 1, maxLength: 3 })
    const property = () =>
      fc.asyncProperty(fc.array(heads, { minLength: 1, maxLength: 3 }), steps, fc.nat(NAMES.length - 1), async (values, made, pick) => {
        const field = NAMES[pick] as string
        // One instruction per version, each on a field of its own so they never contradict each other.
        const history = versionHistory({
          versions: [{ version: '1' }, ...made.map((make, i) => ({ version: String(i + 2), changes: [change(`Step ${i}.`, [make(NAMES[(pick + i) % NAMES.length] ?? field, `old-${i}`)])] }))],
          bodies: { 'GET /things': { response: [Thing] } },
        })
        const app2 = new Hono()
        const allowed = history.versions.slice()
        app2.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: allowed, defaultVersion: history.head }), changes: history }))
        app2.get('/things', (c) => c.json(values as never))
        for (const version of allowed) {
          const got = await (await app2.request('/things', { headers: { 'Api-Version': version } })).json()
          expect(got).toEqual(history.migrate(JSON.parse(JSON.stringify(values)), { as: [Thing], to: version }))
        }
      })
    await fc.assert(
      property(),
      // The fixed seed (every run the same), then a fresh one; a failure prints its seed to replay.
      { numRuns: 40, seed: FIXED_SEED },
    )
    await fc.assert(property(), { numRuns: 40 })
  })
})

describe('client input gets client errors; the server gets loud errors', () => {
  it('a request converter that throws on a client value is a 400 naming the field (problem details when the app uses them)', async () => {
    const app = twoRoutes('app.use + mountRoutes')
    const res = await post(app, JSON.stringify({ name: 'Desk', price: { toString: 1 } }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: 'Invalid value at $.price.' })
    const history = versionHistory({ versions: [...versions], bodies: { 'POST /products': { request: Product } } })
    const problems = new Hono()
    problems.use('*', versionMiddleware({ scheme: scheme(), changes: history, errorResponse: problemDetails() }))
    problems.post('/products', (c) => c.text('never'))
    const problem = await post(problems, JSON.stringify({ name: 'Desk', price: 'twelve' }))
    expect(problem.status).toBe(400)
    expect(problem.headers.get('content-type')).toBe('application/problem+json')
    expect(await problem.json()).toMatchObject({ status: 400, detail: 'Invalid value at $.price.', code: 'UnreadableBody' })
  })

  it('a body nested thousands of levels deep outside every shape: the head answers, the older version too (never a 5xx)', async () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'POST /products': { request: Product, response: Product } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.post('/products', async (c) => {
      const { title, price } = await c.req.json<Product>()
      return c.json({ id: 7, title, price }, 201)
    })
    const deep = (name: string, price: string) => `{"${name}":"Desk","price":${price},"meta":${'['.repeat(6000)}${']'.repeat(6000)}}`
    const head = await post(app, deep('title', '1'), { 'Api-Version': '2', 'Content-Type': 'application/json' })
    expect(head.status).toBe(201)
    const older = await post(app, deep('name', '"1.00"'))
    // Migrated when the runtime can serialise it; else the client's error, naming the field.
    if (older.status === 201) expect(await older.json()).toEqual({ id: 7, name: 'Desk', price: '1.00' })
    else {
      expect(older.status).toBe(400)
      expect(await older.json()).toEqual({ detail: 'The request body is nested too deeply to migrate.' })
    }
  })

  it('a request body that does not fit its layout is a 400 naming the place', async () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'POST /batch': { request: { items: [Product] } } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.post('/batch', (c) => c.text('never'))
    const res = await app.request('/batch', { method: 'POST', headers: v1, body: JSON.stringify({ items: { name: 'x' } }) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: 'Invalid request body at $.items: expected a list, found an object.' })
  })

  it('a response that does not fit its layout, or a converter that throws, is a 500 with a fixed body; the sentence goes to app.onError', async () => {
    const history = versionHistory({
      versions: [...versions],
      bodies: { 'GET /list': { response: { items: [Product] } }, 'GET /bad-price': { response: Product } },
    })
    const errors: string[] = []
    const app = new Hono()
    app.onError((error, c) => {
      errors.push(error.message)
      return c.text('Internal Server Error', 500)
    })
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    // The head answers one object where the layout says a list: an older client never gets it in the head shape.
    app.get('/list', (c) => c.json(lamp as never))
    app.get('/bad-price', (c) => c.json({ ...lamp, price: 'free' } as never))
    const res = await app.request('/list', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe('Internal Server Error')
    expect(errors[0]).toBe(
      'versionHistory: the 200 response of "GET /list" cannot be migrated to version "1": the value at $.items does not fit its layout: expected a value, found none; declare the layout this response has (per method: "POST name" in bodies) or answer the one declared.',
    )
    const bad = await app.request('/bad-price', { headers: { 'Api-Version': '1' } })
    expect(bad.status).toBe(500)
    expect(errors[1]).toMatch(/^versionHistory: the 200 response of "GET \/bad-price" cannot be migrated to version "1": at \$\.price, the field\.changed converter of shape Product threw: /)
    // The head version is the handler's own.
    expect((await app.request('/list', { headers: { 'Api-Version': '2' } })).status).toBe(200)
  })
})

describe('every binding key is checked', () => {
  it('refuses a plain route written the OpenAPI way, and HEAD, when the history is made', () => {
    expect(() => versionHistory({ versions: [...versions], bodies: { 'GET /users/{id}': { response: Product } } })).toThrow(
      'versionHistory: bodies: "GET /users/{id}" is written in OpenAPI\'s syntax; name plain Hono routes as Hono registers them, with ":param" ("GET /users/:id").',
    )
    expect(() => versionHistory({ versions: [...versions], bodies: { 'HEAD /users': { response: Product } } })).toThrow('names HEAD')
  })

  it('refuses a method-qualified table name the table lacks, and a path change of one method, when the middleware is made', () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'POST product-craete': { request: Product } } })
    const routes = defineRoutes([route('product-create', '/products')])
    expect(() => apiVersioning({ scheme: scheme(), routes, changes: history })).toThrow('the history names route "product-craete", which is not in the route table')
  })

  it('check(app) reports plain-route keys no route of the app serves', () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'GET /userz/:id': { response: Product }, 'GET /users/:id': { response: Product } } })
    const middleware = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', middleware)
    app.get('/users/:id', (c) => c.json(lamp))
    expect(middleware.check(app)).toEqual([
      'versionHistory: "GET /userz/:id" names no route of the app (its routes: GET /users/:id); name the route as Hono registers it, or its older clients get the head shape.',
    ])
    expect(history.check(app)).toHaveLength(1)
    app.get('/userz/:id', (c) => c.json(lamp))
    expect(middleware.check(app)).toEqual([])
  })
})

describe('lifecycle edges', () => {
  it('a 405 on a table route carries the version echo, Deprecation and Sunset', async () => {
    const routes = defineRoutes([route('products', '/products')])
    const policy = versionPolicy({ versions: { '1': { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z' } }, echoHeader: 'api-version' })
    const versioning = apiVersioning({ scheme: scheme(), routes, policy, origin: 'https://api.example.com' })
    for (const mount of [true, false]) {
      const app = new Hono()
      if (mount) app.use('*', versioning)
      mountRoutes(app, versioning, { products: (c) => c.json([]) })
      const res = await app.request('/products', { method: 'DELETE', headers: { 'Api-Version': '1' } })
      expect(res.status).toBe(405)
      expect(res.headers.get('api-version')).toBe('1')
      expect(res.headers.get('deprecation')).toBe('@1767225600')
      expect(res.headers.get('sunset')).toBe('Thu, 01 Jan 2099 00:00:00 GMT')
    }
  })

  it('links go out as header values: an IDN host in punycode, other characters percent-encoded; what cannot be fixed fails when the policy is made', async () => {
    const policy = versionPolicy({ versions: { '1': { sunset: '2099-01-01T00:00:00Z', sunsetLink: 'https://bücher.example/ä\u007f' } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), policy }))
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('/', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('link')).toBe('<https://xn--bcher-kva.example/%C3%A4%7F>; rel="sunset"')
    expect(() => versionPolicy({ versions: { '1': { sunset: '2099-01-01T00:00:00Z', sunsetLink: 'https://a\u0000b.example/' } } })).toThrow('sunsetLink must be an absolute URL')
  })
})

describe('the QUERY method (Hono 4.13)', () => {
  it('mounts like any other method: a QUERY body is migrated with its own layout, and the 405 lists it', async () => {
    const history = versionHistory({ versions: [...versions], bodies: { 'QUERY products': { request: Product, response: { items: [Product] } } } })
    const routes = defineRoutes([route('products', '/products')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, origin: 'https://api.example.com' })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { products: { query: async (c) => c.json({ items: [{ ...(await c.req.json<Omit<Product, 'id'>>()), id: 1 }] }) } })
    const res = await app.request('/products', { method: 'QUERY', headers: v1, body: JSON.stringify({ name: 'Desk', price: '1.00' }) })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ items: [{ id: 1, name: 'Desk', price: '1.00' }] })
    const refused = await app.request('/products', { method: 'DELETE', headers: v1 })
    expect(refused.status).toBe(405)
    expect(refused.headers.get('allow')).toBe('QUERY')
  })
})
