/**
 * Links only to trusted hosts: `allowedHosts` (Django's `ALLOWED_HOSTS`)
 * refuses any other host with 400 before a scheme reads anything, on every
 * scheme, and `origin` fixes the origin of absolute links.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  type BaseVersioning,
} from '../../src/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware } from '../../src/hono/index.ts'
import { allowedHosts } from '../../src/http/allowed-hosts.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'

interface SchemeCase {
  readonly name: string
  readonly scheme: () => BaseVersioning
  readonly routes: () => ReturnType<typeof defineRoutes>
  /** A path and headers asking for v2 of item 7, and the link the handler builds for it. */
  readonly path: string
  readonly headers: Record<string, string>
  readonly link: (origin: string) => string
}

const item = [route('item', '/items/:id{[0-9]+}')] as const
const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }
const schemes: readonly SchemeCase[] = [
  { name: 'Accept header', scheme: () => new AcceptHeaderVersioning(versions), routes: () => defineRoutes([include('/api', item)]), path: '/api/items/7', headers: { Accept: 'application/json; version=v2' }, link: (o) => `${o}/api/items/7` },
  { name: 'URL path', scheme: () => new URLPathVersioning(versions), routes: () => defineRoutes([include('/:version{v[0-9]+}', item)]), path: '/v2/items/7', headers: {}, link: (o) => `${o}/v2/items/7` },
  { name: 'namespace', scheme: () => new NamespaceVersioning(versions), routes: () => defineRoutes([include('/v1', item, { namespace: 'v1' }), include('/v2', item, { namespace: 'v2' })]), path: '/v2/items/7', headers: {}, link: (o) => `${o}/v2/items/7` },
  { name: 'query parameter', scheme: () => new QueryParameterVersioning(versions), routes: () => defineRoutes([include('/api', item)]), path: '/api/items/7?version=v2', headers: {}, link: (o) => `${o}/api/items/7?version=v2` },
  { name: 'header', scheme: () => new HeaderVersioning(versions), routes: () => defineRoutes([include('/api', item)]), path: '/api/items/7', headers: { 'Api-Version': 'v2' }, link: (o) => `${o}/api/items/7` },
]

function appFor(c: SchemeCase, options: { allowedHosts?: readonly string[]; origin?: string }): Hono {
  const versioning = apiVersioning({ scheme: c.scheme(), routes: c.routes(), ...options })
  const app = new Hono()
  app.use('*', versioning)
  app.get('/health', (ctx) => ctx.text('ok'))
  mountRoutes(app, versioning, { item: (ctx) => ctx.json({ version: ctx.var.version, self: ctx.var.reverse('item', { kwargs: { id: 7 } }) }) })
  return app
}

/** Hostile hosts, as the request URL carries them (what `Host` or an absolute-form target becomes). */
const hostile: readonly (readonly [string, string])[] = [
  ['another domain', 'http://evil.com'],
  ['a subdomain of another domain', 'http://api.example.com.evil.com'],
  ['a look-alike suffix', 'http://evilexample.com'],
  ['an IPv6 literal', 'http://[::1]'],
  ['an IPv4 address', 'http://127.0.0.1'],
  ['a name with "_"', 'http://v_1.example.com'],
]

