/**
 * The schemes and routing features DRF does not have: HeaderVersioning, vendor
 * media types on AcceptHeaderVersioning, CombinedVersioning, version formats
 * read through schemes, per-route versions and version-neutral routes. One small
 * Hono app per describe, driven with app.request(). Portable: Web APIs, hono
 * and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { AmbiguousVersion } from '../../src/errors.ts'
import { AcceptHeaderVersioning, BaseVersioning, CombinedVersioning, createReverse, defineRoutes, HeaderVersioning, include, NamespaceVersioning, NoReverseMatch, NotAcceptable, NotFound, QueryParameterVersioning, route, URLPathVersioning, versioned, versionNeutral } from '../../src/index.ts'
import { type CompiledRoute } from '../../src/routes/compile.ts'
import { dateVersions, semver } from '../../src/formats/index.ts'
import { appInStyle, MOUNT_STYLES, type MountStyle } from '../support/mount-styles.ts'
import { thrown } from '../support/thrown.ts'

const json = async (res: Response): Promise<unknown> => res.json()


const AMBIGUOUS = { detail: 'The request carries more than one API version.' }

function req(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { headers })
}

describe('HeaderVersioning, directly', () => {
  it('reads Api-Version by default, and Varies on it', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' })
    expect(scheme.kind).toBe('header')
    expect(scheme.header).toBe('Api-Version')
    expect(scheme.vary).toEqual(['Api-Version'])
    expect(scheme.invalidVersionMessage).toBe('Invalid version in "Api-Version" header.')
    expect(scheme.determineVersion(req('https://t/x', { 'Api-Version': '2' }))).toBe('2')
    expect(scheme.determineVersion(req('https://t/x', { 'api-version': '2' }))).toBe('2')
  })

  const scheme = new HeaderVersioning({ header: 'Accept-Version', allowedVersions: ['1', '2'], defaultVersion: '1' })

  it.each<[string, Record<string, string>, string]>([
    ['the header', { 'Accept-Version': '2' }, '2'],
    ['the header, any case', { 'accept-version': '2' }, '2'],
    ['spaces around the version', { 'Accept-Version': '  2 ' }, '2'],
    ['no header: the default', {}, '1'],
    ['a blank header: the default', { 'Accept-Version': '   ' }, '1'],
    ['an empty header: the default', { 'Accept-Version': '' }, '1'],
    ['the same version repeated', { 'Accept-Version': '2, 2' }, '2'],
    ['the Api-Version header is not read', { 'Api-Version': '2' }, '1'],
  ])('custom header: %s', (_case, headers, version) => {
    expect(scheme.determineVersion(req('https://t/x', headers))).toBe(version)
  })

  it('a version that is not allowed is a 404 naming the header', () => {
    const error = thrown(() => scheme.determineVersion(req('https://t/x', { 'Accept-Version': '3' })))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in "Accept-Version" header.', code: 'UnsupportedApiVersion' })
  })

  it.each([['1, 2'], ['2,1'], ['1, 1, 2']])('%s is ambiguous: a 400', (value) => {
    const error = thrown(() => scheme.determineVersion(req('https://t/x', { 'Accept-Version': value })))
    expect(error).toBeInstanceOf(AmbiguousVersion)
    expect(error).toMatchObject({ status: 400, detail: AMBIGUOUS.detail, code: 'AmbiguousApiVersion' })
  })

  it('repeated headers join into one value, and the same version twice is fine', () => {
    const headers = new Headers()
    headers.append('Api-Version', '2')
    headers.append('Api-Version', '2')
    expect(new HeaderVersioning().determineVersion({ url: 'https://t/x', headers })).toBe('2')
    headers.append('Api-Version', '1')
    expect(() => new HeaderVersioning().determineVersion({ url: 'https://t/x', headers })).toThrow(AmbiguousVersion)
  })

  it('without allowedVersions any version goes, and no header is null', () => {
    const open = new HeaderVersioning()
    expect(open.determineVersion(req('https://t/x', { 'Api-Version': 'anything' }))).toBe('anything')
    expect(open.determineVersion(req('https://t/x'))).toBeNull()
  })

  it.each<[string, unknown, string]>([
    ['a header name with a space', { header: 'Api Version' }, 'HeaderVersioning: header must be a header name such as "Api-Version", got "Api Version".'],
    ['an empty header name', { header: '' }, 'HeaderVersioning: header must be a header name such as "Api-Version", got "".'],
    ['a header name with a colon', { header: 'Api-Version:' }, 'HeaderVersioning: header must be a header name'],
    ['a header that is not a string', { header: 42 }, 'HeaderVersioning: header must be a header name such as "Api-Version", got 42.'],
    ['an unknown option', { headerName: 'X-Version' }, 'HeaderVersioning: unknown option "headerName"'],
  ])('refuses %s at construction', (_case, options, message) => {
    expect(() => new HeaderVersioning(options as never)).toThrow(message)
  })
})

describe('HeaderVersioning through apiVersioning and mountRoutes', () => {
  const routes = defineRoutes([route('item-list', '/items'), route('item-detail', '/items/:id{[0-9]+}')])

  function appWith(scheme: HeaderVersioning, style: MountStyle): Hono {
    const versioning = apiVersioning({ scheme, routes })
    const app = appInStyle(style, versioning)
    mountRoutes(app, versioning, {
      'item-detail': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }) }),
    })
    return app
  }

  const defaultName = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
  const custom = new HeaderVersioning({ header: 'Accept-Version', allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })

  for (const style of MOUNT_STYLES) describe(style, () => {
    const apps = { 'Api-Version': appWith(defaultName, style), 'Accept-Version': appWith(custom, style) }

    it.each<[string, 'Api-Version' | 'Accept-Version', Record<string, string>, number, unknown]>([
      ['default header', 'Api-Version', { 'Api-Version': 'v2' }, 200, { version: 'v2', self: 'http://api.test/items/7' }],
      ['default header, missing', 'Api-Version', {}, 200, { version: 'v1', self: 'http://api.test/items/7' }],
      ['default header, blank', 'Api-Version', { 'Api-Version': ' ' }, 200, { version: 'v1', self: 'http://api.test/items/7' }],
      ['default header, not allowed', 'Api-Version', { 'Api-Version': 'v9' }, 404, { detail: 'Invalid version in "Api-Version" header.' }],
      ['default header, two versions', 'Api-Version', { 'Api-Version': 'v1, v2' }, 400, AMBIGUOUS],
      ['default header, one version twice', 'Api-Version', { 'Api-Version': 'v2, v2' }, 200, { version: 'v2', self: 'http://api.test/items/7' }],
      ['custom header', 'Accept-Version', { 'Accept-Version': 'v2' }, 200, { version: 'v2', self: 'http://api.test/items/7' }],
      ['custom header, missing', 'Accept-Version', {}, 200, { version: 'v1', self: 'http://api.test/items/7' }],
      ['custom header, blank', 'Accept-Version', { 'Accept-Version': '' }, 200, { version: 'v1', self: 'http://api.test/items/7' }],
      ['custom header, Api-Version ignored', 'Accept-Version', { 'Api-Version': 'v2' }, 200, { version: 'v1', self: 'http://api.test/items/7' }],
      ['custom header, not allowed', 'Accept-Version', { 'Accept-Version': 'v9' }, 404, { detail: 'Invalid version in "Accept-Version" header.' }],
      ['custom header, two versions', 'Accept-Version', { 'Accept-Version': 'v1, v2' }, 400, AMBIGUOUS],
      ['custom header, one version twice', 'Accept-Version', { 'Accept-Version': 'v2, v2' }, 200, { version: 'v2', self: 'http://api.test/items/7' }],
    ])('%s', async (_case, header, headers, status, body) => {
      const res = await apps[header].request('http://api.test/items/7', { headers })
      expect(res.status).toBe(status)
      expect(res.headers.get('Content-Type')).toBe('application/json')
      expect(await json(res)).toEqual(body)
      expect(res.headers.get('Vary')).toBe(header)
    })
  })

  it('keeps a Vary the handler set, adding the header once', async () => {
    const versioning = apiVersioning({ scheme: custom, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      'item-list': (c) => {
        c.header('Vary', 'Origin, accept-version')
        return c.json({ version: c.var.version })
      },
      'item-detail': (c) => {
        c.header('Vary', 'Origin')
        return c.json({ version: c.var.version })
      },
    })
    expect((await app.request('http://t/items', { headers: { 'Accept-Version': 'v2' } })).headers.get('Vary')).toBe('Origin, accept-version')
    expect((await app.request('http://t/items/1')).headers.get('Vary')).toBe('Origin, Accept-Version')
  })

  it('leaves routes outside the table untouched: no version, no Vary, no rejection', async () => {
    const versioning = apiVersioning({ scheme: custom, routes })
    const app = new Hono()
    app.use('*', versioning)
    app.get('/other', (c) => c.json({ version: c.var.version ?? 'none' }))
    for (const version of ['v2', 'v3']) {
      const res = await app.request('http://t/other', { headers: { 'Accept-Version': version } })
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ version: 'none' })
      expect(res.headers.get('Vary')).toBeNull()
    }
  })
})

describe('AcceptHeaderVersioning with a vendor media type', () => {
  const vendorMediaType = 'application/vnd.acme.{version}+json'
  const scheme = new AcceptHeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1', vendorMediaType })

  it.each<[string, string | null, string]>([
    ['the vendor subtype', 'application/vnd.acme.v2+json', 'v2'],
    ['the vendor subtype, any case', 'Application/VND.Acme.V2+JSON', 'v2'],
    ['the vendor range among others', 'text/html, application/vnd.acme.v2+json, */*;q=0.1', 'v2'],
    ['the highest q wins', 'application/vnd.acme.v1+json;q=0.5, application/vnd.acme.v2+json;q=0.9', 'v2'],
    ['the highest q wins, whatever the order', 'application/vnd.acme.v2+json;q=0.9, application/vnd.acme.v1+json;q=0.5', 'v2'],
    ['q=0 is ignored', 'application/vnd.acme.v2+json;q=0, application/vnd.acme.v1+json;q=0.2', 'v1'],
    ['q=0 alone falls back to the version param', 'application/vnd.acme.v2+json;q=0, application/json; version=v2', 'v2'],
    ['no vendor range: the version param', 'application/json; version=v2', 'v2'],
    ['no vendor range and no param: the default', 'application/json', 'v1'],
    ['no Accept header: the default', null, 'v1'],
    ['another vendor: the default', 'application/vnd.other.v2+json, application/json', 'v1'],
    ['an empty version slot is no vendor range', 'application/vnd.acme.+json, application/json; version=v2', 'v2'],
  ])('%s', (_case, accept, version) => {
    expect(scheme.determineVersion(req('https://t/x', accept === null ? {} : { Accept: accept }))).toBe(version)
  })

  it.each<[string, string, string]>([
    ['a vendor version not allowed', 'application/vnd.acme.v9+json', 'Invalid version in "Accept" header.'],
    ['a vendor version not allowed, the highest q', 'application/vnd.acme.v1+json;q=0.1, application/vnd.acme.v9+json', 'Invalid version in "Accept" header.'],
    ['a param version not allowed', 'application/json; version=v9', 'Invalid version in "Accept" header.'],
    ['nothing acceptable', 'text/html', 'Could not satisfy the request Accept header.'],
  ])('%s is a 406', (_case, accept, detail) => {
    const error = thrown(() => scheme.determineVersion(req('https://t/x', { Accept: accept })))
    expect(error).toBeInstanceOf(NotAcceptable)
    expect(error).toMatchObject({ status: 406, detail })
  })

  it('through the middleware: the vendor version, a 406, Vary: Accept', async () => {
    const routes = defineRoutes([route('item-list', '/items')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'item-list': (c) => c.json({ version: c.var.version }) })
    const ok = await app.request('http://t/items', { headers: { Accept: 'application/vnd.acme.v2+json' } })
    expect(ok.status).toBe(200)
    expect(await json(ok)).toEqual({ version: 'v2' })
    expect(ok.headers.get('Vary')).toBe('Accept')
    const bad = await app.request('http://t/items', { headers: { Accept: 'application/vnd.acme.v3+json' } })
    expect(bad.status).toBe(406)
    expect(await json(bad)).toEqual({ detail: 'Invalid version in "Accept" header.' })
    expect(bad.headers.get('Vary')).toBe('Accept')
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an upper-case allowed version', { allowedVersions: ['V2'], vendorMediaType }, 'AcceptHeaderVersioning: with vendorMediaType, each allowed version must be lower-case media-type text such as "v2" (media types are case-insensitive), got "V2".'],
    ['an allowed version with a space', { allowedVersions: ['v 2'], vendorMediaType }, 'AcceptHeaderVersioning: with vendorMediaType, each allowed version must be lower-case media-type text'],
    ['a template without {version}', { vendorMediaType: 'application/vnd.acme+json' }, 'AcceptHeaderVersioning: vendorMediaType must be a media type with one "{version}" in its subtype, such as "application/vnd.acme.{version}+json".'],
    ['a template with {version} twice', { vendorMediaType: 'application/vnd.{version}.{version}+json' }, 'AcceptHeaderVersioning: vendorMediaType must be a media type with one "{version}" in its subtype'],
    ['{version} in the type', { vendorMediaType: '{version}/json' }, 'AcceptHeaderVersioning: vendorMediaType must be a media type with one "{version}" in its subtype'],
    ['a template with parameters', { vendorMediaType: 'application/vnd.acme.{version}+json; charset=utf-8' }, 'AcceptHeaderVersioning: vendorMediaType must be a media type with one "{version}" in its subtype and no parameters'],
  ])('refuses %s at construction', (_case, options, message) => {
    expect(() => new AcceptHeaderVersioning(options as never)).toThrow(message)
  })
})

