/**
 * `c.var.reverse` over an app's own routes, each path written once: plain
 * Hono routes named by a `named()` marker among their handlers,
 * @hono/zod-openapi routes by their operationId, `versionMiddleware({ routes:
 * appRoutes(app) })` placing the version as its scheme places it, and every
 * configuration mistake refused with a sentence. A portable suite: it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { appRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import {
  AcceptHeaderVersioning,
  BaseVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  NoReverseMatch,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
} from '../../src/index.ts'
import type { AppReverse, AppReverseOptions } from '../../src/hono/app-routes.ts'
import { twoVersions } from '../support/two-versions.ts'

/** What a handler's reverse gave, or the error it threw (name and message). */
type Outcome = { url: string } | { error: string; message: string }

/** An app whose `/try` handler reverses `name` with `options`, for a scheme; its other routes are named. */
function plainApp(scheme: BaseVersioning, name: string, options?: AppReverseOptions, extra: Record<string, unknown> = {}) {
  const app = new Hono()
  const versioning = versionMiddleware({ scheme, routes: appRoutes(app), ...extra })
  app.use('*', versioning)
  app.get('/try', (c) => c.json(attempt(c, name, options)))
  app.get('/users/:id{[0-9]+}', named('user-detail'), (c) => c.text(c.req.param('id')))
  app.on(['GET', 'POST'], '/users', named('user-list'), (c) => c.text('users'))
  return { app, versioning }
}

function attempt(c: Context, name: string, options?: AppReverseOptions): Outcome {
  try {
    return { url: (c.var as unknown as { reverse: AppReverse }).reverse(name, options) }
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message }
  }
}

async function outcome(app: Hono, url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const res = await app.request(url, { headers })
  expect(res.status).toBe(200)
  return (await res.json()) as Outcome
}

