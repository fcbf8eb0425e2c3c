/**
 * A link to a plain or @hono/zod-openapi route carries the query parameters
 * a handler gives `c.var.reverse` (`query: c.req.query()`, as
 * docs/hono-apps.md says to pass them on) under the names of the client's
 * version: a version-1 client that sent `?state=shipped`, which its route's
 * `queryParamRenamed` turned into the head's `status` for the handler, gets a
 * link with `?state=shipped`, which its version takes, not `?status=shipped`,
 * which it refuses (422 where the history validates its parameters). Found by
 * the new-user trial of the three app styles. A portable suite: Node,
 * workerd, Bun and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, queryParamRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { QueryParameterVersioning } from '../../src/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Filter = shape<{ status?: string; sort?: string; page?: number }>('Filter')
const history = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('Orders are filtered by status.', [queryParamRenamed('GET /orders', { older: 'state', newer: 'status' })])] },
    { version: '3', changes: [change('Orders are sorted by order.', [queryParamRenamed('GET /orders', { older: 'sort', newer: 'order' })])] },
  ],
  validation: requestValidation({
    schemas: { Filter: { type: 'object', properties: { status: { type: 'string' }, order: { type: 'string' }, page: { type: 'integer' } }, additionalProperties: false } },
    parameters: { 'GET /orders': { query: Filter } },
  }),
})
const scheme = new QueryParameterVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })

function plainApp() {
  const app = new Hono<AppRoutesEnv<typeof scheme>>()
  app.use('*', versionMiddleware({ scheme, changes: history, routes: appRoutes(app), origin: 'https://api.example.com' }))
  app.get('/orders', named('order-list'), (c) => c.json({ next: c.var.reverse('order-list', { query: { ...c.req.query(), page: 2 } }) }))
  app.get('/reports', (c) => c.json({ orders: c.var.reverse('order-list', { query: { status: 'shipped', order: 'date' } }) }))
  return app
}

function zodApp() {
  const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  app.use('*', versionMiddleware({ scheme, changes: history, routes: appRoutes(app), origin: 'https://api.example.com' }))
  const listOrders = createRoute({
    operationId: 'order-list',
    method: 'get',
    path: '/orders',
    request: { query: z.object({ status: z.string().optional(), order: z.string().optional(), page: z.string().optional() }) },
    responses: { 200: { description: 'Orders', content: { 'application/json': { schema: z.object({ next: z.string() }) } } } },
  })
  app.openapi(listOrders, (c) => c.json({ next: c.var.reverse('order-list', { query: { ...c.req.valid('query'), page: 2 } }) }, 200))
  app.get('/reports', (c) => c.json({ orders: c.var.reverse('order-list', { query: { status: 'shipped', order: 'date' } }) }))
  return app
}

describe.each([
  ['plain Hono', plainApp],
  ['@hono/zod-openapi', zodApp],
])('%s: a link carries the query in the names of the client\'s version', (_, make) => {
  const app = make()
  const next = async (query: string): Promise<string> => ((await (await app.request(`https://api.example.com/orders${query}`)).json()) as { next: string }).next

  it('version 1: both renames undone, in the order the parameters came; the link answers', async () => {
    const link = await next('?version=1&state=shipped&sort=date')
    expect(link).toBe('https://api.example.com/orders?version=1&state=shipped&sort=date&page=2')
    expect((await app.request(link)).status).toBe(200)
  })

  it('version 2: the later rename undone, the earlier kept', async () => {
    const link = await next('?version=2&status=shipped&sort=date')
    expect(link).toBe('https://api.example.com/orders?version=2&status=shipped&sort=date&page=2')
    expect((await app.request(link)).status).toBe(200)
  })

  it('the head: the names as given', async () => {
    expect(await next('?status=shipped&order=date')).toBe('https://api.example.com/orders?version=3&status=shipped&order=date&page=2')
  })

  it('a link from another route, its query written in the head names', async () => {
    const orders = async (version: string) => ((await (await app.request(`https://api.example.com/reports?version=${version}`)).json()) as { orders: string }).orders
    expect(await orders('1')).toBe('https://api.example.com/orders?version=1&state=shipped&sort=date')
    expect(await orders('3')).toBe('https://api.example.com/orders?version=3&status=shipped&order=date')
  })
})

describe('a sub-app mounted under a prefix, the history naming its route as the sub-app registers it', () => {
  it('version 1 gets its own names, the head the head\'s', async () => {
    const orders = new Hono<AppRoutesEnv<typeof scheme>>()
    orders.use('*', versionMiddleware({ scheme, changes: history, routes: appRoutes(orders), origin: 'https://api.example.com' }))
    orders.get('/orders', named('order-list'), (c) => c.json({ next: c.var.reverse('order-list', { query: c.req.query() }) }))
    const app = new Hono().route('/api', orders)
    const next = async (query: string): Promise<string> => ((await (await app.request(`https://api.example.com/api/orders${query}`)).json()) as { next: string }).next
    expect(await next('?version=1&state=shipped')).toBe('https://api.example.com/api/orders?version=1&state=shipped')
    expect(await next('?version=3&status=shipped')).toBe('https://api.example.com/api/orders?version=3&status=shipped')
  })
})
