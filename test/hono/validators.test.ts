/**
 * Hono validators attached as usual on plain routes (`hono/validator`'s
 * `validator`), and @hono/zod-openapi's request validation on
 * `app.openapi(...)`, see the request migrated up to the head version by
 * `versionMiddleware`'s version changes: the body (through Hono's body
 * cache), a renamed query parameter and a renamed header. What the validator
 * refuses is answered to the client in its own version. A portable suite: it
 * runs on Node, inside workerd, on Bun and on Deno (validator packages:
 * test/hono/validator-packages.test.ts, on Node).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { describe, expect, it } from 'vitest'
import { change, queryParamRenamed, requestHeaderRenamed } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'
import { User, userChanges } from '../support/users-fixture.ts'

/** Version 1 had `name`, no `email`, `?q=` and `X-Tenant`; version 2 (the head) has `fullName`, `email`, `?search=` and `X-Account`. */
function history(routes: { create: string; list: string }) {
  return twoVersionHistory(
    [
      ...userChanges,
      change('The user list is searched with search instead of q.', [queryParamRenamed(routes.list, { older: 'q', newer: 'search' })]),
      change('The account header is X-Account.', [requestHeaderRenamed(routes.list, { older: 'X-Tenant', newer: 'X-Account' })]),
    ],
    {
      bodies: { [routes.create]: { request: User, response: User } },
    },
  )
}
const scheme = twoVersions()

const NewUser = z.object({ fullName: z.string().min(1), email: z.email().nullable() })
const Search = z.object({ search: z.string().min(1) })

/** The same API twice: plain routes with hono/validator, and @hono/zod-openapi routes with their request schemas. */
function plainApp() {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: history({ create: 'POST /users', list: 'GET /users' }) }))
  app.post(
    '/users',
    validator('json', (value, c) => {
      const parsed = NewUser.safeParse(value)
      return parsed.success ? parsed.data : c.json({ invalid: parsed.error.issues.map((issue) => issue.path.join('.')) }, 400)
    }),
    (c) => c.json({ id: 7, ...c.req.valid('json') }, 201),
  )
  app.get(
    '/users',
    validator('query', (value, c) => {
      const parsed = Search.safeParse(value)
      return parsed.success ? parsed.data : c.json({ invalid: parsed.error.issues.map((issue) => issue.path.join('.')) }, 400)
    }),
    validator('header', (value) => ({ account: (value as Record<string, string | undefined>)['x-account'] ?? null })),
    (c) => c.json({ search: c.req.valid('query').search, account: c.req.valid('header').account }),
  )
  return app
}

function openAPIApp() {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => (result.success ? undefined : c.json({ invalid: result.error.issues.map((issue) => issue.path.join('.')) }, 400)),
  })
  app.use('*', versionMiddleware({ scheme, changes: history({ create: 'POST /users', list: 'GET /users' }) }))
  const UserOut = z.object({ id: z.number(), fullName: z.string(), email: z.string().nullable() }).openapi('User')
  const createUser = createRoute({
    operationId: 'createUser',
    method: 'post',
    path: '/users',
    request: { body: { content: { 'application/json': { schema: NewUser } }, required: true } },
    responses: { 201: { description: 'Created', content: { 'application/json': { schema: UserOut } } } },
  })
  app.openapi(createUser, (c) => c.json({ id: 7, ...c.req.valid('json') }, 201))
  const listUsers = createRoute({
    operationId: 'listUsers',
    method: 'get',
    path: '/users',
    request: { query: Search, headers: z.object({ 'x-account': z.string().optional() }) },
    responses: { 200: { description: 'Found', content: { 'application/json': { schema: z.object({ search: z.string(), account: z.string().nullable() }) } } } },
  })
  app.openapi(listUsers, (c) => c.json({ search: c.req.valid('query').search, account: c.req.valid('header')['x-account'] ?? null }, 200))
  return app
}

const json = (version: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Api-Version': version, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

describe.each([
  ['plain routes with hono/validator', plainApp],
  ['@hono/zod-openapi routes', openAPIApp],
] as const)('%s: the validator sees the head request', (_name, make) => {
  const app = make() as unknown as Hono

  it('an older body, migrated up, passes the head schema; the answer goes back in the older shape', async () => {
    const res = await app.request('/users', json('1', { name: 'Ada' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, name: 'Ada' })
  })

  it('the head body is the validator\'s own', async () => {
    const res = await app.request('/users', json('2', { fullName: 'Ada', email: 'ada@example.com' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, fullName: 'Ada', email: 'ada@example.com' })
  })

  it('what the validator refuses in the migrated body is its 400, to the older client too', async () => {
    const old = await app.request('/users', json('1', { name: '' }))
    expect(old.status).toBe(400)
    expect(await old.json()).toEqual({ invalid: ['fullName'] })
    // The head client sending the older shape: its own version has no "name".
    const head = await app.request('/users', json('2', { name: 'Ada', email: null }))
    expect(head.status).toBe(400)
    expect(await head.json()).toEqual({ invalid: ['fullName'] })
  })

  it('a renamed query parameter and a renamed header reach the validators under their head names', async () => {
    const old = await app.request('/users?q=ada', { headers: { 'Api-Version': '1', 'X-Tenant': 'acme' } })
    expect(old.status).toBe(200)
    expect(await old.json()).toEqual({ search: 'ada', account: 'acme' })
    const head = await app.request('/users?search=ada', { headers: { 'Api-Version': '2', 'X-Account': 'acme' } })
    expect(await head.json()).toEqual({ search: 'ada', account: 'acme' })
    // Version 2 has no "q".
    const missing = await app.request('/users?q=ada', { headers: { 'Api-Version': '2' } })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ invalid: ['search'] })
  })
})

describe('a validator that runs before the versioning middleware', () => {
  // It validated the older body as the client sent it: c.req.valid() would hand the handler the older shape.
  const appWith = (order: 'app.use' | 'route'): Hono => {
    const versioning = versionMiddleware({ scheme: twoVersions(), changes: history({ create: 'POST /users', list: 'GET /users' }) })
    const body = validator('json', (value: Record<string, unknown>) => value)
    const app = new Hono()
    app.onError((error, c) => c.json({ error: error.message }, 500))
    if (order === 'app.use') {
      app.use('/users', body)
      app.use('*', versioning)
      app.post('/users', (c) => c.json(c.req.valid('json' as never), 201))
    } else app.post('/users', body, versioning, (c) => c.json(c.req.valid('json'), 201))
    return app
  }
  for (const order of ['app.use', 'route'] as const) {
    it(`fails loudly for an older body it read (registered ${order === 'route' ? "ahead in the route's handlers" : 'ahead with app.use'}), and lets the head's pass`, async () => {
      const app = appWith(order)
      const json = { 'Content-Type': 'application/json' }
      const older = await app.request('/users', { method: 'POST', headers: { ...json, 'Api-Version': '1' }, body: '{"name":"Ada"}' })
      expect(older.status).toBe(500)
      expect(await older.json()).toEqual({
        error:
          "versionMiddleware: a validator ran before the versioning middleware, so c.req.valid() holds an older client's body as it was sent, not migrated to the newest version; register the middleware before the validators (app.use('*', versioning) first, or ahead of them in the route's handlers).",
      })
      const head = await app.request('/users', { method: 'POST', headers: { ...json, 'Api-Version': '2' }, body: '{"fullName":"Ada","email":null}' })
      expect(head.status).toBe(201)
    })
  }
})
