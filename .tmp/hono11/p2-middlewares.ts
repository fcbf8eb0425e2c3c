// Probe 2: Hono's own middlewares, presets, routers and HTTP details beside the versioning middleware.
import { Hono } from 'hono'
import { Hono as TinyHono } from 'hono/tiny'
import { Hono as QuickHono } from 'hono/quick'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { TrieRouter } from 'hono/router/trie-router'
import { PatternRouter } from 'hono/router/pattern-router'
import { LinearRouter } from 'hono/router/linear-router'
import { cors } from 'hono/cors'
import { etag } from 'hono/etag'
import { secureHeaders } from 'hono/secure-headers'
import { timing } from 'hono/timing'
import { bodyLimit } from 'hono/body-limit'
import { bearerAuth } from 'hono/bearer-auth'
import { streamText } from 'hono/streaming'
import { createMiddleware } from 'hono/factory'
import { defineRoutes, include, route, URLPathVersioning, HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'
const routes = defineRoutes([include('/:version{v[0-9]+}', [route('user-list', '/users'), route('user-detail', '/users/:id')])])
const mk = () => apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes, origin: url })

// A middleware after apiVersioning in a sub-app reads the version.
{
  const versioning = mk()
  const sub = new Hono()
  sub.use('*', versioning)
  sub.use('*', async (c, next) => { await next(); c.header('X-Seen-Version', String(c.var.version ?? 'none-before')) })
  sub.use('/:version/*', async (c, next) => { c.header('X-Pre', String(c.var.version)); await next() })
  mountRoutes(sub, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
  const app = new Hono().route('/api', sub)
  await check('sub-app: middleware after apiVersioning sees version before next()', async () => [await res(await app.request(`${url}/api/v1/users`)).then((r) => [r.status, r.headers['x-pre']]), [200, 'v1']])
  const root = new Hono()
  root.use('*', versioning)
  root.use('/:version/*', async (c, next) => { c.header('X-Pre', String(c.var.version)); await next() })
  mountRoutes(root, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
  await check('root: middleware after apiVersioning sees version before next()', async () => [await res(await root.request(`${url}/v1/users`)).then((r) => [r.status, r.headers['x-pre']]), [200, 'v1']])
}

// CORS preflight on an older version, etag, secureHeaders, timing, bodyLimit, bearerAuth.
{
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id')]), origin: url, policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }) })
  const app = new Hono()
  app.use('*', cors({ origin: 'https://app.example.com' }))
  app.use('*', secureHeaders())
  app.use('*', timing())
  app.use('*', etag())
  app.use('*', versioning)
  app.use('/users', bodyLimit({ maxSize: 10 }))
  mountRoutes(app, versioning, {
    'user-list': { get: (c) => c.json({ v: c.var.version }), post: async (c) => c.json({ got: await c.req.json() }, 201) },
    'user-detail': (c) => c.json({ id: c.req.param('id'), v: c.var.version }),
  })
  await check('cors preflight OPTIONS on older version', async () => [await res(await app.request(`${url}/users`, { method: 'OPTIONS', headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST', 'Api-Version': '1' } })).then((r) => [r.status, r.headers['access-control-allow-origin']]), [204, 'https://app.example.com']])
  await check('etag on older version, then If-None-Match 304', async () => {
    const first = await app.request(`${url}/users`, { headers: { 'Api-Version': '1' } })
    const tag = first.headers.get('ETag')
    const second = await app.request(`${url}/users`, { headers: { 'Api-Version': '1', 'If-None-Match': tag ?? '' } })
    return [[first.status, tag !== null, second.status], [200, true, 304]]
  })
  await check('secureHeaders + timing headers present on rejection', async () => [await res(await app.request(`${url}/users`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status, r.headers['x-content-type-options'], typeof r.headers['server-timing'], r.headers['access-control-allow-origin'] ?? null]), [404, 'nosniff', 'string', null]])
  await check('bodyLimit 413 on older version', async () => [await res(await app.request(`${url}/users`, { method: 'POST', body: '{"a":"0123456789012345"}', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' } })).then((r) => [r.status]), [413]])
  await check('405 on table route, allow header', async () => [await res(await app.request(`${url}/users/7`, { method: 'DELETE', headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body, r.headers['allow']]), [405, '{"detail":"Method not allowed."}', 'GET, HEAD']])
  await check('HEAD on GET route', async () => [await res(await app.request(`${url}/users/7`, { method: 'HEAD', headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '']])
  await check('percent-encoded param decoded', async () => [await res(await app.request(`${url}/users/a%20b%2Fc`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, JSON.stringify({ id: 'a b/c', v: '1' })]])
  // cors() answers every OPTIONS itself (Hono's behaviour), before the versioning middleware.
  await check('OPTIONS without CORS headers on table route: cors answers', async () => [await res(await app.request(`${url}/users/7`, { method: 'OPTIONS', headers: { 'Api-Version': '1' } })).then((r) => [r.status]), [204]])
}
// bearerAuth before versioning: 401 unaffected by version
{
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('user-list', '/users')]), origin: url })
  const app = new Hono()
  app.use('*', bearerAuth({ token: 'secret' }))
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
  await check('bearerAuth 401 before version', async () => [await res(await app.request(`${url}/users`, { headers: { 'Api-Version': '9' } })).then((r) => [r.status]), [401]])
  await check('bearerAuth ok then version 404', async () => [await res(await app.request(`${url}/users`, { headers: { 'Api-Version': '9', Authorization: 'Bearer secret' } })).then((r) => [r.status]), [404]])
}

// Presets and routers.
for (const [label, make] of [
  ['tiny', () => new TinyHono()],
  ['quick', () => new QuickHono()],
  ['RegExpRouter', () => new Hono({ router: new RegExpRouter() })],
  ['TrieRouter', () => new Hono({ router: new TrieRouter() })],
  ['PatternRouter', () => new Hono({ router: new PatternRouter() })],
  ['LinearRouter', () => new Hono({ router: new LinearRouter() })],
  ['strict:false', () => new Hono({ strict: false })],
] as const) {
  for (const withMw of [true, false]) {
    const versioning = mk()
    const app = make() as Hono
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, {
      'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 'x y' } }) }),
      'user-detail': (c) => c.json({ id: c.req.param('id'), v: c.var.version }),
    })
    await check(`${label} mw=${withMw}: list`, async () => [await res(await app.request(`${url}/v1/users`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ v: 'v1', self: `${url}/v1/users/x%20y` })]])
    await check(`${label} mw=${withMw}: detail encoded`, async () => [await res(await app.request(`${url}/v2/users/%E2%9C%93`)).then((r) => [r.status, r.body]), [200, JSON.stringify({ id: '✓', v: 'v2' })]])
    await check(`${label} mw=${withMw}: bad version`, async () => [await res(await app.request(`${url}/v3/users`)).then((r) => [r.status, r.body]), [404, '{"detail":"Invalid version in URL path."}']])
    await check(`${label} mw=${withMw}: trailing slash`, async () => [await res(await app.request(`${url}/v1/users/`)).then((r) => [r.status]), [label === 'strict:false' || !['RegExpRouter', 'TrieRouter'].includes(label) ? 200 : 404] /* as plain Hono routes: ts-plain.ts */])
    await check(`${label} mw=${withMw}: 405`, async () => [await res(await app.request(`${url}/v1/users`, { method: 'POST' })).then((r) => [r.status, r.headers['allow']]), [405, 'GET, HEAD']])
    await check(`${label} mw=${withMw}: HEAD`, async () => [await res(await app.request(`${url}/v1/users`, { method: 'HEAD' })).then((r) => [r.status, r.body]), [200, '']])
  }
}

// c.redirect with reverse, streaming on an older version, c.notFound()
{
  const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id'), route('stream', '/stream')]), origin: url })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'user-list': (c) => c.redirect(c.var.reverse('user-detail', { kwargs: { id: 1 } })),
    'user-detail': (c) => c.json({ id: c.req.param('id'), v: c.var.version }),
    stream: (c) => streamText(c, async (s) => { await s.write(`v=${c.var.version}`) }),
  })
  await check('c.redirect to reversed link on older version', async () => [await res(await app.request(`${url}/users?version=1`)).then((r) => [r.status, r.headers['location']]), [302, `${url}/users/1?version=1`]])
  await check('streamText on older version', async () => [await res(await app.request(`${url}/stream?version=1`)).then((r) => [r.status, r.body]), [200, 'v=1']])
}
// Accept header with the middleware and onError + Vary
{
  const versioning = apiVersioning({ scheme: new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'] }), routes: defineRoutes([route('user-list', '/users')]), origin: url })
  const app = new Hono()
  mountRoutes(app, versioning, { 'user-list': (c) => { throw new Error('x') } })
  app.onError((e, c) => c.json({ e: e.message }, 500))
  await check('Accept: onError answer has Vary (mountRoutes alone; documented exception)', async () => [await res(await app.request(`${url}/users`, { headers: { Accept: 'application/json; version=1.0' } })).then((r) => [r.status, r.headers['vary'] ?? null]), [500, 'Accept']])
  const app2 = new Hono()
  mountRoutes(app2, versioning, { 'user-list': (c) => c.json({}) })
  app2.onError((e, c) => c.json({ e: e.message }, 406))
  await check('Accept: rejection through onError(c.json) has Vary', async () => [await res(await app2.request(`${url}/users`, { headers: { Accept: 'application/json; version=9' } })).then((r) => [r.status, r.headers['vary'] ?? null]), [406, 'Accept']])
}
report('p2-middlewares')