describe('named() routes of a plain Hono app: the version goes where the scheme reads it', () => {
  const header = twoVersions()
  const query = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
  const accept = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'] })
  const params = { params: { id: 7 } }

  it.each([
    ['a header scheme: nowhere in the URL', header, params, 'https://api.example.com/try', { 'Api-Version': '1' }, 'https://api.example.com/users/7'],
    ['the Accept header: nowhere in the URL', accept, params, 'https://api.example.com/try', { Accept: 'application/json; version=2' }, 'https://api.example.com/users/7'],
    ['a query scheme: its parameter', query, params, 'https://api.example.com/try?version=v1', {}, 'https://api.example.com/users/7?version=v1'],
    ['a query scheme: its default version', query, params, 'https://api.example.com/try', {}, 'https://api.example.com/users/7?version=v2'],
    [
      'a query scheme with a query: the version first, the scheme\'s own parameter left to the scheme',
      query,
      { params: { id: 7 }, query: { version: 'v9', page: 2, tag: ['a b', 'c&d'], draft: false, none: undefined, nil: null } },
      'https://api.example.com/try?version=v1',
      {},
      'https://api.example.com/users/7?version=v1&page=2&tag=a+b&tag=c%26d&draft=false',
    ],
    ['a route without params, on the port the request names', header, undefined, 'http://localhost:8787/try', {}, 'http://localhost:8787/users'],
    ['a query of a header scheme', header, { query: { q: 'ä/?' } }, 'https://api.example.com/try', {}, 'https://api.example.com/users?q=%C3%A4%2F%3F'],
  ] as const)('%s', async (_name, scheme, options, url, headers, expected) => {
    const { app } = plainApp(scheme, options === undefined || !('params' in options) ? 'user-list' : 'user-detail', options)
    expect(await outcome(app, url, headers)).toEqual({ url: expected })
  })

  it('no version (none sent, no default): the plain link', async () => {
    const { app } = plainApp(new QueryParameterVersioning(), 'user-detail', params)
    expect(await outcome(app, 'https://api.example.com/try')).toEqual({ url: 'https://api.example.com/users/7' })
  })

  it('the URL path: the route\'s own :version param takes the request\'s version; a route outside the versions reverses plain', async () => {
    const app = new Hono<AppRoutesEnv>()
    app.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes: appRoutes(app), allowedHosts: ['api.example.com'] }))
    app.get('/:version{v[0-9]+}/users/:id{[0-9]+}', named('user-detail'), (c) =>
      c.json({ self: c.var.reverse('user-detail', { params: { id: c.req.param('id') } }), home: c.var.reverse('home'), other: c.var.reverse('user-detail', { params: { id: 1, version: 'v1' } }) }),
    )
    app.get('/', named('home'), (c) => c.text('home'))
    const res = await app.request('https://api.example.com/v2/users/7')
    expect(await res.json()).toEqual({ self: 'https://api.example.com/v2/users/7', home: 'https://api.example.com/', other: 'https://api.example.com/v2/users/1' })
  })

  it('the host name: links keep the request\'s host, which allowedHosts limits', async () => {
    const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] })
    const { app } = plainApp(scheme, 'user-detail', params, { allowedHosts: ['.example.com'] })
    expect(await outcome(app, 'https://v1.example.com/try')).toEqual({ url: 'https://v1.example.com/users/7' })
    expect((await app.request('https://v1.evil.test/try')).status).toBe(400)
  })

  it('origin: links take it (a base URL too), never the Host the client sent', async () => {
    const { app, versioning } = plainApp(new QueryParameterVersioning({ allowedVersions: ['v1'] }), 'user-detail', params, { origin: 'https://api.example.com/base/' })
    expect(await outcome(app, 'https://evil.test/try?version=v1')).toEqual({ url: 'https://api.example.com/base/users/7?version=v1' })
    expect(versioning.check(app)).toEqual([])
  })

  it('check(): links that follow the client\'s Host, as apiVersioning says; none with allowedHosts or origin', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })
    expect(plainApp(scheme, 'x').versioning.check()).toEqual([
      'versionMiddleware: absolute links follow the Host header the client sends; set allowedHosts (the hosts you serve) or origin (the origin of links).',
    ])
    expect(plainApp(scheme, 'x', undefined, { allowedHosts: ['api.example.com'] }).versioning.check()).toEqual([])
    expect(plainApp(scheme, 'x', undefined, { origin: 'https://api.example.com' }).versioning.check()).toEqual([])
    // Without routes, no link: nothing to say.
    expect(versionMiddleware({ scheme }).check()).toEqual([])
  })

  it('GET and POST of one path under one name are one route', async () => {
    const { app } = plainApp(new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), 'user-list')
    expect(await outcome(app, 'https://api.example.com/try')).toEqual({ url: 'https://api.example.com/users' })
  })

  it('names in sub-apps (app.route), whose own error handler wraps their handlers, and in a basePath app', async () => {
    const app = new Hono<AppRoutesEnv>()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: appRoutes(app), origin: 'https://api.example.com' }))
    const users = new Hono<AppRoutesEnv>()
    users.onError((_error, c) => c.text('users failed', 500))
    users.get('/:id', named('user-detail'), (c) => c.json({ self: c.var.reverse('user-detail', { params: { id: c.req.param('id') } }), orders: c.var.reverse('order-list') }))
    const orders = new Hono().basePath('/shop')
    orders.get('/orders', named('order-list'), (c) => c.text('orders'))
    app.route('/api/users', users)
    app.route('/api', orders)
    const res = await app.request('/api/users/3')
    expect(await res.json()).toEqual({ self: 'https://api.example.com/api/users/3', orders: 'https://api.example.com/api/shop/orders' })
  })

  it('a middleware without routes sets no c.var.reverse', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }) }))
    app.get('/', named('home'), (c) => c.json({ reverse: typeof (c.var as Record<string, unknown>)['reverse'] }))
    expect(await (await app.request('/')).json()).toEqual({ reverse: 'undefined' })
  })
})