describe('CombinedVersioning', () => {
  describe('header + query', () => {
    const scheme = new CombinedVersioning({
      schemes: [new HeaderVersioning(), new QueryParameterVersioning()],
      allowedVersions: ['v1', 'v2'],
      defaultVersion: 'v1',
    })
    const routes = defineRoutes([route('item-list', '/items'), route('item-detail', '/items/:id{[0-9]+}')])

    it('is a scheme of kind combined that Varies on the header', () => {
      expect(scheme.kind).toBe('combined')
      expect(scheme.vary).toEqual(['Api-Version'])
    })

    for (const style of MOUNT_STYLES) describe(style, () => {
      const versioning = apiVersioning({ scheme, routes })
      const app = appInStyle(style, versioning)
      mountRoutes(app, versioning, {
        'item-detail': (c) => c.json({ version: c.var.version, list: c.var.reverse('item-list') }),
      })

      it.each<[string, string, Record<string, string>, number, unknown]>([
        ['the header alone', '/items/1', { 'Api-Version': 'v2' }, 200, { version: 'v2', list: 'http://t/items' }],
        ['the query alone', '/items/1?version=v2', {}, 200, { version: 'v2', list: 'http://t/items' }],
        ['both, the same version', '/items/1?version=v2', { 'Api-Version': 'v2' }, 200, { version: 'v2', list: 'http://t/items' }],
        ['both, different versions', '/items/1?version=v1', { 'Api-Version': 'v2' }, 400, AMBIGUOUS],
        ['the header twice with different versions', '/items/1', { 'Api-Version': 'v1, v2' }, 400, AMBIGUOUS],
        ['none: the default', '/items/1', {}, 200, { version: 'v1', list: 'http://t/items' }],
        ['the query, not allowed', '/items/1?version=v9', {}, 404, { detail: 'Invalid version in query parameter.' }],
        ['the header, not allowed', '/items/1', { 'Api-Version': 'v9' }, 404, { detail: 'Invalid version in "Api-Version" header.' }],
        ['both, the same version not allowed', '/items/1?version=v9', { 'Api-Version': 'v9' }, 404, { detail: 'Invalid version in "Api-Version" header.' }],
      ])('%s', async (_case, path, headers, status, body) => {
        const res = await app.request(`http://t${path}`, { headers })
        expect(res.status).toBe(status)
        expect(await json(res)).toEqual(body)
        expect(res.headers.get('Vary')).toBe('Api-Version')
      })
    })
  })

  describe('query + URL path', () => {
    const scheme = new CombinedVersioning({
      schemes: [new QueryParameterVersioning(), new URLPathVersioning()],
      allowedVersions: ['v1', 'v2'],
      defaultVersion: 'v1',
    })
    const routes = defineRoutes([route('versioned', '/:version{v[0-9]+}/items'), route('plain', '/items')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      versioned: (c) => c.json({ version: c.var.version }),
      plain: (c) => c.json({ version: c.var.version, self: c.var.reverse('plain') }),
    })

    it('reads no header: no Vary', () => {
      expect(scheme.vary).toEqual([])
    })

    it.each<[string, string, number, unknown]>([
      ['the path alone', '/v2/items', 200, { version: 'v2' }],
      ['the query alone', '/items?version=v2', 200, { version: 'v2', self: 'http://t/items?version=v2' }],
      ['both, the same version', '/v2/items?version=v2', 200, { version: 'v2' }],
      ['both, different versions', '/v2/items?version=v1', 400, AMBIGUOUS],
      ['none: the default', '/items', 200, { version: 'v1', self: 'http://t/items?version=v1' }],
      ['the query, not allowed', '/items?version=v9', 404, { detail: 'Invalid version in query parameter.' }],
      ['the path, not allowed', '/v9/items', 404, { detail: 'Invalid version in URL path.' }],
    ])('%s', async (_case, path, status, body) => {
      const res = await app.request(`http://t${path}`)
      expect(res.status).toBe(status)
      expect(await json(res)).toEqual(body)
      expect(res.headers.get('Vary')).toBeNull()
    })
  })

  describe('Accept + header', () => {
    const scheme = new CombinedVersioning({
      schemes: [new AcceptHeaderVersioning(), new HeaderVersioning({ header: 'X-Version' })],
      allowedVersions: ['v1', 'v2'],
      defaultVersion: 'v1',
    })
    const routes = defineRoutes([route('item-list', '/items')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'item-list': (c) => c.json({ version: c.var.version }) })

    it('Varies on the union of the headers read', () => {
      expect(scheme.vary).toEqual(['Accept', 'X-Version'])
    })

    it.each<[string, Record<string, string>, number, unknown]>([
      ['the Accept version', { Accept: 'application/json; version=v2' }, 200, { version: 'v2' }],
      ['the header version', { 'X-Version': 'v2' }, 200, { version: 'v2' }],
      ['both, the same', { Accept: 'application/json; version=v2', 'X-Version': 'v2' }, 200, { version: 'v2' }],
      ['both, different', { Accept: 'application/json; version=v1', 'X-Version': 'v2' }, 400, AMBIGUOUS],
      ['none: the default', {}, 200, { version: 'v1' }],
      ['the Accept version, not allowed: 406', { Accept: 'application/json; version=v9' }, 406, { detail: 'Invalid version in "Accept" header.' }],
      ['the header version, not allowed: 404', { 'X-Version': 'v9' }, 404, { detail: 'Invalid version in "X-Version" header.' }],
    ])('%s', async (_case, headers, status, body) => {
      const res = await app.request('http://t/items', { headers })
      expect(res.status).toBe(status)
      expect(await json(res)).toEqual(body)
      expect(res.headers.get('Vary')).toBe('Accept, X-Version')
    })
  })

  it('without a default, no version anywhere is the first part’s rejection', () => {
    const scheme = new CombinedVersioning({ schemes: [new QueryParameterVersioning(), new HeaderVersioning()], allowedVersions: ['v1'] })
    const error = thrown(() => scheme.determineVersion(req('https://t/x')))
    expect(error).toBeInstanceOf(NotFound)
    expect(error).toMatchObject({ status: 404, detail: 'Invalid version in query parameter.' })
  })

  it('links are reversed the way the first scheme reverses them', async () => {
    const routes = defineRoutes([route('item-list', '/items')])
    const queryFirst = apiVersioning({
      scheme: new CombinedVersioning({ schemes: [new QueryParameterVersioning(), new HeaderVersioning()], allowedVersions: ['v1', 'v2'] }),
      routes,
    })
    const headerFirst = apiVersioning({
      scheme: new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], allowedVersions: ['v1', 'v2'] }),
      routes,
    })
    const a = new Hono()
    mountRoutes(a, queryFirst, { 'item-list': (c) => c.json({ self: c.var.reverse('item-list') }) })
    const b = new Hono()
    mountRoutes(b, headerFirst, { 'item-list': (c) => c.json({ self: c.var.reverse('item-list') }) })
    expect(await json(await a.request('http://t/items', { headers: { 'Api-Version': 'v2' } }))).toEqual({ self: 'http://t/items?version=v2' })
    expect(await json(await b.request('http://t/items?version=v2'))).toEqual({ self: 'http://t/items' })
    expect(await json(await b.request('http://t/items', { headers: { 'Api-Version': 'v2' } }))).toEqual({ self: 'http://t/items' })
  })

  it.each<[string, () => unknown, string]>([
    ['a part with defaultVersion', () => new CombinedVersioning({ schemes: [new HeaderVersioning({ defaultVersion: 'v1' }), new QueryParameterVersioning()] }), 'CombinedVersioning: give defaultVersion, allowedVersions and versionFormat to CombinedVersioning, not to its HeaderVersioning, so one rule applies to every scheme.'],
    ['a part with allowedVersions', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning({ allowedVersions: ['v1'] })] }), 'CombinedVersioning: give defaultVersion, allowedVersions and versionFormat to CombinedVersioning, not to its QueryParameterVersioning, so one rule applies to every scheme.'],
    ['a part with a versionFormat', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning({ allowedVersions: ['1.0.0'], versionFormat: semver() })] }), 'CombinedVersioning: give defaultVersion, allowedVersions and versionFormat to CombinedVersioning'],
    ['one scheme', () => new CombinedVersioning({ schemes: [new HeaderVersioning()] }), 'CombinedVersioning: schemes must list two or more schemes, such as [new HeaderVersioning(), new QueryParameterVersioning()].'],
    ['no schemes', () => new CombinedVersioning({ schemes: [] }), 'CombinedVersioning: schemes must list two or more schemes'],
    ['schemes missing', () => new CombinedVersioning({} as never), 'CombinedVersioning: schemes must list two or more schemes'],
    // Plain JavaScript can call it without options: the sentence, not a TypeError destructuring undefined.
    ['no options at all', () => new CombinedVersioning(undefined as never), 'CombinedVersioning: schemes must list two or more schemes'],
    ['a non-scheme', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), { determineVersion: () => 'v1' } as never] }), 'CombinedVersioning: schemes may hold only versioning schemes such as new HeaderVersioning().'],
    ['an unknown option', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], scheme: 1 } as never), 'CombinedVersioning: unknown option "scheme"'],
  ])('refuses %s at construction', (_case, build, message) => {
    expect(build).toThrow(message)
  })

  it('is a BaseVersioning, so it nests into apiVersioning', () => {
    const scheme = new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()] })
    expect(scheme).toBeInstanceOf(BaseVersioning)
    expect(scheme.determineVersion(req('https://t/x?version=anything'))).toBe('anything')
    expect(scheme.determineVersion(req('https://t/x'))).toBeNull()
  })
})

