/**
 * One test per numbered rule and per error-table row of
 * the specification (shared/spec/versioning-spec.md, beside this repository), in the spec's order.
 */
import { describe, expect, it } from 'vitest'
import { AcceptHeaderVersioning, BaseVersioning, createReverse, defineRoutes, HostNameVersioning, include, NamespaceVersioning, NoReverseMatch, NotAcceptable, NotFound, QueryParameterVersioning, route, URLPathVersioning, VersioningError } from '../../src/index.ts'
import { NotImplementedError } from '../../src/errors.ts'
import type { VersionMatch } from '../../src/schemes/base.ts'
import { HOSTNAME_REGEX } from '../../src/schemes/hostname-pattern.ts'
import { thrown } from '../support/thrown.ts'

const get = (url: string, headers: Record<string, string> = {}): Request => new Request(url, { headers })
const accept = (value: string): Request => get('http://testserver/endpoint/', { accept: value })

const routes = defineRoutes([
  route('plain', '/plain/'),
  route('detail', '/:version{v[0-9]+}/items/:pk{[0-9]+}/'),
  include('/v1', [route('plain', '/plain/'), route('item', '/items/:pk{[0-9]+}/')], { namespace: 'v1' }),
  include('/v2', [route('item', '/items/:pk{[0-9]+}/')], { namespace: 'v2' }),
])