describe('what a link cannot be: NoReverseMatch, as the table\'s reverse throws it', () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })

  it.each([
    ['an unknown name', 'nope', undefined, 'Reverse for "nope" with no parameters not found: no route is named "nope".'],
    ['a missing param', 'user-detail', {}, 'Reverse for "user-detail" with no parameters not found: missing parameter "id".'],
    ['a value its pattern refuses', 'user-detail', { params: { id: 'abc' } }, 'Reverse for "user-detail" with kwargs {"id":"abc"} not found: "id" must match [0-9]+, got "abc".'],
    ['an unknown param', 'user-list', { params: { id: 1 } }, 'Reverse for "user-list" with kwargs {"id":1} not found: unknown parameter "id" (it takes no parameters).'],
    ['a query that is not an object', 'user-list', { query: 'a=1' as never }, 'Reverse for "user-list" with no parameters not found: query must be an object of query parameters.'],
    ['a query value no URL carries', 'user-list', { query: { a: { b: 1 } as never } }, 'Reverse for "user-list" with no parameters not found: query parameter "a" must be a string, a finite number, a boolean, or a list of them.'],
    ['a query number that is not finite', 'user-list', { query: { a: Number.NaN } }, 'Reverse for "user-list" with no parameters not found: query parameter "a" must be a string, a finite number, a boolean, or a list of them.'],
    ['a query name with a CR LF, a control character and 1 MiB, escaped and cut', 'user-list', { query: { [`a\r\n\u0085${'q'.repeat(2 ** 20)}`]: Number.NaN } }, `Reverse for "user-list" with no parameters not found: query parameter "a\\r\\n\\u0085${'q'.repeat(67)}… must be a string, a finite number, a boolean, or a list of them.`],
  ] as const)('%s', async (_name, name, options, message) => {
    const { app } = plainApp(scheme, name, options as AppReverseOptions | undefined)
    expect(await outcome(app, 'https://api.example.com/try')).toEqual({ error: 'NoReverseMatch', message })
  })

  it('a client\'s value in a param is encoded, never a path of its own: "/", "." and ".." are refused', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' }))
    app.get('/files/:name', named('file'), (c) => c.json(attempt(c, 'file', { params: { name: c.req.query('name') ?? '' } })))
    expect(await outcome(app, `/files/x?name=${encodeURIComponent('a?b#c d%')}`)).toEqual({ url: 'https://api.example.com/files/a%3Fb%23c%20d%25' })
    expect(await outcome(app, `/files/x?name=${encodeURIComponent('../admin')}`)).toEqual({ error: 'NoReverseMatch', message: 'Reverse for "file" with kwargs {"name":"../admin"} not found: "name" must match [^/]+, got "../admin".' })
    expect(await outcome(app, '/files/x?name=..')).toEqual({ error: 'NoReverseMatch', message: 'Reverse for "file" with kwargs {"name":".."} not found: "name" cannot be "." or "..", which would change the path.' })
  })

  it('the error is the package\'s NoReverseMatch', async () => {
    const app = new Hono<AppRoutesEnv>()
    app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' }))
    let thrown: unknown
    app.get('/', (c) => {
      try {
        c.var.reverse('nope')
      } catch (error) {
        thrown = error
      }
      return c.text('ok')
    })
    await app.request('/')
    expect(thrown).toBeInstanceOf(NoReverseMatch)
    expect((thrown as NoReverseMatch).reason).toBe('no route is named "nope".')
  })
})

