/**
 * The Hono middleware and route mounting. One small app per describe, driven
 * with app.request(). A portable suite: it runs on Node, inside workerd, on
 * Bun and on Deno (as every suite outside test/node, test/docs and test/e2e).
 */
import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { varyMerger } from '../../src/http/vary.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import {
  AcceptHeaderVersioning,
  BaseVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  NotFound,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  versioned,
  VersioningError,
} from '../../src/index.ts'

const json = async (res: Response): Promise<unknown> => res.json()

describe('each scheme through the middleware', () => {
  const items = [route('item-list', '/items'), route('item-detail', '/items/:id{[0-9]+}')] as const
  const options = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }
  const sections = {
    accept: apiVersioning({ scheme: new AcceptHeaderVersioning(options), routes: defineRoutes([include('/accept', items)]) }),
    path: apiVersioning({ scheme: new URLPathVersioning(options), routes: defineRoutes([include('/path/:version{v[0-9]+}', items)]) }),
    ns: apiVersioning({
      scheme: new NamespaceVersioning(options),
      routes: defineRoutes([include('/ns/v1', items, { namespace: 'v1' }), include('/ns/v2', items, { namespace: 'v2' }), include('/ns/v3', items, { namespace: 'v3' })]),
    }),
    host: apiVersioning({ scheme: new HostNameVersioning(options), routes: defineRoutes([include('/host', items)]) }),
    query: apiVersioning({ scheme: new QueryParameterVersioning(options), routes: defineRoutes([include('/query', items)]) }),
  }
  const app = new Hono()
  app.use('/accept/*', sections.accept)
  app.use('/path/*', sections.path)
  app.use('/ns/*', sections.ns)
  app.use('/host/*', sections.host)
  app.use('/query/*', sections.query)
  mountRoutes(app, sections.accept, {
    'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }), list: c.var.reverse('item-list') }),
  })
  mountRoutes(app, sections.path, {
    'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }), list: c.var.reverse('item-list') }),
  })
  mountRoutes(app, sections.ns, {
    'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }), list: c.var.reverse('item-list') }),
  })
  mountRoutes(app, sections.host, {
    'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }), list: c.var.reverse('item-list') }),
  })
  mountRoutes(app, sections.query, {
    'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }), list: c.var.reverse('item-list') }),
  })

  it.each<[string, string, Record<string, string>, number, unknown, string | null]>([
    ['accept v2', 'http://api.test/accept/items/7', { accept: 'application/json; version=v2' }, 200, { version: 'v2', self: 'http://api.test/accept/items/7', list: 'http://api.test/accept/items' }, 'Accept'],
    ['accept default', 'http://api.test/accept/items/7', {}, 200, { version: 'v1', self: 'http://api.test/accept/items/7', list: 'http://api.test/accept/items' }, 'Accept'],
    ['accept invalid', 'http://api.test/accept/items/7', { accept: 'application/json; version=v9' }, 406, { detail: 'Invalid version in "Accept" header.' }, 'Accept'],
    ['accept unsatisfiable', 'http://api.test/accept/items/7', { accept: 'text/html' }, 406, { detail: 'Could not satisfy the request Accept header.' }, 'Accept'],
    ['path v2', 'http://api.test/path/v2/items/7', {}, 200, { version: 'v2', self: 'http://api.test/path/v2/items/7', list: 'http://api.test/path/v2/items' }, null],
    ['path invalid', 'http://api.test/path/v9/items/7', {}, 404, { detail: 'Invalid version in URL path.' }, null],
    ['namespace v2', 'http://api.test/ns/v2/items/7', {}, 200, { version: 'v2', self: 'http://api.test/ns/v2/items/7', list: 'http://api.test/ns/v2/items' }, null],
    ['namespace invalid', 'http://api.test/ns/v3/items/7', {}, 404, { detail: 'Invalid version in URL path. Does not match any version namespace.' }, null],
    ['host v2', 'http://v2.api.test:8787/host/items/7', {}, 200, { version: 'v2', self: 'http://v2.api.test:8787/host/items/7', list: 'http://v2.api.test:8787/host/items' }, null],
    ['host default', 'http://localhost/host/items/7', {}, 200, { version: 'v1', self: 'http://localhost/host/items/7', list: 'http://localhost/host/items' }, null],
    ['host invalid', 'http://v9.api.test/host/items/7', {}, 404, { detail: 'Invalid version in hostname.' }, null],
    ['query v2', 'http://api.test/query/items/7?version=v2', {}, 200, { version: 'v2', self: 'http://api.test/query/items/7?version=v2', list: 'http://api.test/query/items?version=v2' }, null],
    ['query invalid', 'http://api.test/query/items/7?version=v9', {}, 404, { detail: 'Invalid version in query parameter.' }, null],
  ])('%s', async (_case, url, headers, status, body, vary) => {
    const res = await app.request(url, { headers })
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(await json(res)).toEqual(body)
    expect(res.headers.get('Vary')).toBe(vary)
  })
})

