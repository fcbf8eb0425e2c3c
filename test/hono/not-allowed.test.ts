/**
 * The 405 `mountRoutes` answers a method a table path has no handler for:
 * its `Allow` lists exactly the methods the path serves in the request's
 * version, as the model of the app says (`appModel`: the table's version
 * limits, the history's route changes, route-wide and for one method), with
 * HEAD beside GET; a path that serves nothing in the version answers as GET
 * does there (no 405), and so does a method the history removes there. The documents' `x-methodNotAllowed` of each version
 * says the same. A portable suite: it runs on Node, inside workerd, on Bun
 * and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, pathChanged, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, versioned, versionNeutral, type BaseVersioning } from '../../src/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const NOT_SERVED = new Set([404, 406])

/** A request of `version` to `path` (OpenAPI syntax, other params filled with 1), the version where the scheme reads it. */
function requestFor(model: ApiModel, method: string, path: string, version: string): Request {
  const { ways } = model
  let filled = ways.param === null ? path : path.split(`{${ways.param}}`).join(encodeURIComponent(version))
  filled = filled.replace(/\{[^{}]*\}/g, '1')
  const url = new URL(filled, 'https://api.example.com')
  const headers = new Headers({ 'content-type': 'application/json' })
  if (ways.header !== null) headers.set(ways.header, version)
  return new Request(url, { method, headers, body: method === 'GET' || method === 'OPTIONS' ? null : '{}' })
}

/** The methods the model serves at each path (OpenAPI syntax) in `version`, HEAD beside GET. */
function methodsIn(model: ApiModel, version: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const operation of model.operations) {
    if (operation.at(version) === null) continue
    const methods = out.get(operation.path) ?? new Set<string>()
    methods.add(operation.method)
    if (operation.method === 'GET') methods.add('HEAD')
    out.set(operation.path, methods)
  }
  return out
}

const sorted = (methods: Iterable<string>): string => [...methods].sort().join(', ')

/**
 * For every path of the model, version and method the model does not serve there: what the app answers, when it
 * disagrees with the model (405 with exactly the model's methods as Allow; no 405 where the model serves nothing).
 */
async function disagreements(model: ApiModel, app: Hono): Promise<string[]> {
  const out: string[] = []
  const paths = new Set(model.operations.map((o) => o.path))
  for (const version of model.space.versions) {
    const served = methodsIn(model, version)
    for (const path of paths) {
      const own = served.get(path) ?? new Set<string>()
      for (const method of METHODS) {
        if (own.has(method)) continue
        const res = await app.request(requestFor(model, method, path, version))
        const allow = res.headers.get('allow')
        // Not a 405 (a method the history removes, a path absent in the version): not served, and no Allow.
        const fine = res.status === 405 ? own.size > 0 && allow !== null && sorted(allow.split(', ')) === sorted(own) : NOT_SERVED.has(res.status) && allow === null
        if (!fine) out.push(`${method} ${path} in ${version}: ${res.status} Allow ${String(allow)}; the model serves ${sorted(own) || 'nothing'}`)
      }
    }
  }
  return out
}

/** For every path and version whose document says 405: the documented Allow, where it is not the one the app answers. */
async function documented(model: ApiModel, app: Hono, docs: { document(version: string): { paths: Record<string, unknown> } }): Promise<string[]> {
  const out: string[] = []
  for (const version of model.space.versions) {
    const { paths } = docs.document(version)
    for (const [path, item] of Object.entries(paths)) {
      const said = (item as { 'x-methodNotAllowed'?: { headers: { Allow: { schema: { examples: string[] } } } } })['x-methodNotAllowed']
      if (said === undefined) continue
      // A method no route of the app has a handler for.
      const res = await app.request(requestFor(model, 'OPTIONS', path, version))
      const allow = said.headers.Allow.schema.examples[0]
      if (res.headers.get('allow') !== allow) out.push(`${path} in ${version}: documented Allow ${allow}, answered ${res.status} Allow ${String(res.headers.get('allow'))}`)
    }
  }
  return out
}

