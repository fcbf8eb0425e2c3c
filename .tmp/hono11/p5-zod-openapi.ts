// Probe 5: @hono/zod-openapi apps composed as users compose them.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { QueryParameterVersioning, HeaderVersioning } from '../../src/index.ts'
import { appRoutes, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'
const User = z.object({ id: z.number(), fullName: z.string(), self: z.string() }).openapi('User')
const NewUser = z.object({ fullName: z.string().min(1) }).openapi('NewUser')
const UserShape = shape<z.infer<typeof User>>('User')
const NewUserShape = shape<z.infer<typeof NewUser>>('NewUser')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' }), fieldRenamed(NewUserShape, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /api/users/:id': { response: UserShape }, 'POST /api/users': { request: NewUserShape, response: UserShape } },
})
const scheme = new QueryParameterVersioning({ allowedVersions: history.versions, defaultVersion: '1' })
const getUser = createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', request: { params: z.object({ id: z.string().regex(/^[0-9]+$/) }) }, responses: { 200: { description: 'u', content: { 'application/json': { schema: User } } } } })
const createUser = createRoute({ operationId: 'createUser', method: 'post', path: '/users', request: { body: { content: { 'application/json': { schema: NewUser } }, required: true } }, responses: { 201: { description: 'c', content: { 'application/json': { schema: User } } } } })

// OpenAPIHono sub-app mounted at /api in an OpenAPIHono root; middleware on the root.
{
  const root = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(root), origin: url })
  root.use('*', versioning)
  const api = new OpenAPIHono<AppRoutesEnv<typeof scheme>>({ defaultHook: (result, c) => { if (!result.success) return c.json({ hook: true }, 422) } })
  api.openapi(getUser, (c) => c.json({ id: Number(c.req.valid('param').id), fullName: 'Ada', self: c.var.reverse('getUser', { params: { id: c.req.valid('param').id } }) }, 200))
  api.openapi(createUser, (c) => c.json({ id: 7, fullName: c.req.valid('json').fullName, self: c.var.reverse('getUser', { params: { id: 7 } }) }, 201))
  root.route('/api', api)
  await check('zod-openapi sub at /api: v2 get', async () => [await res(await root.request(`${url}/api/users/1?version=2`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ id: 1, fullName: 'Ada', self: `${url}/api/users/1?version=2` })]])
  await check('zod-openapi sub at /api: v1 get', async () => [await res(await root.request(`${url}/api/users/1`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ id: 1, self: `${url}/api/users/1?version=1`, name: 'Ada' })]])
  await check('zod-openapi sub at /api: v1 post', async () => [await res(await root.request(`${url}/api/users?version=1`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Bo"}' })).then((r) => [r.status, JSON.parse(r.body)]), [201, { id: 7, self: `${url}/api/users/7?version=1`, name: 'Bo' }]])
  await check('zod-openapi sub at /api: v1 post invalid -> defaultHook 422', async () => [await res(await root.request(`${url}/api/users?version=1`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":""}' })).then((r) => [r.status, r.body]), [422, '{"hook":true}']])
  await check('zod-openapi sub at /api: bad version', async () => [await res(await root.request(`${url}/api/users/1?version=9`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in query parameter."}']])
  await check('zod-openapi: bad param on v1 -> zod 400', async () => [await res(await root.request(`${url}/api/users/abc?version=1`)).then((r) => [r.status]), [422]])
  await check('check(root) empty', async () => [versioning.check(root), []])
}
// OpenAPIHono with middleware in the sub-app, onError on root.
{
  const root = new Hono()
  const api = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  const h2 = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'GET /users/:id': { response: UserShape } },
  })
  const versioning = versionMiddleware({ scheme, changes: h2, routes: appRoutes(api), origin: url })
  api.use('*', versioning)
  api.openapi(getUser, (c) => c.json({ id: Number(c.req.valid('param').id), fullName: 'Ada', self: c.var.reverse('getUser', { params: { id: c.req.valid('param').id } }) }, 200))
  root.route('/api', api)
  root.onError((e, c) => c.json({ root: e.message }, (e as HTTPException).status ?? 500))
  await check('zod-openapi, mw in sub at /api, history keyed by sub paths: v1 get migrated', async () => [await res(await root.request(`${url}/api/users/1`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ id: 1, self: `${url}/api/users/1?version=1`, name: 'Ada' })]])
  await check('zod-openapi, mw in sub: bad version through root onError', async () => [await res(await root.request(`${url}/api/users/1?version=9`)).then((r) => [r.status, r.body]), [404, '{"root":"Invalid version in query parameter."}']])
}
report('p5-zod-openapi')
{
  const root = new Hono()
  const api = new Hono()
  const h2 = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'GET /users/:id': { response: UserShape } },
  })
  const versioning = versionMiddleware({ scheme, changes: h2 })
  api.use('*', versioning)
  api.get('/users/:id', (c) => c.json({ id: 1, fullName: 'Ada', self: 'x' }))
  root.route('/api', api)
  console.log('check(api):', versioning.check(api), 'check(root):', versioning.check(root))
  const r = await root.request(`${url}/api/users/1?version=1`)
  console.log('plain sub at /api, history by sub path, v1:', await r.text())
}
