/**
 * The behaviours of Django REST framework's own tests/test_versioning.py,
 * written afresh as tables: request version, URL reversing, invalid version,
 * allowed-and-default combinations, hyperlinks under nested namespaces.
 */
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  createReverse,
  defineRoutes,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  VersioningError,
  type BaseVersioning,
  type VersioningOptions,
} from '../../src/index.ts'
import type { VersionMatch } from '../../src/schemes/base.ts'

type SchemeClass = new (options?: VersioningOptions) => BaseVersioning

interface ViewResult {
  readonly status: number
  readonly data: Readonly<Record<string, unknown>>
}

/** DRF's APIView.initial: determine the version, or answer with the rejection. */
function view(Scheme: SchemeClass | null, request: Request, match?: VersionMatch, options?: VersioningOptions): ViewResult {
  if (Scheme === null) return { status: 200, data: { version: null } }
  try {
    return { status: 200, data: { version: new Scheme(options).determineVersion(request, match) } }
  } catch (error) {
    if (error instanceof VersioningError) return { status: error.status, data: { detail: error.detail } }
    throw error
  }
}

/** The factory's request: host "testserver" unless a Host is given, as Django's test client. */
function factoryGet(path: string, { host = 'testserver', accept }: { host?: string; accept?: string } = {}): Request {
  return new Request(`http://${host}${path}`, accept === undefined ? {} : { headers: { accept } })
}

describe('TestRequestVersion', () => {
  it('unversioned view: version is null', () => {
    expect(view(null, factoryGet('/endpoint/')).data).toEqual({ version: null })
  })

  it.each<[string, SchemeClass, Request, VersionMatch | undefined, string | null]>([
    ['query param, versioned', QueryParameterVersioning, factoryGet('/endpoint/?version=1.2.3'), undefined, '1.2.3'],
    ['query param, unversioned', QueryParameterVersioning, factoryGet('/endpoint/'), undefined, null],
    ['host name, versioned', HostNameVersioning, factoryGet('/endpoint/', { host: 'v1.example.org' }), undefined, 'v1'],
    ['host name, unversioned', HostNameVersioning, factoryGet('/endpoint/'), undefined, null],
    ['accept header, versioned', AcceptHeaderVersioning, factoryGet('/endpoint/', { accept: 'application/json; version=1.2.3' }), undefined, '1.2.3'],
    ['accept header, wildcard range', AcceptHeaderVersioning, factoryGet('/endpoint/', { accept: '*/*; version=1.2.3' }), undefined, '1.2.3'],
    ['accept header, unversioned', AcceptHeaderVersioning, factoryGet('/endpoint/', { accept: 'application/json' }), undefined, null],
    ['url path, versioned', URLPathVersioning, factoryGet('/1.2.3/endpoint/'), { params: { version: '1.2.3' } }, '1.2.3'],
    ['url path, unversioned', URLPathVersioning, factoryGet('/endpoint/'), { params: {} }, null],
    ['namespace, versioned', NamespaceVersioning, factoryGet('/v1/endpoint/'), { namespace: 'v1', params: { version: 'v1' } }, 'v1'],
    ['namespace, unversioned', NamespaceVersioning, factoryGet('/endpoint/'), undefined, null],
  ])('%s', (_name, Scheme, request, match, version) => {
    expect(view(Scheme, request, match)).toEqual({ status: 200, data: { version } })
  })
})

describe('TestURLReversing', () => {
  const urlpatterns = defineRoutes([
    include('/v1', [route('another', '/namespaced/'), route('example-detail', '/example/:pk{[0-9]+}/')], { namespace: 'v1' }),
    route('another', '/another/'),
    route('another', '/:version{v1|v2}/another/'),
  ])

  /** DRF's ReverseView: `reverse('another', request=request)` with the view's scheme. */
  function reverseView(Scheme: SchemeClass | null, request: Request, match?: VersionMatch): string {
    const scheme = Scheme === null ? undefined : new Scheme()
    const version = scheme === undefined ? null : scheme.determineVersion(request, match)
    return createReverse(urlpatterns, scheme)('another', { request, version })
  }

  it.each<[string, SchemeClass | null, Request, VersionMatch | undefined, string]>([
    ['unversioned', null, factoryGet('/endpoint/'), undefined, 'http://testserver/another/'],
    ['query param, versioned', QueryParameterVersioning, factoryGet('/endpoint/?version=v1'), undefined, 'http://testserver/another/?version=v1'],
    ['query param, unversioned', QueryParameterVersioning, factoryGet('/endpoint/'), undefined, 'http://testserver/another/'],
    ['host name, versioned', HostNameVersioning, factoryGet('/endpoint/', { host: 'v1.example.org' }), undefined, 'http://v1.example.org/another/'],
    ['host name, unversioned', HostNameVersioning, factoryGet('/endpoint/'), undefined, 'http://testserver/another/'],
    ['url path, versioned', URLPathVersioning, factoryGet('/v1/endpoint/'), { params: { version: 'v1' } }, 'http://testserver/v1/another/'],
    ['url path, unversioned', URLPathVersioning, factoryGet('/endpoint/'), undefined, 'http://testserver/another/'],
    ['namespace, versioned', NamespaceVersioning, factoryGet('/v1/endpoint/'), { namespace: 'v1' }, 'http://testserver/v1/namespaced/'],
    ['namespace, unversioned', NamespaceVersioning, factoryGet('/endpoint/'), undefined, 'http://testserver/another/'],
  ])('%s', (_name, Scheme, request, match, url) => {
    expect(reverseView(Scheme, request, match)).toBe(url)
  })
})

