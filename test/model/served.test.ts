/**
 * The model's light part (src/model/served.ts): whether a version serves an
 * operation, decided in one place for the request path (stage 2's pick,
 * `firstIn`; mountRoutes' 405 `Allow`, `allowAt`), the documents and
 * `appModel` (`servedOperation`, on which they build contracts and
 * migration) and `checkModel`, which reads the light part alone. A portable
 * suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { routeExistsOf } from '../../src/changes/history-plans.ts'
import { change, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, NamespaceVersioning, route, URLPathVersioning, versioned } from '../../src/index.ts'
import { checkModel } from '../../src/model/check.ts'
import { allowAt, firstIn, servedOperation, type RouteEvents } from '../../src/model/served.ts'
import { versionSpace } from '../../src/model/version-space.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { waysOf } from '../../src/routes/placement.ts'

const NO_EVENTS: RouteEvents = { exists: () => true, pathChanges: () => [] }

describe('one answer to "does this route exist in this version"', () => {
  const table = defineRoutes([versioned(['1'], route('thing-old', '/things')), versioned(['2', '3'], route('thing', '/things')), route('tag', '/tags')])
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
  const space = versionSpace(scheme)
  const [old, thing, tag] = table.routes

  it('the request path picks the route the light model serves the operation with, in every version', () => {
    const things = servedOperation({ method: 'GET', path: '/things', name: 'thing', names: ['thing'], routes: table.routes.slice(0, 2), versionPattern: null }, space, scheme.placement, NO_EVENTS)
    expect(space.versions.map((v) => [firstIn(table.routes.slice(0, 2), v)?.name ?? null, things.at(v)?.path ?? null])).toEqual([
      ['thing-old', '/things'],
      ['thing', '/things'],
      ['thing', '/things'],
    ])
    expect([firstIn(null, '1'), firstIn([old!, thing!], '4'), firstIn([tag!], undefined)?.name]).toEqual([undefined, undefined, 'tag'])
  })

  it('a path\'s Allow: the methods whose picked route the route life leaves in the version, HEAD beside GET', () => {
    const methods = new Map([
      ['GET', [old!, thing!]],
      ['PUT', [old!]],
      ['POST', [thing!]],
    ])
    const allow = allowAt(methods, (_route, method, version) => !(method === 'POST' && version === '2'))
    expect(['1', '2', '3', '4'].map((v) => allow(v))).toEqual(['GET, HEAD, PUT', 'GET, HEAD', 'GET, HEAD, POST', null])
    expect(allowAt(new Map([['POST', [thing!]]]), () => false)('3')).toBe('')
  })

  it('mountRoutes answers a 405 with the Allow the light model gives, route life from the history', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Tags can be created.', [routeRemoved('POST tag')])] }, { version: '3' }] })
    const versioning = apiVersioning({ scheme, routes: table, changes: history, allowedHosts: ['api.example.com'] })
    const app = mountRoutes(new Hono(), versioning, { tag: { get: (c) => c.json([]), post: (c) => c.json({}, 201) } })
    const allow = allowAt(new Map([['GET', [tag!]], ['POST', [tag!]]]), routeExistsOf(history))
    const answers = await Promise.all(['1', '2'].map((v) => app.request('https://api.example.com/tags', { method: 'PUT', headers: { 'Api-Version': v } })))
    expect(['1', '2'].map((v) => allow(v))).toEqual(['GET, HEAD, POST', 'GET, HEAD'])
    expect(answers.map((res) => [res.status, res.headers.get('allow')])).toEqual(['1', '2'].map((v) => [405, allow(v)]))
  })
})

describe('checkModel reads the light part alone', () => {
  it('names an operation whose namespace and version limit leave no version, as it does on the app\'s model', () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] })
    const table = defineRoutes([include('/v1', [route('user-list', '/users'), versioned(['v2'], route('report', '/report'))], { namespace: 'v1' })])
    const space = versionSpace(scheme)
    const operations = table.routes.map((r) => servedOperation({ method: 'GET', path: r.path, name: r.name, names: r.names, routes: [r], versionPattern: null }, space, scheme.placement, NO_EVENTS))
    const light = checkModel({ space, ways: waysOf(scheme.placement), operations }, 'check')
    expect(light).toEqual(['check: GET /v1/report ("report") is served in no version of v1, v2; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.'])
    const versioning = apiVersioning({ scheme, routes: table, allowedHosts: ['api.example.com'] })
    const app = mountRoutes(new Hono(), versioning, { 'user-list': (c) => c.json([]), report: (c) => c.json([]) })
    expect(checkModel(appModel({ scheme, app, routes: table }), 'check')).toEqual(light)
  })
})

describe("apiVersioning's check(app) reads the light model of the table as the app mounts it", () => {
  it('names an operation the app mounts that no version serves, as checkModel names it on the app\'s model', () => {
    const routes = defineRoutes([include('/:version{v[12]}', [route('user-list', '/users'), versioned(['v3'], route('report', '/report'))]), route('about', '/about')])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }), routes, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]), report: { get: (c) => c.text('report'), post: (c) => c.text('made') }, about: (c) => c.text('about') })
    const sentences = ['GET', 'POST'].map((method) => `apiVersioning: ${method} /{version}/report ("report") is served in no version of v1, v2, v3; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.`)
    expect(versioning.check(app)).toEqual(sentences)
    expect(checkModel(appModel({ scheme: versioning.scheme, app, routes }), 'apiVersioning')).toEqual(sentences)
  })

  it('counts the version changes that remove a method in every version its route is limited to, and nothing in a served app', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Tags can be created.', [routeRemoved('POST tag')])] }] })
    const table = defineRoutes(history.routes([versioned(['2'], route('tag', '/tags')), route('user-list', '/users')]))
    const versioning = apiVersioning({ scheme, routes: table, changes: history, allowedHosts: ['api.example.com'] })
    const app = mountRoutes(new Hono(), versioning, { tag: { get: (c) => c.json([]), post: (c) => c.json({}, 201) }, 'user-list': (c) => c.json([]) })
    expect(versioning.check(app)).toEqual(['apiVersioning: POST /tags ("tag") is served in no version of 1, 2; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.'])
    const served = mountRoutes(new Hono(), versioning, { 'user-list': (c) => c.json([]) })
    expect(versioning.check(served)).toEqual([])
  })
})
