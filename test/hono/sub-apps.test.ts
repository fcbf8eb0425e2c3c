/**
 * A table or plain routes served from a sub-app, as Hono users compose apps:
 * `app.route(path, sub)`, a sub-app with its own `onError` (whose handlers
 * Hono wraps), under a prefix with or without params.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, include, NamespaceVersioning, QueryParameterVersioning, route, URLPathVersioning, versioned } from '../../src/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

const ORIGIN = 'https://api.example.com'

interface Person {
  id: number
  fullName: string
}
const Person = shape<Person>('Person')

/** A table of one route, person-detail (/people/:id), in versions 1 and 2 (the head: `name` became `fullName`). */
function personTable() {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('People have a fullName.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'person-detail': { response: Person } },
  })
  const routes = defineRoutes([route('person-detail', '/people/:id')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, origin: ORIGIN })
  return { history, versioning }
}

describe('a table in a sub-app with its own onError', () => {
  // Hono's app.route() wraps each handler of a sub-app that has an onError; the middleware still finds the table's.
  const routes = defineRoutes([versioned(['1'], route('user-old', '/users/:id')), versioned(['2'], route('user-new', '/users/:id'))])
  const appWith = (where: 'sub' | 'root' | 'none'): Hono => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
      routes,
      origin: ORIGIN,
      policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }),
    })
    const sub = new Hono()
    sub.onError((error, c) => (error instanceof HTTPException ? c.json({ sub: error.message }, error.status) : c.json({ sub: 'failed' }, 500)))
    if (where === 'sub') sub.use('*', versioning)
    mountRoutes(sub, versioning, {
      'user-old': (c) => c.json({ old: c.req.param('id'), version: c.var.version }),
      'user-new': (c) => c.json({ new: c.req.param('id'), version: c.var.version }),
    })
    const app = new Hono()
    if (where === 'root') app.use('*', versioning)
    return app.route('/', sub)
  }
  for (const where of ['sub', 'root', 'none'] as const) {
    it(`serves each version its own route's handler, the middleware ${where === 'none' ? 'left out' : `in the ${where} app`}`, async () => {
      const app = appWith(where)
      const older = await app.request(`${ORIGIN}/users/7`, { headers: { 'Api-Version': '1' } })
      expect(older.status).toBe(200)
      expect(await older.json()).toEqual({ old: '7', version: '1' })
      expect(older.headers.get('Deprecation')).toBe('@1767225600')
      const head = await app.request(`${ORIGIN}/users/7`)
      expect(head.status).toBe(200)
      expect(await head.json()).toEqual({ new: '7', version: '2' })
      const bad = await app.request(`${ORIGIN}/users/7`, { headers: { 'Api-Version': '9' } })
      expect(bad.status).toBe(404)
      // The rejection reaches the onError of the app whose middleware or handler threw it.
      expect(await bad.json()).toEqual(where === 'root' ? { detail: 'Invalid version in "Api-Version" header.' } : { sub: 'Invalid version in "Api-Version" header.' })
    })
  }
})

describe('plain routes of a sub-app whose history names them as the sub-app registers them', () => {
  interface User {
    id: number
    fullName: string
  }
  const User = shape<User>('User')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Users have a fullName.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'GET /users/:id': { response: User } },
  })
  const build = (mount: string) => {
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
    const api = new Hono()
    api.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.json({ failed: true }, 500)))
    api.use('*', versioning)
    api.get('/users/:id', (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada' }))
    return { versioning, api, app: new Hono().route(mount, api) }
  }
  for (const mount of ['/api', '/api/', '/t/:tenant']) {
    it(`migrates an older client's answer, the sub-app mounted at ${mount}`, async () => {
      const { app } = build(mount)
      const path = mount === '/t/:tenant' ? '/t/acme/users/7' : '/api/users/7'
      const older = await app.request(`${ORIGIN}${path}`, { headers: { 'Api-Version': '1' } })
      expect(await older.json()).toEqual({ id: 7, name: 'Ada' })
      expect(await (await app.request(`${ORIGIN}${path}`)).json()).toEqual({ id: 7, fullName: 'Ada' })
    })
  }
  it('check() finds the route whichever app it is given', () => {
    const { versioning, api, app } = build('/api')
    expect(versioning.check(api)).toEqual([])
    expect(versioning.check(app)).toEqual([])
  })
})

