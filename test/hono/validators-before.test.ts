/**
 * A query or header validator that runs before the versioning middleware
 * (registered with `app.use` ahead of it, or ahead of it in a route's
 * handlers) validated an older client's query parameters and headers as
 * they were sent; once the middleware renames them for the handler, what
 * `c.req.valid()` holds is not the head request: a 500 whose error says to
 * register the middleware first, never the older names passed silently to
 * the handler. A validator before the middleware on a request the middleware
 * does not rename keeps working. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { validator } from 'hono/validator'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamRenamed, requestHeaderRenamed } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { QueryParameterVersioning } from '../../src/index.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'
import { User } from '../support/users-fixture.ts'

const history = twoVersionHistory(
  [
    change('Users have a fullName instead of a name.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })]),
    change('The user list is searched with search instead of q.', [queryParamRenamed('GET /users', { older: 'q', newer: 'search' })]),
    change('The account header is X-Account.', [requestHeaderRenamed('GET /users', { older: 'X-Tenant', newer: 'X-Account' })]),
  ],
  { bodies: { 'POST /users': { request: User } } },
)

const ERROR =
  "versionMiddleware: a validator ran before the versioning middleware, so c.req.valid() holds an older client's query parameters or headers as they were sent, not renamed or converted to the newest version's; register the middleware before the validators (app.use('*', versioning) first, or ahead of them in the route's handlers)."

/** Takes what it is given, as a validator whose schema allows both versions' names would. */
const query = validator('query', (value) => value)
const header = validator('header', (value) => value)

function appWith(order: 'app.use' | 'route', before: MiddlewareHandler): Hono {
  const versioning = versionMiddleware({ scheme: twoVersions(), changes: history })
  const app = new Hono()
  app.onError((error, c) => c.json({ error: error.message }, 500))
  const answer = (c: Parameters<MiddlewareHandler>[0]) => c.json({ query: c.req.valid('query' as never) ?? null, header: c.req.valid('header' as never) === undefined ? null : 'validated' })
  if (order === 'app.use') {
    app.use('/users', before)
    app.use('*', versioning)
    app.get('/users', answer)
  } else app.get('/users', before, versioning, answer)
  return app
}

describe.each(['app.use', 'route'] as const)('a validator registered ahead of the middleware (%s)', (order) => {
  it('of the query: an older client whose parameter is renamed gets a 500 saying why, not its older names in c.req.valid()', async () => {
    const app = appWith(order, query)
    const older = await app.request('/users?q=ada', { headers: { 'Api-Version': '1' } })
    expect(older.status).toBe(500)
    expect(await older.json()).toEqual({ error: ERROR })
    const head = await app.request('/users?search=ada', { headers: { 'Api-Version': '2' } })
    expect(head.status).toBe(200)
    expect(await head.json()).toEqual({ query: { search: 'ada' }, header: null })
  })

  it('of the query, on a WebSocket upgrade (kept as the object the server handed): an older client whose parameter is renamed gets a 500 saying why', async () => {
    const app = appWith(order, query)
    const upgrade = { Upgrade: 'websocket', Connection: 'Upgrade' }
    const older = await app.request('/users?q=ada', { headers: { 'Api-Version': '1', ...upgrade } })
    expect(older.status).toBe(500)
    expect(await older.json()).toEqual({ error: ERROR })
    const head = await app.request('/users?search=ada', { headers: { 'Api-Version': '2', ...upgrade } })
    expect(await head.json()).toEqual({ query: { search: 'ada' }, header: null })
  })

  it('of the headers, on a WebSocket upgrade: an older client whose header is renamed gets a 500 saying why', async () => {
    const app = appWith(order, header)
    const older = await app.request('/users', { headers: { 'Api-Version': '1', 'X-Tenant': 'acme', Upgrade: 'websocket', Connection: 'Upgrade' } })
    expect(older.status).toBe(500)
    expect(await older.json()).toEqual({ error: ERROR })
  })

  it('of the headers: an older client whose header is renamed gets a 500 saying why', async () => {
    const app = appWith(order, header)
    const older = await app.request('/users', { headers: { 'Api-Version': '1', 'X-Tenant': 'acme' } })
    expect(older.status).toBe(500)
    expect(await older.json()).toEqual({ error: ERROR })
    const head = await app.request('/users', { headers: { 'Api-Version': '2', 'X-Account': 'acme' } })
    expect(head.status).toBe(200)
  })
})

describe('a validator ahead of the middleware on what the middleware leaves as it is', () => {
  it('a header validator, on an older body migrated (its length and type change, no header is renamed), passes', async () => {
    const app = new Hono()
    app.use('*', header)
    app.use('*', versionMiddleware({ scheme: twoVersions(), changes: history }))
    app.post('/users', async (c) => c.json({ body: await c.req.json(), validated: c.req.valid('header' as never) !== undefined }, 201))
    const res = await app.request('/users', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ body: { fullName: 'Ada' }, validated: true })
  })

  it('a query validator of a query scheme, on an older body migrated (its URL unchanged), passes', async () => {
    const app = new Hono()
    app.use('*', query)
    app.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    app.post('/users', async (c) => c.json({ body: await c.req.json(), query: c.req.valid('query' as never) }, 201))
    const res = await app.request('/users?version=1&page=2', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ body: { fullName: 'Ada' }, query: { version: '1', page: '2' } })
  })
})
