// Probe 12: the version in the path prefix a sub-app is mounted at (app.route('/:version{v[0-9]+}', sub)).
import { Hono } from 'hono'
import { defineRoutes, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware, appRoutes, named, type AppRoutesEnv } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'
const url = 'https://api.example.com'
for (const where of ['sub', 'root', 'none'] as const) {
  const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: defineRoutes([route('user-detail', '/users/:id')]), origin: url })
  const sub = new Hono()
  if (where === 'sub') sub.use('*', versioning)
  mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
  const app = new Hono()
  if (where === 'root') app.use('*', versioning)
  app.route('/:version{v[0-9]+}', sub)
  await check(`table, version in the mount prefix, mw ${where}: v1`, async () => [(await res(await app.request(`${url}/v1/users/3`))).body, JSON.stringify({ v: 'v1', self: `${url}/v1/users/7` })])
  await check(`table, version in the mount prefix, mw ${where}: v3`, async () => [(await res(await app.request(`${url}/v3/users/3`))).body, '{"detail":"Invalid version in URL path."}'])
}
{
  const sub = new Hono<AppRoutesEnv>()
  sub.use('*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: appRoutes(sub), origin: url }))
  sub.get('/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  const app = new Hono().route('/:version{v[0-9]+}', sub)
  await check('plain, version in the mount prefix: v1', async () => [(await res(await app.request(`${url}/v1/users/3`))).body, JSON.stringify({ v: 'v1', self: `${url}/v1/users/7` })])
  await check('plain, version in the mount prefix: v3', async () => [(await res(await app.request(`${url}/v3/users/3`))).body, '{"detail":"Invalid version in URL path."}'])
  const app2 = new Hono()
  const sub2 = new Hono<AppRoutesEnv>()
  sub2.use('*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: appRoutes(app2), origin: url }))
  sub2.get('/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  app2.route('/:version{v[0-9]+}', sub2)
  await check('plain, version in the mount prefix, appRoutes(root): v2', async () => [(await res(await app2.request(`${url}/v2/users/3`))).body, JSON.stringify({ v: 'v2', self: `${url}/v2/users/7` })])
  const api = new Hono<AppRoutesEnv>().basePath('/api/:version{v[0-9]+}')
  api.use('*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: appRoutes(api), origin: url }))
  api.get('/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  await check('plain, version in basePath: v2', async () => [(await res(await api.request(`${url}/api/v2/users/3`))).body, JSON.stringify({ v: 'v2', self: `${url}/api/v2/users/7` })])
}
report('p12-version-in-prefix')
