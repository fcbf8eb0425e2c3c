import { replaceQueryParam } from '../../src/http/query.ts'
import { describe, expect, it } from 'vitest'
import { createReverse, defineRoutes, include, NamespaceVersioning, NoReverseMatch, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { joinPaths } from '../../src/routes/compile.ts'
import type { ReverseOptions } from '../../src/routes/types.ts'

const routes = defineRoutes([
  route('home', '/'),
  route('user-list', '/users', { formats: ['json', 'csv'] }),
  route('user-detail', '/users/:pk{[0-9]+}', { formats: true }),
  route('file', '/files/:path{.+}'),
  route('page', '/pages/:slug/'),
  route('search', '/search/:q?'),
  include('/api', [
    include('/v1', [route('user-detail', '/users/:pk{[0-9]+}/', { formats: true }), route('root', '/')], { namespace: 'v1' }),
  ], { namespace: 'api' }),
])

function reason(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(NoReverseMatch)
    return (error as NoReverseMatch).message
  }
  throw new Error('expected NoReverseMatch')
}

describe('joinPaths (as Hono app.route)', () => {
  it.each([
    ['/api', '/users', '/api/users'],
    ['/api/', '/users', '/api/users'],
    ['/api', '/', '/api'],
    ['/api/', '/', '/api/'],
    ['', '/users', '/users'],
    ['', '/', '/'],
  ])('%s + %s = %s', (base, sub, joined) => {
    expect(joinPaths(base, sub)).toBe(joined)
  })
})

describe('the table', () => {
  it('flattens includes: full paths, namespaces and namespaced names', () => {
    expect(routes.routes.map((r) => [r.viewName, r.namespace, r.path])).toEqual([
      ['home', null, '/'],
      ['user-list', null, '/users'],
      ['user-detail', null, '/users/:pk{[0-9]+}'],
      ['file', null, '/files/:path{.+}'],
      ['page', null, '/pages/:slug/'],
      ['search', null, '/search/:q?'],
      ['api:v1:user-detail', 'api:v1', '/api/v1/users/:pk{[0-9]+}/'],
      ['api:v1:root', 'api:v1', '/api/v1'],
    ])
  })

  it('lists the routes of a name in the order reversal tries them', () => {
    const table = defineRoutes([route('a', '/one'), route('a', '/two/:x'), route('b', '/three')])
    expect(table.routesNamed('a').map((r) => r.path)).toEqual(['/two/:x', '/one'])
    expect(table.routesNamed('zzz')).toEqual([])
  })
})