describe('configuration attributes of every scheme', () => {
  const schemes = [AcceptHeaderVersioning, URLPathVersioning, NamespaceVersioning, HostNameVersioning, QueryParameterVersioning]

  it.each(schemes)('%o defaults: defaultVersion null, allowedVersions null, versionParam "version"', (Scheme) => {
    const scheme = new Scheme()
    expect(scheme.defaultVersion).toBeNull()
    expect(scheme.allowedVersions).toBeNull()
    expect(scheme.versionParam).toBe('version')
  })

  it.each(schemes)('%o takes the three settings', (Scheme) => {
    const scheme = new Scheme({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'], versionParam: 'api' })
    expect(scheme.defaultVersion).toBe('v1')
    expect(scheme.allowedVersions).toEqual(['v1', 'v2'])
    expect(scheme.versionParam).toBe('api')
  })

  it.each(schemes)('%o: an empty allowedVersions means every version is acceptable', (Scheme) => {
    const scheme = new Scheme({ allowedVersions: [] })
    expect(scheme.allowedVersions).toBeNull()
    expect(scheme.isAllowedVersion('anything')).toBe(true)
  })
})

describe('allowed-version check (is_allowed_version)', () => {
  it.each([
    // rule, allowedVersions, defaultVersion, version, result
    ['1: unset allows any value', null, null, 'v9', true],
    ['1: unset allows null', null, null, null, true],
    ['1: empty allows any value', [], 'v1', 'v9', true],
    ['2: the default is allowed though not listed', ['v1'], 'v2', 'v2', true],
    ['2: null equal to a null default is not allowed by rule 2', ['v1'], null, null, false],
    ['3: a member is allowed', ['v1', 'v2'], null, 'v2', true],
    ['3: null is allowed when listed', ['v1', null], null, null, true],
    ['4: otherwise not allowed', ['v1', 'v2'], 'v1', 'v3', false],
    ['4: matching is exact (case)', ['v1'], null, 'V1', false],
  ] as const)('rule %s', (_rule, allowedVersions, defaultVersion, version, expected) => {
    const scheme = new QueryParameterVersioning({ allowedVersions, defaultVersion })
    expect(scheme.isAllowedVersion(version)).toBe(expected)
  })
})

describe('default reversal (BaseVersioning.reverse)', () => {
  it('delegates unchanged to the plain reversal, with args, kwargs, request and format', () => {
    const base = new BaseVersioning()
    const request = get('https://api.example.com:8443/anything?x=1')
    expect(base.reverse(routes, 'v1:item', { kwargs: { pk: 3 }, request, version: 'v9' })).toBe(
      routes.reverse('v1:item', { kwargs: { pk: 3 }, request }),
    )
    expect(base.reverse(routes, 'v1:item', { args: [3] })).toBe('/v1/items/3/')
  })
})

describe('AcceptHeaderVersioning', () => {
  const scheme = new AcceptHeaderVersioning()

  it('1-2: the version is the media-type parameter named versionParam', () => {
    expect(scheme.determineVersion(accept('application/json; version=1.2.3'))).toBe('1.2.3')
    expect(new AcceptHeaderVersioning({ versionParam: 'v' }).determineVersion(accept('application/json; v=2'))).toBe('2')
  })

  it('2: when absent it is defaultVersion', () => {
    expect(scheme.determineVersion(accept('application/json'))).toBeNull()
    expect(new AcceptHeaderVersioning({ defaultVersion: '1.0' }).determineVersion(accept('application/json'))).toBe('1.0')
  })

  it('3: the value is text (quoted-string unescaped, case kept)', () => {
    expect(scheme.determineVersion(accept('application/json; version="2.0-Beta"'))).toBe('2.0-Beta')
    expect(scheme.determineVersion(accept('application/json; version="a\\"b"'))).toBe('a"b')
  })

  it('a parameter given twice in one range takes its last value, as DRF reads it (docs/schemes.md)', () => {
    expect(scheme.determineVersion(accept('application/json; version=1.0; version=2.0'))).toBe('2.0')
  })

  it('4: a version that is not allowed is rejected with the not-acceptable error', () => {
    const strict = new AcceptHeaderVersioning({ allowedVersions: ['1.0'] })
    const error = thrown(() => strict.determineVersion(accept('application/json; version=2.0')))
    expect(error).toBeInstanceOf(NotAcceptable)
    expect(error).toMatchObject({ status: 406, detail: 'Invalid version in "Accept" header.' })
  })

  it('5: the reversal is the default one', () => {
    const request = get('http://testserver/endpoint/')
    expect(scheme.reverse(routes, 'plain', { request, version: '2.0' })).toBe('http://testserver/plain/')
  })
})

describe('URLPathVersioning', () => {
  const scheme = new URLPathVersioning()
  const request = get('http://testserver/v1/items/3/')

  it('1: the version is the keyword argument named versionParam', () => {
    expect(scheme.determineVersion(request, routes.resolve('/v1/items/3/'))).toBe('v1')
    const custom = new URLPathVersioning({ versionParam: 'api' })
    expect(custom.determineVersion(request, { params: { api: 'v7' } })).toBe('v7')
  })

  it.each<[string, VersionMatch | null | undefined]>([
    ['no match', undefined],
    ['a null match', null],
    ['no params', {}],
    ['the param absent', { params: { pk: '3' } }],
    ['the param undefined', { params: { version: undefined } }],
    ['the param null', { params: { version: null } }],
  ])('1: with %s it is defaultVersion', (_case, match) => {
    expect(scheme.determineVersion(request, match)).toBeNull()
    expect(new URLPathVersioning({ defaultVersion: 'v1' }).determineVersion(request, match)).toBe('v1')
  })

  it('2: a version that is not allowed is rejected with the not-found error', () => {
    const strict = new URLPathVersioning({ allowedVersions: ['v1'] })
    const error = thrown(() => strict.determineVersion(request, { params: { version: 'v3' } }))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in URL path.' })
  })

  it('3: on reverse with a version, kwargs receive versionParam (created when none)', () => {
    expect(scheme.reverse(routes, 'detail', { kwargs: { pk: 3 }, version: 'v2' })).toBe('/v2/items/3/')
    expect(scheme.reverse(routes, 'detail', { kwargs: { pk: 3, version: 'v1' }, version: 'v2' })).toBe('/v2/items/3/')
    const noParams = defineRoutes([route('home', '/:version/')])
    expect(scheme.reverse(noParams, 'home', { version: 'v2' })).toBe('/v2/')
  })

  it('4: on reverse without a version, no entry is added', () => {
    expect(scheme.reverse(routes, 'detail', { kwargs: { pk: 3, version: 'v5' }, version: null })).toBe('/v5/items/3/')
    expect(() => scheme.reverse(routes, 'detail', { kwargs: { pk: 3 } })).toThrow(NoReverseMatch)
  })
})

describe('NamespaceVersioning', () => {
  const scheme = new NamespaceVersioning()
  const request = get('http://testserver/v1/items/3/')

  it.each<[string, VersionMatch | null | undefined]>([
    ['no resolver match', undefined],
    ['a null match', null],
    ['no namespace', { params: {} }],
    ['a null namespace', { namespace: null }],
    ['an empty namespace', { namespace: '' }],
  ])('1: with %s the version is defaultVersion, with no allowed check', (_case, match) => {
    const strict = new NamespaceVersioning({ allowedVersions: ['v1'], defaultVersion: 'v0' })
    expect(strict.determineVersion(request, match)).toBe('v0')
    expect(new NamespaceVersioning({ allowedVersions: ['v1'] }).determineVersion(request, match)).toBeNull()
  })

  it('2-3: the namespace splits on ":" and the first allowed component is the version', () => {
    expect(scheme.determineVersion(request, { namespace: 'v1' })).toBe('v1')
    expect(scheme.determineVersion(request, { namespace: 'api:v1' })).toBe('api')
    const strict = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] })
    expect(strict.determineVersion(request, { namespace: 'api:v2:users' })).toBe('v2')
    expect(strict.determineVersion(request, { namespace: 'v1:v2' })).toBe('v1')
    const withDefault = new NamespaceVersioning({ allowedVersions: ['v1'], defaultVersion: 'beta' })
    expect(withDefault.determineVersion(request, { namespace: 'api:beta' })).toBe('beta')
  })

  it('4: no qualifying component is rejected with the not-found error', () => {
    const strict = new NamespaceVersioning({ allowedVersions: ['v1'] })
    const error = thrown(() => strict.determineVersion(request, { namespace: 'api:v3' }))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in URL path. Does not match any version namespace.' })
  })

  it('5: on reverse with a version, the name becomes <version>:<name>', () => {
    expect(scheme.reverse(routes, 'item', { kwargs: { pk: 3 }, version: 'v2' })).toBe('/v2/items/3/')
  })

  it('6: on reverse without a version, the name is unchanged', () => {
    expect(scheme.reverse(routes, 'plain', { version: null })).toBe('/plain/')
    expect(scheme.reverse(routes, 'v1:plain')).toBe('/v1/plain/')
  })
})