describe('where the middleware is mounted', () => {
  const routes = defineRoutes([route('thing', '/:version{v[0-9]+}/things/:id'), route('plain', '/plain')])
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })

  function appWith(mount: (app: Hono, mw: ReturnType<typeof apiVersioning<typeof routes, typeof scheme>>) => void): Hono {
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    mount(app, versioning)
    mountRoutes(app, versioning, {
      thing: (c) => c.json({ version: c.var.version, link: c.var.reverse('thing', { kwargs: { id: 'x' } }) }),
      plain: (c) => c.json({ version: c.var.version }),
    })
    return app
  }

  it.each<[string, (app: Hono, mw: ReturnType<typeof apiVersioning<typeof routes, typeof scheme>>) => void]>([
    ["globally with app.use('*')", (app, mw) => app.use('*', mw)],
    ['globally with app.use()', (app, mw) => app.use(mw)],
    ["on a group with app.use('/:version/*')", (app, mw) => app.use('/:version/*', mw)],
    ["on the route's own path", (app, mw) => app.use('/:version{v[0-9]+}/things/:id', mw)],
  ])('%s: the version comes from the route that finally matched', async (_case, mount) => {
    const app = appWith(mount)
    const res = await app.request('http://t/v2/things/9')
    expect(await json(res)).toEqual({ version: 'v2', link: 'http://t/v2/things/x' })
    expect((await app.request('http://t/v7/things/9')).status).toBe(404)
  })

  it('a route without the version param gets the default, which must be allowed (as in DRF)', async () => {
    const app = appWith((a, mw) => a.use('*', mw))
    const res = await app.request('http://t/plain')
    expect(res.status).toBe(404)
    expect(await json(res)).toEqual({ detail: 'Invalid version in URL path.' })
  })

  it('a route the table does not declare passes through untouched: no version decided, Hono answers it', async () => {
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ defaultVersion: 'v1' }), routes })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/:version/other', (c) => c.json({ version: c.var.version ?? 'none' }))
    expect(await json(await app.request('http://t/v2/other'))).toEqual({ version: 'none' })
    expect((await app.request('http://t/nowhere')).status).toBe(404)
  })

})

describe('namespaces', () => {
  const api = [route('user-list', '/users'), route('user-detail', '/users/:pk{[0-9]+}')] as const
  const routes = defineRoutes([
    include('/api', [include('/v1', api, { namespace: 'v1' }), include('/v2', api, { namespace: 'v2' })], { namespace: 'api' }),
    route('health', '/health'),
  ])
  const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'user-list': (c) => c.json({ version: c.var.version, first: c.var.reverse('api:v1:user-detail', { kwargs: { pk: 1 } }) }),
    'v2:user-detail': (c) => c.json({ version: c.var.version, v2: true }),
    'user-detail': (c) => c.json({ version: c.var.version, v2: false }),
    health: (c) => c.json({ version: c.var.version, users: c.var.reverse('health') }),
  })

  it('nested includes are mounted at their full paths', async () => {
    expect(await json(await app.request('http://t/api/v2/users'))).toEqual({ version: 'v2', first: 'http://t/api/v1/users/1' })
  })

  it('the most specific handler key wins', async () => {
    expect(await json(await app.request('http://t/api/v2/users/5'))).toEqual({ version: 'v2', v2: true })
    expect(await json(await app.request('http://t/api/v1/users/5'))).toEqual({ version: 'v1', v2: false })
  })

  it('a route outside any namespace gets the default version', async () => {
    expect(await json(await app.request('http://t/health'))).toEqual({ version: null, users: 'http://t/health' })
  })
})

