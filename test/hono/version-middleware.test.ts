/**
 * versionMiddleware: the version alone, without a route table. A portable
 * suite: it runs on Node, inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { AcceptHeaderVersioning, BaseVersioning, HeaderVersioning, NamespaceVersioning, NotFound, QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { semver } from '../../src/formats/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'

describe('versionMiddleware with each kind of scheme', () => {
  const app = new Hono()
  app.use('/path/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }))
  app.get('/path/:version{v[0-9]+}/items/:id', (c) => c.json({ version: c.var.version, id: c.req.param('id') }))
  app.use('/header/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1.0.0', '1.3.0'], defaultVersion: '1.0.0', versionFormat: semver() }) }))
  app.get('/header/items', (c) => c.json({ version: c.var.version, scheme: c.var.versioningScheme.kind }))
  app.use('/query/*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }) }))
  app.get('/query/items', (c) => c.json({ version: c.var.version }))
  app.use('/accept/*', versionMiddleware({ scheme: new AcceptHeaderVersioning({ allowedVersions: ['v1', 'v2'] }) }))
  app.get('/accept/items', (c) => c.json({ version: c.var.version }))

  it.each([
    ['url path from the middleware\'s own pattern', '/path/v2/items/7', {}, 200, { version: 'v2', id: '7' }, null],
    ['url path, not allowed', '/path/v3/items/7', {}, 404, { detail: 'Invalid version in URL path.' }, null],
    ['header range resolved', '/header/items', { 'Api-Version': '1.x' }, 200, { version: '1.3.0', scheme: 'header' }, 'Api-Version'],
    ['header default', '/header/items', {}, 200, { version: '1.0.0', scheme: 'header' }, 'Api-Version'],
    ['header ambiguous', '/header/items', { 'Api-Version': '1, 2' }, 400, { detail: 'The request carries more than one API version.' }, 'Api-Version'],
    ['query', '/query/items?version=v2', {}, 200, { version: 'v2' }, null],
    ['query, not allowed', '/query/items?version=v9', {}, 404, { detail: 'Invalid version in query parameter.' }, null],
    ['accept', '/accept/items', { Accept: 'application/json; version=v2' }, 200, { version: 'v2' }, 'Accept'],
    ['accept, not acceptable', '/accept/items', { Accept: 'text/html' }, 406, { detail: 'Could not satisfy the request Accept header.' }, 'Accept'],
  ] as const)('%s', async (_name, path, headers, status, body, vary) => {
    const res = await app.request(`https://api.example.com${path}`, { headers })
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual(body)
    expect(res.headers.get('Vary')).toBe(vary)
  })
})

describe('versionMiddleware options', () => {
  it('takes a version policy and problem details', async () => {
    const app = new Hono()
    app.use(
      '*',
      versionMiddleware({
        scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }),
        policy: versionPolicy({
          versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2026-06-01T00:00:00Z' } },
          reportVersions: true,
          refuseAfterSunset: true,
          now: () => Date.UTC(2026, 2, 1),
        }),
        errorResponse: problemDetails(),
      }),
    )
    app.get('/items', (c) => c.json({ version: c.var.version }))
    const v1 = await app.request('https://api.example.com/items?version=v1')
    expect(v1.status).toBe(200)
    expect(v1.headers.get('Deprecation')).toBe(`@${Date.UTC(2026, 0, 1) / 1000}`)
    expect(v1.headers.get('Sunset')).toBe('Mon, 01 Jun 2026 00:00:00 GMT')
    expect(v1.headers.get('api-supported-versions')).toBe('v2')
    expect(v1.headers.get('api-deprecated-versions')).toBe('v1')
    const v9 = await app.request('https://api.example.com/items?version=v9')
    expect(v9.status).toBe(404)
    expect(v9.headers.get('Content-Type')).toBe('application/problem+json')
    expect(v9.headers.get('api-supported-versions')).toBe('v2')
    expect(await v9.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Invalid version in query parameter.', code: 'UnsupportedApiVersion' })
  })

  it('refuses a version after its sunset with 410', async () => {
    const app = new Hono()
    const policy = versionPolicy({ versions: { v1: { sunset: '2026-06-01T00:00:00Z' } }, refuseAfterSunset: true, now: () => Date.UTC(2026, 6, 1) })
    app.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'] }), policy }))
    app.get('/items', (c) => c.json({ version: c.var.version }))
    const res = await app.request('https://api.example.com/items?version=v1')
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ detail: 'This API version has been sunset.' })
    expect((await app.request('https://api.example.com/items?version=v2')).status).toBe(200)
  })

  it('throws rejections as HTTPException for app.onError', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1'] }) }))
    app.get('/items', (c) => c.text('ok'))
    app.onError((error, c) => {
      if (error instanceof HTTPException && error.cause instanceof NotFound) return c.json({ custom: error.cause.detail }, 422)
      return c.text('other', 500)
    })
    const res = await app.request('https://api.example.com/items?version=v2')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ custom: 'Invalid version in query parameter.' })
  })

  it.each([
    ['no options', undefined, 'versionMiddleware: pass options such as { scheme: new URLPathVersioning() }.'],
    ['an unknown option', { scheme: new HeaderVersioning(), onError: () => null }, 'versionMiddleware: unknown option "onError"; the options are scheme, routes, origin, errorResponse, policy, changes, allowedHosts, clientVersion, extensions.'],
    ['routes not from appRoutes', { scheme: new HeaderVersioning(), routes: {} }, "versionMiddleware: routes must be appRoutes(app) (the app's named routes), and origin needs routes."],
    ['no scheme', {}, 'versionMiddleware: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).'],
    ['a namespace scheme', { scheme: new NamespaceVersioning() }, 'versionMiddleware: NamespaceVersioning reads the namespace of a named route; use apiVersioning with a route table.'],
    [
      'a scheme of its own without determineVersion',
      { scheme: new (class Mine extends BaseVersioning {})() },
      'versionMiddleware: the scheme Mine does not implement determineVersion(request, match); give it one that returns the request\'s version, or use a scheme such as HeaderVersioning.',
    ],
    ['a policy not from versionPolicy', { scheme: new HeaderVersioning(), policy: {} }, 'versionMiddleware: policy must come from versionPolicy({...}).'],
    ['changes not from versionHistory', { scheme: new HeaderVersioning(), changes: { bind: () => ({}) } }, 'versionMiddleware: changes must come from versionHistory({...}).'],
  ])('refuses %s at construction', (_name, options, message) => {
    expect(() => versionMiddleware(options as never)).toThrow(message)
  })
})

describe('check(app): where the middleware is registered', () => {
  const scheme = () => new URLPathVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

  it("says so when a URL path scheme's middleware is registered on a path without the version param the app's routes carry", async () => {
    const app = new Hono()
    const versioning = versionMiddleware({ scheme: scheme() })
    app.use('*', versioning)
    app.get('/:version/users', (c) => c.json({ version: c.var.version }))
    expect(versioning.check(app)).toEqual([
      `versionMiddleware: URLPathVersioning reads the :version param of the path the middleware is registered on, and "/*" has none while the app's routes carry it, so every request through it gets the default version; register the middleware on the versioned paths (app.use('/:version/*', versioning)).`,
    ])
    // What it warns of: version 1 asked for, the default given.
    expect(await (await app.request('/1/users')).json()).toEqual({ version: '2' })
  })

  it('says nothing when the middleware is registered on the versioned paths, with a patterned param too', async () => {
    for (const [at, route] of [['/:version/*', '/:version/users'], ['/:version{[0-9]+}/*', '/:version{[0-9]+}/users']] as const) {
      const app = new Hono()
      const versioning = versionMiddleware({ scheme: scheme() })
      app.use(at, versioning)
      app.get(route, (c) => c.json({ version: c.var.version }))
      expect(versioning.check(app)).toEqual([])
      expect(await (await app.request('/1/users')).json()).toEqual({ version: '1' })
    }
  })
})