describe.each(schemes)('$name', (c) => {
  describe('with allowedHosts', () => {
    const app = appFor(c, { allowedHosts: ['api.example.com', '.example.org'] })

    it.each([
      ['the listed name', 'http://api.example.com', 'http://api.example.com'],
      ['the listed name on another port (ports are ignored)', 'http://api.example.com:8443', 'http://api.example.com:8443'],
      ['the listed name in capitals (URLs lower-case hosts)', 'http://API.Example.COM', 'http://api.example.com'],
      ['a trailing dot', 'http://api.example.com.', 'http://api.example.com.'],
      ['a domain listed with a leading dot', 'http://example.org', 'http://example.org'],
      ['its subdomain', 'http://v2.api.example.org', 'http://v2.api.example.org'],
    ])('serves %s', async (_what, origin, linked) => {
      const res = await app.request(`${origin}${c.path}`, { headers: c.headers })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ version: 'v2', self: c.link(linked) })
    })

    it.each(hostile)('refuses %s with 400 before anything runs, reflecting nothing', async (_what, origin) => {
      for (const path of [c.path, '/health', '/nowhere']) {
        const res = await app.request(`${origin}${path}`, { headers: c.headers })
        expect(res.status).toBe(400)
        const text = await res.text()
        expect(text).toBe('{"detail":"Invalid host."}')
        for (const [, value] of res.headers) expect(value).not.toMatch(/evil|user|pass|::1|127\.0|v_1/)
      }
    })
  })

  describe('with origin', () => {
    const app = appFor(c, { origin: 'https://api.example.com/' })

    it.each(hostile)('links to the trusted origin whatever the host: %s', async (_what, origin) => {
      const res = await app.request(`${origin}${c.path}`, { headers: c.headers })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ version: 'v2', self: c.link('https://api.example.com') })
    })

    it('takes a base URL with a path prefix', async () => {
      const based = appFor(c, { origin: 'https://example.com/api/' })
      const res = await based.request(`http://evil.com${c.path}`, { headers: c.headers })
      expect(await res.json()).toEqual({ version: 'v2', self: c.link('https://example.com/api') })
    })
  })

  describe('with neither', () => {
    const app = appFor(c, {})

    it('links follow the request host (the README says to set one of the two)', async () => {
      const res = await app.request(`http://evil.com${c.path}`, { headers: c.headers })
      expect(await res.json()).toEqual({ version: 'v2', self: c.link('http://evil.com') })
    })
  })
})

describe('HostNameVersioning reads only allowed hosts', () => {
  const versioning = apiVersioning({
    scheme: new HostNameVersioning(versions),
    routes: defineRoutes([include('/api', item)]),
    allowedHosts: ['.example.com'],
  })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { item: (ctx) => ctx.json({ version: ctx.var.version, self: ctx.var.reverse('item', { kwargs: { id: 7 } }) }) })

  it.each([
    ['http://v2.example.com', 200, { version: 'v2', self: 'http://v2.example.com/api/items/7' }],
    ['http://example.com', 200, { version: 'v1', self: 'http://example.com/api/items/7' }],
    ['http://v2.evil.com', 400, { detail: 'Invalid host.' }],
    ['http://v9.example.com', 404, { detail: 'Invalid version in hostname.' }],
  ])('%s: %i', async (origin, status, body) => {
    const res = await app.request(`${origin}/api/items/7`)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual(body)
  })
})

describe('versionMiddleware and mountRoutes alone', () => {
  it('versionMiddleware refuses a host it does not list', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning(versions), allowedHosts: ['api.example.com'], errorResponse: problemDetails() }))
    app.get('/x', (ctx) => ctx.json({ version: ctx.var.version }))
    expect((await app.request('http://api.example.com/x')).status).toBe(200)
    const refused = await app.request('http://evil.com/x')
    expect(refused.status).toBe(400)
    expect(refused.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await refused.json()).toEqual({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Invalid host.', code: 'DisallowedHost' })
  })

  it('a mounted handler without the middleware refuses it too', async () => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning(versions), routes: defineRoutes([include('/api', item)]), allowedHosts: ['*'] })
    const app = new Hono()
    mountRoutes(app, versioning, { item: (ctx) => ctx.json({ version: ctx.var.version }) })
    expect((await app.request('http://anything.test/api/items/7')).status).toBe(200)
    // "*" allows every host Django's validation accepts, never a name with "_".
    expect((await app.request('http://a_b.test/api/items/7')).status).toBe(400)
  })
})