describe('mountRoutes', () => {
  const routes = defineRoutes([
    route('user-list', '/users', { formats: ['json', 'csv'] }),
    route('user-detail', '/users/:pk{[0-9]+}/', { formats: true }),
  ])
  const versioning = apiVersioning({ scheme: new QueryParameterVersioning(), routes })

  it('mounts one handler per method, and GET answers HEAD', async () => {
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      'user-list': { get: (c) => c.text('list'), post: (c) => c.text('created', 201) },
      'user-detail': { delete: (c) => c.body(null, 204) },
    })
    expect(await (await app.request('http://t/users')).text()).toBe('list')
    expect((await app.request('http://t/users', { method: 'HEAD' })).status).toBe(200)
    expect((await app.request('http://t/users', { method: 'POST' })).status).toBe(201)
    expect((await app.request('http://t/users/1/', { method: 'DELETE' })).status).toBe(204)
    // A method the route has no handler for: 405 with the methods it has.
    const refused = await app.request('http://t/users/1/')
    expect(refused.status).toBe(405)
    expect(refused.headers.get('Allow')).toBe('DELETE')
    expect(await refused.json()).toEqual({ detail: 'Method not allowed.' })
  })

  it('mounts format-suffix routes with their suffix, and reverse keeps formats', async () => {
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      'user-list': (c) => c.json({ format: c.req.query('format') ?? null, csv: c.var.reverse('user-list', { format: 'csv' }) }),
      'user-detail': (c) => c.json({ self: c.var.reverse('user-detail', { kwargs: { pk: 3 }, format: 'json' }) }),
    })
    expect(await json(await app.request('http://t/users.csv?version=2'))).toEqual({ format: null, csv: 'http://t/users.csv?version=2' })
    expect(await json(await app.request('http://t/users/3.json/'))).toEqual({ self: 'http://t/users/3.json/' })
    expect((await app.request('http://t/users.xml')).status).toBe(404)
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown name', { 'user-lst': () => new Response() }, 'mountRoutes: no route is named "user-lst"; the names are user-list, user-detail.'],
    ['an unknown method', { 'user-list': { fetch: () => new Response() } }, 'mountRoutes: "user-list" has a handler for "fetch"; the methods are get, post, put, patch, delete, options, query, all.'],
    ['a handler that is not a function', { 'user-list': 'list' }, 'mountRoutes: the handler of "user-list" must be a function or an object of handlers by method (get, post, ...).'],
    // Plain JavaScript: an object of no method mounted nothing, silently.
    ['a handler object with no method', { 'user-list': {} }, 'mountRoutes: the handlers of "user-list" name no method; give one, such as { get: (c) => c.json({}) }.'],
  ])('refuses %s', (_case, handlers, message) => {
    expect(() => mountRoutes(new Hono(), versioning, handlers as never)).toThrow(message)
  })

  // Plain JavaScript: these threw TypeErrors from inside (reading app.on, Object.entries of null).
  it.each<[string, () => unknown, string]>([
    ['no app', () => mountRoutes(undefined as never, versioning, {}), 'mountRoutes: pass the Hono app to mount the routes on first, as mountRoutes(app, versioning, handlers).'],
    ['an app that is none', () => mountRoutes({} as never, versioning, {}), 'mountRoutes: pass the Hono app to mount the routes on first, as mountRoutes(app, versioning, handlers).'],
    ['no handlers', () => mountRoutes(new Hono(), versioning, undefined as never), "mountRoutes: handlers must be an object of handlers by route name, such as { 'user-list': (c) => c.json([]) }."],
    ['a list of handlers', () => mountRoutes(new Hono(), versioning, [() => new Response()] as never), "mountRoutes: handlers must be an object of handlers by route name, such as { 'user-list': (c) => c.json([]) }."],
    // Plain JavaScript: a Map's entries are no keys, so no route was mounted, silently.
    ['a Map of handlers', () => mountRoutes(new Hono(), versioning, new Map([['user-list', () => new Response()]]) as never), "mountRoutes: handlers must be an object of handlers by route name, such as { 'user-list': (c) => c.json([]) }."],
  ])('refuses %s', (_case, mount, message) => {
    expect(mount).toThrow(new Error(message))
  })
})

