/**
 * A route per version: a plain Hono app versioned by URL path, its
 * versioning middleware registered on a path with the version param
 * (`/:version{v[0-9]+}/*`), that writes some routes' versions in their paths
 * (`app.get('/v1/special', ...)`). The middleware answers such a route in
 * the version its path names, and every reader of the model reads it so:
 * the documents (of a head document and the app), the app's model
 * (`appModel`) and `versionMiddleware`'s `check(app)`. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { URLPathVersioning } from '../../src/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { checkModel } from '../../src/model/check.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const ORIGIN = 'https://api.example.com'
const scheme = () => new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } }
const versionParam = { name: 'version', in: 'path', required: true, schema: { type: 'string' } }

/** The per-version app: `/v1/special` and `/v2/other` written per version, `/{version}/users` in both. */
function perVersionApp(extra?: (app: Hono<AppRoutesEnv>) => void) {
  const app = new Hono<AppRoutesEnv>()
  const versioning = versionMiddleware({ scheme: scheme(), routes: appRoutes(app), allowedHosts: ['api.example.com'] })
  app.use('/:version{v[0-9]+}/*', versioning)
  app.get('/v1/special', (c) => c.json({ version: c.var.version }))
  app.get('/v2/other', (c) => c.json({ version: c.var.version }))
  app.get('/:version{v[12]}/users', (c) => c.json({ version: c.var.version }))
  extra?.(app)
  return { app, versioning }
}

/** The version each path answers in (`null`: not 200). */
async function answeredIn(app: Hono<AppRoutesEnv>, paths: readonly string[]) {
  return Promise.all(
    paths.map(async (path) => {
      const response = await app.request(`${ORIGIN}${path}`)
      return response.status === 200 ? ((await response.json()) as { version: string }).version : null
    }),
  )
}

const servedIn = (model: ApiModel) => Object.fromEntries(model.operations.map((op) => [`${op.method} ${op.path}`, model.space.versions.map((v) => op.at(v)?.path ?? null)]))

describe('a route per version', () => {
  it('is answered in the version its path names', async () => {
    const { app } = perVersionApp()
    expect(await answeredIn(app, ['/v1/special', '/v2/other', '/v1/users', '/v2/users', '/v2/special', '/v1/other'])).toEqual(['v1', 'v2', 'v1', 'v2', null, null])
  })

  it("is documented in its version's document alone, given the app", async () => {
    const { app } = perVersionApp()
    const document = {
      openapi: '3.1.0',
      info: { title: 'Per version', version: 'v2' },
      paths: { '/v1/special': { get: { responses: ok } }, '/v2/other': { get: { responses: ok } }, '/{version}/users': { get: { parameters: [versionParam], responses: ok } } },
    }
    const docs = versionedOpenAPI({ scheme: scheme(), app, document })
    const paths = (version: string) => Object.keys(docs.document(version).paths)
    expect([paths('v1'), paths('v2')]).toEqual([
      ['/v1/special', '/v1/users'],
      ['/v2/other', '/v2/users'],
    ])
    // What each document lists, the app answers in that version.
    expect(await answeredIn(app, paths('v1'))).toEqual(['v1', 'v1'])
    expect(await answeredIn(app, paths('v2'))).toEqual(['v2', 'v2'])
    expect(servedIn(docs.model as ApiModel)).toEqual(servedIn(appModel({ scheme: scheme(), app })))
    // The route Hono matches is found in the model at its own path (as validateResponses looks it up).
    const special = (docs.model as ApiModel).find('GET', '/v1/special')
    expect([special?.at('v1')?.path, special?.at('v2')]).toEqual(['/v1/special', null])
  })

  it("is in the app's model in its version alone, where the app answers it", async () => {
    const { app } = perVersionApp()
    const model = appModel({ scheme: scheme(), app })
    expect(servedIn(model)).toEqual({
      'GET /v1/special': ['/v1/special', null],
      'GET /v2/other': [null, '/v2/other'],
      'GET /{version}/users': ['/v1/users', '/v2/users'],
    })
    for (const operation of model.operations) {
      for (const version of model.space.versions) {
        const at = operation.at(version)
        if (at !== null) expect(await answeredIn(app, [at.path])).toEqual([version])
      }
    }
  })

  it('check(app) names a route whose written version the scheme does not allow, and nothing else', async () => {
    expect(perVersionApp().versioning.check(perVersionApp().app)).toEqual([])
    const { app, versioning } = perVersionApp((app) => app.get('/v3/special', (c) => c.json({ version: c.var.version })))
    const sentence = 'versionMiddleware: GET /v3/special is served in no version of v1, v2; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.'
    expect(versioning.check(app)).toEqual([sentence])
    expect(checkModel(appModel({ scheme: scheme(), app }), 'versionMiddleware')).toEqual([sentence])
    // No version answers it: v3 is not one of the scheme's.
    expect(await answeredIn(app, ['/v3/special'])).toEqual([null])
  })

  it('check(app) reads the version changes of a route per version in its own version', async () => {
    // The history removes the route in v2: it still exists in v1, the version it is answered in.
    const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('No more special.', [routeRemoved('GET /v1/special')])] }] })
    const app = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), changes: history, routes: appRoutes(app), allowedHosts: ['api.example.com'] })
    app.use('/:version{v[0-9]+}/*', versioning)
    app.get('/v1/special', (c) => c.json({ version: c.var.version }))
    expect(versioning.check(app)).toEqual([])
    expect(servedIn(appModel({ scheme: scheme(), app, history }))).toEqual({ 'GET /v1/special': ['/v1/special', null] })
    expect(await answeredIn(app, ['/v1/special'])).toEqual(['v1'])
  })

  it('is read in a sub-app mounted per version, and under the prefix of a sub-app with its own middleware', async () => {
    // The middleware in the root, a sub-app per version (app.route('/v1', v1)).
    const root = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), routes: appRoutes(root), allowedHosts: ['api.example.com'] })
    root.use('/:version{v[0-9]+}/*', versioning)
    const v1 = new Hono<AppRoutesEnv>().get('/special', (c) => c.json({ version: c.var.version }))
    const v3 = new Hono<AppRoutesEnv>().get('/special', (c) => c.json({ version: c.var.version }))
    root.route('/v1', v1)
    root.route('/v3', v3)
    expect(servedIn(appModel({ scheme: scheme(), app: root }))).toEqual({ 'GET /v1/special': ['/v1/special', null], 'GET /v3/special': [null, null] })
    expect(versioning.check(root)).toEqual(['versionMiddleware: GET /v3/special is served in no version of v1, v2; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.'])
    expect(await answeredIn(root, ['/v1/special', '/v3/special'])).toEqual(['v1', null])
    // The middleware in a sub-app mounted under /api.
    const outer = new Hono<AppRoutesEnv>()
    const sub = new Hono<AppRoutesEnv>()
    const own = versionMiddleware({ scheme: scheme(), routes: appRoutes(sub), allowedHosts: ['api.example.com'] })
    sub.use('/:version{v[0-9]+}/*', own)
    sub.get('/v1/special', (c) => c.json({ version: c.var.version }))
    outer.route('/api', sub)
    expect(servedIn(appModel({ scheme: scheme(), app: outer }))).toEqual({ 'GET /api/v1/special': ['/api/v1/special', null] })
    expect([own.check(sub), own.check(outer)]).toEqual([[], []])
    expect(await answeredIn(outer, ['/api/v1/special', '/api/v2/special'])).toEqual(['v1', null])
  })
})
