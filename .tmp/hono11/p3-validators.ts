// Probe 3: validators ahead of and after the versioning middleware, with version changes; hc and testClient.
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { hc } from 'hono/client'
import { testClient } from 'hono/testing'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { defineRoutes, route, HeaderVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'
interface User { id: number; fullName: string }
interface NewUser { fullName: string }
const UserShape = shape<User>('User')
const NewUserShape = shape<NewUser>('NewUser')
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const changes = [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' }), fieldRenamed(NewUserShape, { older: 'name', newer: 'fullName' })])]
const json = (v: string) => ({ 'Content-Type': 'application/json', 'Api-Version': v })
const body = z.object({ fullName: z.string().min(1) })

// Plain routes, validators after the middleware.
{
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], bodies: { 'POST /users': { request: NewUserShape, response: UserShape }, 'PUT /users/:id': { request: NewUserShape, response: UserShape } } })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.post('/users', zValidator('json', body), (c) => c.json({ id: 1, fullName: c.req.valid('json').fullName }, 201))
  app.put('/users/:id', validator('json', (v, c) => (typeof v.fullName === 'string' ? v as NewUser : c.json({ bad: true }, 400))), (c) => c.json({ id: Number(c.req.param('id')), fullName: c.req.valid('json').fullName }))
  await check('zValidator after mw: older client body migrated', async () => [await res(await app.request(`${url}/users`, { method: 'POST', headers: json('1'), body: '{"name":"Ada"}' })).then((r) => [r.status, r.body]), [201, '{"id":1,"name":"Ada"}']])
  await check('zValidator after mw: older client invalid 400', async () => [await res(await app.request(`${url}/users`, { method: 'POST', headers: json('1'), body: '{"name":""}' })).then((r) => [r.status]), [400]])
  await check('hono validator after mw: older client', async () => [await res(await app.request(`${url}/users/3`, { method: 'PUT', headers: json('1'), body: '{"name":"Ada"}' })).then((r) => [r.status, r.body]), [200, '{"id":3,"name":"Ada"}']])
}
// Validator as a middleware ahead of the versioning middleware (app.use order): older body reaches validator un-migrated.
{
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], bodies: { 'POST /users': { request: NewUserShape, response: UserShape } } })
  const app = new Hono()
  let seen: unknown
  app.use('/users', validator('json', (v) => { seen = v; return v }))
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.post('/users', async (c) => c.json({ id: 1, fullName: (await c.req.json()).fullName, valid: (c.req.valid as any)('json') }, 201))
  // Before the fix: 201 with c.req.valid() holding the older body; now a loud 500 (the middleware's Error).
  await check('validator ahead of mw: fails loudly', async () => [await res(await app.request(`${url}/users`, { method: 'POST', headers: json('1'), body: '{"name":"Ada"}' })).then((r) => [r.status, seen]), [500, { name: 'Ada' }]])
}
// Reading the body before the middleware (c.req.json() in an earlier middleware).
{
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], bodies: { 'POST /users': { request: NewUserShape, response: UserShape } } })
  const app = new Hono()
  app.use('*', async (c, next) => { await c.req.json().catch(() => null); await next() })
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.post('/users', zValidator('json', body), (c) => c.json({ id: 1, fullName: c.req.valid('json').fullName }, 201))
  await check('body read before mw, zValidator after: migrated', async () => [await res(await app.request(`${url}/users`, { method: 'POST', headers: json('1'), body: '{"name":"Ada"}' })).then((r) => [r.status, r.body]), [201, '{"id":1,"name":"Ada"}']])
  await check('body read before mw: c.req.text() too', async () => [await res(await app.request(`${url}/users`, { method: 'POST', headers: json('2'), body: '{"fullName":"Ada"}' })).then((r) => [r.status, r.body]), [201, '{"id":1,"fullName":"Ada"}']])
}
// Table + mountRoutes with zValidator chain; hc and testClient on an older version.
{
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], bodies: { 'POST user-list': { request: NewUserShape, response: UserShape }, 'user-detail': { response: UserShape } } })
  const versioning = apiVersioning({ scheme: scheme(), routes: defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id')]), changes: history, origin: url })
  const userBody = zValidator('json', body)
  const app = mountRoutes(new Hono(), versioning, {
    'user-list': { post: [userBody, (c) => c.json({ id: 2, fullName: c.req.valid('json').fullName }, 201)] },
    'user-detail': (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada' }),
  })
  const client = hc<typeof app>(url, { fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init) })
  await check('hc head get', async () => [await (await client.users[':id'].$get({ param: { id: '3' } })).json(), { id: 3, fullName: 'Ada' }])
  await check('hc older get via headers', async () => [await (await client.users[':id'].$get({ param: { id: '3' } }, { headers: { 'Api-Version': '1' } })).json(), { id: 3, name: 'Ada' }])
  await check('hc older post', async () => [await (await client.users.$post({ json: { name: 'Bo' } as any }, { headers: { 'Api-Version': '1' } })).json(), { id: 2, name: 'Bo' }])
  const tc = testClient(app)
  await check('testClient older get', async () => [await (await tc.users[':id'].$get({ param: { id: '4' } }, { headers: { 'Api-Version': '1' } })).json(), { id: 4, name: 'Ada' }])
  await check('testClient bad version', async () => [(await tc.users[':id'].$get({ param: { id: '4' } }, { headers: { 'Api-Version': '7' } })).status, 404])
}
report('p3-validators')