describe('HostNameVersioning', () => {
  const scheme = new HostNameVersioning()

  it('has the spec pattern', () => {
    expect(HOSTNAME_REGEX.source).toBe('^([a-zA-Z0-9]+)\\.[a-zA-Z0-9]+\\.[a-zA-Z0-9]+$')
    expect(scheme.hostnameRegex).toBe(HOSTNAME_REGEX)
  })

  it('1: any port is removed', () => {
    expect(scheme.determineVersion(get('http://v1.example.org:8080/'))).toBe('v1')
  })

  it.each(['http://testserver/', 'http://example.org/', 'http://a.b.c.d/', 'http://v-1.example.org/', 'http://v_1.example.org/', 'http://127.0.0.1/', 'http://[::1]:8787/', 'http://v1.example.org./'])(
    '2-3: %s does not match: defaultVersion, with no allowed check',
    (url) => {
      expect(scheme.determineVersion(get(url))).toBeNull()
      expect(new HostNameVersioning({ allowedVersions: ['x'], defaultVersion: 'v0' }).determineVersion(get(url))).toBe('v0')
    },
  )

  it('4: when it matches, the version is the first label (of the lower-cased host)', () => {
    expect(scheme.determineVersion(get('http://v2.example.org/'))).toBe('v2')
    expect(scheme.determineVersion(get('http://V2.Example.ORG/'))).toBe('v2')
  })

  it('5: a matching host whose version is not allowed is rejected with the not-found error', () => {
    const strict = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] })
    const error = thrown(() => strict.determineVersion(get('http://v3.example.org/')))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in hostname.' })
  })

  it('6: the reversal is the default one, keeping the host', () => {
    const request = get('http://v1.example.org:8080/endpoint/')
    expect(scheme.reverse(routes, 'plain', { request, version: 'v1' })).toBe('http://v1.example.org:8080/plain/')
  })
})

describe('QueryParameterVersioning', () => {
  const scheme = new QueryParameterVersioning()

  it('1: the version is the query parameter named versionParam', () => {
    expect(scheme.determineVersion(get('http://testserver/endpoint/?version=1.2.3'))).toBe('1.2.3')
    expect(new QueryParameterVersioning({ versionParam: 'v' }).determineVersion(get('http://t/?v=2'))).toBe('2')
  })

  it('1: a versionParam with "&" or "=" in it is read as the decoded key it is', () => {
    const odd = new QueryParameterVersioning({ versionParam: 'x&y=z' })
    expect(odd.determineVersion(get('http://t/?x&y=z=v1'))).toBeNull()
    expect(odd.determineVersion(get('http://t/?x%26y%3Dz=v1'))).toBe('v1')
  })

  it('1: when absent it is defaultVersion', () => {
    expect(scheme.determineVersion(get('http://testserver/endpoint/'))).toBeNull()
    expect(new QueryParameterVersioning({ defaultVersion: '1.0' }).determineVersion(get('http://t/?other=2'))).toBe('1.0')
  })

  it('2: a version that is not allowed is rejected with the not-found error', () => {
    const strict = new QueryParameterVersioning({ allowedVersions: ['v1'] })
    const error = thrown(() => strict.determineVersion(get('http://t/?version=v3')))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in query parameter.' })
  })

  it('3-4: the default reversal runs first, then versionParam is set, replacing any value', () => {
    const request = get('https://api.example.com/endpoint/')
    expect(scheme.reverse(routes, 'plain', { request, version: 'v1' })).toBe('https://api.example.com/plain/?version=v1')
    const withQuery = defineRoutes([route('q', '/q/')])
    expect(scheme.reverse(withQuery, 'q', { version: 'v2' })).toBe('/q/?version=v2')
  })

  it('5: without a version the URL is the default reversal', () => {
    expect(scheme.reverse(routes, 'plain', { version: null })).toBe('/plain/')
  })
})