// Before, check() was silent once allowedHosts was given, though ['*'] lets every host through, so links still
// followed the client's Host (docs/security.md: check() says so until a client's Host can no longer reach a link).
describe('check() with allowedHosts holding "*"', () => {
  const STAR = 'allowedHosts holds "*", so absolute links follow the Host header the client sends; list the hosts you serve instead, or set origin (the origin of links).'
  it('apiVersioning says links follow the Host header, as with no allowedHosts; origin or a list of hosts silences it', async () => {
    const routes = defineRoutes([include('/api', item)])
    const star = apiVersioning({ scheme: new HeaderVersioning(versions), routes, allowedHosts: ['*'] })
    expect(star.check()).toEqual([`apiVersioning: ${STAR}`])
    expect(apiVersioning({ scheme: new HeaderVersioning(versions), routes, allowedHosts: ['api.example.com', '*'] }).check()).toEqual([`apiVersioning: ${STAR}`])
    expect(apiVersioning({ scheme: new HeaderVersioning(versions), routes, allowedHosts: ['*'], origin: 'https://api.example.com' }).check()).toEqual([])
    expect(apiVersioning({ scheme: new HeaderVersioning(versions), routes, allowedHosts: ['api.example.com'] }).check()).toEqual([])
    const app = new Hono()
    app.use('*', star)
    mountRoutes(app, star, { item: (c) => c.text(c.var.reverse('item', { kwargs: { id: 7 } })) })
    expect(await (await app.request('http://evil.test/api/items/7')).text()).toBe('http://evil.test/api/items/7')
  })

  it('versionMiddleware with the routes of appRoutes says so too', () => {
    const app = new Hono()
    app.get('/items/:id', named('item'), (c) => c.text('x'))
    expect(versionMiddleware({ scheme: new HeaderVersioning(versions), routes: appRoutes(app), allowedHosts: ['*'] }).check(app)).toEqual([`versionMiddleware: ${STAR}`])
    expect(versionMiddleware({ scheme: new HeaderVersioning(versions), routes: appRoutes(app), allowedHosts: ['api.example.com'] }).check(app)).toEqual([])
  })
})

describe('the host check itself (the authority as a request URL carries it)', () => {
  const allowed = allowedHosts(['api.example.com', '.example.org', '[::1]'], 'test')
  const any = allowedHosts(['*'], 'test')
  it.each([
    ['api.example.com', true, true],
    ['api.example.com:8443', true, true],
    ['API.EXAMPLE.COM', true, true],
    ['api.example.com.', true, true],
    ['example.org', true, true],
    ['deep.sub.example.org', true, true],
    ['[::1]', true, true],
    ['[::1]:8787', true, true],
    ['evil.com', false, true],
    ['api.example.com.evil.com', false, true],
    ['notexample.org', false, true],
    // Some runtimes keep user info a client sent in Host: never allowed.
    ['user@api.example.com', false, false],
    ['user:pass@api.example.com', false, false],
    ['v_1.example.org', false, false],
    ['api.example.com:port', false, false],
    ['[fe80::1%eth0]', false, false],
    ['', false, false],
  ])('%j: listed %s, with "*" %s', (authority, listed, star) => {
    expect(allowed(authority)).toBe(listed)
    expect(any(authority)).toBe(star)
  })
})

describe('configuration mistakes', () => {
  const scheme = new HeaderVersioning()
  const routes = defineRoutes([route('a', '/a')])
  it.each([
    [{ allowedHosts: [] }, 'apiVersioning: allowedHosts must be a non-empty list of host names'],
    [{ allowedHosts: 'api.example.com' }, 'apiVersioning: allowedHosts must be a non-empty list of host names'],
    [{ allowedHosts: ['https://api.example.com'] }, 'apiVersioning: allowedHosts holds "https://api.example.com", which is not a host name'],
    [{ allowedHosts: ['api.example.com:8443'] }, 'which is not a host name; list names without scheme or port'],
    [{ origin: 'api.example.com' }, 'apiVersioning: origin must be an absolute http(s) URL without query'],
    [{ origin: 'https://api.example.com/?x=1' }, 'apiVersioning: origin must be an absolute http(s) URL without query'],
    [{ origin: 'ftp://api.example.com' }, 'apiVersioning: origin must be an absolute http(s) URL without query'],
  ])('%j', (options, message) => {
    expect(() => apiVersioning({ scheme, routes, ...(options as object) })).toThrow(message)
  })

  it('versionMiddleware takes origin only with routes (without them it builds no links)', () => {
    expect(() => versionMiddleware({ scheme, origin: 'https://x.test' })).toThrow("versionMiddleware: routes must be appRoutes(app) (the app's named routes), and origin needs routes.")
  })
})