describe('rejections', () => {
  const routes = defineRoutes([route('home', '/')])
  const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1'] })

  it('are HTTPExceptions that app.onError can customise, with Vary kept on c.json responses', async () => {
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', (c) => c.text('ok'))
    app.onError((error, c) => {
      if (error instanceof HTTPException && error.cause instanceof VersioningError) {
        return c.json({ error: error.cause.name, status: error.status, message: error.message }, error.status)
      }
      return c.text('other', 500)
    })
    const res = await app.request('http://t/', { headers: { accept: 'application/json; version=2' } })
    expect(res.status).toBe(406)
    expect(await json(res)).toEqual({ error: 'NotAcceptable', status: 406, message: 'Invalid version in "Accept" header.' })
    expect(res.headers.get('Vary')).toBe('Accept')
  })

  it('are HTTPExceptions with the rejection as cause beyond 404 and 406: two versions and a host not listed (400), a method without a handler (405)', async () => {
    const header = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const versioning = apiVersioning({ scheme: header, routes, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { home: (c) => c.text('ok') })
    app.onError((error, c) => (error instanceof HTTPException && error.cause instanceof VersioningError ? c.json({ status: error.status, code: error.cause.code }, error.status) : c.text('other', 500)))
    const answers = await Promise.all([
      app.request('http://api.example.com/', { headers: { 'Api-Version': '1, 2' } }),
      app.request('http://evil.example/'),
      app.request('http://api.example.com/', { method: 'DELETE' }),
    ])
    expect(await Promise.all(answers.map((res) => json(res)))).toEqual([
      { status: 400, code: 'AmbiguousApiVersion' },
      { status: 400, code: 'DisallowedHost' },
      { status: 405, code: 'MethodNotAllowed' },
    ])
  })

  it("give app.onError the rejection's own response through getResponse()", async () => {
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', (c) => c.text('ok'))
    const seen: Response[] = []
    app.onError((error, c) => {
      if (!(error instanceof HTTPException)) return c.text('other', 500)
      const res = error.getResponse()
      seen.push(res)
      return res
    })
    const res = await app.request('http://t/', { headers: { accept: 'application/json; version=2' } })
    expect(res.status).toBe(406)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(res.headers.get('Vary')).toBe('Accept')
    expect(await json(res)).toEqual({ detail: 'Invalid version in "Accept" header.' })
    // One response per rejection, not one shared between requests.
    await app.request('http://t/', { headers: { accept: 'application/json; version=3' } })
    expect(seen).toHaveLength(2)
    expect(seen[0]).not.toBe(seen[1])
  })

  it('errorResponse replaces the response builder', async () => {
    const versioning = apiVersioning({
      scheme,
      routes,
      errorResponse: (error) => new Response(`${error.status}: ${error.detail}`, { status: error.status, headers: { 'X-Error': error.name } }),
    })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('http://t/', { headers: { accept: 'application/json; version=2' } })
    expect(res.status).toBe(406)
    expect(await res.text()).toBe('406: Invalid version in "Accept" header.')
    expect(res.headers.get('X-Error')).toBe('NotAcceptable')
    expect(res.headers.get('Vary')).toBe('Accept')
  })

  it('reflect nothing from the request', async () => {
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['1'] }), routes })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', (c) => c.text('ok'))
    const res = await app.request('http://t/?version=%3Cscript%3Ealert(1)%3C/script%3E')
    expect(res.status).toBe(404)
    const text = await res.text()
    expect(text).toBe('{"detail":"Invalid version in query parameter."}')
    for (const [, value] of res.headers) expect(value).not.toContain('script')
  })

  it('other errors of a scheme pass through to Hono', async () => {
    class Broken extends BaseVersioning {
      override determineVersion(): string | null {
        throw new TypeError('broken scheme')
      }
    }
    const app = new Hono()
    app.use('*', apiVersioning({ scheme: new Broken(), routes }))
    app.get('/', (c) => c.text('ok'))
    app.onError((error, c) => c.text(`${error.name}: ${error.message}`, 500))
    const res = await app.request('http://t/')
    expect(res.status).toBe(500)
    expect(await res.text()).toBe('TypeError: broken scheme')
  })

  it('a custom scheme raising NotFound is answered like the built-in ones', async () => {
    class HeaderVersioning extends BaseVersioning {
      override readonly vary = ['Api-Version']
      override determineVersion(request: Request): string | null {
        const version = request.headers.get('api-version') ?? this.defaultVersion
        if (!this.isAllowedVersion(version)) throw new NotFound('Invalid version in "Api-Version" header.')
        return version
      }
    }
    const app = new Hono()
    app.use('*', apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'] }), routes }))
    app.get('/', (c) => c.text(String(c.var.version)))
    const bad = await app.request('http://t/', { headers: { 'api-version': '2' } })
    expect(bad.status).toBe(404)
    expect(await json(bad)).toEqual({ detail: 'Invalid version in "Api-Version" header.' })
    expect(bad.headers.get('Vary')).toBe('Api-Version')
    const good = await app.request('http://t/', { headers: { 'api-version': '1' } })
    expect(await good.text()).toBe('1')
    expect(good.headers.get('Vary')).toBe('Api-Version')
  })
})