describe('resolve', () => {
  it.each([
    ['/', 'home', null, {}],
    ['/users', 'user-list', null, {}],
    ['/users.json', 'user-list', null, { format: 'json' }],
    ['/users/42', 'user-detail', null, { pk: '42' }],
    ['/users/42.json', 'user-detail', null, { pk: '42', format: 'json' }],
    ['/files/a/b/c.txt', 'file', null, { path: 'a/b/c.txt' }],
    ['/files/a%2Fb', 'file', null, { path: 'a/b' }],
    ['/pages/caf%C3%A9/', 'page', null, { slug: 'café' }],
    ['/pages/a%20b/', 'page', null, { slug: 'a b' }],
    ['/search', 'search', null, {}],
    ['/search/hono', 'search', null, { q: 'hono' }],
    ['/api/v1/users/7/', 'user-detail', 'api:v1', { pk: '7' }],
    ['/api/v1/users/7.api/', 'user-detail', 'api:v1', { pk: '7', format: 'api' }],
    ['/api/v1', 'root', 'api:v1', {}],
  ])('%s resolves to %s', (path, name, namespace, params) => {
    const match = routes.resolve(path)
    expect(match).not.toBeNull()
    expect(match?.name).toBe(name)
    expect(match?.namespace).toBe(namespace)
    expect({ ...match?.params }).toEqual(params)
  })

  // An encoded slash is a slash once decoded, as Django decodes a path before matching: [^/]+ refuses it.
  it.each(['/nope', '/users/abc', '/users/42/', '/users.xml', '/pages/x', '/api/v1/users/7', '/files/', '/pages/a%2Fb/', '/pages/a%2fb/'])('%s resolves to nothing', (path) => {
    expect(routes.resolve(path)).toBeNull()
  })

  it('decodes as Django decodes a path, never throwing: bytes that are not UTF-8 written again as %XX', () => {
    const table = defineRoutes([route('raw', '/raw/:x')])
    expect(table.resolve('/raw/100%')?.params).toEqual({ x: '100%' })
    expect(table.resolve('/raw/%E0%A4%A')?.params).toEqual({ x: '%E0%A4%A' })
    expect(table.resolve('/raw/a%ffb%41%C3%A9')?.params).toEqual({ x: 'a%FFbAé' })
    // Hono kept a run of escapes that is not UTF-8 as written (%62%B8); Django decodes what it can.
    expect(table.resolve('/raw/%62%B8')?.params).toEqual({ x: 'b%B8' })
    expect(table.resolve('/raw/%2541%FF')?.params).toEqual({ x: '%41%FF' })
    expect(table.resolve('/raw/%F0%9F%98%80%F0%9F')?.params).toEqual({ x: '😀%F0%9F' })
    expect(table.resolve('/raw/%ED%A0%80')?.params).toEqual({ x: '%ED%A0%80' })
  })

  it('gives each route the Hono paths that serve it', () => {
    const table = defineRoutes([
      route('list', '/users', { formats: ['json', 'csv'] }),
      route('detail', '/users/:pk{[0-9]+}/', { formats: true }),
      route('plain', '/plain'),
    ])
    expect(table.routes.map((r) => r.honoPaths)).toEqual([
      ['/users', '/:format{users\\.(?:json|csv)}'],
      ['/users/:pk{[0-9]+}/', '/users/:pk{(?:[0-9]+)\\.(?:[a-z0-9]+)}/'],
      ['/plain'],
    ])
  })

  it('matches the first route in declaration order', () => {
    const table = defineRoutes([route('first', '/x/:id'), route('second', '/x/:id{[0-9]+}')])
    expect(table.resolve('/x/1')?.name).toBe('first')
  })

  it('checks the plain path before the suffixed one, as Django does', () => {
    const table = defineRoutes([route('loose', '/doc/:name', { formats: true })])
    expect(table.resolve('/doc/readme.json')?.params).toEqual({ name: 'readme.json' })
  })

  it('reads param names as Hono does: up to "{", "?" or "/"', () => {
    const table = defineRoutes([route('dotted', '/d/:id.json'), route('literal', '/x-:id')])
    expect(table.resolve('/d/7')?.params).toEqual({ 'id.json': '7' })
    expect(table.resolve('/x-:id')?.name).toBe('literal')
  })

  it('finds each param after patterns with capture groups of their own', () => {
    const table = defineRoutes([route('g', '/g/:a{(x|y)(?<n>[0-9])}/:b{(?:p)+(?<=p)}/:c/:d{((a)|b)}?')])
    expect(table.resolve('/g/x1/pp/z/a')?.params).toEqual({ a: 'x1', b: 'pp', c: 'z', d: 'a' })
    expect(table.resolve('/g/y2/p/z')?.params).toEqual({ a: 'y2', b: 'p', c: 'z' })
  })

  it('gives params without a prototype, so "__proto__" is plain data', () => {
    const table = defineRoutes([route('p', '/p/:x')])
    const match = table.resolve('/p/__proto__')
    expect(match?.params['x']).toBe('__proto__')
    expect(Object.getPrototypeOf(match?.params)).toBeNull()
  })
})

