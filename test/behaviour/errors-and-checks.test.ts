/**
 * Errors and checks across the schemes: rejections made once (no error built
 * per request) with `Content-Length`, `reverse` messages about the arguments
 * given, and `check()` for configuration DRF accepts but which is almost
 * always a typo.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  createReverse,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  NoReverseMatch,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
} from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'

describe('rejections are made once, with Content-Length', () => {
  const schemes = [
    new URLPathVersioning({ allowedVersions: ['v1'] }),
    new NamespaceVersioning({ allowedVersions: ['v1'] }),
    new HostNameVersioning({ allowedVersions: ['v1'] }),
    new QueryParameterVersioning({ allowedVersions: ['v1'] }),
    new HeaderVersioning({ allowedVersions: ['v1'] }),
    new AcceptHeaderVersioning({ allowedVersions: ['v1'] }),
  ]

  it.each(schemes.map((scheme) => [scheme.constructor.name, scheme] as const))('%s gives the same rejection every time', (_name, scheme) => {
    expect(scheme.rejection()).toBe(scheme.rejection())
  })

  it('a scheme throws its one rejection for every bad request', () => {
    const scheme = new QueryParameterVersioning({ allowedVersions: ['v1'] })
    const thrown = (query: string): unknown => {
      try {
        scheme.determineVersion(new Request(`https://t/x${query}`))
      } catch (error) {
        return error
      }
      return undefined
    }
    expect(thrown('?version=v2')).toBe(scheme.rejection())
    expect(thrown('?version=v3')).toBe(thrown('?version=v2'))
  })

  it.each([
    ['detail', undefined, 'application/json'],
    ['problem details', problemDetails(), 'application/problem+json'],
  ] as const)('%s bodies carry their Content-Length', async (_what, errorResponse, type) => {
    const routes = defineRoutes([include('/:version{v[0-9]+}', [route('item', '/items')])])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1'] }), routes, ...(errorResponse === undefined ? {} : { errorResponse }) })
    const app = new Hono()
    mountRoutes(app, versioning, { item: (c) => c.json({ ok: true }) })
    for (const [method, status] of [['GET', 404], ['POST', 404]] as const) {
      const res = await app.request('http://t/v9/items', { method })
      expect(res.status).toBe(status)
      expect(res.headers.get('Content-Type')).toBe(type)
      const body = new Uint8Array(await res.arrayBuffer())
      expect(res.headers.get('Content-Length')).toBe(String(body.length))
    }
    const refused = await app.request('http://t/v1/items', { method: 'POST' })
    expect(refused.status).toBe(405)
    expect(refused.headers.get('Content-Length')).toBe(String((await refused.arrayBuffer()).byteLength))
  })
})

describe('reverse says what is wrong with the arguments given', () => {
  const routes = defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}')]), route('home', '/')])
  const reverse = createReverse(routes, new URLPathVersioning())

  it.each([
    [{ version: 'v1' }, 'Reverse for "user-detail" with no parameters not found: missing parameter "id".'],
    [{ version: 'v1', kwargs: { id: 'x' } }, 'Reverse for "user-detail" with kwargs {"id":"x"} not found: "id" must match [0-9]+, got "x".'],
    [{ version: 'v1', kwargs: { id: 1, pk: 2 } }, 'Reverse for "user-detail" with kwargs {"id":1,"pk":2} not found: unknown parameter "pk" (it takes "version", "id").'],
    [{ version: 'v1', args: [1, 2] }, 'Reverse for "user-detail" with args [1,2] not found: takes 1 args, got 2.'],
  ])('%j', (options, message) => {
    let caught: unknown
    try {
      reverse('user-detail', options as never)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(NoReverseMatch)
    expect((caught as NoReverseMatch).message).toBe(message)
    expect((caught as NoReverseMatch).message).not.toContain('Without the version')
  })

  it('a value its pattern refuses is escaped and cut in the reason (a CR LF, a control character, 1 MiB)', () => {
    let caught: unknown
    try {
      reverse('user-detail', { version: 'v1', kwargs: { id: `x\r\n\u009b${'z'.repeat(2 ** 20)}` } })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(NoReverseMatch)
    expect((caught as NoReverseMatch).reason).toBe(`"id" must match [0-9]+, got "x\\r\\n\\u009b${'z'.repeat(67)}….`)
  })

  it('still falls back to the plain name for routes outside any version', () => {
    expect(reverse('home', { version: 'v1' })).toBe('/')
  })
})

describe('check(): what DRF accepts but is almost always a typo', () => {
  it('a defaultVersion outside allowedVersions', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v3' })
    expect(scheme.check()).toEqual([
      'HeaderVersioning: defaultVersion "v3" is not in allowedVersions ("v1", "v2"); DRF accepts this, but it is almost always a typo: list it in allowedVersions, or correct it.',
    ])
    // The DRF behaviour itself stays: requests without a version get it.
    expect(scheme.determineVersion(new Request('https://t/'))).toBe('v3')
  })

  it('nothing to say about a consistent configuration', () => {
    expect(new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }).check()).toEqual([])
    expect(new HeaderVersioning().check()).toEqual([])
  })

  it('apiVersioning adds links that follow the client Host', () => {
    const routes = defineRoutes([route('a', '/a')])
    const scheme = new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: 'v2' })
    expect(apiVersioning({ scheme, routes }).check()).toEqual([
      ...scheme.check(),
      'apiVersioning: absolute links follow the Host header the client sends; set allowedHosts (the hosts you serve) or origin (the origin of links).',
    ])
    expect(apiVersioning({ scheme: new HeaderVersioning(), routes, allowedHosts: ['api.example.com'] }).check()).toEqual([])
    expect(apiVersioning({ scheme: new HeaderVersioning(), routes, origin: 'https://api.example.com' }).check()).toEqual([])
  })
})