describe('Vary', () => {
  const routes = defineRoutes([route('home', '/')])
  const versioning = apiVersioning({ scheme: new AcceptHeaderVersioning(), routes })

  it.each<[string, (c: import('hono').Context) => Response, string]>([
    ['none set', (c) => c.text('ok'), 'Accept'],
    ['appended to one the handler set', (c) => c.text('ok', 200, { Vary: 'Origin' }), 'Origin, Accept'],
    ['not repeated, whatever the case', (c) => c.text('ok', 200, { Vary: 'origin, accept' }), 'origin, accept'],
    ['left alone when it is *', (c) => c.text('ok', 200, { Vary: '*' }), '*'],
    ['added to a Response built by hand', () => new Response('ok', { headers: { Vary: 'Accept-Encoding' } }), 'Accept-Encoding, Accept'],
    ['added to an immutable Response', () => Response.redirect('http://t/elsewhere', 302), 'Accept'],
  ])('%s', async (_case, handler, vary) => {
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', handler)
    const res = await app.request('http://t/')
    expect(res.headers.get('Vary')).toBe(vary)
  })

  it.each<[string, string, string]>([
    ['the same name', 'Accept', 'Accept'],
    ['another name', 'Origin', 'Origin, Accept'],
  ])('listed once when a middleware before it set %s', async (_case, before, vary) => {
    const both = apiVersioning({ scheme: new AcceptHeaderVersioning(), routes: defineRoutes([route('home', '/'), route('appended', '/appended')]) })
    const app = new Hono()
    app.use('*', async (c, next) => {
      c.header('Vary', before)
      await next()
    })
    app.use('*', both)
    mountRoutes(app, both, {
      home: (c) => c.text('ok'),
      appended: (c) => {
        c.header('Vary', 'Accept-Encoding', { append: true })
        return c.text('ok')
      },
    })
    expect((await app.request('http://t/')).headers.get('Vary')).toBe(vary)
    expect((await app.request('http://t/appended')).headers.get('Vary')).toBe(`${vary}, Accept-Encoding`)
  })

  it.each<[string | null, readonly string[], string | null]>([
    [null, ['Accept'], 'Accept'],
    ['', ['Accept'], 'Accept'],
    ['Origin', ['Accept'], 'Origin, Accept'],
    ['ACCEPT', ['Accept'], null],
    ['Origin,Accept', ['Accept', 'Api-Version'], 'Origin,Accept, Api-Version'],
    ['*', ['Accept'], null],
    [null, [], null],
    ['Accept, Accept', ['Accept'], 'Accept'],
    ['Accept,Origin, accept', ['Accept'], 'Accept, Origin'],
    ['Origin, Origin, Accept', ['Accept'], null],
  ])('Vary %j merged by varyMerger(%j) is %j', (existing, names, merged) => {
    expect(varyMerger(names)(existing)).toBe(merged)
  })
})

describe('configuration mistakes fail when the middleware is made', () => {
  const routes = defineRoutes([route('home', '/')])

  it.each<[string, unknown, string]>([
    ['no options', undefined, 'apiVersioning: pass options such as { scheme: new URLPathVersioning(), routes }.'],
    ['no scheme', { routes }, 'apiVersioning: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).'],
    ['a scheme class instead of an instance', { scheme: URLPathVersioning, routes }, 'apiVersioning: scheme must be a versioning scheme'],
    ['routes as a list', { scheme: new URLPathVersioning(), routes: [route('home', '/')] }, 'apiVersioning: routes must be a route table made with defineRoutes([...]).'],
    ['an unknown option', { scheme: new URLPathVersioning(), routes, onError: () => null }, 'apiVersioning: unknown option "onError"; the options are scheme, routes, origin, errorResponse, policy, changes, allowedHosts, clientVersion, extensions.'],
    ['errorResponse not a function', { scheme: new URLPathVersioning(), routes, errorResponse: 'json' }, 'apiVersioning: errorResponse must be a function (error, c) => Response.'],
    ['changes not from versionHistory (an extension without a changelog)', { scheme: new URLPathVersioning(), routes, changes: { bind: () => ({}) } }, 'apiVersioning: changes must come from versionHistory({...}).'],
  ])('%s', (_case, options, message) => {
    expect(() => apiVersioning(options as never)).toThrow(message)
  })
})