describe('semver() through the schemes', () => {
  const allowedVersions = ['1.0.0', '1.2.0', '2.0.0']

  describe('HeaderVersioning("Accept-Version")', () => {
    const scheme = new HeaderVersioning({ header: 'Accept-Version', allowedVersions, defaultVersion: '1.x', versionFormat: semver() })
    const routes = defineRoutes([route('item-list', '/items')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'item-list': (c) => c.json({ version: c.var.version, self: c.var.reverse('item-list') }) })

    it('the default is resolved at construction', () => {
      expect(scheme.defaultVersion).toBe('1.2.0')
    })

    it.each<[string, string | null, string]>([
      ['1.x', '1.x', '1.2.0'],
      ['^1', '^1', '1.2.0'],
      ['^1.1', '^1.1', '1.2.0'],
      ['~1.2', '~1.2', '1.2.0'],
      ['~1.0', '~1.0', '1.0.0'],
      ['2', '2', '2.0.0'],
      ['v2.x', 'v2.x', '2.0.0'],
      ['the exact 1.0.0', '1.0.0', '1.0.0'],
      ['*', '*', '2.0.0'],
      ['no header: the resolved default', null, '1.2.0'],
    ])('%s', async (_case, value, version) => {
      const res = await app.request('http://t/items', { headers: value === null ? {} : { 'Accept-Version': value } })
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ version, self: 'http://t/items' })
      expect(res.headers.get('Vary')).toBe('Accept-Version')
    })

    it.each([['3.x'], ['1.1.0'], ['^0.1'], ['not-a-version'], ['1.x.2']])('%s is a 404', async (value) => {
      const res = await app.request('http://t/items', { headers: { 'Accept-Version': value } })
      expect(res.status).toBe(404)
      expect(await json(res)).toEqual({ detail: 'Invalid version in "Accept-Version" header.' })
      expect(res.headers.get('Vary')).toBe('Accept-Version')
    })

    it('two ranges in one header are ambiguous, even when they resolve alike', async () => {
      const res = await app.request('http://t/items', { headers: { 'Accept-Version': '1.x, ^1.1' } })
      expect(res.status).toBe(400)
      expect(await json(res)).toEqual(AMBIGUOUS)
    })

    it('determineVersion, resolveVersion and isAllowedVersion', () => {
      expect(scheme.determineVersion(req('https://t/x', { 'Accept-Version': '1.x' }))).toBe('1.2.0')
      expect(scheme.resolveVersion('1.x')).toBe('1.2.0')
      expect(scheme.resolveVersion('1.2.0')).toBe('1.2.0')
      expect(scheme.resolveVersion('3.x')).toBeUndefined()
      expect(scheme.isAllowedVersion('1.x')).toBe(false)
      expect(scheme.isAllowedVersion('^1')).toBe(false)
      expect(scheme.isAllowedVersion('1.2.0')).toBe(true)
      expect(scheme.isAllowedVersion('1.5.0')).toBe(false)
    })
  })

  describe('QueryParameterVersioning', () => {
    const scheme = new QueryParameterVersioning({ allowedVersions, versionFormat: semver() })
    const routes = defineRoutes([route('item-list', '/items'), route('item-detail', '/items/:id{[0-9]+}')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    mountRoutes(app, versioning, {
      'item-detail': (c) => c.json({ version: c.var.version, list: c.var.reverse('item-list') }),
    })

    it.each<[string, string, string]>([
      ['1.x', '1.x', '1.2.0'],
      ['^1.1', '%5E1.1', '1.2.0'],
      ['~1.0', '~1.0', '1.0.0'],
      ['2', '2', '2.0.0'],
      ['the exact 1.0.0', '1.0.0', '1.0.0'],
    ])('%s: c.var.version and the link carry the resolved version', async (_case, query, version) => {
      const res = await app.request(`http://t/items/1?version=${query}`)
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ version, list: `http://t/items?version=${version}` })
    })

    it('3.x is a 404', async () => {
      const res = await app.request('http://t/items/1?version=3.x')
      expect(res.status).toBe(404)
      expect(await json(res)).toEqual({ detail: 'Invalid version in query parameter.' })
    })
  })

  describe('URLPathVersioning', () => {
    const scheme = new URLPathVersioning({ allowedVersions, versionFormat: semver() })
    const routes = defineRoutes([route('item-list', '/:version{[0-9x.^~]+}/items'), route('item-detail', '/:version{[0-9x.^~]+}/items/:id{[0-9]+}')])
    const versioning = apiVersioning({ scheme, routes })

    for (const style of MOUNT_STYLES) describe(style, () => {
      const app = appInStyle(style, versioning)
      mountRoutes(app, versioning, {
        'item-detail': (c) => c.json({ version: c.var.version, list: c.var.reverse('item-list'), self: c.var.reverse('item-detail', { kwargs: { id: 5 } }) }),
      })

      it.each<[string, string]>([
        ['1.x', '1.2.0'],
        ['1.2', '1.2.0'],
        ['~1.2', '1.2.0'],
        ['1', '1.2.0'],
        ['2.x', '2.0.0'],
        ['1.0.0', '1.0.0'],
      ])('/%s/items/5: the link has the resolved version', async (requested, version) => {
        const res = await app.request(`http://t/${requested}/items/5`)
        expect(res.status).toBe(200)
        expect(await json(res)).toEqual({ version, list: `http://t/${version}/items`, self: `http://t/${version}/items/5` })
      })

      it('3.x is a 404', async () => {
        const res = await app.request('http://t/3.x/items/5')
        expect(res.status).toBe(404)
        expect(await json(res)).toEqual({ detail: 'Invalid version in URL path.' })
      })
    })
  })
})

