/**
 * Which plain route's plan an older request gets: the first route Hono runs
 * for it that the history names, whatever comes before it (a middleware
 * registered on a wider pattern for the same method) and however it is
 * registered (`app.all`, a sub-app, an optional or a patterned param); a
 * name of `ALL` (`app.all`'s registration) is refused, since no request is
 * sent with it. A portable file: it runs on all four runtimes.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamChanged, requestHeaderRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import type { RoutePlan } from '../../src/changes/http-steps.ts'
import { NO_PLAN, planLookup } from '../../src/changes/route-plans.ts'

interface Product {
  id: number
  title: string
}
const Product = shape<Product>('Product')
const head: Product = { id: 1, title: 'Lamp' }

function appWith(bodies: Record<string, { request?: typeof Product; response?: typeof Product }>, register: (app: Hono) => void): { app: Hono; check: () => readonly string[] } {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }], bodies })
  const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
  const app = new Hono()
  app.use('*', versioning)
  register(app)
  return { app, check: () => versioning.check(app) }
}

const get = async (app: Hono, path: string, version: string): Promise<unknown> => (await app.request(path, { headers: { 'Api-Version': version } })).json()
const post = async (app: Hono, path: string, body: unknown, version = '1'): Promise<unknown> =>
  (await app.request(path, { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()

describe('the plan of a plain route', () => {
  it('a route registered for every method (app.all): its responses and requests are migrated', async () => {
    const { app, check } = appWith({ 'GET /all': { response: Product }, 'POST /all': { request: Product } }, (app) => {
      app.all('/all', async (c) => (c.req.method === 'GET' ? c.json(head) : c.json({ received: await c.req.json() })))
    })
    expect(check()).toEqual([])
    expect(await get(app, '/all', '1')).toEqual({ id: 1, name: 'Lamp' })
    expect(await get(app, '/all', '2')).toEqual(head)
    expect(await post(app, '/all', { id: 1, name: 'Lamp' })).toEqual({ received: head })
  })

  it('a name of ALL, the method app.all() is registered under, is refused when the history is made: it changed nothing, with check(app) silent', () => {
    expect(() => appWith({ 'ALL /all': { response: Product } }, () => undefined)).toThrow(
      'versionHistory: bodies: "ALL /all" names ALL, which no request is sent with (a route\'s changes are found by the request\'s method), so it would change nothing; name the route for each method it answers ("GET /all", "POST /all").',
    )
    expect(() => routeAdded('ALL /all')).toThrow('routeAdded: "ALL /all" names ALL')
    expect(() => queryParamChanged('ALL /all', 'status', { up: (older) => older })).toThrow('queryParamChanged: "ALL /all" names ALL')
    expect(() => requestHeaderRenamed('ALL all', { older: 'X-A', newer: 'X-B' })).toThrow('name the table route alone ("all"), for each of its methods.')
  })

  it('a handler behind a middleware registered for its method on a wider pattern (app.get("/users/*", mw), app.post("/orders/*", bodyLimit))', async () => {
    const { app } = appWith({ 'GET /users/:id': { response: Product }, 'POST /orders/:id': { request: Product } }, (app) => {
      app.get('/users/*', async (_c, next) => {
        await next()
      })
      app.get('/users/:id', (c) => c.json(head))
      app.post('/orders/*', bodyLimit({ maxSize: 1024 }))
      app.post('/orders/:id', async (c) => c.json({ received: await c.req.json() }))
    })
    expect(await get(app, '/users/1', '1')).toEqual({ id: 1, name: 'Lamp' })
    expect(await post(app, '/orders/7', { id: 1, name: 'Lamp' })).toEqual({ received: head })
  })

  it('a GET middleware on every path registered after the versioning middleware, as a cache is', async () => {
    const { app } = appWith({ 'GET /products/:id': { response: Product } }, (app) => {
      app.get('*', async (c, next) => {
        await next()
        c.header('Cache-Control', 'max-age=60')
      })
      app.get('/products/:id', (c) => c.json(head))
    })
    const res = await app.request('/products/1', { headers: { 'Api-Version': '1' } })
    expect(res.headers.get('cache-control')).toBe('max-age=60')
    expect(await res.json()).toEqual({ id: 1, name: 'Lamp' })
  })

  it.each([
    ['/api/items/:id', '/api/items/1'],
    ['/opt/:id?', '/opt/1'],
    ['/regex/:id{[0-9]+}', '/regex/5'],
    ['/wild/*', '/wild/a/b'],
  ])('%s, named as Hono registers it', async (pattern, path) => {
    const { app } = appWith({ [`GET ${pattern}`]: { response: Product } }, (app) => {
      if (pattern.startsWith('/api/')) {
        const sub = new Hono()
        sub.get('/items/:id', (c) => c.json(head))
        app.route('/api', sub)
      } else app.get(pattern, (c) => c.json(head))
    })
    expect(await get(app, path, '1')).toEqual({ id: 1, name: 'Lamp' })
    expect(await get(app, path, '2')).toEqual(head)
  })
})

describe('the plan of a table route for DELETE', () => {
  function tableApp(bodies: Record<string, { request?: typeof Product; response?: typeof Product }>): Hono {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }], bodies })
    const routes = defineRoutes([route('products', '/products')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, origin: 'https://api.test' })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      products: {
        post: async (c) => c.json(await c.req.json()),
        delete: async (c) => c.json({ deleted: await c.req.text() }),
      },
    })
    return app
  }
  const send = async (app: Hono, method: string, version: string, body: string, type = 'application/json'): Promise<{ status: number; body: unknown }> => {
    const response = await app.request('https://api.test/products', { method, headers: { 'Api-Version': version, 'Content-Type': type }, body })
    return { status: response.status, body: await response.json() }
  }

  it("a route's request layout is its POST's, not its DELETE's: an older DELETE's body reaches the handler as the head's does", async () => {
    const app = tableApp({ products: { request: Product } })
    expect(await send(app, 'POST', '1', '{"id":1,"name":"Lamp"}')).toEqual({ status: 200, body: head })
    for (const version of ['1', '2']) {
      expect(await send(app, 'DELETE', version, '{}')).toEqual({ status: 200, body: { deleted: '{}' } })
      expect(await send(app, 'DELETE', version, 'all of them', 'text/plain')).toEqual({ status: 200, body: { deleted: 'all of them' } })
    }
  })

  it('a DELETE body declared for the method ("DELETE products") is migrated', async () => {
    const app = tableApp({ products: { request: Product }, 'DELETE products': { request: Product } })
    expect(await send(app, 'DELETE', '1', '{"id":1,"name":"Lamp"}')).toEqual({ status: 200, body: { deleted: JSON.stringify(head) } })
    expect((await send(app, 'DELETE', '1', 'all of them', 'text/plain')).status).toBe(415)
  })
})

describe('the plans a route keeps', () => {
  /** Plans that count the names read from them: a plan worked out reads them, a plan kept does not. */
  class CountedPlans extends Map<string, RoutePlan> {
    reads = 0
    override get(key: string): RoutePlan | undefined {
      this.reads++
      return super.get(key)
    }
  }
  const products = { viewName: 'products', name: 'products', path: '/products', limit: null }
  /** How many names looking up `method`'s plan read (0: the plan was kept), at the table route or, with `plain`, at the plain routes `/*` (app.use) and `/things`. */
  const readsOf = (plans: CountedPlans, lookup: ReturnType<typeof planLookup>, method: string, plain = false): number => {
    const before = plans.reads
    lookup(plain ? { method, route: null, routePaths: ['/*', '/things'] } : { method, route: products, routePaths: [] })
    return plans.reads - before
  }

  it('are those of the common methods and the methods the plans name; a method name a client makes up is worked out again, not kept', () => {
    const plans = new CountedPlans([
      ['products', NO_PLAN],
      ['PURGE products', NO_PLAN],
    ])
    const lookup = planLookup(plans, undefined)
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE', 'PURGE']) {
      readsOf(plans, lookup, method)
      expect(readsOf(plans, lookup, method), method).toBe(0)
    }
    // A client sending 1,000 made-up methods to the route (each a 405): none of them is kept.
    for (let i = 0; i < 1000; i++) {
      expect(lookup({ method: `X${i}`, route: products, routePaths: [] })).toBe(NO_PLAN)
      expect(readsOf(plans, lookup, `X${i}`)).toBeGreaterThan(0)
    }
  })

  it('of a plain route: those of the common methods and the methods the plans name; a method name a client makes up, however long, is worked out again, not kept', () => {
    const plans = new CountedPlans([
      ['GET /things', NO_PLAN],
      ['PURGE /things', NO_PLAN],
    ])
    const lookup = planLookup(plans, undefined)
    for (const method of ['GET', 'HEAD', 'POST', 'PURGE']) {
      readsOf(plans, lookup, method, true)
      expect(readsOf(plans, lookup, method, true), method).toBe(0)
    }
    // Through a middleware registered for every method (app.use), each a 404: none of them is kept, and a long one is not held.
    const long = `X${'Y'.repeat(16_000)}`
    for (let i = 0; i < 100; i++) {
      expect(lookup({ method: `${long}${i}`, route: null, routePaths: ['/*', '/things'] })).toBeUndefined()
      expect(readsOf(plans, lookup, `${long}${i}`, true)).toBeGreaterThan(0)
    }
  })
})
