/**
 * `methods` beside `app`: a method `methods` lists for a route that no
 * handler of the app serves at that route's path is refused when the
 * documents are made, with a sentence naming the route, the method and what
 * the app serves there, and pointing to `hide` for leaving a served method
 * out. Before, the documents showed a POST the server answers 405
 * (`mountRoutes`) or 404 (plain routes). An `app.all()` route at the path
 * (or `mountRoutes`' `all` handler) serves any method, so there `methods`
 * still tells them; without `app`, `methods` stays an override.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id{[0-9]+}')])
const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes })
const scheme = versioning.scheme
const headers = { 'Api-Version': 'v2' }

/** The documented methods of each path of the v2 document. */
const methodsOf = (docs: ReturnType<typeof versionedOpenAPI>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(docs.document('v2').paths).map(([path, item]) => [path, Object.keys(item as object).filter((k) => !k.startsWith('x-'))]))

/** The table app: GET and DELETE at /users, GET at /users/{id}. */
const table = new Hono()
table.use('*', versioning)
mountRoutes(table, versioning, { 'user-list': { get: (c) => c.json([]), delete: (c) => c.body(null, 204) }, 'user-detail': { get: (c) => c.json({}) } })

/** The same, as plain routes. */
const plain = new Hono()
plain.use('*', versioning)
plain.get('/users', (c) => c.json([]))
plain.delete('/users', (c) => c.body(null, 204))
plain.get('/users/:id{[0-9]+}', (c) => c.json({}))

const refusal =
  'versionedOpenAPI: methods lists POST for the route "user-list", but no handler of the app serves POST at its path "/users" (the app serves GET, DELETE there), so the documents would show an operation the server does not answer; list only the methods the app serves there (an app.all() route there serves any), and to leave a served method out of the documents give it in hide, such as hide: [\'DELETE user-list\'].'

describe('methods beside app', () => {
  it.each([
    ['mountRoutes', table, 405],
    ['plain routes', plain, 404],
  ] as const)('%s: a listed method no handler serves is refused, naming the route, the method and what the app serves', async (_, app, status) => {
    expect((await app.request('/users', { method: 'POST', headers })).status).toBe(status)
    expect((await app.request('/users', { method: 'DELETE', headers })).status).toBe(204)
    expect(() => versionedOpenAPI({ scheme, routes, app, methods: { 'user-list': ['get', 'post'] } })).toThrow(new Error(refusal))
  })

  it('with nothing served left out, the sentence points to hide without an example', () => {
    expect(() => versionedOpenAPI({ scheme, routes, app: table, methods: { 'user-detail': ['get', 'put'] } })).toThrow(
      new Error(
        'versionedOpenAPI: methods lists PUT for the route "user-detail", but no handler of the app serves PUT at its path "/users/:id{[0-9]+}" (the app serves GET there), so the documents would show an operation the server does not answer; list only the methods the app serves there (an app.all() route there serves any), and to leave a served method out of the documents give it in hide.',
      ),
    )
  })

  it('methods that the app serves are taken: fewer of them too (hide is the way meant, and this stays an override)', () => {
    expect(methodsOf(versionedOpenAPI({ scheme, routes, app: table, methods: { 'user-list': ['get', 'delete'] } }))).toEqual({ '/users': ['get', 'delete'], '/users/{id}': ['get'] })
    expect(methodsOf(versionedOpenAPI({ scheme, routes, app: plain, methods: { 'user-list': ['get'] } }))).toEqual({ '/users': ['get'], '/users/{id}': ['get'] })
    expect(methodsOf(versionedOpenAPI({ scheme, routes, app: table, hide: ['DELETE user-list'] }))).toEqual({ '/users': ['get'], '/users/{id}': ['get'] })
  })

  it('an app.all() route serves any method, so there methods tells them', async () => {
    const all = new Hono()
    all.use('*', versioning)
    all.all('/users', (c) => c.json({ method: c.req.method }))
    all.get('/users/:id{[0-9]+}', (c) => c.json({}))
    expect(await (await all.request('/users', { method: 'POST', headers })).json()).toEqual({ method: 'POST' })
    expect(methodsOf(versionedOpenAPI({ scheme, routes, app: all, methods: { 'user-list': ['get', 'post'] } }))).toEqual({ '/users': ['get', 'post'], '/users/{id}': ['get'] })
  })

  it("so does mountRoutes' all handler", async () => {
    const any = new Hono()
    any.use('*', versioning)
    mountRoutes(any, versioning, { 'user-list': { all: (c) => c.json({ method: c.req.method }) }, 'user-detail': { get: (c) => c.json({}) } })
    expect(await (await any.request('/users', { method: 'PATCH', headers })).json()).toEqual({ method: 'PATCH' })
    expect(methodsOf(versionedOpenAPI({ scheme, routes, app: any, methods: { 'user-list': ['get', 'patch'] } }))).toEqual({ '/users': ['get', 'patch'], '/users/{id}': ['get'] })
  })

  it('without app, methods stays an override', () => {
    expect(methodsOf(versionedOpenAPI({ scheme, routes, methods: { 'user-list': ['get', 'post'] } }))).toEqual({ '/users': ['get', 'post'], '/users/{id}': ['get'] })
  })
})