describe('dateVersions() through HeaderVersioning', () => {
  const allowedVersions = ['2025-01-01', '2026-06-15']
  const scheme = new HeaderVersioning({ allowedVersions, defaultVersion: '2025-01-01', versionFormat: dateVersions() })
  const routes = defineRoutes([route('item-list', '/items')])
  const versioning = apiVersioning({ scheme, routes })
  const app = new Hono()
  mountRoutes(app, versioning, { 'item-list': (c) => c.json({ version: c.var.version }) })

  it.each<[string, string | null, string]>([
    ['a later date: the latest release', '2026-11-01', '2026-06-15'],
    ['a date between releases: the earlier one', '2026-03-15', '2025-01-01'],
    ['the day of a release', '2026-06-15', '2026-06-15'],
    ['the day before a release', '2026-06-14', '2025-01-01'],
    ['the first release', '2025-01-01', '2025-01-01'],
    ['no header: the default', null, '2025-01-01'],
  ])('%s', async (_case, value, version) => {
    const res = await app.request('http://t/items', { headers: value === null ? {} : { 'Api-Version': value } })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ version })
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })

  it.each([['2024-12-31'], ['2025-02-30'], ['2026-6-15'], ['yesterday']])('%s is a 404', async (value) => {
    const res = await app.request('http://t/items', { headers: { 'Api-Version': value } })
    expect(res.status).toBe(404)
    expect(await json(res)).toEqual({ detail: 'Invalid version in "Api-Version" header.' })
  })

  it('a default between releases resolves at construction', () => {
    const between = new HeaderVersioning({ allowedVersions, defaultVersion: '2026-01-01', versionFormat: dateVersions() })
    expect(between.defaultVersion).toBe('2025-01-01')
    expect(between.determineVersion(req('https://t/x'))).toBe('2025-01-01')
  })

  it('isAllowedVersion stays exact', () => {
    expect(scheme.isAllowedVersion('2026-11-01')).toBe(false)
    expect(scheme.isAllowedVersion('2026-06-15')).toBe(true)
    expect(scheme.resolveVersion('2026-11-01')).toBe('2026-06-15')
    expect(scheme.resolveVersion('2024-12-31')).toBeUndefined()
  })

  it('a default resolving to no release stays as given, and is allowed (the spec always allows the default)', () => {
    const early = new HeaderVersioning({ allowedVersions, defaultVersion: '2024-01-01', versionFormat: dateVersions() })
    expect(early.defaultVersion).toBe('2024-01-01')
    expect(early.determineVersion(req('https://t/x'))).toBe('2024-01-01')
    expect(early.isAllowedVersion('2024-01-01')).toBe(true)
    expect(() => early.determineVersion(req('https://t/x', { 'Api-Version': '2024-06-01' }))).toThrow(NotFound)
    const range = new HeaderVersioning({ allowedVersions: ['1.0.0'], defaultVersion: '2.x', versionFormat: semver() })
    expect(range.defaultVersion).toBe('2.x')
    expect(range.determineVersion(req('https://t/x'))).toBe('2.x')
  })

  it.each<[string, () => unknown, string]>([
    ['dateVersions() without allowedVersions', () => new HeaderVersioning({ versionFormat: dateVersions() }), 'HeaderVersioning: allowedVersions must list at least one date such as "2026-11-01" when versionFormat is dateVersions().'],
    ['semver() without allowedVersions', () => new HeaderVersioning({ versionFormat: semver() }), 'HeaderVersioning: allowedVersions must list at least one semantic version such as "1.2.0" when versionFormat is semver().'],
    ['versionFormat with empty allowedVersions', () => new HeaderVersioning({ allowedVersions: [], versionFormat: semver() }), 'HeaderVersioning: allowedVersions must list at least one semantic version'],
    ['versionFormat with only null allowed', () => new QueryParameterVersioning({ allowedVersions: [null], versionFormat: semver() }), 'QueryParameterVersioning: allowedVersions must list at least one semantic version'],
    ['a release that is not a date', () => new HeaderVersioning({ allowedVersions: ['2025-01-01', 'v2'], versionFormat: dateVersions() }), 'HeaderVersioning: allowedVersions must be real calendar dates written YYYY-MM-DD'],
  ])('refuses %s at construction', (_case, build, message) => {
    expect(build).toThrow(message)
  })
})

