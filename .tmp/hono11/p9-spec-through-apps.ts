// Probe 9: the spec's decisions through Hono apps (middleware and mountRoutes alone), odd but valid inputs.
import { Hono } from 'hono'
import { defineRoutes, include, route, URLPathVersioning, NamespaceVersioning, QueryParameterVersioning, HostNameVersioning, AcceptHeaderVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'
const body = (r: { status: number; body: string }) => [r.status, r.body]
for (const withMw of [true, false]) {
  const t = `mw=${withMw}`
  {
    const routes = defineRoutes([include('/:version', [route('user-list', '/users/')])])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), routes })
    const app = new Hono()
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
    await check(`${t} url: encoded version %761`, async () => [body(await res(await app.request(`${url}/%761/users/`))), [200, JSON.stringify({ v: 'v1', self: `${url}/v1/users/` })]])
    await check(`${t} url: version 'v 1' encoded`, async () => [body(await res(await app.request(`${url}/v%201/users/`))), [404, '{"detail":"Invalid version in URL path."}']])
    await check(`${t} url: default version is allowed string? 'v1' exact`, async () => [body(await res(await app.request(`${url}/V1/users/`))), [404, '{"detail":"Invalid version in URL path."}']])
  }
  {
    const api = [route('user-list', '/users/')] as const
    const routes = defineRoutes([include('/v1', api, { namespace: 'v1' }), include('/v2', api, { namespace: 'v2' }), include('/v3', api, { namespace: 'v3' })])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
    const app = new Hono()
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
    await check(`${t} ns: v2`, async () => [body(await res(await app.request(`${url}/v2/users/`))), [200, JSON.stringify({ v: 'v2', self: `${url}/v2/users/` })]])
    await check(`${t} ns: v3 rejected`, async () => [body(await res(await app.request(`${url}/v3/users/`))), [404, '{"detail":"Invalid version in URL path. Does not match any version namespace."}']])
  }
  {
    const routes = defineRoutes([route('user-list', '/users/')])
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'] }), routes })
    const app = new Hono()
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
    await check(`${t} query: repeated -> last`, async () => [body(await res(await app.request(`${url}/users/?version=1&version=2`))), [200, JSON.stringify({ v: '2', self: `${url}/users/?version=2` })]])
    // The spec: a null version is not allowed when allowed_versions is set (is_allowed_version rules 2-4).
    await check(`${t} query: none, default null, allowed set -> 404`, async () => [body(await res(await app.request(`${url}/users/`))), [404, '{"detail":"Invalid version in query parameter."}']])
    await check(`${t} query: empty value`, async () => [body(await res(await app.request(`${url}/users/?version=`))), [404, '{"detail":"Invalid version in query parameter."}']])
    await check(`${t} query: plus-encoded`, async () => [body(await res(await app.request(`${url}/users/?version=%31`))), [200, JSON.stringify({ v: '1', self: `${url}/users/?version=1` })]])
  }
  {
    const routes = defineRoutes([route('user-list', '/users/')])
    const versioning = apiVersioning({ scheme: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
    const app = new Hono()
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
    await check(`${t} host: v1.example.com:8080`, async () => [body(await res(await app.request(`http://v1.example.com:8080/users/`))), [200, JSON.stringify({ v: 'v1', self: 'http://v1.example.com:8080/users/' })]])
    await check(`${t} host: v9.example.com`, async () => [body(await res(await app.request(`http://v9.example.com/users/`))), [404, '{"detail":"Invalid version in hostname."}']])
    await check(`${t} host: 4 labels -> default`, async () => [body(await res(await app.request(`http://v9.api.example.com/users/`))), [200, JSON.stringify({ v: null, self: 'http://v9.api.example.com/users/' })]])
  }
  {
    const routes = defineRoutes([route('user-list', '/users/')])
    const versioning = apiVersioning({ scheme: new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'] }), routes })
    const app = new Hono()
    if (withMw) app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
    await check(`${t} accept: version=2.0`, async () => [body(await res(await app.request(`${url}/users/`, { headers: { Accept: 'application/json; version=2.0' } }))), [200, '{"v":"2.0"}']])
    await check(`${t} accept: version=3.0`, async () => [body(await res(await app.request(`${url}/users/`, { headers: { Accept: 'application/json; version=3.0' } }))), [406, '{"detail":"Invalid version in \\"Accept\\" header."}']])
    await check(`${t} accept: HEAD with bad version`, async () => [[(await app.request(`${url}/users/`, { method: 'HEAD', headers: { Accept: 'application/json; version=3.0' } })).status], [406]])
  }
}
report('p9-spec-through-apps')
