/**
 * versionMiddleware's check(app) names each route the app registers that no
 * version of the scheme serves (the version pattern of its path matches none
 * of them, or the version changes leave it in none of those it matches), as
 * the model's light part answers it, read from the app's routes the way the
 * documents' model of the app reads them (`appModel`: the same sentences),
 * in each app style versionMiddleware serves. A portable suite: Node,
 * workerd, Bun and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { checkModel } from '../../src/model/check.ts'
import { appModel } from '../../src/openapi/app-model.ts'

const ORIGIN = 'https://api.example.com'
const unserved = (what: string, versions: string) =>
  `versionMiddleware: ${what} is served in no version of ${versions}; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.`
const statuses = async (app: { request(path: string): Response | Promise<Response> }, paths: readonly string[]) => Promise.all(paths.map(async (path) => (await app.request(`${ORIGIN}${path}`)).status))

describe('plain Hono routes', () => {
  const scheme = () => new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })

  it("names a route whose version pattern matches none of the scheme's versions, which no request reaches", async () => {
    const app = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('/:version{v[0-9]+}/*', versioning)
    app.get('/:version{v[12]}/people/:id', (c) => c.json({ id: c.req.param('id'), version: c.var.version }))
    app.get('/:version{v3}/reports', (c) => c.json([]))
    const sentences = [unserved('GET /{version}/reports', 'v1, v2')]
    expect(versioning.check(app)).toEqual(sentences)
    expect(checkModel(appModel({ scheme: scheme(), app }), 'versionMiddleware')).toEqual(sentences)
    expect(await statuses(app, ['/v1/reports', '/v2/reports', '/v3/reports', '/v1/people/7', '/v2/people/7'])).toEqual([404, 404, 404, 200, 200])
  })

  it('names nothing in an app whose every route some version serves', () => {
    const app = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('/:version{v[0-9]+}/*', versioning)
    app.get('/:version{v[12]}/people/:id', (c) => c.json({ id: c.req.param('id') }))
    app.get('/:version{v2}/reports', (c) => c.json([]))
    app.get('/health', (c) => c.text('ok'))
    expect(versioning.check(app)).toEqual([])
  })
})

describe('plain Hono routes with named(), and version changes', () => {
  // The reports route's pattern takes v2 only, and the history removes it in v2: no version is left.
  const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('No more legacy reports.', [routeRemoved('GET /:version{v2}/legacy')])] }] })
  const scheme = () => new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })

  function app(changes: typeof history | undefined) {
    const app = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), changes, routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('/:version{v[0-9]+}/*', versioning)
    app.get('/:version{v[12]}/people/:id', named('person'), (c) => c.json({ self: c.var.reverse('person', { params: { id: c.req.param('id') } }) }))
    app.get('/:version{v2}/legacy', named('legacy'), (c) => c.json([]))
    return { app, versioning }
  }

  it('names a route the version changes leave in none of the versions its pattern matches, by its name', async () => {
    const { app: served, versioning } = app(history)
    const sentences = [unserved('GET /{version}/legacy ("legacy")', 'v1, v2')]
    expect(versioning.check(served)).toEqual(sentences)
    expect(checkModel(appModel({ scheme: scheme(), app: served, history }), 'versionMiddleware')).toEqual(sentences)
    expect(await statuses(served, ['/v1/legacy', '/v2/legacy', '/v1/people/7'])).toEqual([404, 404, 200])
  })

  it('reads the app\'s routes only when the middleware links to them: routes: appRoutes(app) brings the code that reads them', () => {
    const served = new Hono()
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    served.use('/:version{v[0-9]+}/*', versioning)
    served.get('/:version{v2}/legacy', named('legacy'), (c) => c.json([]))
    expect(versioning.check(served)).toEqual([])
  })

  it('names nothing without the change that removes it: version 2 serves it', async () => {
    const { app: served, versioning } = app(undefined)
    expect(versioning.check(served)).toEqual([])
    expect(await statuses(served, ['/v1/legacy', '/v2/legacy'])).toEqual([404, 200])
  })

  it('reads the routes of a sub-app mounted under a prefix as the history names them, given the root or the sub-app', async () => {
    const root = new Hono()
    const people = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), changes: history, routes: appRoutes(people), allowedHosts: ['api.example.com'] })
    people.use('/:version{v[0-9]+}/*', versioning)
    people.get('/:version{v[12]}/people/:id', named('person'), (c) => c.json({ id: c.req.param('id') }))
    people.get('/:version{v2}/legacy', named('legacy'), (c) => c.json([]))
    root.route('/api', people)
    expect(versioning.check(root)).toEqual([unserved('GET /api/{version}/legacy ("legacy")', 'v1, v2')])
    expect(versioning.check(people)).toEqual([unserved('GET /{version}/legacy ("legacy")', 'v1, v2')])
    expect(await statuses(root, ['/api/v1/legacy', '/api/v2/legacy', '/api/v2/people/7'])).toEqual([404, 404, 200])
  })
})

describe('@hono/zod-openapi routes', () => {
  const json = { 200: { description: 'OK', content: { 'application/json': { schema: z.object({ version: z.string() }) } } } } as const

  it('names nothing in an app versioned by a query parameter, a route added in version 2', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Reports.', [routeAdded('GET /reports')])] }] })
    const scheme = new QueryParameterVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
    const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('*', versioning)
    app.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: json }), (c) => c.json({ version: String(c.var.version) }, 200))
    app.openapi(createRoute({ operationId: 'getReports', method: 'get', path: '/reports', responses: json }), (c) => c.json({ version: String(c.var.version) }, 200))
    expect(versioning.check(app)).toEqual([])
    expect(await statuses(app, ['/reports?version=1', '/reports?version=2', '/users/7?version=1'])).toEqual([404, 200, 200])
  })

  it('names an operation mounted under a version prefix none of the scheme\'s versions match, by its operationId', async () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
    const root = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    const versioning = versionMiddleware({ scheme, routes: appRoutes(root), allowedHosts: ['api.example.com'] })
    root.use('/:version/*', versioning)
    const users = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    users.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: json }), (c) => c.json({ version: c.var.reverse('getUser', { params: { id: 7 } }) }, 200))
    const reports = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    reports.openapi(createRoute({ operationId: 'getReports', method: 'get', path: '/reports', responses: json }), (c) => c.json({ version: String(c.var.version) }, 200))
    root.route('/:version{v[12]}', users)
    root.route('/:version{v3}', reports)
    const sentences = [unserved('GET /{version}/reports ("getReports")', 'v1, v2')]
    expect(versioning.check(root)).toEqual(sentences)
    expect(checkModel(appModel({ scheme, app: root }), 'versionMiddleware')).toEqual(sentences)
    expect(await statuses(root, ['/v1/reports', '/v2/reports', '/v3/reports', '/v2/users/1'])).toEqual([404, 404, 404, 200])
    // The operationIds of a sub-app under a patterned prefix are read at the path Hono serves them at: links carry it.
    expect(await (await root.request(`${ORIGIN}/v2/users/1`)).json()).toEqual({ version: `${ORIGIN}/v2/users/7` })
  })
})