describe('CombinedVersioning with a versionFormat', () => {
  const scheme = new CombinedVersioning({
    schemes: [new HeaderVersioning({ header: 'Accept-Version' }), new QueryParameterVersioning()],
    allowedVersions: ['1.0.0', '1.2.0', '2.0.0'],
    defaultVersion: '1',
    versionFormat: semver(),
  })

  it.each<[string, string, Record<string, string>, string]>([
    ['the header range', 'https://t/x', { 'Accept-Version': '1.x' }, '1.2.0'],
    ['the query range', 'https://t/x?version=2', {}, '2.0.0'],
    ['none: the resolved default', 'https://t/x', {}, '1.2.0'],
  ])('%s', (_case, url, headers, version) => {
    expect(scheme.determineVersion(req(url, headers))).toBe(version)
  })

  it('different texts are ambiguous even when they resolve alike', () => {
    expect(() => scheme.determineVersion(req('https://t/x?version=1.2.0', { 'Accept-Version': '1.x' }))).toThrow(AmbiguousVersion)
  })

  it('a range resolving to nothing is the carrying part’s rejection', () => {
    expect(thrown(() => scheme.determineVersion(req('https://t/x?version=3.x')))).toMatchObject({ status: 404, detail: 'Invalid version in query parameter.' })
    expect(thrown(() => scheme.determineVersion(req('https://t/x', { 'Accept-Version': '3.x' })))).toMatchObject({
      status: 404,
      detail: 'Invalid version in "Accept-Version" header.',
    })
  })
})

