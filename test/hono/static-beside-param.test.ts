/**
 * A plain or @hono/zod-openapi route at a path of its own (`/orders/export`)
 * registered before a route whose param matches that path too
 * (`/orders/:id`): the route that answers is the first, so its own bodies
 * entry (here none) and route changes apply, never the param route's. Before,
 * the middleware took the first matched route the history lays out, so an
 * older client's CSV export was "migrated" with the param route's JSON
 * layout (a 500), its JSON import body migrated with the param route's
 * request layout, and the export refused (404) in a version the param route
 * was added after. A portable suite: it runs on Node, inside workerd, on Bun
 * and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Order { id: number; title: string }
const Order = shape<Order>('Order')

function historyOf(prefix: string) {
  return versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Orders have a title.', [fieldRenamed(Order, { older: 'name', newer: 'title' })]),
          change('Orders can be archived.', [routeAdded(`POST ${prefix}/orders/:id/archive`)]),
        ],
      },
    ],
    bodies: { [`GET ${prefix}/orders/:id`]: { response: Order }, [`POST ${prefix}/orders/:id`]: { request: Order, response: Order } },
  })
}

const csv = 'id,title\n7,Lamp\n'
type Ctx = { body(data: string, status: 200, headers: Record<string, string>): Response; json(value: unknown, status?: 200): Response; req: { json(): Promise<unknown>; param(name: string): string | undefined } }
const handlers = {
  export: (c: Ctx) => c.body(csv, 200, { 'Content-Type': 'text/csv' }),
  import: async (c: Ctx) => c.json({ received: await c.req.json() }),
  archiveAll: (c: Ctx) => c.json({ archived: 'all' }),
  detail: (c: Ctx) => c.json({ id: Number(c.req.param('id')), title: 'Lamp' }),
  update: async (c: Ctx) => c.json({ id: Number(c.req.param('id')), ...(await c.req.json() as object) }),
  archive: (c: Ctx) => c.json({ archived: c.req.param('id') }),
}

function plainApp(): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: historyOf('') }))
  app.get('/orders/export', (c) => handlers.export(c))
  app.post('/orders/import', (c) => handlers.import(c))
  app.post('/orders/all/archive', (c) => handlers.archiveAll(c))
  app.get('/orders/:code{[A-Z]{2}[0-9]*}', (c) => handlers.export(c))
  app.get('/orders/:id', (c) => handlers.detail(c))
  app.post('/orders/:id', (c) => handlers.update(c))
  app.post('/orders/:id/archive', (c) => handlers.archive(c))
  return app
}

/** The same API as @hono/zod-openapi routes, in a sub-app whose own middleware names them as it registers them. */
function zodApp(): Hono {
  const id = z.object({ id: z.string() })
  const json = { description: 'JSON', content: { 'application/json': { schema: z.object({}).passthrough() } } }
  const sub = new OpenAPIHono()
  sub.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: historyOf('') }))
  sub.openapi(createRoute({ method: 'get', path: '/orders/export', responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } } }), (c) => handlers.export(c) as never)
  sub.openapi(createRoute({ method: 'post', path: '/orders/import', responses: { 200: json } }), (c) => handlers.import(c) as never)
  sub.openapi(createRoute({ method: 'post', path: '/orders/all/archive', responses: { 200: json } }), (c) => handlers.archiveAll(c) as never)
  sub.get('/orders/:code{[A-Z]{2}[0-9]*}', (c) => handlers.export(c))
  sub.openapi(createRoute({ method: 'get', path: '/orders/{id}', request: { params: id }, responses: { 200: json } }), (c) => handlers.detail(c) as never)
  sub.openapi(createRoute({ method: 'post', path: '/orders/{id}', request: { params: id }, responses: { 200: json } }), (c) => handlers.update(c) as never)
  sub.openapi(createRoute({ method: 'post', path: '/orders/{id}/archive', request: { params: id }, responses: { 200: json } }), (c) => handlers.archive(c) as never)
  const root = new Hono()
  root.route('/api', sub)
  return root
}

const STYLES = [
  ['plain Hono', plainApp, ''],
  ['@hono/zod-openapi in a sub-app', zodApp, '/api'],
] as const

describe.each(STYLES)('a route at a path of its own beside a param route matching it (%s)', (_name, make, prefix) => {
  const app = make()
  const send = (method: string, path: string, version: string, body?: unknown) =>
    app.request(`${prefix}${path}`, { method, headers: { 'Api-Version': version, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

  it('an older client gets the CSV export as the handler made it, not a 500', async () => {
    const res = await send('GET', '/orders/export', '1')
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'text/csv', csv])
  })

  it('so does a route whose param pattern holds a quantifier and a star (`:code{[A-Z]{2}[0-9]*}`), which is no wildcard', async () => {
    const res = await send('GET', '/orders/AB12', '1')
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'text/csv', csv])
  })

  it("an older client's body to the static route reaches its handler as sent, not migrated with the param route's layout", async () => {
    const res = await send('POST', '/orders/import', '1', { name: 'Lamp' })
    expect([res.status, await res.json()]).toEqual([200, { received: { name: 'Lamp' } }])
  })

  it('the static route is served in a version the param route at its place was added after', async () => {
    const res = await send('POST', '/orders/all/archive', '1')
    expect([res.status, await res.json()]).toEqual([200, { archived: 'all' }])
    expect((await send('POST', '/orders/7/archive', '1')).status).toBe(404)
  })

  it('the param route still migrates its own bodies, both ways', async () => {
    expect(await (await send('GET', '/orders/7', '1')).json()).toEqual({ id: 7, name: 'Lamp' })
    expect(await (await send('POST', '/orders/7', '1', { name: 'Desk' })).json()).toEqual({ id: 7, name: 'Desk' })
    expect(await (await send('GET', '/orders/export', '2')).text()).toBe(csv)
  })
})