describe('a table served by a sub-app mounted under a prefix', () => {
  const byPath = defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}'), route('home', '/')])])
  for (const where of ['sub', 'root', 'none'] as const) {
    it(`links carry the prefix, the middleware ${where === 'none' ? 'left out' : `in the ${where} app`}`, async () => {
      const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: byPath, origin: ORIGIN })
      const sub = new Hono()
      if (where === 'sub') sub.use('*', versioning)
      // A middleware of the sub-app after the versioning middleware reads the version before the handler.
      sub.use('/:version/*', async (c, next) => {
        c.header('X-Version-Seen', String(c.var.version))
        await next()
      })
      mountRoutes(sub, versioning, {
        'user-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }), home: c.var.reverse('home') }),
        home: (c) => c.json({ home: true }),
      })
      const app = new Hono()
      if (where === 'root') app.use('*', versioning)
      app.route('/api', sub)
      const res = await app.request(`${ORIGIN}/api/v1/users/3`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ version: 'v1', self: `${ORIGIN}/api/v1/users/7`, home: `${ORIGIN}/api/v1` })
      expect(res.headers.get('X-Version-Seen')).toBe(where === 'none' ? 'undefined' : 'v1')
      expect((await app.request(`${ORIGIN}/api/v1`)).status).toBe(200)
      const bad = await app.request(`${ORIGIN}/api/v3/users/3`)
      expect(bad.status).toBe(404)
      expect(await bad.json()).toEqual({ detail: 'Invalid version in URL path.' })
    })
  }
  it('links fill the params of the prefix with the request\'s, percent-encoded', async () => {
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('user-detail', '/users/:id')]), origin: ORIGIN })
    const sub = mountRoutes(new Hono(), versioning, { 'user-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
    const app = new Hono().route('/t/:tenant', sub)
    expect(await (await app.request(`${ORIGIN}/t/a%20b/users/3?version=1`)).json()).toEqual({ version: '1', self: `${ORIGIN}/t/a%20b/users/7?version=1` })
  })
  it('a namespace table in a sub-app: the version and links under the prefix', async () => {
    const api = [route('user-detail', '/users/:id')] as const
    const routes = defineRoutes([include('/v1', api, { namespace: 'v1' }), include('/v2', api, { namespace: 'v2' })])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }), routes, origin: ORIGIN })
    const sub = new Hono()
    sub.use('*', versioning)
    mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 1 } }) }) })
    const app = new Hono().route('/api', sub)
    expect(await (await app.request(`${ORIGIN}/api/v2/users/7`)).json()).toEqual({ version: 'v2', self: `${ORIGIN}/api/v2/users/1` })
  })
  it('a plain route of the parent that ends like a table path is not taken for it', async () => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('user-list', '/users')]), origin: ORIGIN })
    const other = new Hono().get('/users', (c) => c.json({ version: c.var.version ?? null }))
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ version: c.var.version }) })
    app.route('/admin', other)
    expect(await (await app.request(`${ORIGIN}/admin/users`, { headers: { 'Api-Version': '9' } })).json()).toEqual({ version: null })
  })
})