describe('the app\'s names are read once, the first time a link needs them', () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })

  it('the middleware is made before the routes; the table is built on first use, then reused', async () => {
    const app = new Hono<AppRoutesEnv>()
    const routes = appRoutes(app)
    app.use('*', versionMiddleware({ scheme, routes, origin: 'https://api.example.com' }))
    app.get('/a', named('a'), (c) => c.text(c.var.reverse('b')))
    app.get('/b', named('b'), (c) => c.text(c.var.reverse('a')))
    expect(await (await app.request('/a')).text()).toBe('https://api.example.com/b')
    const table = routes.table()
    expect(table.routes.map((r) => `${r.name} ${r.path}`)).toEqual(['a /a', 'b /b'])
    expect(await (await app.request('/b')).text()).toBe('https://api.example.com/a')
    expect(routes.table()).toBe(table)
  })

  it('a named route registered after the table was built is an error on every link, which check(app) reports too', async () => {
    const app = new Hono()
    const routes = appRoutes(app)
    const versioning = versionMiddleware({ scheme, routes, origin: 'https://api.example.com' })
    app.use('*', versioning)
    app.get('/a', named('a'), (c) => c.json(attempt(c, 'a')))
    expect(versioning.check(app)).toEqual([])
    // An unnamed route is no trouble; a named one is.
    app.get('/plain', (c) => c.text('plain'))
    expect(routes.table().routes).toHaveLength(1)
    app.get('/late', named('late'), (c) => c.text('late'))
    const sentence = 'appRoutes: named("late") on GET /late was registered after appRoutes read the app\'s named routes (for the first link, check(app) or table()); register every route before the app serves requests.'
    expect(await outcome(app, '/a')).toEqual({ error: 'Error', message: sentence })
    expect(await outcome(app, '/a')).toEqual({ error: 'Error', message: sentence })
    expect(versioning.check(app)).toEqual([sentence])
  })

  it.each([
    [
      'one name on two paths',
      (app: Hono) => {
        app.get('/users/:id', named('user'), (c) => c.text('user'))
        app.get('/people/:id', named('user'), (c) => c.text('user'))
      },
      'appRoutes: the name "user" is given to two paths (named("user") on GET /users/:id, and named("user") on GET /people/:id); give each path its own name.',
    ],
    [
      'a name on a path no link can take',
      (app: Hono) => {
        app.get('/files/*', named('files'), (c) => c.text('files'))
      },
      'appRoutes: named("files") on GET /files/* cannot be reversed: wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".',
    ],
    [
      'a name on app.use(...)\'s wildcard',
      (app: Hono) => {
        app.use('/admin/*', named('admin'))
      },
      'appRoutes: named("admin") on ALL /admin/* cannot be reversed: wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".',
    ],
  ])('%s: an Error at the first link, and in check(app)', async (_name, register, sentence) => {
    const app = new Hono()
    const versioning = versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' })
    app.use('*', versioning)
    app.get('/try', (c) => c.json(attempt(c, 'try')))
    register(app)
    expect(versioning.check(app)).toEqual([sentence])
    expect(await outcome(app, '/try')).toEqual({ error: 'Error', message: sentence })
  })
})

