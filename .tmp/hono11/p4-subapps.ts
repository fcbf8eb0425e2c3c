// Probe 4: sub-apps with their own onError, mounted at '/', nested; routes limited to versions; policy headers.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { defineRoutes, include, route, versioned, URLPathVersioning, HeaderVersioning, NamespaceVersioning, QueryParameterVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'

// A sub-app with its own onError, mounted at '/', with versioned routes sharing one path.
for (const withMw of [true, false]) for (const where of ['sub', 'root'] as const) {
  const routes = defineRoutes([
    versioned(['1'], route('user-old', '/users/:id')),
    versioned(['2'], route('user-new', '/users/:id')),
  ])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, origin: url, policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }) })
  const sub = new Hono()
  sub.onError((e, c) => c.json({ sub: true, msg: e.message }, (e as HTTPException).status ?? 500))
  if (withMw && where === 'sub') sub.use('*', versioning)
  mountRoutes(sub, versioning, { 'user-old': (c) => c.json({ old: c.req.param('id'), v: c.var.version }), 'user-new': (c) => c.json({ new: c.req.param('id'), v: c.var.version }) })
  const app = new Hono()
  if (withMw && where === 'root') app.use('*', versioning)
  app.route('/', sub)
  const tag = `mw=${withMw} in ${where}`
  await check(`sub onError at '/', ${tag}: v1 -> old handler + Deprecation`, async () => [await res(await app.request(`${url}/users/7`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body, r.headers['deprecation'] ?? null]), [200, '{"old":"7","v":"1"}', '@1767225600']])
  await check(`sub onError at '/', ${tag}: v2 -> new handler`, async () => [await res(await app.request(`${url}/users/7`)).then((r) => [r.status, r.body]), [200, '{"new":"7","v":"2"}']])
  // A rejection thrown by the root's middleware reaches the root's onError (Hono's rule), the sub-app's otherwise.
  await check(`sub onError at '/', ${tag}: bad version -> onError of the app that threw`, async () => [await res(await app.request(`${url}/users/7`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.body]), [404, withMw && where === 'root' ? '{"detail":"Invalid version in \\"Api-Version\\" header."}' : '{"sub":true,"msg":"Invalid version in \\"Api-Version\\" header."}']])
}

// Namespace versioning in a sub-app mounted at /api.
{
  const api = [route('user-detail', '/users/:id')] as const
  const routes = defineRoutes([include('/v1', api, { namespace: 'v1' }), include('/v2', api, { namespace: 'v2' })])
  const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }), routes, origin: url })
  const sub = new Hono()
  sub.use('*', versioning)
  mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 1 } }) }) })
  const app = new Hono().route('/api', sub)
  await check('namespace in sub-app /api: version + link', async () => [await res(await app.request(`${url}/api/v1/users/7`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: 'v1', self: `${url}/api/v1/users/1` })]])
}
// Query versioning in sub-app under a param prefix
{
  const routes = defineRoutes([route('user-detail', '/users/:id')])
  const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, origin: url })
  const sub = new Hono()
  mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 1 } }) }) })
  const app = new Hono().route('/t/:tenant', sub)
  await check('query versioning in sub-app /t/:tenant: link', async () => [await res(await app.request(`${url}/t/acme/users/7?version=1`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '1', self: `${url}/t/acme/users/1?version=1` })]])
}
// HTTPException thrown by handler on older version, with policy; headers kept?
{
  const routes = defineRoutes([route('user-detail', '/users/:id')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, origin: url, policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-detail': () => { throw new HTTPException(403, { message: 'no' }) } })
  await check('HTTPException 403 on older version (default onError): status and Deprecation header', async () => [await res(await app.request(`${url}/users/7`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body, r.headers['deprecation'] ?? null]), [403, 'no', '@1767225600']])
  const app2 = new Hono()
  mountRoutes(app2, versioning, { 'user-detail': () => { throw new HTTPException(403, { message: 'no' }) } })
  // Documented (docs/middleware.md, Caches): without the middleware, onError's answer has no policy headers.
  await check('HTTPException 403 on older version, mountRoutes alone: no Deprecation header (documented)', async () => [await res(await app2.request(`${url}/users/7`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body, r.headers['deprecation'] ?? null]), [403, 'no', null]])
}
report('p4-subapps')
