/**
 * With `versionMiddleware` (plain Hono routes, `named()` routes,
 * @hono/zod-openapi routes), the versions a response reports (the policy's
 * `reportVersions`) and those a rejection lists are the versions that serve
 * the request's method at the Hono route that answers it: the version
 * pattern of its path and the version changes' route life (`routeAdded`,
 * `routeRemoved` of one method, named `METHOD /path`), as the model's light
 * part answers them (src/model/served.ts). A version the header leaves out
 * answers 404; a path no handler route matches, and a route a version
 * change leaves out of the version (answered as one), report every allowed
 * version. A portable suite: Node, workerd, Bun and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { HeaderVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { appModel } from '../../src/openapi/app-model.ts'

const ORIGIN = 'https://api.example.com'
const hosts = ['api.example.com']

type Answer = [number, string | null]

/** `[status, reported versions]` of one request (`version`: the `Api-Version` header, none when `''`). */
async function answer(app: { request(url: string, init?: RequestInit): Response | Promise<Response> }, method: string, path: string, version = ''): Promise<Answer> {
  const res = await app.request(`${ORIGIN}${path}`, { method, headers: version === '' ? {} : { 'Api-Version': version } })
  return [res.status, res.headers.get('api-supported-versions')]
}

/**
 * Requests each operation of the app's model in each version that serves it (at its path there, `{id}` sent as
 * text): each answers, and reports the versions the model serves it in; the count of requests.
 */
async function agreesWithModel(app: Hono<any>, model: ReturnType<typeof appModel>, header: boolean): Promise<number> {
  let checked = 0
  for (const operation of model.operations) {
    const served = model.space.versions.filter((v) => operation.at(v) !== null)
    for (const version of served) {
      const at = operation.at(version)!
      const [status, reported] = await answer(app, operation.method, at.path, header ? version : '')
      expect([operation.method, at.path, version, status < 300, reported]).toEqual([operation.method, at.path, version, true, served.join(', ')])
      checked++
    }
  }
  return checked
}

const handlers = (app: Hono<any>) => {
  app.get('/tags', named('tags'), (c) => c.json([]))
  app.post('/tags', (c) => c.json({}, 201))
  app.delete('/tags', (c) => c.body(null, 204))
}

describe('a header scheme, plain routes', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Tags can be created.', [routeAdded('POST /tags')])] },
      { version: '3', changes: [change('Tags are kept.', [routeRemoved('DELETE /tags')])] },
    ],
  })
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
  const app = new Hono<AppRoutesEnv>()
  app.use('*', versionMiddleware({ scheme, changes: history, routes: appRoutes(app), policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
  handlers(app)

  const all = (method: string) => Promise.all(['1', '2', '3'].map((v) => answer(app, method, '/tags', v)))

  it('a method every version serves reports every version', async () => {
    expect(await all('GET')).toEqual([
      [200, '1, 2, 3'],
      [200, '1, 2, 3'],
      [200, '1, 2, 3'],
    ])
    expect(await answer(app, 'HEAD', '/tags', '1')).toEqual([200, '1, 2, 3'])
  })

  it('a method added later (routeAdded) reports the versions from then on; an older version answers 404, as an unknown path', async () => {
    expect(await all('POST')).toEqual([
      [404, '1, 2, 3'],
      [201, '2, 3'],
      [201, '2, 3'],
    ])
  })

  it('a method removed for one method (routeRemoved) reports the versions before it; the version without it answers 404, as an unknown path', async () => {
    expect(await all('DELETE')).toEqual([
      [204, '1, 2'],
      [204, '1, 2'],
      [404, '1, 2, 3'],
    ])
  })

  it("a version the scheme refuses is answered with the versions of the request's method there", async () => {
    expect(await Promise.all(['GET', 'POST', 'DELETE'].map((m) => answer(app, m, '/tags', '9')))).toEqual([
      [404, '1, 2, 3'],
      [404, '2, 3'],
      [404, '1, 2'],
    ])
  })

  it("reports for each operation of the app's model the versions the model serves it in", async () => {
    // GET in 3 versions, POST and DELETE in 2 each.
    expect(await agreesWithModel(app, appModel({ scheme, app, history }), true)).toBe(7)
  })

  it('a path no route matches reports every allowed version', async () => {
    expect(await answer(app, 'GET', '/nothing', '2')).toEqual([404, '1, 2, 3'])
    expect(await answer(app, 'PUT', '/tags', '2')).toEqual([404, '1, 2, 3'])
  })
})

describe('a URL path scheme, routes whose version pattern matches some versions', () => {
  const history = versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2' }, { version: 'v3', changes: [change('Tags are kept.', [routeRemoved('DELETE /:version{v[0-9]+}/tags')])] }],
  })
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] })
  const app = new Hono()
  app.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme, changes: history, policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
  app.get('/:version{v[129]}/people/:id', (c) => c.json({ id: c.req.param('id') }))
  app.get('/:version{v[0-9]+}/tags', (c) => c.json([]))
  app.delete('/:version{v[0-9]+}/tags', (c) => c.body(null, 204))
  app.all('/:version{v[12]}/any', (c) => c.text(c.req.method))

  it('reports per method and version the versions whose path the route matches, and the version changes leave it in', async () => {
    const table: [string, string, Answer][] = [
      ['GET', '/v1/people/7', [200, 'v1, v2']],
      ['GET', '/v2/people/7', [200, 'v1, v2']],
      // No route matches: every version, as for any unknown path.
      ['GET', '/v3/people/7', [404, 'v1, v2, v3']],
      // The route matches a version the scheme refuses: the route's versions.
      ['GET', '/v9/people/7', [404, 'v1, v2']],
      ['GET', '/v3/tags', [200, 'v1, v2, v3']],
      ['DELETE', '/v1/tags', [204, 'v1, v2']],
      ['DELETE', '/v2/tags', [204, 'v1, v2']],
      ['DELETE', '/v3/tags', [404, 'v1, v2, v3']],
      ['DELETE', '/v9/tags', [404, 'v1, v2']],
      // A route for every method (app.all) serves no method the model knows: every version, as for an unknown path.
      ['GET', '/v1/any', [200, 'v1, v2, v3']],
    ]
    const answers = await Promise.all(table.map(([method, path]) => answer(app, method, path)))
    expect(answers).toEqual(table.map(([, , expected]) => expected))
  })

  it('a route per version (its version written in its path, /v1/report) reports the version its path names', async () => {
    const perVersion = new Hono()
    perVersion.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme, changes: history, policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
    perVersion.get('/v1/report', (c) => c.json({ version: c.var.version }))
    perVersion.get('/v3/report', (c) => c.json({ version: c.var.version }))
    perVersion.get('/:version{v[0-9]+}/people/:id/:format', (c) => c.json({ version: c.var.version }))
    perVersion.get('/:version{v[0-9]+}/about', (c) => c.json({ version: c.var.version }))
    const table: [string, string, Answer][] = [
      ['GET', '/v1/report', [200, 'v1']],
      ['GET', '/v3/report', [200, 'v3']],
      ['GET', '/v2/report', [404, 'v1, v2, v3']],
      ['GET', '/v2/about', [200, 'v1, v2, v3']],
    ]
    const answers = await Promise.all(table.map(([method, path]) => answer(perVersion, method, path)))
    expect(answers).toEqual(table.map(([, , expected]) => expected))
  })

  it("reports for each operation of the app's model the versions the model serves it in", async () => {
    // People in v1 and v2, GET /tags in three versions, DELETE in two.
    expect(await agreesWithModel(app, appModel({ scheme, app, history }), false)).toBe(7)
  })
})