describe('@hono/zod-openapi routes are named by their operationId', () => {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const ok = { 200: { description: 'ok' } }

  function openAPIApp(basePath?: string) {
    const root = new OpenAPIHono()
    const app = basePath === undefined ? root : root.basePath(basePath)
    app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' }))
    const getUser = createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', request: { params: z.object({ id: z.string() }) }, responses: ok })
    app.openapi(getUser, (c) => c.json(attempt(c, c.req.query('name') ?? 'getUser', { params: { id: c.req.valid('param').id, ...(c.req.query('extra') === undefined ? {} : { other: 1 }) } })))
    app.openapi(createRoute({ operationId: 'users:list', method: 'get', path: '/users', responses: ok }), (c) => c.json(attempt(c, 'users:list')))
    app.openapi(createRoute({ method: 'get', path: '/anonymous', responses: ok }), (c) => c.text('no operationId'))
    app.openapi(createRoute({ operationId: 'hidden', hide: true, method: 'get', path: '/hidden', responses: ok }), (c) => c.text('hidden'))
    app.openapi(createRoute({ method: 'get', path: '/marked/{slug}', middleware: named('marked'), responses: ok }), (c) => c.text('marked'))
    app.openAPIRegistry.registerPath({ operationId: 'files', method: 'get', path: '/files/*', responses: ok })
    return app
  }

  it.each([
    ['the operationId, "{id}" as Hono\'s ":id"', '/users/7?version=1', { url: 'https://api.example.com/users/7?version=1' }],
    ['an operationId with ":" (namespaces, as the table writes them)', '/users?version=1', { url: 'https://api.example.com/users?version=1' }],
    ['a createRoute middleware named()', '/users/7?name=marked&version=1', { error: 'NoReverseMatch', message: 'Reverse for "marked" with kwargs {"id":"7"} not found: unknown parameter "id" (it takes "slug").' }],
    ['a hidden route: no operationId in the registry', '/users/7?name=hidden', { error: 'NoReverseMatch', message: 'Reverse for "hidden" with kwargs {"id":"7"} not found: no route is named "hidden".' }],
    [
      'an operationId whose path cannot be reversed: why, when asked for',
      '/users/7?name=files',
      {
        error: 'NoReverseMatch',
        message: 'Reverse for "files" with kwargs {"id":"7"} not found: appRoutes: operationId "files" on GET /files/* cannot be reversed: wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".',
      },
    ],
  ] as const)('%s', async (_name, url, expected) => {
    expect(await outcome(openAPIApp() as unknown as Hono, `https://api.example.com${url}`)).toEqual(expected)
  })

  it('a basePath app: its routes are where Hono serves them (and its documents list them)', async () => {
    const app = openAPIApp('/api')
    expect(await outcome(app as unknown as Hono, 'https://api.example.com/api/users/7')).toEqual({ url: 'https://api.example.com/api/users/7?version=2' })
    expect(Object.keys(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '2' } }).paths ?? {})).toContain('/api/users/{id}')
  })

  it('a basePath app given the root app: check(app) and the link that fails say to give appRoutes the basePath app; given that app, the links work', async () => {
    const sentence =
      'appRoutes: the routes under /api (GET /api/users/:id, GET /api/users) are in no registry of this app, so their operationIds are unknown here: @hono/zod-openapi keeps them in the registry of the app they were registered on, and an app basePath("/api") made starts its own; give appRoutes that app (appRoutes(api) for api = app.basePath("/api"): it serves the same routes), or mount them with app.route("/api", api) on the app you give appRoutes, whose registry then holds them.'
    const make = (read: 'root' | 'api') => {
      const root = new OpenAPIHono()
      const api = root.basePath('/api')
      const versioning = versionMiddleware({ scheme, routes: appRoutes(read === 'root' ? root : api), origin: 'https://api.example.com' })
      root.use('*', versioning)
      api.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: ok }), (c) => c.json(attempt(c, 'getUser', { params: { id: 1 } })))
      api.openapi(createRoute({ operationId: 'listUsers', method: 'get', path: '/users', responses: ok }), (c) => c.json(attempt(c, 'listUsers')))
      // A plain route the root names: found either way (the apps share their routes).
      root.get('/health', named('health'), (c) => c.json(attempt(c, 'health')))
      // A name no route has, with a CR LF and 1 MiB long: quoted escaped and cut in the sentence that names the basePath app.
      if (read === 'root') root.get('/odd', (c) => c.json(attempt(c, `n\r\n${'o'.repeat(2 ** 20)}`)))
      // A sub-app mounted with app.route() on the basePath app: its registry holds the sub-app's routes.
      const team = new OpenAPIHono()
      team.openapi(createRoute({ operationId: 'getTeam', method: 'get', path: '/{id}', responses: ok }), (c) => c.json(attempt(c, 'getTeam', { params: { id: 2 } })))
      if (read === 'api') api.route('/teams', team)
      return { root, versioning }
    }
    const { root, versioning } = make('root')
    expect(versioning.check(root)).toEqual([sentence])
    expect(await outcome(root as unknown as Hono, '/api/users/7')).toEqual({ error: 'NoReverseMatch', message: `Reverse for "getUser" with kwargs {"id":1} not found: no route is named "getUser". ${sentence}` })
    expect(await outcome(root as unknown as Hono, '/health')).toEqual({ url: 'https://api.example.com/health?version=2' })
    const odd = `"n\\r\\n${'o'.repeat(73)}…`
    expect(await outcome(root as unknown as Hono, '/odd')).toEqual({ error: 'NoReverseMatch', message: `Reverse for ${odd} with no parameters not found: no route is named ${odd}. ${sentence}` })
    const given = make('api')
    expect(given.versioning.check(given.root)).toEqual([])
    expect(await outcome(given.root as unknown as Hono, '/api/users/7')).toEqual({ url: 'https://api.example.com/api/users/1?version=2' })
    expect(await outcome(given.root as unknown as Hono, '/health')).toEqual({ url: 'https://api.example.com/health?version=2' })
    expect(await outcome(given.root as unknown as Hono, '/api/teams/7')).toEqual({ url: 'https://api.example.com/api/teams/2?version=2' })
  })

  it('a sub-app mounted with app.route: the parent\'s registry holds its routes under the prefix', async () => {
    const app = new OpenAPIHono()
    app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' }))
    const users = new OpenAPIHono()
    users.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/{id}', responses: ok }), (c) => c.json(attempt(c, 'getUser', { params: { id: 1 } })))
    app.route('/v1/users', users)
    expect(await outcome(app as unknown as Hono, '/v1/users/3')).toEqual({ url: 'https://api.example.com/v1/users/1?version=2' })
  })

  it('a path with several params', async () => {
    const app = new OpenAPIHono()
    app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' }))
    const route = createRoute({ operationId: 'getMember', method: 'get', path: '/orgs/{org}/members/{id}', responses: ok })
    app.openapi(route, (c) => c.json(attempt(c, 'getMember', { params: { org: 'acme', id: 2 } })))
    expect(await outcome(app as unknown as Hono, '/orgs/x/members/1')).toEqual({ url: 'https://api.example.com/orgs/acme/members/2?version=2' })
  })

  it('an operationId on two paths is an Error at the first link', async () => {
    const app = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' })
    app.use('*', versioning)
    app.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/users/{id}', responses: ok }), (c) => c.json(attempt(c, 'getUser', { params: { id: 1 } })))
    app.openapi(createRoute({ operationId: 'getUser', method: 'get', path: '/people/{id}', responses: ok }), (c) => c.text('people'))
    const sentence = 'appRoutes: the name "getUser" is given to two paths (operationId "getUser" on GET /users/:id, and operationId "getUser" on GET /people/:id); give each path its own name.'
    expect(await outcome(app as unknown as Hono, '/users/1')).toEqual({ error: 'Error', message: sentence })
    expect(versioning.check(app)).toEqual([sentence])
  })
})