describe('error table', () => {
  it.each([
    ['AcceptHeaderVersioning', () => new AcceptHeaderVersioning({ allowedVersions: ['1'] }).determineVersion(accept('application/json; version=2')), NotAcceptable, 406, 'Invalid version in "Accept" header.'],
    ['URLPathVersioning', () => new URLPathVersioning({ allowedVersions: ['1'] }).determineVersion(get('http://t/2/'), { params: { version: '2' } }), NotFound, 404, 'Invalid version in URL path.'],
    ['NamespaceVersioning', () => new NamespaceVersioning({ allowedVersions: ['1'] }).determineVersion(get('http://t/2/'), { namespace: '2' }), NotFound, 404, 'Invalid version in URL path. Does not match any version namespace.'],
    ['HostNameVersioning', () => new HostNameVersioning({ allowedVersions: ['1'] }).determineVersion(get('http://2.example.org/')), NotFound, 404, 'Invalid version in hostname.'],
    ['QueryParameterVersioning', () => new QueryParameterVersioning({ allowedVersions: ['1'] }).determineVersion(get('http://t/?version=2')), NotFound, 404, 'Invalid version in query parameter.'],
  ] as const)('%s raises its kind with its message', (_name, call, Kind, status, message) => {
    const error = thrown(call)
    expect(error).toBeInstanceOf(Kind)
    expect(error).toBeInstanceOf(VersioningError)
    expect(error).toMatchObject({ status, detail: message, message, name: Kind.name })
  })

  it('each scheme exposes its message as invalidVersionMessage', () => {
    expect(new AcceptHeaderVersioning().invalidVersionMessage).toBe('Invalid version in "Accept" header.')
    expect(new URLPathVersioning().invalidVersionMessage).toBe('Invalid version in URL path.')
    expect(new NamespaceVersioning().invalidVersionMessage).toBe('Invalid version in URL path. Does not match any version namespace.')
    expect(new HostNameVersioning().invalidVersionMessage).toBe('Invalid version in hostname.')
    expect(new QueryParameterVersioning().invalidVersionMessage).toBe('Invalid version in query parameter.')
  })

  it('determineVersion on the base raises the implementation-missing error naming the class', () => {
    const error = thrown(() => new BaseVersioning().determineVersion(get('http://t/')))
    expect(error).toBeInstanceOf(NotImplementedError)
    expect((error as Error).message).toBe('BaseVersioning.determineVersion() must be implemented.')
  })

  it('determineVersion on a subclass that does not implement it names the subclass', () => {
    class HeaderVersioning extends BaseVersioning {}
    const error = thrown(() => new HeaderVersioning().determineVersion(get('http://t/')))
    expect(error).toBeInstanceOf(NotImplementedError)
    expect((error as Error).message).toBe('HeaderVersioning.determineVersion() must be implemented.')
  })

  it('a subclass that implements it is a working scheme', () => {
    class HeaderVersioning extends BaseVersioning {
      override determineVersion(request: Request): string | null {
        const version = request.headers.get('api-version') ?? this.defaultVersion
        if (!this.isAllowedVersion(version)) throw new NotFound('Invalid version in "Api-Version" header.')
        return version
      }
    }
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' })
    expect(scheme.determineVersion(get('http://t/', { 'api-version': '2' }))).toBe('2')
    expect(scheme.determineVersion(get('http://t/'))).toBe('1')
    expect(() => scheme.determineVersion(get('http://t/', { 'api-version': '3' }))).toThrow(NotFound)
    expect(createReverse(routes, scheme)('plain', { version: '2' })).toBe('/plain/')
  })
})