describe('a sub-app mounted under a prefix', () => {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Tags are kept.', [routeRemoved('DELETE /tags')])] }] })
  const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

  it('with the middleware in the sub-app, reads its routes as the sub-app registers them (as the history names them)', async () => {
    const root = new Hono()
    const sub = new Hono()
    sub.use('*', versionMiddleware({ scheme: scheme(), changes: history, policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
    handlers(sub)
    root.route('/api', sub)
    expect(await Promise.all(['1', '2'].flatMap((v) => ['GET', 'DELETE'].map((m) => answer(root, m, '/api/tags', v))))).toEqual([
      [200, '1, 2'],
      [204, '1'],
      [200, '1, 2'],
      [404, '1, 2'],
    ])
    expect(await answer(root, 'DELETE', '/api/tags', '7')).toEqual([404, '1'])
  })

  it('with the middleware in the root app, reads the sub-app\'s routes at the path the root serves them', async () => {
    const prefixed = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Tags are kept.', [routeRemoved('DELETE /api/tags')])] }] })
    const root = new Hono()
    const sub = new Hono()
    root.use('*', versionMiddleware({ scheme: scheme(), changes: prefixed, policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
    handlers(sub)
    root.route('/api', sub)
    expect(await Promise.all(['1', '2'].map((v) => answer(root, 'DELETE', '/api/tags', v)))).toEqual([
      [204, '1'],
      [404, '1, 2'],
    ])
  })
})

describe('@hono/zod-openapi routes', () => {
  const json = { 200: { description: 'OK', content: { 'application/json': { schema: z.object({ version: z.string() }) } } } } as const

  it('report the versions the version changes leave them in', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Reports.', [routeAdded('GET /reports')])] }] })
    const scheme = new QueryParameterVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
    const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    app.use('*', versionMiddleware({ scheme, changes: history, routes: appRoutes(app), policy: versionPolicy({ reportVersions: true }), allowedHosts: hosts }))
    app.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: json }), (c) => c.json({ version: String(c.var.version) }, 200))
    app.openapi(createRoute({ operationId: 'getReports', method: 'get', path: '/reports', responses: json }), (c) => c.json({ version: String(c.var.version) }, 200))
    expect(await Promise.all(['/reports?version=1', '/reports?version=2', '/reports?version=3', '/users/7?version=1', '/users/7?version=3'].map((path) => answer(app, 'GET', path)))).toEqual([
      [404, '1, 2'],
      [200, '2'],
      [404, '2'],
      [200, '1, 2'],
      [404, '1, 2'],
    ])
  })
})