describe('configuration mistakes fail when the middleware is made', () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })
  const table = defineRoutes([route('home', '/')])

  it.each([
    ['a route table as routes', () => versionMiddleware({ scheme, routes: table as never }), "versionMiddleware: routes must be appRoutes(app) (the app's named routes), and origin needs routes."],
    ['origin without routes', () => versionMiddleware({ scheme, origin: 'https://api.example.com' }), "versionMiddleware: routes must be appRoutes(app) (the app's named routes), and origin needs routes."],
    ['an origin with a query', () => versionMiddleware({ scheme, routes: appRoutes(new Hono()), origin: 'https://api.example.com/?x=1' }), 'versionMiddleware: origin must be an absolute http(s) URL without query, such as "https://api.example.com" or "https://example.com/api".'],
    ['a relative origin', () => versionMiddleware({ scheme, routes: appRoutes(new Hono()), origin: '/api' }), 'versionMiddleware: origin must be an absolute http(s) URL without query, such as "https://api.example.com" or "https://example.com/api".'],
    ['an unknown option', () => versionMiddleware({ scheme, route: appRoutes(new Hono()) } as never), 'versionMiddleware: unknown option "route" (did you mean "routes"?); the options are scheme, routes, origin, errorResponse, policy, changes, allowedHosts, clientVersion, extensions.'],
    ['no options', () => versionMiddleware(undefined as never), 'versionMiddleware: pass options such as { scheme: new URLPathVersioning() }.'],
    ['appRoutes of something else', () => appRoutes({} as never), 'appRoutes: pass the Hono app whose routes are named, such as appRoutes(app) for app = new Hono() or new OpenAPIHono().'],
    ['appRoutes of nothing', () => appRoutes(undefined as never), 'appRoutes: pass the Hono app whose routes are named, such as appRoutes(app) for app = new Hono() or new OpenAPIHono().'],
    ['an empty name', () => named(''), 'named: a route name must be a non-empty string without ":", such as "user-detail"; got "".'],
    ['a name with ":"', () => named('v1:user'), 'named: a route name must be a non-empty string without ":", such as "user-detail"; got "v1:user".'],
    ['a name that is not a string', () => named(7 as never), 'named: a route name must be a non-empty string without ":", such as "user-detail"; got 7.'],
  ])('%s', (_name, make, message) => {
    expect(make).toThrow(new Error(message))
  })
})