describe('the matched route, as Hono matched it', () => {
  const users = [route('user-list', '/users', { formats: ['json'] }), route('user-detail', '/users/:pk{[0-9]+}', { formats: ['json'] })] as const

  function pathApp(options: ConstructorParameters<typeof Hono>[0] = {}): Hono {
    const routes = defineRoutes([include('/:version{v[0-9]+}', users)])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), routes })
    const app = new Hono(options)
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      'user-list': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-list', { format: 'json' }) }),
      'user-detail': (c) => c.json({ version: c.var.version }),
    })
    return app
  }

  it.each<[string, number, unknown]>([
    ['/v2/users.json', 200, { version: 'v2', self: 'http://t/v2/users.json' }],
    ['/v3/users.json', 404, { detail: 'Invalid version in URL path.' }],
    ['/v3/users/7.json', 404, { detail: 'Invalid version in URL path.' }],
    ['/v2/users/7.json', 200, { version: 'v2' }],
    ['/%76%33/users/7', 404, { detail: 'Invalid version in URL path.' }],
    ['/%76%32/users', 200, { version: 'v2', self: 'http://t/v2/users.json' }],
  ])('URL path, format suffixes and escapes: %s is %i', async (path, status, body) => {
    const res = await pathApp().request(`http://t${path}`)
    expect(res.status).toBe(status)
    expect(await json(res)).toEqual(body)
  })

  it('with strict: false, a trailing slash still carries the version', async () => {
    const app = pathApp({ strict: false })
    expect((await app.request('http://t/v3/users/')).status).toBe(404)
    expect(await json(await app.request('http://t/v2/users/'))).toEqual({ version: 'v2', self: 'http://t/v2/users.json' })
  })

  it('namespaces with format suffixes', async () => {
    const routes = defineRoutes([include('/v1', users, { namespace: 'v1' }), include('/v3', users, { namespace: 'v3' })])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1'] }), routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ version: c.var.version }) })
    expect(await json(await app.request('http://t/v1/users.json'))).toEqual({ version: 'v1' })
    expect((await app.request('http://t/v3/users.json')).status).toBe(404)
  })

  it('links under a nested namespace stay in it', async () => {
    const api = [route('item', '/items/:pk{[0-9]+}')] as const
    const routes = defineRoutes([
      include('/api', [include('/v1', api, { namespace: 'v1' })], { namespace: 'api' }),
      include('/v1', api, { namespace: 'v1' }),
    ])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1'] }), routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { item: (c) => c.json({ version: c.var.version, self: c.var.reverse('item', { kwargs: { pk: 2 } }) }) })
    expect(await json(await app.request('http://t/api/v1/items/2'))).toEqual({ version: 'v1', self: 'http://t/api/v1/items/2' })
    expect(await json(await app.request('http://t/v1/items/2'))).toEqual({ version: 'v1', self: 'http://t/v1/items/2' })
  })

  it('mountRoutes refuses an app with a base path, whose links would be wrong', () => {
    const routes = defineRoutes([route('home', '/')])
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning(), routes })
    expect(() => mountRoutes(new Hono().basePath('/api'), versioning, { home: (c) => c.text('') })).toThrow(
      'mountRoutes: the app serves "/" at "/api": it has a base path. Mount on the root app and put the prefix in the table with include().',
    )
  })
})

