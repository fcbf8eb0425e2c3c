/**
 * The app's other routes are untouched (as Django resolves URLs before DRF
 * versions them): a request that matches no table route reaches the app's own
 * routes and its not-found handler with no version decided, no `Vary`, no
 * lifecycle headers; a table route asked with a method it has no handler for
 * gets its version decided first (a bad one is still the scheme's answer),
 * then 405 with `Allow`.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { HeaderVersioning, include, QueryParameterVersioning, route, URLPathVersioning, defineRoutes, type BaseVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { appInStyle, MOUNT_STYLES, type MountStyle } from '../support/mount-styles.ts'

interface Case {
  readonly name: string
  readonly scheme: () => BaseVersioning
  /** The path prefix of the table (URL path versioning carries the version there). */
  readonly prefix: string
  /** How a request carries a version: its URL path prefix and headers. */
  readonly ask: (version: string) => { readonly prefix: string; readonly query: string; readonly headers: Record<string, string> }
  readonly vary: string | null
}

const cases: readonly Case[] = [
  {
    name: 'URL path',
    scheme: () => new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    prefix: '/:version{v[0-9]+}',
    ask: (version) => ({ prefix: `/${version}`, query: '', headers: {} }),
    vary: null,
  },
  {
    name: 'header',
    scheme: () => new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }),
    prefix: '/api',
    ask: (version) => ({ prefix: '/api', query: '', headers: { 'Api-Version': version } }),
    vary: 'Api-Version',
  },
  {
    name: 'query parameter',
    scheme: () => new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }),
    prefix: '/api',
    ask: (version) => ({ prefix: '/api', query: `?version=${version}`, headers: {} }),
    vary: null,
  },
]

function appFor(c: Case, style: MountStyle): Hono {
  const routes = defineRoutes([include(c.prefix, [route('user-list', '/users'), route('user-detail', '/users/:id{[0-9]+}')])])
  const versioning = apiVersioning({
    scheme: c.scheme(),
    routes,
    policy: versionPolicy({ reportVersions: true, echoHeader: 'api-version' }),
  })
  const app = appInStyle(style, versioning)
  app.get('/health', (ctx) => ctx.json({ ok: true, version: ctx.var.version ?? 'none' }))
  const admin = new Hono()
  admin.get('/stats', (ctx) => ctx.json({ stats: true, version: ctx.var.version ?? 'none' }))
  app.route('/admin', admin)
  const based = new Hono().basePath('/base')
  based.get('/ping', (ctx) => ctx.text('pong'))
  app.route('/', based)
  mountRoutes(app, versioning, {
    'user-list': { get: (ctx) => ctx.json({ list: true, version: ctx.var.version }), post: (ctx) => ctx.json({ created: true }, 201) },
    'user-detail': (ctx) => ctx.json({ id: ctx.req.param('id'), version: ctx.var.version }),
  })
  // Registered after mountRoutes on a table path: it still answers the method it serves.
  app.put(`${c.prefix}/users/:id{[0-9]+}`, (ctx) => ctx.json({ replaced: true }))
  app.notFound((ctx) => ctx.json({ app: 'not found' }, 404))
  return app
}

function untouched(res: Response): void {
  expect(res.headers.get('Vary')).toBeNull()
  expect(res.headers.get('api-version')).toBeNull()
  expect(res.headers.get('api-supported-versions')).toBeNull()
}