describe('route versions in the table', () => {
  const versionsOf = (r: CompiledRoute | undefined): string[] | null => (r?.limit?.versions == null ? null : [...r.limit.versions])

  it('versioned() and versionNeutral() set the compiled limit; includes intersect', () => {
    const table = defineRoutes([
      versioned(['v2', 'v3'], include('/api', [versioned(['v1', 'v2'], route('a', '/a')), route('b', '/b'), versioned(['v3'], route('c', '/c'))])),
      versionNeutral(route('health', '/health')),
      route('open', '/open'),
    ])
    const byName = Object.fromEntries(table.routes.map((r) => [r.name, r]))
    expect(versionsOf(byName['a'])).toEqual(['v2'])
    expect(versionsOf(byName['b'])).toEqual(['v2', 'v3'])
    expect(versionsOf(byName['c'])).toEqual(['v3'])
    expect(byName['a']?.limit?.neutral).toBe(false)
    expect(byName['health']?.limit?.versions).toBeNull()
    expect(byName['health']?.limit?.neutral).toBe(true)
    expect(byName['open']?.limit).toBeNull()
  })

  it('the wrappers keep the route as declared otherwise', () => {
    const table = defineRoutes([versioned(['v1'], route('user-detail', '/users/:pk{[0-9]+}', { formats: ['json'] }))])
    expect(table.reverseUnchecked('user-detail', { kwargs: { pk: 3 }, format: 'json', version: 'v1' })).toBe('/users/3.json')
    expect(table.resolve('/users/3.json')).toMatchObject({ name: 'user-detail', params: { pk: '3', format: 'json' } })
  })

  it('nested includes intersect all the way down', () => {
    const table = defineRoutes([versioned(['v1', 'v2'], include('/x', [versioned(['v2', 'v3', 'v4'], include('/y', [versioned(['v2', 'v3'], route('a', '/a'))]))]))])
    expect(versionsOf(table.routes[0])).toEqual(['v2'])
  })

  it('one route wrapped twice: the limits intersect too', () => {
    const table = defineRoutes([versioned(['v1', 'v2'], versioned(['v2', 'v3'], route('a', '/a')))])
    expect(versionsOf(table.routes[0])).toEqual(['v2'])
  })

  it('an include can make its routes version-neutral', () => {
    const table = defineRoutes([versionNeutral(include('/meta', [route('health', '/health'), versionNeutral(route('ready', '/ready'))]))])
    expect(table.routes.map((r) => r.limit?.neutral)).toEqual([true, true])
  })

  it.each<[string, () => unknown, string]>([
    ['an empty intersection', () => defineRoutes([versioned(['v1'], include('/api', [versioned(['v2'], route('a', '/a'))]))]), 'defineRoutes: route "a": its versions (v2) share none with those of its include (v1).'],
    ['an empty intersection of nested includes', () => defineRoutes([versioned(['v1'], include('/api', [versioned(['v2'], include('/x', [route('a', '/a')]))]))]), 'defineRoutes: include("/x"): its versions (v2) share none with those of its include (v1).'],
    ['a neutral route in a versioned include', () => defineRoutes([versioned(['v1'], include('/api', [versionNeutral(route('a', '/a'))]))]), 'defineRoutes: route "a": a route cannot be version-neutral and limited to versions; drop one of the two.'],
    ['a versioned route in a neutral include', () => defineRoutes([versionNeutral(include('/api', [versioned(['v1'], route('a', '/a'))]))]), 'defineRoutes: route "a": a route cannot be version-neutral and limited to versions; drop one of the two.'],
    ['a neutral route wrapped in versioned()', () => defineRoutes([versioned(['v1'], versionNeutral(route('a', '/a')))]), 'a route cannot be version-neutral and limited to versions; drop one of the two.'],
    ['a versioned route wrapped in versionNeutral()', () => defineRoutes([versionNeutral(versioned(['v1'], route('a', '/a')))]), 'a route cannot be version-neutral and limited to versions; drop one of the two.'],
    ['empty versions', () => versioned([], route('a', '/a')), 'versioned: versions must be a non-empty list of version strings such as ["v1", "v2"].'],
    ['an empty version string', () => versioned([''], route('a', '/a')), 'versioned: versions must be a non-empty list of version strings such as ["v1", "v2"].'],
    ['versions that are not a list', () => versioned('v1' as never, route('a', '/a')), 'versioned: versions must be a non-empty list of version strings such as ["v1", "v2"].'],
    // Plain JavaScript: a misspelt option was ignored, and a missing route threw a TypeError reading its limit.
    ['a misspelt versioned() option', () => versioned(['v1'], route('a', '/a'), { absnet: 'not-found' } as never), 'versioned: unknown option "absnet" (did you mean "absent"?); the only option is absent.'],
    ['versioned() of nothing', () => versioned(['v1'], undefined as never), "versioned: wrap a route(...) or an include(...), such as versioned(['v2'], route('health', '/health'))."],
    ['versionNeutral() of nothing', () => versionNeutral(null as never), "versionNeutral: wrap a route(...) or an include(...), such as versionNeutral(route('health', '/health'))."],
  ])('refuses %s', (_case, build, message) => {
    expect(build).toThrow(message)
  })

  it('reverse refuses a route absent from the version, trying other routes of the name', () => {
    const table = defineRoutes([
      versioned(['v1'], route('items', '/v1/items')),
      versioned(['v2'], route('items', '/v2/items')),
      versioned(['v2'], route('search', '/search')),
      route('home', '/'),
    ])
    expect(table.reverseUnchecked('items', { version: 'v1' })).toBe('/v1/items')
    expect(table.reverseUnchecked('items', { version: 'v2' })).toBe('/v2/items')
    expect(table.reverseUnchecked('home', { version: 'v1' })).toBe('/')
    expect(table.reverseUnchecked('search', { version: 'v2' })).toBe('/search')
    expect(table.reverseUnchecked('search')).toBe('/search')
    const error = thrown(() => table.reverseUnchecked('search', { version: 'v1' }))
    expect(error).toBeInstanceOf(NoReverseMatch)
    expect((error as NoReverseMatch).reason).toBe('the route does not exist in version "v1" (its versions are v2).')
    expect(() => table.reverseUnchecked('items', { version: 'v3' })).toThrow(NoReverseMatch)
  })

  it('a version the route does not exist in is escaped and cut in the reason (a CR LF, a control character, 1 MiB)', () => {
    const table = defineRoutes([versioned(['v2'], route('search', '/search'))])
    const error = thrown(() => table.reverseUnchecked('search', { version: `v\r\n\u007f${'9'.repeat(2 ** 20)}` }))
    expect(error).toBeInstanceOf(NoReverseMatch)
    expect((error as NoReverseMatch).reason).toBe(`the route does not exist in version "v\\r\\n\\u007f${'9'.repeat(67)}… (its versions are v2).`)
  })

  it('defineRoutes(...).reverse takes the version too', () => {
    const table = defineRoutes([versioned(['v2'], route('search', '/search')), versioned(['v1', 'v2'], route('items', '/items'))])
    expect(table.reverse('search', { version: 'v2' })).toBe('/search')
    expect(table.reverse('items', { version: 'v1' })).toBe('/items')
    const error = thrown(() => table.reverse('search', { version: 'v1' }))
    expect(error).toBeInstanceOf(NoReverseMatch)
    expect((error as NoReverseMatch).reason).toBe('the route does not exist in version "v1" (its versions are v2).')
  })

  it('the versioned reverse refuses it too', () => {
    const table = defineRoutes([versioned(['v2'], route('search', '/search'))])
    const reverse = createReverse(table, new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'] }))
    expect(reverse('search', { version: 'v2' })).toBe('/search?version=v2')
    const error = thrown(() => reverse('search', { version: 'v1' }))
    expect(error).toBeInstanceOf(NoReverseMatch)
    expect((error as NoReverseMatch).reason).toBe('the route does not exist in version "v1" (its versions are v2).')
  })
})

describe('per-route versions through apiVersioning and mountRoutes', () => {
  const schemes = {
    query: { scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), status: 404, detail: 'Invalid version in query parameter.' },
    header: { scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), status: 404, detail: 'Invalid version in "Api-Version" header.' },
    accept: { scheme: new AcceptHeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), status: 406, detail: 'Invalid version in "Accept" header.' },
  }
  type Kind = keyof typeof schemes

  /** How each scheme carries a version on a request to `path`. */
  function request(kind: Kind, path: string, version: string | null): [string, RequestInit] {
    if (version === null) return [`http://t${path}`, {}]
    if (kind === 'query') return [`http://t${path}?version=${version}`, {}]
    if (kind === 'header') return [`http://t${path}`, { headers: { 'Api-Version': version } }]
    return [`http://t${path}`, { headers: { Accept: `application/json; version=${version}` } }]
  }

  function appFor(kind: Kind, style: MountStyle): Hono {
    const routes = defineRoutes([
      versioned(['v1'], route('items-v1', '/items')),
      versioned(['v2'], route('items-v2', '/items')),
      versioned(['v2'], route('search', '/search')),
      route('home', '/home'),
      versionNeutral(route('health', '/health')),
    ])
    const versioning = apiVersioning({ scheme: schemes[kind].scheme, routes })
    const app = appInStyle(style, versioning)
    mountRoutes(app, versioning, {
      'items-v1': (c) => c.json({ handler: 'items-v1', version: c.var.version }),
      'items-v2': (c) => c.json({ handler: 'items-v2', version: c.var.version }),
      search: (c) => c.json({ handler: 'search', version: c.var.version }),
      home: (c) => {
        let search: string
        try {
          search = c.var.reverse('search')
        } catch (error) {
          search = error instanceof NoReverseMatch ? `refused: ${error.reason}` : 'other error'
        }
        return c.json({ handler: 'home', version: c.var.version, search })
      },
      health: (c) => c.json({ handler: 'health', version: c.var.version }),
    })
    return app
  }

  const cases = (['query', 'header', 'accept'] as const).flatMap((kind) => MOUNT_STYLES.map((style) => [`${kind}, ${style}`, kind, style] as [string, Kind, MountStyle]))

  for (const [name, kind, style] of cases) describe(name, () => {
    const app = appFor(kind, style)
    const { status, detail } = schemes[kind]
    const get = async (path: string, version: string | null): Promise<Response> => app.request(...request(kind, path, version))

    it('two routes with one path: each version reaches its own handler', async () => {
      const v1 = await get('/items', 'v1')
      expect(v1.status).toBe(200)
      expect(await json(v1)).toEqual({ handler: 'items-v1', version: 'v1' })
      const v2 = await get('/items', 'v2')
      expect(v2.status).toBe(200)
      expect(await json(v2)).toEqual({ handler: 'items-v2', version: 'v2' })
      expect(await json(await get('/items', null))).toEqual({ handler: 'items-v1', version: 'v1' })
    })

    it("a route limited to v2, requested with v1: the scheme's rejection", async () => {
      const ok = await get('/search', 'v2')
      expect(ok.status).toBe(200)
      expect(await json(ok)).toEqual({ handler: 'search', version: 'v2' })
      for (const version of ['v1', null]) {
        const res = await get('/search', version)
        expect(res.status).toBe(status)
        expect(await json(res)).toEqual({ detail })
        expect(res.headers.get('Vary')).toBe(kind === 'query' ? null : kind === 'header' ? 'Api-Version' : 'Accept')
      }
    })

    it('a version the scheme does not allow is still its rejection', async () => {
      const res = await get('/items', 'v9')
      expect(res.status).toBe(status)
      expect(await json(res)).toEqual({ detail })
    })

    it('a version-neutral route answers any version, or none, and never rejects', async () => {
      for (const [version, seen] of [
        [null, 'v1'],
        ['v2', 'v2'],
        ['v9', null],
      ] as const) {
        const res = await get('/health', version)
        expect(res.status).toBe(200)
        expect(await json(res)).toEqual({ handler: 'health', version: seen })
      }
    })

    it('reverse refuses a route absent from the current version', async () => {
      const v1 = await json(await get('/home', 'v1'))
      expect(v1).toEqual({ handler: 'home', version: 'v1', search: 'refused: the route does not exist in version "v1" (its versions are v2).' })
      const v2 = (await json(await get('/home', 'v2'))) as { search: string }
      expect(v2.search).toBe(kind === 'query' ? 'http://t/search?version=v2' : 'http://t/search')
    })
  })

  it('a version-neutral route without a default: c.var.version is null for no version and for a rejected one', async () => {
    const routes = defineRoutes([versionNeutral(route('health', '/health')), route('items', '/items')])
    for (const scheme of [new HeaderVersioning({ allowedVersions: ['v1'] }), new AcceptHeaderVersioning({ allowedVersions: ['v1'] }), new URLPathVersioning({ allowedVersions: ['v1'] })]) {
      const versioning = apiVersioning({ scheme, routes })
      const app = new Hono()
      app.use('*', versioning)
      mountRoutes(app, versioning, { health: (c) => c.json({ version: c.var.version }), items: (c) => c.json({ version: c.var.version }) })
      expect(await json(await app.request('http://t/health'))).toEqual({ version: null })
      expect(await json(await app.request('http://t/health', { headers: { 'Api-Version': 'v7', Accept: 'text/html' } }))).toEqual({ version: null })
      expect((await app.request('http://t/items')).status).not.toBe(200)
    }
  })

  it('URL path: per-route versions and neutral routes', async () => {
    const routes = defineRoutes([
      include('/:version{v[0-9]+}', [
        versioned(['v1'], route('items-v1', '/items')),
        versioned(['v2'], route('items-v2', '/items')),
        versioned(['v2'], route('search', '/search')),
        versionNeutral(route('health', '/health')),
      ]),
    ])
    const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
    for (const style of MOUNT_STYLES) {
      const app = appInStyle(style, versioning)
      mountRoutes(app, versioning, {
        'items-v1': (c) => c.json({ handler: 'items-v1', version: c.var.version }),
        'items-v2': (c) => c.json({ handler: 'items-v2', version: c.var.version, search: c.var.reverse('search') }),
        search: (c) => c.json({ handler: 'search' }),
        health: (c) => c.json({ handler: 'health', version: c.var.version }),
      })
      expect(await json(await app.request('http://t/v1/items'))).toEqual({ handler: 'items-v1', version: 'v1' })
      expect(await json(await app.request('http://t/v2/items'))).toEqual({ handler: 'items-v2', version: 'v2', search: 'http://t/v2/search' })
      const refused = await app.request('http://t/v1/search')
      expect(refused.status).toBe(404)
      expect(await json(refused)).toEqual({ detail: 'Invalid version in URL path.' })
      expect(await json(await app.request('http://t/v2/health'))).toEqual({ handler: 'health', version: 'v2' })
      const neutral = await app.request('http://t/v9/health')
      expect(neutral.status).toBe(200)
      expect(await json(neutral)).toEqual({ handler: 'health', version: null })
    }
  })

  it.each<[string, () => unknown, string]>([
    [
      'a route listing a version the scheme does not allow',
      () => apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'] }), routes: defineRoutes([versioned(['v3'], route('a', '/a'))]) }),
      'apiVersioning: route "a" is versioned in "v3", which the scheme does not allow; allowed: v1, v2.',
    ],
    [
      'a range where a released version is expected',
      () => apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1.0.0', '2.0.0'], versionFormat: semver() }), routes: defineRoutes([versioned(['1.x'], route('a', '/a'))]) }),
      'apiVersioning: route "a" is versioned in "1.x", which the scheme does not allow; allowed: 1.0.0, 2.0.0.',
    ],
  ])('refuses %s at construction', (_case, build, message) => {
    expect(build).toThrow(message)
  })

  it('CombinedVersioning: each version reaches its route, and a route the version lacks is a 404 with its message', async () => {
    const scheme = new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
    const routes = defineRoutes([versioned(['v1'], route('items-v1', '/items')), versioned(['v2'], route('items-v2', '/items')), versioned(['v2'], route('search', '/search'))])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    mountRoutes(app, versioning, {
      'items-v1': (c) => c.json({ handler: 'items-v1' }),
      'items-v2': (c) => c.json({ handler: 'items-v2' }),
      search: (c) => c.json({ handler: 'search' }),
    })
    expect(await json(await app.request('http://t/items?version=v2'))).toEqual({ handler: 'items-v2' })
    expect(await json(await app.request('http://t/items', { headers: { 'Api-Version': 'v1' } }))).toEqual({ handler: 'items-v1' })
    const refused = await app.request('http://t/search', { headers: { 'Api-Version': 'v1' } })
    expect(refused.status).toBe(404)
    expect(await json(refused)).toEqual({ detail: scheme.invalidVersionMessage })
    expect(scheme.invalidVersionMessage).toBe('Invalid version.')
    expect(refused.headers.get('Vary')).toBe('Api-Version')
  })

  it('a scheme without allowedVersions takes any route version', () => {
    expect(() => apiVersioning({ scheme: new HeaderVersioning(), routes: defineRoutes([versioned(['anything'], route('a', '/a'))]) })).not.toThrow()
  })
})

describe('CombinedVersioning: parts that cannot follow the combined rules are refused', () => {
  it('NamespaceVersioning', () => {
    expect(() => new CombinedVersioning({ schemes: [new NamespaceVersioning(), new QueryParameterVersioning()], allowedVersions: ['v1'] })).toThrow(
      'CombinedVersioning: NamespaceVersioning cannot be combined: it tells versions from other namespaces only by its own allowedVersions.',
    )
  })

  it('a vendor media type with upper-case combined versions', () => {
    const vendor = new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.acme.{version}+json' })
    expect(() => new CombinedVersioning({ schemes: [vendor, new QueryParameterVersioning()], allowedVersions: ['V2'] })).toThrow(
      'CombinedVersioning: with vendorMediaType, each allowed version must be lower-case media-type text such as "v2" (media types are case-insensitive), got "V2".',
    )
    const ok = new CombinedVersioning({ schemes: [vendor, new QueryParameterVersioning()], allowedVersions: ['v2'] })
    expect(ok.determineVersion(new Request('https://api.example/', { headers: { Accept: 'application/vnd.acme.V2+json' } }))).toBe('v2')
  })
})
