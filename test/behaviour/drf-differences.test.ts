/**
 * Pins our behaviour where it deliberately differs from Django REST framework
 * (README, "Deliberate differences from DRF"). The differential test
 * (test/drf/differential.ts) explains each disagreement it finds with one of
 * these ids; each test below is named after its id.
 */
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  createReverse,
  defineRoutes,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  NoReverseMatch,
  NotAcceptable,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
} from '../../src/index.ts'

const accept = (value: string): Request => new Request('http://testserver/plain/', { headers: { accept: value } })

describe('deliberate differences from DRF', () => {
  it("'blank-accept': a blank Accept header means no preference", () => {
    const scheme = new AcceptHeaderVersioning({ defaultVersion: 'v1' })
    expect(scheme.determineVersion(accept(''))).toBe('v1')
    expect(scheme.determineVersion(accept(' \t '))).toBe('v1')
  })

  it("'equal-ranges': of equally specific ranges, the first in the header wins, whatever q", () => {
    const scheme = new AcceptHeaderVersioning()
    expect(scheme.determineVersion(accept('application/json; version=v1, application/json; version=v2'))).toBe('v1')
    expect(scheme.determineVersion(accept('application/json; version=v2, application/json; version=v1'))).toBe('v2')
    expect(scheme.determineVersion(accept('application/json; version=v1; q=0.1, application/json; version=v2'))).toBe('v1')
  })

  it("'drf-500': an Accept element Django cannot read is skipped", () => {
    const scheme = new AcceptHeaderVersioning({ defaultVersion: 'v1' })
    expect(scheme.determineVersion(accept('applicat\u00efon/json; version=v3, */*; version=v2'))).toBe('v2')
    expect(scheme.determineVersion(accept('application/json; v\u00e9rsion=v3; version=v2, */*'))).toBe('v1')
    expect(scheme.determineVersion(accept("application/json; version*=x-unknown''v%32, */*; version=v2"))).toBe('v2')
    expect(() => scheme.determineVersion(accept('applicat\u00efon/json; version=v2'))).toThrow(NotAcceptable)
  })

  it("'param-name-case': AcceptHeaderVersioning reads its versionParam whatever its case", () => {
    const scheme = new AcceptHeaderVersioning({ versionParam: 'Version', defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] })
    expect(scheme.determineVersion(accept('application/json; version=v2'))).toBe('v2')
    expect(scheme.determineVersion(accept('application/json; VERSION=v2'))).toBe('v2')
    expect(scheme.determineVersion(accept('application/json'))).toBe('v1')
  })

  it("'dot-segment': a path parameter of . or .. is no link", () => {
    const routes = defineRoutes([route('vitem-list', '/path/:version/items/')])
    const reverse = createReverse(routes)
    expect(() => reverse('vitem-list', { kwargs: { version: '..' } })).toThrow(NoReverseMatch)
    expect(() => reverse('vitem-list', { kwargs: { version: '.' } })).toThrow(NoReverseMatch)
    expect(reverse('vitem-list', { kwargs: { version: '...' } })).toBe('/path/.../items/')
  })

  it("'malformed-value': an unquoted value with a space inside makes its range invalid", () => {
    const scheme = new AcceptHeaderVersioning()
    expect(() => scheme.determineVersion(accept('application/json; version=v 2'))).toThrow(NotAcceptable)
    expect(scheme.determineVersion(accept('application/json; version="v 2"'))).toBe('v 2')
  })

  it("'query-order': the version goes before a carried-over ?format=, other parameters keep their order", () => {
    const routes = defineRoutes([route('plain', '/plain/')])
    const reverse = createReverse(routes, new QueryParameterVersioning())
    const request = new Request('http://testserver/plain/?version=v2&format=json')
    expect(reverse('plain', { request, version: 'v2' })).toBe('http://testserver/plain/?version=v2&format=json')
  })

  it("'lower-cased-host': the version and links come from the lower-cased host", () => {
    const scheme = new HostNameVersioning()
    const request = new Request('http://V2.EXAMPLE.COM/plain/')
    expect(scheme.determineVersion(request)).toBe('v2')
    expect(createReverse(defineRoutes([route('plain', '/plain/')]), scheme)('plain', { request, version: 'v2' })).toBe('http://v2.example.com/plain/')
  })

  it("'django-host-validation': a host Django refuses is read like any other", () => {
    const scheme = new HostNameVersioning({ defaultVersion: 'v1' })
    expect(scheme.determineVersion(new Request('http://v_1.example.com/plain/'))).toBe('v1')
  })

  it("'current-namespace': under a nested namespace, names reverse within it", () => {
    const items = [route('item', '/items/:pk{[0-9]+}/')] as const
    const routes = defineRoutes([include('/v1', items, { namespace: 'v1' }), include('/api', [include('/v1', items, { namespace: 'v1' })], { namespace: 'api' })])
    const reverse = createReverse(routes, new NamespaceVersioning())
    expect(reverse('item', { kwargs: { pk: 3 }, version: 'v1', namespace: 'api:v1' })).toBe('/api/v1/items/3/')
    expect(reverse('item', { kwargs: { pk: 3 }, version: 'v1', namespace: 'v1' })).toBe('/v1/items/3/')
    expect(reverse('item', { kwargs: { pk: 3 }, version: 'v1' })).toBe('/v1/items/3/')
  })

  it("'url-path-fallback': the fallback reversal gets the caller's kwargs, without the version", () => {
    const routes = defineRoutes([
      route('vitem-detail', '/path/:version/items/:pk{[0-9]+}/'),
      include('/v1', [route('item-detail', '/items/:pk{[0-9]+}/')], { namespace: 'v1' }),
    ])
    const reverse = createReverse(routes, new URLPathVersioning())
    const kwargs = { pk: 3 }
    expect(reverse('v1:item-detail', { kwargs, version: 'v2' })).toBe('/v1/items/3/')
    expect(kwargs).toEqual({ pk: 3 })
    expect(reverse('vitem-detail', { kwargs, version: 'v2' })).toBe('/path/v2/items/3/')
  })
})