describe("links to a sub-app's named routes", () => {
  const scheme = () => new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const usersApp = (given: 'sub' | 'root', onError: boolean) => {
    const root = new Hono()
    const sub = new Hono<AppRoutesEnv>()
    if (onError) sub.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.json({ failed: true }, 500)))
    sub.use('*', versionMiddleware({ scheme: scheme(), routes: appRoutes(given === 'sub' ? sub : root), origin: ORIGIN }))
    sub.get('/users/:id', named('user-detail'), (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
    return { root, sub }
  }
  for (const given of ['sub', 'root'] as const) {
    for (const onError of [false, true]) {
      it(`carry the prefix the sub-app is mounted at, appRoutes given the ${given} app${onError ? ', the sub-app with its own onError' : ''}`, async () => {
        const { root, sub } = usersApp(given, onError)
        root.route('/api', sub)
        expect(await (await root.request(`${ORIGIN}/api/users/1?version=1`)).json()).toEqual({ version: '1', self: `${ORIGIN}/api/users/7?version=1` })
      })
    }
  }
  it("fill the prefix's params with the request's", async () => {
    const { root, sub } = usersApp('sub', false)
    root.route('/t/:tenant', sub)
    expect(await (await root.request(`${ORIGIN}/t/acme/users/1`)).json()).toEqual({ version: '2', self: `${ORIGIN}/t/acme/users/7?version=2` })
  })
  it("given the root app, a prefix's params are the route's own, given in params as for any route of the root", async () => {
    const { root, sub } = usersApp('root', false)
    root.route('/t/:tenant', sub)
    const errors: string[] = []
    root.onError((error, c) => (errors.push(error.message), c.json({ failed: true }, 500)))
    expect((await root.request(`${ORIGIN}/t/acme/users/1`)).status).toBe(500)
    expect(errors).toEqual(['Reverse for "user-detail" with kwargs {"id":7} not found: missing parameter "tenant".'])
    const withTenant = new Hono()
    const inner = new Hono<AppRoutesEnv>()
    inner.use('*', versionMiddleware({ scheme: scheme(), routes: appRoutes(withTenant), origin: ORIGIN }))
    inner.get('/users/:id', named('user-detail'), (c) => c.json({ self: c.var.reverse('user-detail', { params: { tenant: c.req.param('tenant') ?? '', id: 7 } }) }))
    withTenant.route('/t/:tenant', inner)
    expect(await (await withTenant.request(`${ORIGIN}/t/acme/users/1`)).json()).toEqual({ self: `${ORIGIN}/t/acme/users/7?version=2` })
  })

  it('refuse to link, and check(app) says why, when the middleware runs in an app appRoutes was not given (links would lack its prefix)', async () => {
    const root = new Hono()
    const sub = new Hono<AppRoutesEnv>()
    const versioning = versionMiddleware({ scheme: scheme(), routes: appRoutes(sub), origin: ORIGIN })
    root.use('*', versioning)
    sub.get('/users/:id', named('user-detail'), (c) => c.json({ self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
    root.route('/api', sub)
    const sentence =
      'versionMiddleware: the versioning middleware runs in an app (at /*) that appRoutes was not given, so links could not carry the prefix that app serves the named routes at (app.route()); give appRoutes the app the middleware is registered in (appRoutes(root) for root.use(versioning)), or register the middleware in the app appRoutes was given.'
    expect(versioning.check(root)).toEqual([sentence])
    const errors: string[] = []
    root.onError((error, c) => (errors.push(error.message), c.json({ failed: true }, 500)))
    const res = await root.request(`${ORIGIN}/api/users/1`)
    expect([res.status, errors]).toEqual([500, [sentence]])
  })

  it('of an @hono/zod-openapi sub-app, by operationId', async () => {
    const api = new OpenAPIHono<AppRoutesEnv>()
    api.use('*', versionMiddleware({ scheme: scheme(), routes: appRoutes(api), origin: ORIGIN }))
    const getUser = createRoute({
      operationId: 'getUser',
      method: 'get',
      path: '/users/{id}',
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: { description: 'A user', content: { 'application/json': { schema: z.object({ self: z.string() }) } } } },
    })
    api.openapi(getUser, (c) => c.json({ self: c.var.reverse('getUser', { params: { id: c.req.valid('param').id } }) }, 200))
    const root = new Hono().route('/api', api)
    expect(await (await root.request(`${ORIGIN}/api/users/3?version=1`)).json()).toEqual({ self: `${ORIGIN}/api/users/3?version=1` })
  })
})

describe('the version in the prefix a sub-app is mounted at', () => {
  const scheme = () => new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
  for (const where of ['sub', 'root', 'none'] as const) {
    it(`a table's version is the prefix's param, the middleware ${where === 'none' ? 'left out' : `in the ${where} app`}`, async () => {
      const versioning = apiVersioning({ scheme: scheme(), routes: defineRoutes([route('user-detail', '/users/:id')]), origin: ORIGIN })
      const sub = new Hono()
      if (where === 'sub') sub.use('*', versioning)
      mountRoutes(sub, versioning, { 'user-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
      const app = new Hono()
      if (where === 'root') app.use('*', versioning)
      app.route('/:version{v[0-9]+}', sub)
      expect(await (await app.request(`${ORIGIN}/v2/users/3`)).json()).toEqual({ version: 'v2', self: `${ORIGIN}/v2/users/7` })
      const bad = await app.request(`${ORIGIN}/v3/users/3`)
      expect(bad.status).toBe(404)
      expect(await bad.json()).toEqual({ detail: 'Invalid version in URL path.' })
    })
  }
  it("a plain route's version is the prefix's param, and links carry it", async () => {
    const sub = new Hono<AppRoutesEnv>()
    sub.use('*', versionMiddleware({ scheme: scheme(), routes: appRoutes(sub), origin: ORIGIN }))
    sub.get('/users/:id', named('user-detail'), (c) => c.json({ version: c.var.version, self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
    const app = new Hono().route('/:version{v[0-9]+}', sub)
    expect(await (await app.request(`${ORIGIN}/v1/users/3`)).json()).toEqual({ version: 'v1', self: `${ORIGIN}/v1/users/7` })
    expect((await app.request(`${ORIGIN}/v3/users/3`)).status).toBe(404)
  })
})

describe("the typed client of a sub-app, given the prefix in its base URL", () => {
  it("calls the routes the parent serves under the prefix, an older version's answer migrated", async () => {
    const { history, versioning } = personTable()
    const people = mountRoutes(new Hono(), versioning, { 'person-detail': (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada' }) })
    const app = new Hono().route('/api', people)
    const client = versionedClient<typeof people, typeof history>(`${ORIGIN}/api`, { scheme: { in: 'header', name: 'Api-Version' }, fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init) })
    const res = await client('1').people[':id'].$get({ param: { id: '3' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 3, name: 'Ada' })
  })
})

describe('check(app) of an app that mounts a sub-app with its own onError', () => {
  it("names a table handler that answers what its route's layouts cannot migrate, as check(sub) does", () => {
    const { versioning } = personTable()
    const sub = new Hono()
    sub.onError((error, c) => c.json({ error: error.message }, 500))
    mountRoutes(sub, versioning, { 'person-detail': (c) => c.text('Ada') })
    const app = new Hono().route('/api', sub)
    expect(versioning.check(sub)).toHaveLength(1)
    expect(versioning.check(app)).toEqual(versioning.check(sub))
  })
})

describe('check(app) of a table served in parts under different prefixes', () => {
  const build = (layout: 'split' | 'twice' | 'one') => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: defineRoutes([route('home', '/'), route('me', '/me')]), origin: ORIGIN })
    const app = new Hono()
    if (layout === 'split') {
      mountRoutes(app, versioning, { home: (c) => c.json({ me: c.var.reverse('me') }) })
      app.route('/api', mountRoutes(new Hono(), versioning, { me: (c) => c.json({ home: c.var.reverse('home') }) }))
    } else {
      const sub = mountRoutes(new Hono(), versioning, { home: (c) => c.json({ me: c.var.reverse('me') }), me: (c) => c.json({ home: c.var.reverse('home') }) })
      app.route('/a', sub)
      if (layout === 'twice') app.route('/b', sub)
    }
    // Its sub-apps have no onError of their own, which check(app) names too (test/hono/mounted-errors.test.ts): the links' sentences alone here.
    return versioning.check(app).filter((sentence) => !sentence.includes('no onError of its own'))
  }
  it('says links across the parts are wrong', () => {
    expect(build('split')).toEqual([
      "apiVersioning: the table's routes are served in parts under different prefixes (/, /api); links take the prefix of the app serving the request, so a link to a route of another part is wrong: mount all of the table's routes on one app (one sub-app, mounted with app.route() where you like).",
    ])
  })
  it('says nothing of a whole table, mounted once or twice', () => {
    expect(build('one')).toEqual([])
    expect(build('twice')).toEqual([])
  })
})