describe('a method added for one method of a route (routeAdded("DELETE person")) and a table route limited to versions at a shared path', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('People can be deleted.', [routeAdded('DELETE person')]), change('Notes are read-only.', [routeRemoved('PUT note')])] },
      { version: '3', changes: [change('Tags.', [routeAdded('tag')])] },
    ],
  })
  const routes = defineRoutes(
    history.routes([
      route('person', '/people/:id'),
      route('note', '/notes/:id'),
      versioned(['1'], route('thing-old', '/things')),
      versioned(['2', '3'], route('thing', '/things')),
      route('tag', '/tags'),
    ]),
  )
  const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '3' })
  const make = (middleware: boolean) => {
    const versioning = apiVersioning({ scheme, routes, changes: history, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    if (middleware) app.use('*', versioning)
    return mountRoutes(app, versioning, {
      person: { get: (c) => c.json({ id: 1 }), patch: (c) => c.json({ id: 1 }), delete: (c) => c.body(null, 204) },
      note: { get: (c) => c.json({ id: 1 }), put: (c) => c.json({ id: 1 }) },
      'thing-old': { get: (c) => c.json([]), put: (c) => c.json([]) },
      thing: { get: (c) => c.json([]), post: (c) => c.json({}, 201) },
      tag: { get: (c) => c.json([]), post: (c) => c.json({}, 201) },
    })
  }

  describe.each([true, false])('with app.use(versioning): %s', (middleware) => {
    const app = make(middleware)
    const model = appModel({ scheme, app, routes, history })

    it('the model serves DELETE and the older PUT only where the history says', () => {
      expect(sorted(methodsIn(model, '1').get('/people/{id}') ?? [])).toBe('GET, HEAD, PATCH')
      expect(sorted(methodsIn(model, '2').get('/people/{id}') ?? [])).toBe('DELETE, GET, HEAD, PATCH')
      expect(sorted(methodsIn(model, '2').get('/notes/{id}') ?? [])).toBe('GET, HEAD')
      expect(sorted(methodsIn(model, '1').get('/things') ?? [])).toBe('GET, HEAD, PUT')
    })

    it('a 405 lists exactly the methods the path serves in the request\'s version', async () => {
      expect(await disagreements(model, app)).toEqual([])
      const put = await app.request('https://api.example.com/people/1', { method: 'PUT', headers: { 'Api-Version': '1' } })
      expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, PATCH'])
      const v2 = await app.request('https://api.example.com/people/1', { method: 'PUT', headers: { 'Api-Version': '2' } })
      expect([v2.status, v2.headers.get('allow')]).toEqual([405, 'GET, HEAD, PATCH, DELETE'])
      // A version where no route of the path exists: as GET there, the app's not-found answer.
      const tags = await app.request('https://api.example.com/tags', { method: 'PUT', headers: { 'Api-Version': '2' } })
      const get = await app.request('https://api.example.com/tags', { headers: { 'Api-Version': '2' } })
      expect([tags.status, tags.headers.get('allow')]).toEqual([get.status, null])
    })

    it('each version\'s document lists the Allow that version answers', async () => {
      // The routes of one path limited to versions apart (/things) too: each version's document has its own route's methods.
      const docs = versionedOpenAPI({ scheme, routes, app, changelog: history })
      expect(await documented(model, app, docs)).toEqual([])
      const said = (version: string, path: string) => JSON.parse(JSON.stringify(docs.document(version).paths[path]))['x-methodNotAllowed'].headers.Allow.schema.examples
      expect([said('1', '/people/{id}'), said('2', '/people/{id}')]).toEqual([['GET, HEAD, PATCH'], ['GET, HEAD, PATCH, DELETE']])
      expect([said('1', '/things'), said('2', '/things')]).toEqual([['GET, HEAD, PUT'], ['GET, HEAD, POST']])
      const methods = (version: string) => Object.keys(docs.document(version).paths['/things'] ?? {}).filter((key) => !key.startsWith('x-'))
      expect([methods('1'), methods('2'), methods('3')]).toEqual([['get', 'put'], ['get', 'post'], ['get', 'post']])
    })
  })
})

describe('the version in the path: route-wide additions, removals and moves', () => {
  const history = versionHistory({
    versions: [
      { version: 'v1' },
      { version: 'v2', changes: [change('Search.', [routeAdded('search')]), change('Products move.', [pathChanged('product-detail', { older: '/items/:id', newer: '/products/:id' })])] },
      { version: 'v3', changes: [change('No more legacy.', [routeRemoved('legacy')]), change('No more creating.', [routeRemoved('POST product-list')])] },
    ],
  })
  const routes = defineRoutes(
    history.routes([
      include('/:version{v[0-9]+}', [route('search', '/search'), route('legacy', '/legacy'), route('product-detail', '/products/:id'), route('product-list', '/products'), versioned(['v3'], route('report', '/report'))]),
      versionNeutral(route('health', '/health')),
    ]),
  )
  const scheme: BaseVersioning = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v1' })
  const versioning = apiVersioning({ scheme, routes, changes: history, allowedHosts: ['api.example.com'] })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    search: { get: (c) => c.text('search'), post: (c) => c.json({}) },
    legacy: (c) => c.text('legacy'),
    'product-detail': { get: (c) => c.json({ id: 1 }), delete: (c) => c.body(null, 204) },
    'product-list': { get: (c) => c.json([]), post: (c) => c.json({ id: 2 }, 201) },
    report: (c) => c.text('report'),
    health: (c) => c.text('ok'),
  })
  const model = appModel({ scheme, app, routes, history })

  it('a 405 lists exactly the methods the path serves in the request\'s version', async () => {
    expect(await disagreements(model, app)).toEqual([])
    const post = await app.request('https://api.example.com/v3/products', { method: 'PUT' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })

  it('each version\'s document lists the Allow that version answers', async () => {
    expect(await documented(model, app, versionedOpenAPI({ scheme, routes, app, changelog: history }))).toEqual([])
  })
})