describe('reverse', () => {
  it.each<[string, ReverseOptions, string]>([
    ['home', {}, '/'],
    ['user-list', {}, '/users'],
    ['user-detail', { kwargs: { pk: 42 } }, '/users/42'],
    ['user-detail', { args: [42] }, '/users/42'],
    ['user-detail', { kwargs: { pk: '7' }, format: 'json' }, '/users/7.json'],
    ['user-list', { format: 'csv' }, '/users.csv'],
    ['api:v1:user-detail', { kwargs: { pk: 7 }, format: 'api' }, '/api/v1/users/7.api/'],
    ['api:v1:root', {}, '/api/v1'],
    ['search', {}, '/search'],
    ['search', { kwargs: { q: 'hono' } }, '/search/hono'],
    ['search', { args: ['hono'] }, '/search/hono'],
    ['page', { kwargs: { slug: 'café' } }, '/pages/caf%C3%A9/'],
    ['page', { kwargs: { slug: 'a b?c#d&e=f' } }, '/pages/a%20b%3Fc%23d&e=f/'],
    ['page', { kwargs: { slug: '...' } }, '/pages/.../'],
    ['page', { kwargs: { slug: 'a..b' } }, '/pages/a..b/'],
    ['file', { kwargs: { path: 'a/b' } }, '/files/a%2Fb'],
    ['file', { kwargs: { path: '../etc/passwd' } }, '/files/..%2Fetc%2Fpasswd'],
    ['file', { kwargs: { path: '%2F' } }, '/files/%252F'],
    ['user-detail', { kwargs: { pk: 1, extra: undefined } as ReverseOptions['kwargs'] }, '/users/1'],
  ])('%s %j is %s', (name, options, url) => {
    expect(routes.reverseUnchecked(name, options)).toBe(url)
  })

  it('gives what Django\'s reverse gives (encodeURIComponent, with sub-delimiters, ":" and "@" kept), whatever the order of kwargs, for strings and numbers alike', () => {
    const table = defineRoutes([route('post', '/u/:id/p/:slug'), route('spaced', '/s/:words{[a-z ]+}/:n{[0-9e+.-]+}?')])
    expect(table.reverse('post', { kwargs: { id: '12', slug: 'hello-world' } })).toBe('/u/12/p/hello-world')
    expect(table.reverse('post', { kwargs: { slug: "it's~(ok)!*_.", id: 12 } })).toBe("/u/12/p/it's~(ok)!*_.")
    expect(table.reverse('post', { kwargs: { slug: 'a b', id: 1e21 } })).toBe('/u/1e+21/p/a%20b')
    expect(table.reverse('post', { args: [-0.5, '..a'] })).toBe('/u/-0.5/p/..a')
    expect(table.reverseUnchecked('spaced', { kwargs: { n: 1e21, words: 'a b' } })).toBe('/s/a%20b/1e+21')
    expect(table.reverseUnchecked('spaced', { kwargs: { words: 'ab' } })).toBe('/s/ab')
    expect(reason(() => table.reverseUnchecked('spaced', { kwargs: { words: 'AB' } }))).toContain('"words" must match [a-z ]+, got "AB".')
    expect(reason(() => table.reverseUnchecked('post', { kwargs: { id: '', slug: 'x' } }))).toContain('"id" must match [^/]+, got "".')
    expect(reason(() => table.reverseUnchecked('post', { kwargs: { slug: 'x', id: 1, other: 2 } }))).toContain('unknown parameter "other" (it takes "id", "slug").')
    expect(reason(() => table.reverseUnchecked('post', { kwargs: { id: Infinity, slug: 'x' } }))).toContain('"id" must be a string or a finite number.')
    // Every printable ASCII character and a few beyond: exactly Django's quote(safe="!$&'()*+,;=/~:@") but for "/".
    const quote = (text: string): string => encodeURIComponent(text).replace(/%(?:24|26|2B|2C|3B|3D|3A|40)/g, decodeURIComponent)
    for (const ch of [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), 'é', '\u{1F600}', '\u2028']) {
      if (ch === '/') expect(reason(() => table.reverse('post', { kwargs: { id: `a${ch}`, slug: 'x' } }))).toContain('"id" must match [^/]+')
      else expect(table.reverse('post', { kwargs: { id: `a${ch}`, slug: `${ch}b` } })).toBe(`/u/${quote(`a${ch}`)}/p/${quote(`${ch}b`)}`)
    }
  })

  it('is absolute on the request origin: scheme, host and port kept', () => {
    const request = new Request('https://API.example.com:8443/anything?x=1')
    expect(routes.reverse('user-detail', { kwargs: { pk: 1 }, request })).toBe('https://api.example.com:8443/users/1')
    expect(routes.reverse('home', { request: new Request('http://[::1]:8787/') })).toBe('http://[::1]:8787/')
  })

  it.each<[string, ReverseOptions, string]>([
    ['nope', {}, 'Reverse for "nope" with no parameters not found: no route is named "nope".'],
    ['user-detail', {}, 'missing parameter "pk"'],
    ['user-detail', { kwargs: { pk: 'abc' } }, '"pk" must match [0-9]+, got "abc"'],
    ['user-detail', { kwargs: { pk: 1, id: 2 } }, 'unknown parameter "id" (it takes "pk")'],
    // An unknown parameter is reported before a missing or refused one.
    ['user-detail', { kwargs: { id: 2 } }, 'unknown parameter "id" (it takes "pk")'],
    ['user-detail', { kwargs: { pk: 'abc', id: 2 } }, 'unknown parameter "id" (it takes "pk")'],
    // A known value inherited from a prototype does not hide an own unknown one.
    ['user-detail', { kwargs: Object.assign(Object.create({ pk: 1 }) as Record<string, unknown>, { id: 2 }) as ReverseOptions['kwargs'] }, 'unknown parameter "id" (it takes "pk")'],
    ['user-detail', { args: [1, 2] }, 'takes 1 args, got 2'],
    ['search', { args: [1, 2] }, 'takes 0 to 1 args, got 2'],
    ['user-detail', { args: [1], kwargs: { pk: 1 } }, 'give either args or kwargs, not both'],
    ['home', { format: 'json' }, 'the route takes no format suffix'],
    ['user-list', { format: 'xml' }, 'format must match json|csv'],
    ['user-detail', { kwargs: { pk: 1 }, format: 'JSON' }, 'format must match [a-z0-9]+'],
    ['page', { kwargs: { slug: '..' } }, '"slug" cannot be "." or ".."'],
    ['page', { kwargs: { slug: '.' } }, '"slug" cannot be "." or ".."'],
    ['page', { kwargs: { slug: 'a/b' } }, '"slug" must match [^/]+'],
    ['page', { kwargs: { slug: '\uD800' } }, '"slug" is not well-formed Unicode'],
    ['user-detail', { kwargs: { pk: Number.NaN } }, '"pk" must be a string or a finite number'],
    ['user-detail', { kwargs: { pk: null } as unknown as ReverseOptions['kwargs'] }, '"pk" must be a string or a finite number'],
  ])('%s %j fails: %s', (name, options, message) => {
    expect(reason(() => routes.reverseUnchecked(name, options))).toContain(message)
  })

  it('says which name and which params failed', () => {
    const error = (() => {
      try {
        routes.reverse('user-detail', { kwargs: { pk: 'x' } })
      } catch (e) {
        return e as NoReverseMatch
      }
      return null
    })()
    expect(error?.name).toBe('NoReverseMatch')
    expect(error?.routeName).toBe('user-detail')
    expect(error?.params).toEqual({ pk: 'x' })
    expect(error?.message).toBe('Reverse for "user-detail" with kwargs {"pk":"x"} not found: "pk" must match [0-9]+, got "x".')
  })

  it('shortens a long value in the message', () => {
    expect(reason(() => routes.reverseUnchecked('user-detail', { kwargs: { pk: 'x'.repeat(10_000) } })).length).toBeLessThan(20_300)
    expect(reason(() => routes.reverseUnchecked('user-detail', { kwargs: { pk: 'x'.repeat(100) } }))).toContain(`got "${'x'.repeat(78)}….`)
  })

  describe('several routes of one name (as Django)', () => {
    const table = defineRoutes([route('another', '/another/'), route('another', '/:version{v1|v2}/another/')])

    it('picks the route whose params fit', () => {
      expect(table.reverseUnchecked('another', {})).toBe('/another/')
      expect(table.reverseUnchecked('another', { kwargs: { version: 'v2' } })).toBe('/v2/another/')
    })

    it('tries the last declared first when several fit', () => {
      const both = defineRoutes([route('x', '/old/:id'), route('x', '/new/:id')])
      expect(both.reverseUnchecked('x', { kwargs: { id: 1 } })).toBe('/new/1')
    })

    it('reports every route it tried', () => {
      expect(reason(() => table.reverseUnchecked('another', { kwargs: { version: 'v3' } }))).toBe(
        'Reverse for "another" with kwargs {"version":"v3"} not found: tried 2 routes (/:version{v1|v2}/another/: "version" must match v1|v2, got "v3".; /another/: unknown parameter "version" (it takes no parameters).).',
      )
    })
  })
})