describe('TestInvalidVersion (allowed versions v1, v2)', () => {
  const allowed = { allowedVersions: ['v1', 'v2'] }

  it.each<[string, SchemeClass, Request, VersionMatch | undefined, number]>([
    ['query param', QueryParameterVersioning, factoryGet('/endpoint/?version=v3'), undefined, 404],
    ['host name', HostNameVersioning, factoryGet('/endpoint/', { host: 'v3.example.org' }), undefined, 404],
    ['accept header', AcceptHeaderVersioning, factoryGet('/endpoint/', { accept: 'application/json; version=v3' }), undefined, 406],
    ['url path', URLPathVersioning, factoryGet('/v3/endpoint/'), { params: { version: 'v3' } }, 404],
    ['namespace', NamespaceVersioning, factoryGet('/v3/endpoint/'), { namespace: 'v3' }, 404],
  ])('%s: v3 is %i', (_name, Scheme, request, match, status) => {
    expect(view(Scheme, request, match, allowed).status).toBe(status)
  })
})

describe('TestAllowedAndDefaultVersion (accept header)', () => {
  it.each<[string, VersioningOptions, string, ViewResult]>([
    ['missing without default', { allowedVersions: ['v1', 'v2'] }, 'application/json', { status: 406, data: { detail: 'Invalid version in "Accept" header.' } }],
    ['missing with default', { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }, 'application/json', { status: 200, data: { version: 'v2' } }],
    ['with default', { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }, 'application/json; version=v2', { status: 200, data: { version: 'v2' } }],
    ['missing without default but null allowed', { allowedVersions: ['v1', 'v2', null] }, 'application/json', { status: 200, data: { version: null } }],
    ['missing with default and null allowed', { allowedVersions: ['v1', 'v2', null], defaultVersion: 'v2' }, 'application/json', { status: 200, data: { version: 'v2' } }],
  ])('%s', (_name, options, acceptHeader, result) => {
    expect(view(AcceptHeaderVersioning, factoryGet('/endpoint/', { accept: acceptHeader }), undefined, options)).toEqual(result)
  })
})

describe('TestHyperlinkedRelatedField (bug 2489): a link resolves to the versioned view name', () => {
  const included = [route('namespaced', '/namespaced/:pk{[0-9]+}/')] as const
  const urlpatterns = defineRoutes([include('/v1', included, { namespace: 'v1' }), include('/v2', included, { namespace: 'v2' })])
  const expectedViewName = (version: string, name: string): string => `${version}:${name}`

  it.each([
    ['/v1/namespaced/3/', true],
    ['/v2/namespaced/3/', false],
  ] as const)('%s matches the v1 request: %s', (path, matches) => {
    const match = urlpatterns.resolve(path)
    expect(match?.params).toEqual({ pk: '3' })
    expect(match?.viewName === expectedViewName('v1', 'namespaced')).toBe(matches)
  })
})

describe('TestNamespaceVersioningHyperlinkedRelatedFieldScheme', () => {
  const nested = [route('nested', '/namespaced/:pk{[0-9]+}/')] as const
  const included = [
    route('namespaced', '/namespaced/:pk{[0-9]+}/'),
    include('/nested', nested, { namespace: 'nested-namespace' }),
  ] as const
  const urlpatterns = defineRoutes([
    include('/v1', included, { namespace: 'v1' }),
    include('/v2', included, { namespace: 'v2' }),
    route('non-api-view', '/non-api/:pk{[0-9]+}/'),
  ])
  const reverse = createReverse(urlpatterns, new NamespaceVersioning())
  const request = factoryGet('/')

  it.each([
    ['namespaced', 'v1', 3, 'http://testserver/v1/namespaced/3/'],
    ['namespaced', 'v2', 5, 'http://testserver/v2/namespaced/5/'],
    ['nested', 'v1:nested-namespace', 3, 'http://testserver/v1/nested/namespaced/3/'],
    ['non-api-view', 'v1', 10, 'http://testserver/non-api/10/'],
    ['non-api-view', 'v2', 10, 'http://testserver/non-api/10/'],
  ] as const)('%s with version %s', (name, version, pk, url) => {
    expect(reverse(name, { kwargs: { pk }, version, request })).toBe(url)
  })

  it('determines the version from a nested namespace', () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] })
    const match = urlpatterns.resolve('/v2/nested/namespaced/7/')
    expect(match).toMatchObject({ name: 'nested', namespace: 'v2:nested-namespace', viewName: 'v2:nested-namespace:nested' })
    expect(scheme.determineVersion(request, match)).toBe('v2')
  })
})