describe.each(cases)('$name', (c) => {
  describe.each(MOUNT_STYLES)('%s', (style) => {
    const app = appFor(c, style)
    const request = async (path: string, version: string, init: RequestInit = {}): Promise<Response> => {
      const { prefix, query, headers } = c.ask(version)
      return app.request(`http://api.test${path.replace('{prefix}', prefix)}${query}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } })
    }

    it('serves a table route in its version, with the lifecycle headers', async () => {
      const res = await request('{prefix}/users', 'v2')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ list: true, version: 'v2' })
      expect(res.headers.get('api-version')).toBe('v2')
      expect(res.headers.get('Vary')).toBe(c.vary)
    })

    it.each([
      ['a plain Hono route', '/health', 200, { ok: true, version: 'none' }],
      ['a sub-app route (app.route)', '/admin/stats', 200, { stats: true, version: 'none' }],
      ['an unknown path: app.notFound', '/nonexistent', 404, { app: 'not found' }],
      ['an unknown path under the prefix', '{prefix}/nonexistent', 404, { app: 'not found' }],
      ['a table path whose param does not match', '{prefix}/users/abc', 404, { app: 'not found' }],
    ])('%s passes through untouched, whatever the version', async (_what, path, status, body) => {
      for (const version of ['v2', 'v9']) {
        const res = await request(path, version)
        expect(res.status).toBe(status)
        expect(await res.json()).toEqual(body)
        untouched(res)
      }
    })

    it('a basePath() sub-app passes through untouched', async () => {
      const res = await request('/base/ping', 'v9')
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('pong')
      untouched(res)
    })

    it('a method the route has no handler for: 405 with Allow, after the version is decided', async () => {
      const res = await request('{prefix}/users', 'v2', { method: 'DELETE' })
      expect(res.status).toBe(405)
      expect(res.headers.get('Allow')).toBe('GET, HEAD, POST')
      expect(await res.json()).toEqual({ detail: 'Method not allowed.' })
      expect(res.headers.get('Vary')).toBe(c.vary)
      const detail = await request('{prefix}/users/7', 'v1', { method: 'PATCH' })
      expect(detail.status).toBe(405)
      expect(detail.headers.get('Allow')).toBe('GET, HEAD')
    })

    it('a bad version on a method without a handler is still the scheme\'s answer', async () => {
      const res = await request('{prefix}/users', 'v9', { method: 'DELETE' })
      expect(res.status).toBe(404)
      expect(res.headers.get('Allow')).toBeNull()
    })

    it('HEAD is answered by the GET handler', async () => {
      const res = await request('{prefix}/users/7', 'v2', { method: 'HEAD' })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('')
    })

    it('the handlers of a table path are one Hono route (a request no other route matches runs no middleware chain)', () => {
      expect(app.routes.filter((r) => r.path === `${c.prefix}/users`)).toHaveLength(1)
    })

    it('a route registered later for the method still answers it', async () => {
      const res = await request('{prefix}/users/7', 'v1', { method: 'PUT' })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ replaced: true })
    })
  })
})

describe('mountRoutes keeps the table\'s order across paths', () => {
  // The same path twice, with another path between: the POST of the path between comes first for its own URL.
  const routes = defineRoutes([
    include('/:version{v[0-9]+}', [route('thing', '/things/:name'), route('special', '/things/special'), route('thing-post', '/things/:name')]),
  ])
  const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1'] }), routes })
  const app = new Hono()
  mountRoutes(app, versioning, {
    thing: (c) => c.json({ got: c.req.param('name') }),
    special: { post: (c) => c.json({ special: true }) },
    'thing-post': { post: (c) => c.json({ posted: c.req.param('name') }), delete: (c) => c.json({ deleted: c.req.param('name') }) },
  })

  it.each([
    ['GET', '/v1/things/special', 200, { got: 'special' }],
    ['POST', '/v1/things/special', 200, { special: true }],
    ['POST', '/v1/things/other', 200, { posted: 'other' }],
    ['DELETE', '/v1/things/other', 200, { deleted: 'other' }],
    ['PATCH', '/v1/things/other', 405, { detail: 'Method not allowed.' }],
    ['GET', '/v9/things/other', 404, { detail: 'Invalid version in URL path.' }],
  ])('%s %s', async (method, path, status, body) => {
    const res = await app.request(`http://api.test${path}`, { method })
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual(body)
    if (status === 405) expect(res.headers.get('Allow')).toBe('GET, HEAD, POST, DELETE')
  })
})

describe('an encoded slash, decoded into a param whose pattern refuses "/" (as Django decodes a path before matching)', () => {
  const routes = defineRoutes([route('item', '/path/:version/items/:slug/'), route('file', '/files/:path{.+}')])
  const versioning = apiVersioning({ scheme: new URLPathVersioning(), routes })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    item: (ctx) => ctx.json({ version: ctx.var.version, slug: ctx.req.param('slug') }),
    file: (ctx) => ctx.json({ path: ctx.req.param('path') }),
  })
  app.notFound((ctx) => ctx.json({ app: 'not found' }, 404))

  it.each(['/path/v%2F1/items/x/', '/path/v1/items/a%2fb/', '/path/v%2F1/items/a%2Fb/'])('%s matches no route: app.notFound', async (path) => {
    const res = await app.request(`http://api.test${path}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ app: 'not found' })
  })

  it('a pattern that takes "/" takes it, other escapes are decoded as before, and a %2F in the query changes nothing', async () => {
    expect(await (await app.request('http://api.test/files/a%2Fb')).json()).toEqual({ path: 'a/b' })
    expect(await (await app.request('http://api.test/path/v1/items/a%2Cb/')).json()).toEqual({ version: 'v1', slug: 'a,b' })
    expect(await (await app.request('http://api.test/path/v1/items/x/?next=%2F')).json()).toEqual({ version: 'v1', slug: 'x' })
  })

  it('a version of bytes that are not UTF-8 is decoded as Django decodes it (Hono kept the run as written)', async () => {
    expect(await (await app.request('http://api.test/path/%62%B8/items/x/')).json()).toEqual({ version: 'b%B8', slug: 'x' })
  })

  it('mountRoutes alone (no middleware) passes such a path on: a later route of the app, then app.notFound', async () => {
    const alone = new Hono()
    mountRoutes(alone, apiVersioning({ scheme: new URLPathVersioning(), routes }), {
      item: (ctx) => ctx.json({ version: ctx.var.version, slug: ctx.req.param('slug') }),
      file: (ctx) => ctx.json({ path: ctx.req.param('path') }),
    })
    alone.get('/path/v1/items/*', (ctx) => ctx.json({ plain: ctx.req.path }))
    alone.notFound((ctx) => ctx.json({ app: 'not found' }, 404))
    expect(await (await alone.request('http://api.test/path/v1/items/a%2Fb/')).json()).toEqual({ plain: '/path/v1/items/a%2Fb/' })
    const res = await alone.request('http://api.test/path/v%2F1/items/x/')
    expect([res.status, await res.json()]).toEqual([404, { app: 'not found' }])
    expect(await (await alone.request('http://api.test/files/a%2Fb')).json()).toEqual({ path: 'a/b' })
    expect(await (await alone.request('http://api.test/path/v1/items/a%2Cb/')).json()).toEqual({ version: 'v1', slug: 'a,b' })
  })
})
