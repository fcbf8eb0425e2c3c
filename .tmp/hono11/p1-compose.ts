// Probe 1: apps composed the way Hono users compose them.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { some, every } from 'hono/combine'
import { defineRoutes, include, route, URLPathVersioning, HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning, HostNameVersioning, NamespaceVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware, appRoutes, named } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'

// 1. Table app as a sub-app mounted with app.route('/api', sub).
{
  const routes = defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}')])])
  const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes, allowedHosts: ['api.example.com'] })
  const sub = new Hono()
  sub.use('*', versioning)
  mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
  const app = new Hono().route('/api', sub)
  await check('table in sub-app via route(/api): version and link', async () => [await res(await app.request(`${url}/api/v2/users/7`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: 'v2', self: `${url}/api/v2/users/7` })]])
  await check('table in sub-app via route(/api): bad version', async () => [await res(await app.request(`${url}/api/v3/users/7`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in URL path."}']])
  // without app.use
  const sub2 = new Hono()
  mountRoutes(sub2, versioning, { 'user-detail': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
  const app2 = new Hono().route('/api', sub2)
  await check('table in sub-app (mountRoutes alone) via route(/api): link', async () => [await res(await app2.request(`${url}/api/v1/users/7`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: 'v1', self: `${url}/api/v1/users/7` })]])
}

// 2. Versioning in parent, mountRoutes in the parent, plus sub-app of plain routes.
{
  const routes = defineRoutes([route('user-list', '/users')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, allowedHosts: ['api.example.com'] })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
  const other = new Hono().get('/ping', (c) => c.json({ v: c.var.version ?? null }))
  app.route('/misc', other)
  await check('parent versioning: table route header v1', async () => [await res(await app.request(`${url}/users`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '{"v":"1"}']])
  await check('parent versioning: non-table route untouched', async () => [await res(await app.request(`${url}/misc/ping`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.body]), [200, '{"v":null}']])
}

// 3. versionMiddleware in sub-app, named routes, app.route('/api', sub)
{
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const sub = new Hono()
  const vm = versionMiddleware({ scheme, routes: appRoutes(sub), origin: url })
  sub.use('*', vm)
  sub.get('/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  const app = new Hono().route('/api', sub)
  await check('versionMiddleware+appRoutes(sub) in sub-app: link carries /api', async () => [await res(await app.request(`${url}/api/users/1`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '1', self: `${url}/api/users/7` })]])
  const sub2 = new Hono()
  const app3 = new Hono()
  const vm2 = versionMiddleware({ scheme, routes: appRoutes(app3), origin: url })
  sub2.use('*', vm2)
  sub2.get('/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  app3.route('/api', sub2)
  await check('versionMiddleware+appRoutes(root) in sub-app: link carries /api', async () => [await res(await app3.request(`${url}/api/users/1`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '1', self: `${url}/api/users/7` })]])
  await check('versionMiddleware bad version in sub-app', async () => [await res(await app3.request(`${url}/api/users/1`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in \\"Api-Version\\" header."}']])
}

// 4. basePath with versionMiddleware + URL path param
{
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
  const api = new Hono().basePath('/api')
  const vm = versionMiddleware({ scheme, routes: appRoutes(api), origin: url })
  api.use('/:version/*', vm)
  api.get('/:version/users/:id', named('user-detail'), (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
  await check('basePath + URLPath versionMiddleware: version and link', async () => [await res(await api.request(`${url}/api/v1/users/1`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: 'v1', self: `${url}/api/v1/users/7` })]])
  await check('basePath + URLPath versionMiddleware: bad version', async () => [await res(await api.request(`${url}/api/v9/users/1`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in URL path."}']])
}

// 5. Several versioning middlewares on different sub-apps.
{
  const a = new Hono()
  a.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' }) }))
  a.get('/x', (c) => c.json({ v: c.var.version }))
  const b = new Hono()
  b.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['3', '4'], defaultVersion: '4' }) }))
  b.get('/x', (c) => c.json({ v: c.var.version }))
  const app = new Hono().route('/a', a).route('/b', b)
  await check('two sub-apps: a header', async () => [await res(await app.request(`${url}/a/x`, { headers: { 'Api-Version': '2' } })).then((r) => [r.status, r.body]), [200, '{"v":"2"}']])
  await check('two sub-apps: b query', async () => [await res(await app.request(`${url}/b/x?version=3`, { headers: { 'Api-Version': '2' } })).then((r) => [r.status, r.body]), [200, '{"v":"3"}']])
  await check('two sub-apps: b default', async () => [await res(await app.request(`${url}/b/x`)).then((r) => [r.status, r.body]), [200, '{"v":"4"}']])
  await check('two sub-apps: b bad', async () => [await res(await app.request(`${url}/b/x?version=1`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in query parameter."}']])
  // Two apiVersionings with tables in one app
  const t1 = defineRoutes([include('/v', [route('one', '/one')])])
  const t2 = defineRoutes([include('/w', [route('two', '/two')])])
  const v1 = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: t1, origin: url })
  const v2 = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['5'], defaultVersion: '5' }), routes: t2, origin: url })
  const both = new Hono()
  both.use('*', v1)
  both.use('*', v2)
  mountRoutes(both, v1, { one: (c) => c.json({ v: c.var.version, self: c.var.reverse('one') }) })
  mountRoutes(both, v2, { two: (c) => c.json({ v: c.var.version, self: c.var.reverse('two') }) })
  await check('two apiVersionings: one', async () => [await res(await both.request(`${url}/v/one`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '1', self: `${url}/v/one` })]])
  await check('two apiVersionings: two', async () => [await res(await both.request(`${url}/w/two`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '5', self: `${url}/w/two?version=5` })]])
  await check('two apiVersionings: two bad', async () => [await res(await both.request(`${url}/w/two?version=1`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in query parameter."}']])
}

// 6. app.mount of a plain fetch handler beside versioning
{
  const routes = defineRoutes([route('user-list', '/users')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, origin: url })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
  app.mount('/legacy', (req) => new Response('legacy ' + new URL(req.url).pathname))
  await check('app.mount beside versioning', async () => [await res(await app.request(`${url}/legacy/x`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.body]), [200, 'legacy /x']])
}

// 7. combine some / every
{
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const vm = versionMiddleware({ scheme })
  const app = new Hono()
  const pass = async (_c: any, next: any) => { await next() }
  app.use('/every/*', every(pass, vm))
  app.use('/some/*', some(vm, pass))
  app.get('/every/x', (c) => c.json({ v: c.var.version }))
  app.get('/some/x', (c) => c.json({ v: c.var.version ?? null }))
  await check('every(pass, vm): version', async () => [await res(await app.request(`${url}/every/x`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '{"v":"1"}']])
  await check('every(pass, vm): bad version 404', async () => [await res(await app.request(`${url}/every/x`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in \\"Api-Version\\" header."}']])
  await check('some(vm, pass): version', async () => [await res(await app.request(`${url}/some/x`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '{"v":"1"}']])
  // some(): if vm throws, falls to pass (documented Hono behaviour)
  await check('some(vm, pass): bad version -> next middleware, no version', async () => [await res(await app.request(`${url}/some/x`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status]), [200]])
  // every with apiVersioning + table
  const routes = defineRoutes([route('user-list', '/t/users')])
  const versioning = apiVersioning({ scheme, routes, origin: url })
  const app2 = new Hono()
  app2.use('*', every(pass, versioning))
  mountRoutes(app2, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
  await check('every(pass, apiVersioning) + mountRoutes', async () => [await res(await app2.request(`${url}/t/users`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: '1', self: `${url}/t/users` })]])
}

// 8. onError and notFound
{
  const routes = defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}')])])
  const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes, origin: url })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'user-detail': {
      get: (c) => { if (c.req.param('id') === '0') throw new HTTPException(418, { message: 'teapot' }); if (c.req.param('id') === '1') return c.notFound(); if (c.req.param('id') === '2') throw new Error('boom'); return c.json({ v: c.var.version }) },
    },
  })
  app.onError((err, c) => {
    if (err instanceof HTTPException) return c.json({ custom: true, status: err.status, msg: err.message, cause: (err.cause as any)?.constructor?.name ?? null }, err.status)
    return c.json({ custom: true, error: String(err) }, 500)
  })
  app.notFound((c) => c.json({ nf: true, v: c.var.version ?? null }, 404))
  await check('onError sees rejection (URL path 404)', async () => [await res(await app.request(`${url}/v3/users/7`)).then((r) => [r.status, r.body]), [404, JSON.stringify({ custom: true, status: 404, msg: 'Invalid version in URL path.', cause: 'NotFound' })]])
  await check('HTTPException thrown on older version reaches onError', async () => [await res(await app.request(`${url}/v1/users/0`)).then((r) => [r.status, r.body]), [418, JSON.stringify({ custom: true, status: 418, msg: 'teapot', cause: null })]])
  await check('c.notFound() in handler uses app.notFound', async () => [await res(await app.request(`${url}/v1/users/1`)).then((r) => [r.status, r.body]), [404, JSON.stringify({ nf: true, v: 'v1' })]])
  await check('Error thrown in handler reaches onError 500', async () => [await res(await app.request(`${url}/v1/users/2`)).then((r) => [r.status, r.body]), [500, JSON.stringify({ custom: true, error: 'Error: boom' })]])
  await check('unknown path reaches notFound without version', async () => [await res(await app.request(`${url}/v1/nothing`)).then((r) => [r.status, r.body]), [404, JSON.stringify({ nf: true, v: null })]])
  await check('table path whose param does not match -> notFound', async () => [await res(await app.request(`${url}/v1/users/abc`)).then((r) => [r.status, r.body]), [404, JSON.stringify({ nf: true, v: null })]])
}

// 9. onError set, the five schemes' exact errors pass through onError returning err.getResponse()
{
  const cases: [string, any, string, RequestInit, number, string][] = [
    ['accept', new AcceptHeaderVersioning({ allowedVersions: ['1.0'] }), '/users', { headers: { Accept: 'application/json; version=9' } }, 406, 'Invalid version in "Accept" header.'],
    ['url', new URLPathVersioning({ allowedVersions: ['v1'] }), '/v9/users', {}, 404, 'Invalid version in URL path.'],
    ['namespace', new NamespaceVersioning({ allowedVersions: ['v1'] }), '/v9/users', {}, 404, 'Invalid version in URL path. Does not match any version namespace.'],
    ['host', new HostNameVersioning({ allowedVersions: ['v1'] }), '/users', {}, 404, 'Invalid version in hostname.'],
    ['query', new QueryParameterVersioning({ allowedVersions: ['v1'] }), '/users?version=v9', {}, 404, 'Invalid version in query parameter.'],
  ]
  for (const [name, scheme, path, init, status, detail] of cases) {
    const routes = name === 'url'
      ? defineRoutes([include('/:version{v[0-9]+}', [route('user-list', '/users')])])
      : name === 'namespace'
        ? defineRoutes([include('/v1', [route('user-list', '/users')], { namespace: 'v1' }), include('/v9', [route('user-list', '/users')], { namespace: 'v9' })])
        : defineRoutes([route('user-list', '/users')])
    const versioning = apiVersioning({ scheme, routes })
    for (const withMw of [true, false]) {
      const app = new Hono()
      if (withMw) app.use('*', versioning)
      mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
      app.onError((err, c) => (err instanceof HTTPException ? err.getResponse() : c.text('bad', 500)))
      const host = name === 'host' ? 'https://v9.example.com' : url
      await check(`${name} error via onError(getResponse) mw=${withMw}`, async () => [await res(await app.request(`${host}${path}`, init)).then((r) => [r.status, r.body, r.headers['content-type']]), [status, JSON.stringify({ detail }), 'application/json']])
      const app2 = new Hono()
      if (withMw) app2.use('*', versioning)
      mountRoutes(app2, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
      app2.onError((err, c) => c.json({ mine: (err as HTTPException).status ?? 500, message: err.message }, ((err as HTTPException).status ?? 500) as 404))
      await check(`${name} error via onError(c.json) mw=${withMw}`, async () => [await res(await app2.request(`${host}${path}`, init)).then((r) => [r.status, r.body]), [status, JSON.stringify({ mine: status, message: detail })]])
    }
  }
}
report('p1-compose')
