/**
 * The model of an app (src/model/) against the app it describes, in the three
 * ways an app declares its routes: a route table with `mountRoutes`, plain
 * Hono routes with `named()`, and @hono/zod-openapi routes. For every
 * operation and version of the model, the app serves the request exactly when
 * the model says the version serves it (not served: 404, 405, or the
 * Accept header's 406), and a method the model does not list at a path is
 * never served. A portable suite: it runs on Node, inside workerd, on Bun and
 * on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, pathChanged, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, include, NamespaceVersioning, QueryParameterVersioning, route, URLPathVersioning, versioned, versionNeutral, type BaseVersioning } from '../../src/index.ts'
import type { ApiModel, VersionedOperation } from '../../src/model/api-model.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { checkModel } from '../../src/model/check.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const NOT_SERVED = new Set([404, 405, 406])

/** A request of `version` to `path` (OpenAPI syntax, other params filled with 1), the version where the scheme reads it. */
function requestFor(model: ApiModel, method: string, path: string, version: string): Request {
  const { ways } = model
  let filled = ways.param === null ? path : path.split(`{${ways.param}}`).join(encodeURIComponent(version))
  filled = filled.replace(/\{[^{}]*\}/g, '1')
  const url = new URL(filled, ways.host ? `https://${version}.api.example.com` : 'https://api.example.com')
  const headers = new Headers({ 'content-type': 'application/json' })
  if (ways.query !== null) url.searchParams.set(ways.query, version)
  if (ways.header !== null) headers.set(ways.header, version)
  if (ways.accept !== null) headers.set('accept', `application/json; ${ways.accept.param}=${version}`)
  const body = method === 'GET' || method === 'HEAD' ? null : '{}'
  return new Request(url, { method, headers, body })
}

/** For every operation and version: [method, path, version, served by the model, served by the app]. */
async function agreement(model: ApiModel, app: { request(request: Request): Response | Promise<Response> }) {
  const rows: [string, string, string, boolean, boolean][] = []
  for (const operation of model.operations) {
    for (const version of model.space.versions) {
      const at = operation.at(version)
      const res = await app.request(requestFor(model, operation.method, at?.path ?? operation.path, version))
      rows.push([operation.method, operation.path, version, at !== null, !NOT_SERVED.has(res.status)])
    }
  }
  return rows
}

/** For every path of the model and a method it does not list there: whether the app serves it in some version. */
async function unlisted(model: ApiModel, app: { request(request: Request): Response | Promise<Response> }) {
  const served: string[] = []
  const paths = new Set(model.operations.map((o) => o.path))
  for (const path of paths) {
    for (const method of METHODS) {
      if (model.find(method, path) !== null) continue
      for (const version of model.space.versions) {
        const res = await app.request(requestFor(model, method, path, version))
        if (!NOT_SERVED.has(res.status)) served.push(`${method} ${path} in ${version}: ${res.status}`)
      }
    }
  }
  return served
}

/** The versions each operation is served in, by `METHOD path`. */
function servedIn(model: ApiModel): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const op of model.operations) out[`${op.method} ${op.path}`] = model.space.versions.filter((v) => op.at(v) !== null)
  return out
}

const agree = (rows: readonly [string, string, string, boolean, boolean][]) => rows.filter(([, , , model, app]) => model !== app)

describe('a route table with mountRoutes', () => {
  const history = versionHistory({
    versions: [
      { version: 'v1' },
      { version: 'v2', changes: [change('Search.', [routeAdded('search')]), change('Products move.', [pathChanged('product-detail', { older: '/items/:id', newer: '/products/:id' })])] },
      { version: 'v3', changes: [change('No more legacy.', [routeRemoved('legacy')])] },
    ],
  })
  const routes = defineRoutes(
    history.routes([
      include('/:version{v[0-9]+}', [
        route('search', '/search'),
        route('legacy', '/legacy'),
        route('product-detail', '/products/:id'),
        route('product-list', '/products'),
        versioned(['v3'], route('report', '/report')),
      ]),
      versionNeutral(route('health', '/health')),
    ]),
  )
  const tableApp = (middleware: boolean) => {
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v1' }), routes, changes: history, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    if (middleware) app.use('*', versioning)
    mountRoutes(app, versioning, {
      search: (c) => c.text('search'),
      legacy: (c) => c.text('legacy'),
      'product-detail': { get: (c) => c.json({ id: 1 }), delete: (c) => c.body(null, 204) },
      'product-list': { get: (c) => c.json([]), post: (c) => c.json({ id: 2 }, 201) },
      report: (c) => c.text('report'),
      health: (c) => c.text('ok'),
    })
    return { app, versioning }
  }

  describe.each([true, false])('with app.use(versioning): %s', (middleware) => {
    const { app, versioning } = tableApp(middleware)
    const model = appModel({ scheme: versioning.scheme, app, routes, history })

    it('lists every route and method the app serves, with the versions that serve it', () => {
      expect(servedIn(model)).toEqual({
        'GET /{version}/search': ['v2', 'v3'],
        'GET /{version}/legacy': ['v1', 'v2'],
        'GET /{version}/items/{id}': ['v1'],
        'DELETE /{version}/items/{id}': ['v1'],
        'GET /{version}/products/{id}': ['v2', 'v3'],
        'DELETE /{version}/products/{id}': ['v2', 'v3'],
        'GET /{version}/products': ['v1', 'v2', 'v3'],
        'POST /{version}/products': ['v1', 'v2', 'v3'],
        'GET /{version}/report': ['v3'],
        'GET /health': ['v1', 'v2', 'v3'],
      })
      expect(model.find('get', '/{version}/report')?.at('v3')?.path).toBe('/v3/report')
      expect(model.find('GET', '/{version}/products/{id}')?.at('v2')?.params).toEqual(['id'])
    })

    it('agrees with the app on every operation and version', async () => {
      expect(agree(await agreement(model, app))).toEqual([])
      expect(await unlisted(model, app)).toEqual([])
    })
  })

  it('reads a namespace scheme: each route is served in its namespace\'s version', async () => {
    const table = defineRoutes([
      include('/v1', [route('user-list', '/users')], { namespace: 'v1' }),
      include('/v2', [route('user-list', '/users'), route('team-list', '/teams')], { namespace: 'v2' }),
    ])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }), routes: table, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]), 'team-list': (c) => c.json([]) })
    const model = appModel({ scheme: versioning.scheme, app, routes: table })
    expect(servedIn(model)).toEqual({ 'GET /v1/users': ['v1'], 'GET /v2/users': ['v2'], 'GET /v2/teams': ['v2'] })
  })
})