describe('mountRoutes without the middleware', () => {
  const routes = defineRoutes([include('/:version{v[0-9]+}', [route('item', '/items/:id')])])

  it('determines the version in the handler, from the route it serves', async () => {
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
    const app = new Hono()
    mountRoutes(app, versioning, { item: (c) => c.json({ version: c.var.version, self: c.var.reverse('item', { kwargs: { id: 3 } }) }) })
    expect(await json(await app.request('http://t/v2/items/1'))).toEqual({ version: 'v2', self: 'http://t/v2/items/3' })
    const rejected = await app.request('http://t/v7/items/1')
    expect(rejected.status).toBe(404)
    expect(await json(rejected)).toEqual({ detail: 'Invalid version in URL path.' })
  })

  it('lists Vary on success and on rejection, also for async handlers and app.onError responses', async () => {
    const plain = defineRoutes([route('home', '/')])
    const versioning = apiVersioning({ scheme: new AcceptHeaderVersioning({ allowedVersions: ['1'] }), routes: plain })
    const app = new Hono()
    mountRoutes(app, versioning, {
      home: async (c) => {
        await Promise.resolve()
        return c.text(String(c.var.version), 200, { Vary: 'Origin' })
      },
    })
    const ok = await app.request('http://t/', { headers: { accept: 'application/json; version=1' } })
    expect(await ok.text()).toBe('1')
    expect(ok.headers.get('Vary')).toBe('Origin, Accept')
    const bad = await app.request('http://t/', { headers: { accept: 'application/json; version=2' } })
    expect(bad.status).toBe(406)
    expect(bad.headers.get('Vary')).toBe('Accept')
    app.onError((error, c) => c.json({ caught: error.message }, 406))
    const custom = await app.request('http://t/', { headers: { accept: 'application/json; version=2' } })
    expect(await json(custom)).toEqual({ caught: 'Invalid version in "Accept" header.' })
    expect(custom.headers.get('Vary')).toBe('Accept')
  })

  it('with the middleware too, determines the version once', async () => {
    let calls = 0
    class Counting extends URLPathVersioning {
      override determineVersion(...args: Parameters<URLPathVersioning['determineVersion']>): string | null {
        calls++
        return super.determineVersion(...args)
      }
    }
    const versioning = apiVersioning({ scheme: new Counting(), routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { item: (c) => c.text(String(c.var.version)) })
    expect(await (await app.request('http://t/v1/items/1')).text()).toBe('v1')
    expect(calls).toBe(1)
    const alone = new Hono()
    mountRoutes(alone, versioning, { item: (c) => c.text(String(c.var.version)) })
    expect(await (await alone.request('http://t/v2/items/1')).text()).toBe('v2')
    expect(calls).toBe(2)
  })

  it('gives a custom scheme every param of the match, unless it says it reads fewer', async () => {
    const seen: unknown[] = []
    class Recording extends BaseVersioning {
      override determineVersion(_request: Request, match?: { params?: Readonly<Record<string, string | null | undefined>> | undefined } | null): string | null {
        seen.push({ ...match?.params })
        return null
      }
    }
    const versioning = apiVersioning({ scheme: new Recording(), routes })
    const app = new Hono()
    mountRoutes(app, versioning, { item: (c) => c.text('ok') })
    await app.request('http://t/v1/items/9')
    expect(seen).toEqual([{ version: 'v1', id: '9' }])
    const pathOnly = apiVersioning({ scheme: new URLPathVersioning(), routes })
    expect(pathOnly.scheme.matchParams).toBe('version')
  })
})

describe('corner cases of the middleware and mountRoutes', () => {
  it('handlers of format-suffixed paths see their params without the suffix, and the suffix as format', async () => {
    const routes = defineRoutes([
      include('/:version{v[0-9]+}', [route('user-list', '/users', { formats: ['json'] }), route('user-detail', '/users/:pk{[0-9]+}', { formats: ['json'] })]),
    ])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v2'] }), routes })
    const app = new Hono()
    mountRoutes(app, versioning, {
      'user-list': (c) => c.json({ version: c.var.version, format: c.req.param('format') ?? null }),
      'user-detail': (c) => c.json({ version: c.var.version, pk: c.req.param('pk'), format: c.req.param('format') ?? null, all: c.req.param() }),
    })
    expect(await json(await app.request('http://t/v2/users/7.json'))).toEqual({ version: 'v2', pk: '7', format: 'json', all: { version: 'v2', pk: '7', format: 'json' } })
    expect(await json(await app.request('http://t/v2/users/7'))).toEqual({ version: 'v2', pk: '7', format: null, all: { version: 'v2', pk: '7' } })
    expect(await json(await app.request('http://t/v2/users.json'))).toEqual({ version: 'v2', format: 'json' })
  })

  it('two middlewares sharing one scheme instance each determine their own version', async () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
    const a = apiVersioning({ scheme, routes: defineRoutes([route('a', '/a/:version/x')]) })
    const b = apiVersioning({ scheme, routes: defineRoutes([route('b', '/b/:version/y')]) })
    const app = new Hono()
    app.use('*', a)
    mountRoutes(app, a, { a: (c) => c.text('a') })
    mountRoutes(app, b, { b: (c) => c.json({ version: c.var.version, self: c.var.reverse('b') }) })
    expect(await json(await app.request('http://t/b/v2/y'))).toEqual({ version: 'v2', self: 'http://t/b/v2/y' })
  })

  it('with app.use, the version comes from the route Hono answers with (the first that matches)', async () => {
    const routes = defineRoutes([
      include('/v1', [route('me', '/users/me')], { namespace: 'v1' }),
      include('/v1', [route('detail', '/users/:id')], { namespace: 'v2' }),
    ])
    const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1'] }), routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { me: (c) => c.json({ v: c.var.version, h: 'me' }), detail: (c) => c.json({ v: c.var.version, h: 'detail' }) })
    expect(await json(await app.request('http://t/v1/users/me'))).toEqual({ v: 'v1', h: 'me' })
  })

  it('an errorResponse chooses the status of the answer', async () => {
    const versioning = apiVersioning({
      scheme: new QueryParameterVersioning({ allowedVersions: ['1'] }),
      routes: defineRoutes([route('home', '/')]),
      errorResponse: () => new Response('teapot', { status: 418 }),
    })
    const app = new Hono()
    mountRoutes(app, versioning, { home: (c) => c.text('ok') })
    const res = await app.request('http://t/?version=2')
    expect(res.status).toBe(418)
    expect(await res.text()).toBe('teapot')
  })

  it('the middleware, where mounted, runs before the handlers and sets the version', async () => {
    const routes = defineRoutes([route('thing', '/:version{v[0-9]+}/things/:id')])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
    for (const mount of [(app: Hono) => app.use('*', versioning), (app: Hono) => app.use('/:version/*', versioning)]) {
      const app = new Hono()
      mount(app)
      let seen: unknown = 'not run'
      app.use('*', async (c, next) => {
        seen = c.get('version')
        await next()
      })
      mountRoutes(app, versioning, { thing: (c) => c.text(String(c.var.version)) })
      expect(await (await app.request('http://t/v2/things/1')).text()).toBe('v2')
      expect(seen).toBe('v2')
    }
  })

  it("a custom scheme that reads no params (matchParams 'none') gets none decoded", async () => {
    const seen: unknown[] = []
    class NoParams extends BaseVersioning {
      override readonly matchParams: 'none' | 'version' | 'all' = 'none'
      override determineVersion(_request: Request, match?: { params?: Readonly<Record<string, string | null | undefined>> | undefined } | null): string | null {
        seen.push({ ...match?.params })
        return null
      }
    }
    const routes = defineRoutes([include('/:version{v[0-9]+}', [route('item', '/items/:id')])])
    const app = new Hono()
    mountRoutes(app, apiVersioning({ scheme: new NoParams(), routes }), { item: (c) => c.text('ok') })
    await app.request('http://t/v1/items/9')
    expect(seen).toEqual([{}])
  })

  it('one middleware in two apps, a path asked with several methods and versions in turn: each answer is its own app\'s handler for the route of the version asked', async () => {
    // At one path: a route of v1 alone before one of every version.
    const routes = defineRoutes([include('/:version', [versioned(['v1'], route('old', '/items/:id')), route('item', '/items/:id')])])
    for (const scheme of [new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), new HeaderVersioning({ allowedVersions: ['v1', 'v2'] })]) {
      const versioning = apiVersioning({ scheme, routes })
      const answer = (name: string) => (c: Context) => c.json({ handler: name, method: c.req.method, version: c.var.version })
      // App a serves v1's route (GET) and the route of every version (GET, DELETE); app b the route of every version alone.
      const a = new Hono()
      a.use('*', versioning)
      mountRoutes(a, versioning, { old: answer('a old'), item: { get: answer('a item'), delete: answer('a item') } })
      const b = new Hono()
      b.use('*', versioning)
      mountRoutes(b, versioning, { item: answer('b item') })
      const answers: unknown[] = []
      const expected: unknown[] = []
      for (const version of ['v1', 'v2', 'v%31', 'v2', 'v1']) {
        const v = decodeURIComponent(version)
        for (const [app, method, handler] of [
          [a, 'GET', v === 'v1' ? 'a old' : 'a item'],
          [a, 'GET', v === 'v1' ? 'a old' : 'a item'],
          [a, 'DELETE', 'a item'],
          [b, 'GET', 'b item'],
          [b, 'GET', 'b item'],
          [a, 'GET', v === 'v1' ? 'a old' : 'a item'],
        ] as const) {
          const res = await app.request(`http://t/${version}/items/7`, { method, headers: { 'Api-Version': v } })
          answers.push([res.status, await res.json()])
          expected.push([200, { handler, method, version: v }])
        }
      }
      // The same app and method, the version changing at every request.
      for (const v of ['v1', 'v2', 'v1', 'v2', 'v2', 'v1']) {
        const res = await a.request(`http://t/${v}/items/7`, { headers: { 'Api-Version': v } })
        answers.push([res.status, await res.json()])
        expected.push([200, { handler: v === 'v1' ? 'a old' : 'a item', method: 'GET', version: v }])
      }
      expect(answers).toEqual(expected)
      const rejected = await a.request('http://t/v3/items/7', { headers: { 'Api-Version': 'v3' } })
      expect([rejected.status, await rejected.json()]).toEqual([404, { detail: scheme.invalidVersionMessage }])
    }
  })
})