describe('createReverse (the versioned reversal)', () => {
  const table = defineRoutes([
    route('another', '/another/'),
    route('another', '/:version{v1|v2}/another/'),
    route('item', '/:version{v1|v2}/items/:pk{[0-9]+}/:slug/'),
    include('/v1', [route('only-v1', '/only/')], { namespace: 'v1' }),
  ])

  it('falls back to the default reversal when the scheme finds no route', () => {
    const reverse = createReverse(table, new URLPathVersioning())
    expect(reverse('another', { version: 'v3' })).toBe('/another/')
    expect(createReverse(table, new NamespaceVersioning())('another', { version: 'v1' })).toBe('/another/')
  })

  it('reports both failures when the fallback fails too', () => {
    const reverse = createReverse(table, new NamespaceVersioning())
    expect(reason(() => reverse('only-v1', { version: 'v2' }))).toBe(
      'Reverse for "v2:only-v1" with no parameters not found: no route is named "v2:only-v1". Without the version, "only-v1": no route is named "only-v1".',
    )
  })

  it('passes errors other than NoReverseMatch through', () => {
    const scheme = new QueryParameterVersioning()
    scheme.reverseName = () => {
      throw new TypeError('boom')
    }
    expect(() => createReverse(table, scheme)('another', { version: 'v1' })).toThrow(TypeError)
  })

  it('fills positional args around the version with URLPathVersioning', () => {
    const reverse = createReverse(table, new URLPathVersioning())
    expect(reverse('item', { args: [3, 'widget'], version: 'v2' })).toBe('/v2/items/3/widget/')
    expect(reverse('item', { kwargs: { pk: 3, slug: 'widget' }, version: 'v1' })).toBe('/v1/items/3/widget/')
  })

  it('tries each route of the name with the args, for URLPathVersioning', () => {
    const two = defineRoutes([route('d', '/:version{v[0-9]+}/a/:y'), route('d', '/:version{v[0-9]+}/b/:x/:y')])
    const reverse = createReverse(two, new URLPathVersioning())
    expect(reverse('d', { args: ['1'], version: 'v1' })).toBe('/v1/a/1')
    expect(reverse('d', { args: ['1', '2'], version: 'v1' })).toBe('/v1/b/1/2')
  })

  it('preserves an incoming ?format= (the last value), replacing any in the URL', () => {
    const request = new Request('http://testserver/endpoint/?format=csv&format=json')
    expect(createReverse(table)('another', { request })).toBe('http://testserver/another/?format=json')
    const query = createReverse(table, new QueryParameterVersioning())
    expect(query('another', { request, version: 'v1' })).toBe('http://testserver/another/?version=v1&format=json')
  })

  it('uses the table formatQueryParam, or none', () => {
    const custom = defineRoutes([route('a', '/a')], { formatQueryParam: 'fmt' })
    const off = defineRoutes([route('a', '/a')], { formatQueryParam: null })
    const request = new Request('http://t/?fmt=csv&format=json')
    expect(createReverse(custom)('a', { request })).toBe('http://t/a?fmt=csv')
    expect(createReverse(off)('a', { request })).toBe('http://t/a')
  })

  it('replaces the version in place and keeps other parameters in order', () => {
    // What QueryParameterVersioning({ versionParam: 'v' }) does to a reversed URL that already has the key.
    expect(replaceQueryParam('/x?a=1&v=old&b=2&v=older#top', 'v', 'new')).toBe('/x?a=1&v=new&b=2#top')
  })

  it('form-encodes what it appends, a lone surrogate as U+FFFD (as when it replaces), never throwing', () => {
    expect(replaceQueryParam('/x#top', 'v', 'a b&\uD800')).toBe('/x?v=a+b%26%EF%BF%BD#top')
    expect(replaceQueryParam('/x?v=1', 'v', 'a b&\uD800')).toBe('/x?v=a+b%26%EF%BF%BD')
  })

  it("form-encodes as Python's urlencode does (DRF's replace_query_param): '*' escaped, '~' kept", () => {
    expect(replaceQueryParam('/x', 'v', "a*b~c!d'(e)-_.")).toBe("/x?v=a%2Ab~c%21d%27%28e%29-_.")
    expect(replaceQueryParam('/x?w=*~&v=1', 'v', '*~')).toBe('/x?w=%2A~&v=%2A~')
    expect(replaceQueryParam('/x?v%2A=1', 'v*', '~')).toBe('/x?v%2A=~')
  })
})

