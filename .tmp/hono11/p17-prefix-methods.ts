// Probe 17: methods on a table served under a prefix: 405 with Allow, HEAD, a route limited to a version.
import { Hono } from 'hono'
import { HeaderVersioning, defineRoutes, route, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'
const url = 'https://a.test'
for (const where of ['sub', 'root', 'none'] as const) {
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('me', '/me'), versioned(['2'], route('new', '/new'))]), origin: url })
  const sub = new Hono()
  if (where === 'sub') sub.use('*', versioning)
  mountRoutes(sub, versioning, { me: { get: (c) => c.json({ v: c.var.version }), delete: (c) => c.body(null, 204) }, new: (c) => c.json({ new: true }) })
  const app = new Hono()
  if (where === 'root') app.use('*', versioning)
  app.route('/api', sub)
  await check(`${where}: POST -> 405 Allow`, async () => [await res(await app.request(`${url}/api/me`, { method: 'POST' })).then((r) => [r.status, r.headers['allow'], r.body]), [405, 'GET, HEAD, DELETE', '{"detail":"Method not allowed."}']])
  await check(`${where}: HEAD`, async () => [await res(await app.request(`${url}/api/me`, { method: 'HEAD', headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '']])
  await check(`${where}: route absent from v1 -> scheme's 404`, async () => [await res(await app.request(`${url}/api/new`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in \\"Api-Version\\" header."}']])
  await check(`${where}: route in v2`, async () => [await res(await app.request(`${url}/api/new`)).then((r) => [r.status, r.body]), [200, '{"new":true}']])
}
report('p17-prefix-methods')