describe("a handler's thrown HTTPException on an older version", () => {
  const appFor = (middleware: boolean, onError: 'c.json' | 'getResponse') => {
    const versioning = apiVersioning({
      scheme: new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
      routes: defineRoutes([route('thing', '/thing')]),
      origin: 'https://api.example.com',
      policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }),
    })
    const app = new Hono()
    if (middleware) app.use('*', versioning)
    mountRoutes(app, versioning, {
      thing: () => {
        throw new HTTPException(403, { message: 'Forbidden here.' })
      },
    })
    app.onError((error, c) => (onError === 'getResponse' && error instanceof HTTPException ? error.getResponse() : c.json({ error: error.message }, 403)))
    return app
  }
  const older = { headers: { Accept: 'application/json; version=1' } }
  for (const onError of ['c.json', 'getResponse'] as const) {
    for (const middleware of [true, false]) {
      it(`gets Vary and the policy's headers ${middleware ? 'through the middleware' : 'from mountRoutes alone'}, app.onError answering with ${onError}`, async () => {
        const res = await appFor(middleware, onError).request('https://api.example.com/thing', older)
        expect(res.status).toBe(403)
        expect(res.headers.get('Vary')).toBe('Accept')
        expect(res.headers.get('Deprecation')).toBe('@1767225600')
      })
    }
  }
})
