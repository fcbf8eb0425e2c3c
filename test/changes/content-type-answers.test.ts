/**
 * `check(app)` names a handler on a route with a JSON layout that sets a
 * Content-Type its layouts cannot migrate (`c.body(csv, 200, {
 * 'Content-Type': 'text/csv' })`, Hono having no `c.csv`; `c.header(...)`;
 * a `Response` built by hand): an older client answered so gets a 500.
 * Before, only `c.text`, `c.html`, `c.render` and streams were named, and
 * such a CSV export passed the check and failed at the first older request.
 * A JSON type (`application/problem+json`), a stream's (named as a stream)
 * and a type listed in `unmigrated` are not named. In each style: a plain
 * route and a `mountRoutes` handler. A portable suite: it runs on Node,
 * inside workerd, on Bun and on Deno.
 */
import { Hono, type Context, type Next } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

const Product = shape<{ id: number; title: string }>('Product')
const titles = change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])
const csv = 'id,title\n1,Lamp\n'
const lamp = { id: 1, title: 'Lamp' }

describe('check(app) names a handler setting a Content-Type its layouts cannot migrate', () => {
  it('plain routes: c.body with a header, c.header, a Response by hand; not JSON, a stream twice, nor what unmigrated lists', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: {
        'GET /body': { response: Product },
        'GET /header': { response: Product },
        'GET /response': { response: Product },
        'GET /problem': { response: Product },
        'GET /listed': { response: Product, unmigrated: ['text/*'] },
      },
    })
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/body', (c) => (c.req.query('format') === 'csv' ? c.body(csv, 200, { 'Content-Type': 'text/csv' }) : c.json(lamp)))
    app.get('/header', (c) => {
      c.header('content-type', 'application/pdf')
      return c.body('%PDF')
    })
    app.get('/response', () => new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8" } }))
    app.get('/problem', (c) => c.body(JSON.stringify(lamp), 200, { 'Content-Type': 'application/problem+json' }))
    app.get('/listed', (c) => c.body(csv, 200, { 'Content-Type': 'text/csv' }))
    expect(versioning.check(app)).toEqual([
      "versionHistory: the handler of \"GET /body\" can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
      "versionHistory: the handler of \"GET /header\" can answer application/pdf, which its layouts cannot migrate (older clients would get a 500); list 'application/pdf' in its unmigrated.",
      "versionHistory: the handler of \"GET /response\" can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
    ])
    // What the sentence says: an older client gets a 500 there, and the CSV where it is listed.
    expect((await app.request('/body?format=csv', { headers: { 'Api-Version': '1' } })).status).toBe(500)
    const listed = await app.request('/listed', { headers: { 'Api-Version': '1' } })
    expect([listed.status, await listed.text()]).toEqual([200, csv])
  })

  it('the handlers mountRoutes mounts', () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { product: { response: Product } } })
    const routes = defineRoutes([route('product', '/products/:id')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { product: (c) => (c.req.query('format') === 'csv' ? c.body(csv, 200, { 'Content-Type': 'text/csv' }) : c.json(lamp)) })
    expect(versioning.check(app)).toEqual([
      "versionHistory: the handler of route \"product\" (GET) can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
    ])
  })

  it('a middleware of a mountRoutes chain ([middleware, handler]), read as a plain route\'s middleware is', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { product: { response: Product } } })
    const routes = defineRoutes([route('product', '/products/:id')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    const exported = async (c: Context, next: Next) => (c.req.query('format') === 'csv' ? c.body(csv, 200, { 'Content-Type': 'text/csv' }) : next())
    mountRoutes(app, versioning, { product: [exported, (c) => c.json(lamp)] })
    expect(versioning.check(app)).toEqual([
      "versionHistory: the handler of route \"product\" (GET) can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
    ])
    // What the sentence says: version 1 asking for the CSV gets a 500.
    expect((await app.request('http://api.test/products/1?format=csv', { headers: { 'Api-Version': '1' } })).status).toBe(500)
  })

  it('a middleware registered with app.use after the versioning middleware, for each plain route it covers; one before it is not named', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { 'GET /products/:id': { response: Product }, 'GET /orders/:id': { response: Product } } })
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
    const app = new Hono()
    const exported = async (c: Context, next: Next) => (c.req.query('format') === 'csv' ? c.body(csv, 200, { 'Content-Type': 'text/csv' }) : next())
    // Before the versioning middleware: its answer is sent before any version is read, as the head's.
    app.use('/orders/*', exported)
    app.use('*', versioning)
    app.use('/products/*', exported)
    app.get('/products/:id', (c) => c.json(lamp))
    app.get('/orders/:id', (c) => c.json(lamp))
    expect(versioning.check(app)).toEqual([
      "versionHistory: the middleware registered at '/products/*' after the versioning middleware, run for \"GET /products/:id\", can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
    ])
    // What the sentence says: version 1 asking for the CSV gets a 500; through the middleware before it, the CSV.
    expect((await app.request('/products/1?format=csv', { headers: { 'Api-Version': '1' } })).status).toBe(500)
    expect((await app.request('/orders/1?format=csv', { headers: { 'Api-Version': '1' } })).status).toBe(200)
  })

  it('a middleware registered with app.use after the versioning middleware, for each handler mountRoutes mounts that it runs for', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { product: { response: Product } } })
    const routes = defineRoutes([route('product', '/products/:id')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    app.use('/products/*', async (c: Context, next: Next) => (c.req.query('format') === 'csv' ? c.body(csv, 200, { 'Content-Type': 'text/csv' }) : next()))
    mountRoutes(app, versioning, { product: (c) => c.json(lamp) })
    expect(versioning.check(app)).toEqual([
      "versionHistory: the middleware registered at '/products/*' after the versioning middleware, run for route \"product\" (GET), can answer text/csv, which its layouts cannot migrate (older clients would get a 500); list 'text/csv' in its unmigrated.",
    ])
    expect((await app.request('http://api.test/products/1?format=csv', { headers: { 'Api-Version': '1' } })).status).toBe(500)
  })
})