describe('plain Hono routes with named()', () => {
  const history = versionHistory({
    versions: [
      { version: '2024-01-01' },
      { version: '2025-01-01', changes: [change('People can be created.', [routeAdded('POST /people')])] },
      { version: '2026-01-01', changes: [change('No more nicknames.', [routeRemoved('GET /people/:id/nickname')])] },
    ],
  })
  const schemes: [string, () => BaseVersioning][] = [
    ['a header', () => new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2026-01-01' })],
    ['the Accept header', () => new AcceptHeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2026-01-01' })],
    ['a header or a query parameter', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], allowedVersions: history.versions, defaultVersion: '2026-01-01' })],
  ]

  describe.each(schemes)('versioned by %s', (_, make) => {
    const scheme = make()
    const app = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('*', versioning)
    app.get('/people/:id', named('person'), (c) => c.json({ id: c.req.param('id') }))
    app.post('/people', named('people'), (c) => c.json({ id: 3 }, 201))
    app.get('/people/:id/nickname', (c) => c.text('Bob'))
    const model = appModel({ scheme, app, history })

    it('names each route and tells the versions that serve it', () => {
      expect(model.operations.map((o) => [o.method, o.path, o.name])).toEqual([
        ['GET', '/people/{id}', 'person'],
        ['POST', '/people', 'people'],
        ['GET', '/people/{id}/nickname', null],
      ])
      expect(servedIn(model)).toEqual({
        'GET /people/{id}': ['2024-01-01', '2025-01-01', '2026-01-01'],
        'POST /people': ['2025-01-01', '2026-01-01'],
        'GET /people/{id}/nickname': ['2024-01-01', '2025-01-01'],
      })
    })

    it('agrees with the app on every operation and version', async () => {
      expect(agree(await agreement(model, app))).toEqual([])
      expect(await unlisted(model, app)).toEqual([])
    })
  })
})

describe('@hono/zod-openapi routes', () => {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Users have an avatar.', [routeAdded('GET /users/:id/avatar')])] }] })
  const scheme = new QueryParameterVersioning({ allowedVersions: history.versions, defaultVersion: '1' })
  const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(app), allowedHosts: ['api.example.com'] })
  app.use('*', versioning)
  const User = z.object({ id: z.string() }).openapi('User')
  const getUser = createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: { 200: { description: 'A user', content: { 'application/json': { schema: User } } } } })
  const getAvatar = createRoute({ operationId: 'getAvatar', method: 'get', path: '/users/{id}/avatar', responses: { 200: { description: 'An avatar', content: { 'application/json': { schema: z.object({ url: z.string() }) } } } } })
  app.openapi(getUser, (c) => c.json({ id: '1' }, 200))
  app.openapi(getAvatar, (c) => c.json({ url: 'https://img.example/1.png' }, 200))
  const model = appModel({ scheme, app, history })

  it('names each route by its operationId and tells the versions that serve it', () => {
    expect(model.operations.map((o: VersionedOperation) => [o.method, o.path, o.name])).toEqual([
      ['GET', '/users/{id}', 'getUser'],
      ['GET', '/users/{id}/avatar', 'getAvatar'],
    ])
    expect(servedIn(model)).toEqual({ 'GET /users/{id}': ['1', '2'], 'GET /users/{id}/avatar': ['2'] })
  })

  it('agrees with the app on every operation and version', async () => {
    expect(agree(await agreement(model, app))).toEqual([])
    expect(await unlisted(model, app)).toEqual([])
  })
})

describe('checkModel: what the model finds wrong', () => {
  it('names an operation no version serves, and nothing in an app whose every operation is served', () => {
    const routes = defineRoutes([include('/:version{v[12]}', [route('user-list', '/users'), versioned(['v3'], route('report', '/report'))]), route('about', '/about')])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }), routes, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]), report: (c) => c.text('report'), about: (c) => c.text('about') })
    expect(checkModel(appModel({ scheme: versioning.scheme, app, routes }), 'check')).toEqual([
      'check: GET /{version}/report ("report") is served in no version of v1, v2, v3; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.',
    ])
    const table = defineRoutes([include('/:version{v[12]}', [route('user-list', '/users'), versioned(['v2'], route('report', '/report'))])])
    const other = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: table, allowedHosts: ['api.example.com'] })
    const served = new Hono()
    mountRoutes(served, other, { 'user-list': (c) => c.json([]), report: (c) => c.text('report') })
    expect(checkModel(appModel({ scheme: other.scheme, app: served, routes: table }), 'check')).toEqual([])
  })
})
