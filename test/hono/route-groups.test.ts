/**
 * Routes that share a path, through apiVersioning and mountRoutes: one per
 * method, one per version (versioned()), with format suffixes, overlapping
 * paths, and two middlewares on one app. Each case runs with the middleware
 * on every request and with mountRoutes alone. A portable suite.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import type { RouteHandlers } from '../../src/hono/mount-routes.ts'
import { defineRoutes, HeaderVersioning, include, QueryParameterVersioning, route, versioned, versionNeutral, type BaseVersioning } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import type { ApiVersioningMiddleware } from '../../src/hono/api-versioning.ts'
import type { RouteEntry } from '../../src/routes/types.ts'
import type { RouteTable } from '../../src/routes/table.ts'
import { appInStyle, MOUNT_STYLES, type MountStyle } from '../support/mount-styles.ts'

function appFor<T extends RouteTable<RouteEntry>, S extends BaseVersioning>(
  mode: MountStyle,
  versioning: ApiVersioningMiddleware<T, S>,
  handlers: RouteHandlers<T, S, {}>,
): Hono {
  const app = appInStyle(mode, versioning)
  mountRoutes(app, versioning, handlers)
  return app
}

const query = (): QueryParameterVersioning => new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
const NOT_FOUND = { detail: 'Invalid version in query parameter.' }

async function call(app: Hono, url: string, init?: RequestInit): Promise<[number, unknown]> {
  const res = await app.request(`http://api.test${url}`, init)
  const text = await res.text()
  return [res.status, text === '' ? null : JSON.parse(text)]
}

describe.each(MOUNT_STYLES)('routes sharing a path (%s)', (mode) => {
  it('one route per method: each method reaches its handler', async () => {
    for (const limit of [false, true]) {
      const create = route('user-create', '/users')
      const versioning = apiVersioning({
        scheme: query(),
        routes: defineRoutes([route('user-list', '/users'), limit ? versioned(['v2'], create) : create]),
      })
      const app = appFor(mode, versioning, {
        'user-list': (c) => c.json({ list: c.var.version }),
        'user-create': { post: (c) => c.json({ created: c.var.version }, 201) },
      })
      expect(await call(app, '/users?version=v2')).toEqual([200, { list: 'v2' }])
      expect(await call(app, '/users?version=v2', { method: 'POST' })).toEqual([201, { created: 'v2' }])
      // v1 is served at /users (GET): a POST only v2 has is a method v1's path does not serve, 405 (RFC 9110), as its document says.
      expect(await call(app, '/users?version=v1', { method: 'POST' })).toEqual(limit ? [405, { detail: 'Method not allowed.' }] : [201, { created: 'v1' }])
    }
  })

  it('one route per version: the version chooses the handler, format suffixes included', async () => {
    const versioning = apiVersioning({
      scheme: query(),
      routes: defineRoutes([
        versioned(['v1'], route('item-v1', '/items/:id{[0-9]+}', { formats: true })),
        versioned(['v2'], route('item-v2', '/items/:id{[0-9]+}', { formats: true })),
        versioned(['v1'], route('thing-v1', '/things/:id{[0-9]+}', { formats: ['json'] })),
        versioned(['v2'], route('thing-v2', '/things/:id{[0-9]+}')),
      ]),
    })
    const view = (tag: string) => (c: { req: { param(): Record<string, string> }; json(body: unknown): Response }) => c.json({ tag, params: c.req.param() })
    const app = appFor(mode, versioning, { 'item-v1': view('v1'), 'item-v2': view('v2'), 'thing-v1': view('v1'), 'thing-v2': view('v2') })
    expect(await call(app, '/items/3.json?version=v1')).toEqual([200, { tag: 'v1', params: { id: '3', format: 'json' } }])
    expect(await call(app, '/items/3.json?version=v2')).toEqual([200, { tag: 'v2', params: { id: '3', format: 'json' } }])
    expect(await call(app, '/items/3?version=v2')).toEqual([200, { tag: 'v2', params: { id: '3' } }])
    // Only v1 takes the suffix: in v2 the suffixed URL is the scheme's rejection, not Hono's plain 404.
    expect(await call(app, '/things/3.json?version=v1')).toEqual([200, { tag: 'v1', params: { id: '3', format: 'json' } }])
    expect(await call(app, '/things/3.json?version=v2')).toEqual([404, NOT_FOUND])
  })

  it('paths that differ in text but match the same URL: the version chooses among them too', async () => {
    const versioning = apiVersioning({
      scheme: query(),
      routes: defineRoutes([versioned(['v1'], route('item-v1', '/items/:id')), versioned(['v2'], route('item-v2', '/items/:slug'))]),
    })
    const app = appFor(mode, versioning, {
      'item-v1': (c) => c.json({ v1: c.req.param('id') }),
      'item-v2': (c) => c.json({ v2: c.req.param('slug') }),
    })
    expect(await call(app, '/items/abc?version=v1')).toEqual([200, { v1: 'abc' }])
    expect(await call(app, '/items/abc?version=v2')).toEqual([200, { v2: 'abc' }])
  })

  it('a route in some versions before an overlapping route: other versions reach the later route', async () => {
    const versioning = apiVersioning({
      scheme: query(),
      routes: defineRoutes([versioned(['v2'], route('user-me', '/users/me')), route('user-detail', '/users/:id')]),
    })
    const app = appFor(mode, versioning, {
      'user-me': (c) => c.json({ me: c.var.version }),
      'user-detail': (c) => c.json({ id: c.req.param('id'), version: c.var.version }),
    })
    expect(await call(app, '/users/me?version=v2')).toEqual([200, { me: 'v2' }])
    expect(await call(app, '/users/me?version=v1')).toEqual([200, { id: 'me', version: 'v1' }])
    expect(await call(app, '/users/7?version=v1')).toEqual([200, { id: '7', version: 'v1' }])
  })

  it('the rejection reports the versions of the routes at that method and path', async () => {
    const versioning = apiVersioning({
      scheme: query(),
      routes: defineRoutes([versioned(['v2'], route('report', '/report'))]),
      policy: versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z' } }, reportVersions: true, echoHeader: 'api-version' }),
    })
    const app = appFor(mode, versioning, { report: (c) => c.json({ version: c.var.version }) })
    const res = await app.request('http://api.test/report?version=v1')
    expect(res.status).toBe(404)
    expect(res.headers.get('api-supported-versions')).toBe('v2')
    expect(res.headers.get('api-deprecated-versions')).toBeNull()
    expect(res.headers.get('api-version')).toBeNull()
    expect(res.headers.get('Deprecation')).toBeNull()
  })
})

describe('two apiVersioning middlewares on one app keep their own state', () => {
  const a = apiVersioning({
    scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }),
    routes: defineRoutes([include('/api', [route('a-users', '/users')])]),
    policy: versionPolicy({ echoHeader: 'x-a-version', versions: { v1: { deprecation: '2020-01-01T00:00:00Z' } } }),
  })
  const b = apiVersioning({
    scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }),
    routes: defineRoutes([include('/other', [route('b-users', '/users')])]),
    policy: versionPolicy({ echoHeader: 'x-b-version' }),
  })
  const app = new Hono()
  app.use('*', a)
  app.use('*', b)
  mountRoutes(app, a, { 'a-users': (c) => c.json({ version: c.var.version }) })
  mountRoutes(app, b, { 'b-users': (c) => c.json({ version: c.var.version }) })

  // Each middleware versions the routes of its own table only, and leaves the others untouched.
  it.each([
    ['/api/users', 'v2', 'x-a-version', 'x-b-version'],
    ['/other/users', 'v1', 'x-b-version', 'x-a-version'],
  ])('%s', async (path, version, own, other) => {
    const res = await app.request(`http://api.test${path}?version=v1`, { headers: { 'Api-Version': 'v2' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ version })
    expect(res.headers.get(own)).toBe(version)
    expect(res.headers.get(other)).toBeNull()
    // A determined v2, which has no lifecycle: no Deprecation from A's v1.
    expect(res.headers.get('Deprecation')).toBeNull()
  })
})

describe('construction', () => {
  it('refuses routes at one path that disagree on being version-neutral', () => {
    expect(() =>
      apiVersioning({ scheme: query(), routes: defineRoutes([versionNeutral(route('status', '/status')), versioned(['v2'], route('status-v2', '/status'))]) }),
    ).toThrow('apiVersioning: routes "status" and "status-v2" share the path /status but only one is version-neutral; make both neutral or give them different paths.')
  })
})

describe.each(MOUNT_STYLES)('passing a request on to a later mounted route (%s)', (mode) => {
  it('keeps the table order: a route declared between two versions of a path still answers its URL', async () => {
    const versioning = apiVersioning({
      scheme: query(),
      routes: defineRoutes([
        versioned(['v1'], route('detail-v1', '/users/:id')),
        route('me', '/users/me'),
        versioned(['v2'], route('detail-v2', '/users/:id')),
      ]),
    })
    const app = appFor(mode, versioning, {
      'detail-v1': (c) => c.json({ v1: c.req.param('id') }),
      me: (c) => c.json({ me: c.var.version }),
      'detail-v2': (c) => c.json({ v2: c.req.param('id') }),
    })
    expect(await call(app, '/users/me?version=v1')).toEqual([200, { v1: 'me' }])
    expect(await call(app, '/users/me?version=v2')).toEqual([200, { me: 'v2' }])
    expect(await call(app, '/users/7?version=v2')).toEqual([200, { v2: '7' }])
  })

  it('a rejection after passing on reports every version tried, and no lifecycle headers', async () => {
    const versioning = apiVersioning({
      scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
      routes: defineRoutes([versioned(['v1'], route('me', '/users/me')), versioned(['v2'], route('detail', '/users/:id'))]),
      policy: versionPolicy({ versions: { v3: { deprecation: '2026-01-01T00:00:00Z' } }, reportVersions: true, echoHeader: 'api-version' }),
    })
    const app = appFor(mode, versioning, { me: (c) => c.text('me'), detail: (c) => c.text('detail') })
    const res = await app.request('http://api.test/users/me?version=v3')
    expect(res.status).toBe(404)
    expect(res.headers.get('api-supported-versions')).toBe('v1, v2')
    expect(res.headers.get('Deprecation')).toBeNull()
    expect(res.headers.get('api-version')).toBeNull()
  })

  it('only handlers of mountRoutes count as later routes, not middleware on the same path', async () => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }),
      routes: defineRoutes([versioned(['2'], route('me', '/users/me')), versioned(['2'], route('detail', '/users/:id'))]),
    })
    const app = appFor(mode, versioning, { me: (c) => c.text('me') })
    app.use('/users/:id', async (_c, next) => {
      await next()
    })
    const res = await app.request('http://api.test/users/me', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Invalid version in "Api-Version" header.' })
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })

  it('a route of another table, mounted after, gets its turn', async () => {
    const a = apiVersioning({ scheme: query(), routes: defineRoutes([versioned(['v2'], route('me', '/users/me'))]) })
    const b = apiVersioning({ scheme: query(), routes: defineRoutes([route('user-detail', '/users/:id')]) })
    const app = appInStyle(mode, a)
    mountRoutes(app, a, { me: (c) => c.text('me') })
    mountRoutes(app, b, { 'user-detail': (c) => c.text(`detail ${c.req.param('id')}`) })
    expect(await (await app.request('http://api.test/users/me?version=v1')).text()).toBe('detail me')
  })

  it('a handler that answers through next() gets the headers too', async () => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'] }), routes: defineRoutes([route('items', '/items')]) })
    const app = appInStyle(mode, versioning)
    mountRoutes(app, versioning, {
      items: async (_c, next) => {
        await next()
      },
    })
    app.get('/items', (c) => c.text('answered later'))
    const res = await app.request('http://api.test/items', { headers: { 'Api-Version': '1' } })
    expect(await res.text()).toBe('answered later')
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })
})