describe('configuration mistakes fail at construction with a sentence that says what to fix', () => {
  it.each<[string, () => unknown, string]>([
    ['a path without "/"', () => defineRoutes([route('a', 'users')]), 'the path of route "a" must start with "/", got "users".'],
    ['a wildcard', () => defineRoutes([route('a', '/files/*')]), 'wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".'],
    ['a repeated param', () => defineRoutes([route('a', '/:id/:id')]), 'the parameter "id" appears twice'],
    ['a pattern followed by text', () => defineRoutes([route('a', '/:id{[0-9]+}.json')]), '":id" must take a whole path segment'],
    ['a bad pattern', () => defineRoutes([route('a', '/:id{[0-9}')]), 'the pattern of ":id" has no closing "}"'],
    ['an invalid pattern', () => defineRoutes([route('a', '/:id{(}')]), 'the pattern of ":id" ("(") is not a valid regular expression'],
    ['an optional param not last', () => defineRoutes([route('a', '/:id?/x')]), 'only the last segment can be optional'],
    ['a nameless param', () => defineRoutes([route('a', '/:/x')]), 'has no name'],
    ['a name with ":"', () => defineRoutes([route('v1:a', '/a')]), 'must be a non-empty string without ":"'],
    ['an empty name', () => defineRoutes([route('', '/a')]), 'must be a non-empty string without ":"'],
    ['a namespace with ":"', () => defineRoutes([include('/v1', [], { namespace: 'a:b' })]), 'the namespace of include("/v1") must be a non-empty string without ":"'],
    ['a prefix without "/"', () => defineRoutes([include('v1', [])]), 'an include prefix must start with "/"'],
    ['formats beside a :format param', () => defineRoutes([route('a', '/:format', { formats: true })]), 'cannot also have a ":format" parameter'],
    ['empty formats', () => defineRoutes([route('a', '/a', { formats: [] })]), 'formats must be true or a non-empty list'],
    ['a routes object', () => defineRoutes({} as never), 'pass an array of route(...) and include(...) entries'],
    ['a stray entry', () => defineRoutes(['/a'] as never), 'every entry must come from route(...) or include(...)'],
    ['an empty formatQueryParam', () => defineRoutes([], { formatQueryParam: '' }), 'formatQueryParam must be a non-empty string, or null'],
    ['formats after an optional param', () => defineRoutes([route('a', '/files/:name?', { formats: true })]), 'format suffixes cannot follow an optional parameter (":name?"); make it required or drop formats.'],
    ['a backreference', () => defineRoutes([route('a', '/:x{(a)\\1}')]), 'the pattern of ":x" uses a backreference'],
    ['named groups that clash', () => defineRoutes([route('a', '/:x{(?<g>a)}/:y{(?<g>b)}')]), 'the parameter patterns cannot be combined into one path pattern'],
    // Plain JavaScript: a misspelt or mistyped option was ignored (the routes silently without a namespace or
    // formats), defineRoutes(list, null) threw a TypeError, and createReverse took anything, failing at the first link.
    ['a misspelt route option', () => route('a', '/a', { format: ['json'] } as never), 'route "a": unknown option "format" (did you mean "formats"?); the only option is formats.'],
    ['route options that are not an object', () => route('a', '/a', 'json' as never), 'route "a": pass an options object with formats.'],
    ['a misspelt include option', () => include('/v1', [route('a', '/a')], { name: 'v1' } as never), 'include("/v1"): unknown option "name"; the only option is namespace.'],
    ['include options that are not an object', () => include('/v1', [route('a', '/a')], 'v1' as never), 'include("/v1"): pass an options object with namespace.'],
    ['a misspelt table option', () => defineRoutes([], { formatQueryParm: 'f' } as never), 'defineRoutes: unknown option "formatQueryParm" (did you mean "formatQueryParam"?); the only option is formatQueryParam.'],
    ['null table options', () => defineRoutes([], null as never), 'defineRoutes: pass an options object with formatQueryParam.'],
    ['createReverse without a table', () => createReverse(undefined as never), 'createReverse: pass a route table made with defineRoutes([...]) first, then the scheme.'],
    ['createReverse with the arguments swapped', () => createReverse(new URLPathVersioning() as never, defineRoutes([]) as never), 'createReverse: pass a route table made with defineRoutes([...]) first, then the scheme.'],
    ['createReverse with a scheme that is none', () => createReverse(defineRoutes([]), 'url-path' as never), 'createReverse: scheme must be a versioning scheme such as new URLPathVersioning(), or undefined for plain reversal.'],
    ['a misspelt createReverse option', () => createReverse(defineRoutes([]), undefined, { orgin: 'https://api.example.com' } as never), 'createReverse: unknown option "orgin" (did you mean "origin"?); the only option is origin.'],
  ])('%s', (_case, build, message) => {
    expect(build).toThrow(Error)
    expect(build).toThrow(message)
  })
})
