/**
 * Query parameters, headers and cookies of an older version validated in
 * that version, derived from the head's schema as bodies are: a query
 * parameter renamed by `queryParamRenamed`, a header by
 * `requestHeaderRenamed`, an enum value added later (`?status=preorder`)
 * refused to older clients, errors in the client's own names; the head's
 * requests are the app's own.
 */
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRenamed, queryParamRenamed, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Change } from '../../src/changes/change.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { InvalidRequestParameters, requestValidation } from '../../src/validation/index.ts'
import { QueryParameterVersioning } from '../../src/index.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'
import fc from 'fast-check'
import { handlerQueryPairs } from '../../src/http/query.ts'
import { assertAsyncProperty } from '../support/property-runs.ts'

const ProductFilter = shape('ProductFilter')
const ProductHeaders = shape('ProductHeaders')
const ProductCookies = shape('ProductCookies')

const schemas = {
  ProductFilter: {
    type: 'object',
    properties: {
      status: { $ref: '#/components/schemas/Status' },
      page: { type: 'integer', minimum: 1 },
      tag: { type: 'array', items: { type: 'string', minLength: 2 } },
      exact: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  Status: { type: 'string', enum: ['active', 'archived', 'preorder'] },
  ProductHeaders: { type: 'object', properties: { 'X-Region': { type: 'string', enum: ['eu', 'us'] } }, required: ['X-Region'] },
  ProductCookies: { type: 'object', properties: { theme: { type: 'string', enum: ['dark', 'light'] } } },
}

const newer: readonly Change[] = [
  change('Filters by status; the region header is X-Region.', [
    queryParamRenamed('GET /products', { older: 'state', newer: 'status' }),
    requestHeaderRenamed('GET /products', { older: 'Region', newer: 'X-Region' }),
  ]),
  change('Products can be pre-ordered.', [enumValuesAdded(ProductFilter, 'status', ['preorder'], { fallback: 'active' })]),
]

function app(errorResponse?: ReturnType<typeof problemDetails>) {
  const history = twoVersionHistory([...newer], {
    validation: requestValidation({ schemas, parameters: { 'GET /products': { query: ProductFilter, headers: ProductHeaders, cookies: ProductCookies } } }),
  })
  const seen: unknown[] = []
  const hono = new Hono()
  hono.use('*', versionMiddleware({ scheme: twoVersions(), changes: history, ...(errorResponse === undefined ? {} : { errorResponse }) }))
  hono.get('/products', (c) => {
    seen.push({ query: c.req.queries(), region: c.req.header('X-Region') ?? null })
    return c.json({ ok: true })
  })
  return { hono, seen }
}

const get = (hono: Hono, query: string, version: string, headers: Record<string, string> = {}) =>
  hono.request(`https://api.example/products${query}`, { headers: { 'Api-Version': version, ...headers } })

describe('older query parameters, headers and cookies are validated in their own version', () => {
  it('accepts an older request in its own names, and the handler reads the head names', async () => {
    const { hono, seen } = app()
    const res = await get(hono, '?state=archived&page=2&tag=ab&tag=cd&exact=true', '1', { Region: 'eu', Cookie: 'theme=dark; other=1' })
    expect(res.status).toBe(200)
    expect(seen).toEqual([{ query: { status: ['archived'], page: ['2'], tag: ['ab', 'cd'], exact: ['true'] }, region: 'eu' }])
  })

  it.each([
    ['an enum value the version does not have', '?state=preorder', { Region: 'eu' }, [{ loc: ['query', 'state'], msg: 'Expected any of ["active","archived"].', type: 'enum' }]],
    ['the newer name of a renamed parameter', '?status=active', { Region: 'eu' }, [{ loc: ['query', 'status'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }]],
    ['an undeclared parameter', '?color=red', { Region: 'eu' }, [{ loc: ['query'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }]],
    ['a number that is not one, and one too small', '?page=x', { Region: 'eu' }, [{ loc: ['query', 'page'], msg: 'Expected "integer".', type: 'type' }]],
    ['a number too small', '?page=0', { Region: 'eu' }, [{ loc: ['query', 'page'], msg: 'Number is less than 1.', type: 'minimum' }]],
    ['a single-valued parameter sent twice (a list, as Hono reads it)', '?state=active&state=preorder', { Region: 'eu' }, [{ loc: ['query', 'state'], msg: 'Expected "string".', type: 'type' }, { loc: ['query', 'state'], msg: 'Expected any of ["active","archived"].', type: 'enum' }]],
    ['a repeated parameter, one item too short', '?tag=ab&tag=c', { Region: 'eu' }, [{ loc: ['query', 'tag', 1], msg: 'String is too short (1 < 2).', type: 'minLength' }]],
    [
      'the header under its newer name only',
      '',
      { 'X-Region': 'eu' },
      [
        { loc: ['header', 'Region'], msg: 'Field required.', type: 'missing' },
        { loc: ['header', 'X-Region'], msg: 'Unknown field in this version.', type: 'extra_forbidden' },
      ],
    ],
    ['a header value it does not allow', '', { Region: 'mars' }, [{ loc: ['header', 'Region'], msg: 'Expected any of ["eu","us"].', type: 'enum' }]],
    ['a cookie value it does not allow', '', { Region: 'eu', Cookie: 'theme=neon' }, [{ loc: ['cookie', 'theme'], msg: 'Expected any of ["dark","light"].', type: 'enum' }]],
  ] as const)('refuses %s with 422 in the client names', async (_name, query, headers, issues) => {
    const { hono, seen } = app()
    const res = await get(hono, query, '1', headers)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: issues })
    expect(seen).toEqual([])
  })

  it('leaves the head version to the app', async () => {
    const { hono, seen } = app()
    expect((await get(hono, '?status=preorder&anything=1', '2')).status).toBe(200)
    expect(seen.length).toBe(1)
  })

  it('echoes no parameter name or value: an unknown one is refused at the part', async () => {
    const { hono } = app()
    const res = await get(hono, `?${encodeURIComponent('<img src=x onerror=alert(1)>')}=${encodeURIComponent('<script>')}&__proto__=1`, '1', { Region: 'eu' })
    const text = await res.text()
    expect(res.status).toBe(422)
    expect(text).not.toMatch(/img|script|proto/)
  })

  it('is an InvalidRequestParameters, in problem details too', async () => {
    const { hono } = app(problemDetails())
    const res = await get(hono, '?state=preorder', '1', { Region: 'eu' })
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The request parameters do not match the schema of its API version.',
      code: 'InvalidRequestParameters',
      errors: [{ loc: ['query', 'state'], msg: 'Expected any of ["active","archived"].', type: 'enum' }],
    })
    const error = new InvalidRequestParameters([])
    expect([error.name, error.status, error.code]).toEqual(['InvalidRequestParameters', 422, 'InvalidRequestParameters'])
  })
})

describe('a query value is checked as the handler reads it', () => {
  const Search = shape('Search')
  function searchApp() {
    const history = twoVersionHistory([change('Searches may be drafts.', [fieldAdded(Search, 'draft' as never, { default: 'no' as never })])], {
      validation: requestValidation({
        schemas: { Search: { type: 'object', properties: { q: { type: 'string', maxLength: 4, pattern: '^[^%<>]*$' }, draft: { type: 'string' } }, additionalProperties: false } },
        parameters: { 'GET /search': { query: Search } },
      }),
    })
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: twoVersions(), changes: history }))
    hono.get('/search', (c) => c.json({ q: c.req.query('q') ?? null }))
    return hono
  }
  const search = (query: string) => searchApp().request(`https://api.example/search${query}`, { headers: { 'Api-Version': '1' } })

  it('an escape that is not UTF-8 is checked as written, as c.req.query() keeps it, not as U+FFFD', async () => {
    // Before, the check read each %FF as one U+FFFD: four characters, no "%", accepted; the handler read 12 characters.
    for (const q of ['%FF%FF%FF%FF', '%C0%BC', 'a%FF']) {
      const res = await search(`?q=${q}`)
      expect(res.status, q).toBe(422)
      expect(await res.text()).not.toContain('%')
    }
    expect(await (await search('?q=%C3%A9t%C3%A9')).json()).toEqual({ q: 'été' })
    expect(await (await search('?q=a+b')).json()).toEqual({ q: 'a b' })
  })

  it('a pair with an empty name, which c.req.queries() leaves out, is no unknown parameter', async () => {
    expect(await (await search('?=x&q=ab&&')).json()).toEqual({ q: 'ab' })
  })

  it("reads every query as Hono's c.req.queries() does", async () => {
    const hono = new Hono()
    hono.get('/', (c) => c.json(c.req.queries()))
    const piece = fc.constantFrom('a', 'b', '=', '&', '+', '%', '%41', '%FF', '%C3%A9', '%C3', '%E2%82', '%AC', '%2', '%3D', '%26', 'é', '?')
    await assertAsyncProperty(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (pieces) => {
        const url = `https://api.example/?${pieces.join('')}`
        const expected: Record<string, string[]> = await (await hono.request(url)).json()
        const read: Record<string, string[]> = {}
        for (const [name, value] of handlerQueryPairs(new Request(url).url)) (read[name] ??= []).push(value)
        expect(read).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})

describe("a cookie is checked as the handler's getCookie() reads it", () => {
  const Prefs = shape('Prefs')
  function prefsApp() {
    const history = twoVersionHistory([change('Preferences have a language.', [fieldAdded(Prefs, 'lang' as never, { default: 'en' as never })])], {
      validation: requestValidation({
        schemas: { Prefs: { type: 'object', properties: { theme: { type: 'string', enum: ['dark', 'light'] }, note: { type: 'string', maxLength: 5 }, lang: { type: 'string' } } } },
        parameters: { 'GET /prefs': { cookies: Prefs } },
      }),
    })
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: twoVersions(), changes: history }))
    hono.get('/prefs', (c) => c.json({ theme: getCookie(c, 'theme') ?? null, note: getCookie(c, 'note') ?? null }))
    return hono
  }
  const prefs = (cookie: string) => prefsApp().request('https://api.example/prefs', { headers: { 'Api-Version': '1', Cookie: cookie } })

  it('a first pair the handler leaves out (a character no cookie holds, a quote left open, a no-break space) is not checked in the place of the one it reads', async () => {
    // Before, the check read the first pair of each name as it was written (trimmed of any white space): it passed, and the handler read the second.
    for (const cookie of ['theme=dark\xa0; theme=evil', '\xa0theme=dark; theme=evil', 'note=a\\b; note=far-too-long', 'note="ab; note=far-too-long']) {
      expect((await prefs(cookie)).status, JSON.stringify(cookie)).toBe(422)
    }
  })

  it('reads what getCookie reads: the first kept pair of a name, unquoted, percent-decoded', async () => {
    expect(await (await prefs('theme=dark; theme=evil')).json()).toEqual({ theme: 'dark', note: null })
    expect(await (await prefs(' theme = "light" ; note=%41b')).json()).toEqual({ theme: 'light', note: 'Ab' })
    expect(await (await prefs('other=<x>; theme=dark')).json()).toEqual({ theme: 'dark', note: null })
  })
})

describe("the version's own query parameter", () => {
  it('is not an unknown parameter of a query schema that refuses others (additionalProperties: false)', async () => {
    const history = twoVersionHistory([...newer], { validation: requestValidation({ schemas, parameters: { 'GET /products': { query: ProductFilter } } }) })
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    hono.get('/products', (c) => c.json(c.req.queries()))
    const res = await hono.request('https://api.example/products?state=archived&version=1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: ['archived'], version: ['1'] })
    // Any other parameter the schema does not declare is still refused.
    expect((await hono.request('https://api.example/products?state=archived&version=1&other=1')).status).toBe(422)
  })
})

describe('a parameter a later version added (fieldAdded), sent by an older client', () => {
  const Filter = shape('Filter')
  const Prefs = shape('Prefs')
  const added = change('Filters by colour; the theme header and cookie.', [fieldAdded(Filter, 'colour'), fieldAdded(Prefs, 'theme')])
  const filterSchemas = {
    Filter: { type: 'object', properties: { page: { type: 'integer' }, colour: { type: 'string' } } },
    Closed: { type: 'object', properties: { page: { type: 'integer' }, colour: { type: 'string' } }, additionalProperties: false },
    Prefs: { type: 'object', properties: { lang: { type: 'string' }, theme: { type: 'string' } } },
  }
  const served = (closed: boolean) => {
    const query = closed ? shape('Closed') : Filter
    const history = twoVersionHistory([closed ? change('Colour.', [fieldAdded(query, 'colour'), fieldAdded(Prefs, 'theme')]) : added], {
      validation: requestValidation({ schemas: filterSchemas, parameters: { 'GET /items': { query, headers: Prefs, cookies: Prefs } } }),
    })
    const hono = new Hono()
    hono.use('*', versionMiddleware({ scheme: twoVersions(), changes: history }))
    hono.get('/items', (c) => c.json({ colour: c.req.query('colour') ?? null, header: c.req.header('theme') ?? null, cookie: c.req.header('cookie') ?? null }))
    return hono
  }

  it('is refused in the query by additionalProperties: false; otherwise it, and an added header or cookie, reach the handler as sent', async () => {
    const refused = await served(true).request('https://api.example/items?colour=red', { headers: { 'Api-Version': '1' } })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ detail: [{ loc: ['query'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] })
    const passed = await served(false).request('https://api.example/items?colour=red', { headers: { 'Api-Version': '1', theme: 'dark', Cookie: 'theme=dark' } })
    expect(passed.status).toBe(200)
    expect(await passed.json()).toEqual({ colour: 'red', header: 'dark', cookie: 'theme=dark' })
  })
})

describe('parameter declarations are checked at construction', () => {
  const make = (changes: readonly Change[], parameters: unknown) => () =>
    twoVersionHistory([...changes], { validation: requestValidation({ schemas, parameters: parameters as never }) })

  it.each([
    ['a fieldRenamed on a query shape', make([change('x', [fieldRenamed(ProductFilter, { older: 'state', newer: 'status' })])], { 'GET /products': { query: ProductFilter } }), 'declare queryParamRenamed("GET /products", { older: "state", newer: "status" }) instead.'],
    ['a fieldRenamed on a cookie shape', make([change('x', [fieldRenamed(ProductCookies, { older: 'mode', newer: 'theme' })])], { 'GET /products': { cookies: ProductCookies } }), 'a cookie keeps its name across versions.'],
    ['a fieldChanged on a header shape', make([change('x', [fieldChanged(ProductHeaders, 'X-Region', { up: (v: unknown) => v as never, down: (v: unknown) => v as never })])], { 'GET /products': { headers: ProductHeaders } }), 'which converts bodies, never a request'],
    ['an unknown part', make([], { 'GET /products': { body: ProductFilter } }), 'requestValidation: parameters["GET /products"] has an unknown key "body"; its keys are query, headers, cookies.'],
    ['a part that is no shape', make([], { 'GET /products': { query: {} } }), 'requestValidation: parameters["GET /products"].query must be a shape'],
    ['a header property that is no header name', () => requestValidation({ schemas: { ...schemas, ProductHeaders: { type: 'object', properties: { 'X Region': { type: 'string' } } } }, parameters: { 'GET /products': { headers: ProductHeaders } } }).parameterChecks?.('GET /products', { query: null, headers: null }, { versions: ['1', '2'], changelog: versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [...newer] }] }).changelog() }), 'has the property "X Region", which is no header name.'],
    ['a route name that is no route', make([], { 'get products now': { query: ProductFilter } }), 'requestValidation: parameters: name a route by its table name'],
    // Before, each left version 1's check as the head's: not validated, a value version 1 lacks reached the handler.
    ['an enumValuesAdded naming a parameter the schema lacks', make([change('x', [enumValuesAdded(ProductFilter, 'stauts', ['preorder'], { fallback: 'active' })])], { 'GET /products': { query: ProductFilter } }), 'requestValidation: ProductFilter (the query of "GET /products") has no property "stauts" in its schema, but version "2" changes it (enumValuesAdded); add "stauts" to the schema\'s properties, or name the parameter the schema has.'],
    ['a fieldAdded naming a header the schema lacks', make([change('x', [fieldAdded(ProductHeaders, 'X-Regoin')])], { 'GET /products': { headers: ProductHeaders } }), 'has no property "X-Regoin" in its schema'],
    // Before, a part whose shape had no schema was passed over: no version's query was checked, a value version 1 lacks reached the handler.
    ['a part whose shape has no schema', make([], { 'GET /products': { query: shape('ProductFiltre') } }), 'requestValidation: parameters["GET /products"].query is the shape ProductFiltre, which has no schema in schemas, so no version\'s query would be checked; add its head schema (an object with a property per parameter) to schemas, or take the part out of parameters.'],
    ['a query schema that is no object schema', () => twoVersionHistory([...newer], { validation: requestValidation({ schemas: { ...schemas, ProductFilter: { type: 'string', enum: ['active'] } }, parameters: { 'GET /products': { query: ProductFilter } } }) }), 'requestValidation: the schema of ProductFilter (the query of "GET /products") must be an object schema with a property per parameter.'],
  ] as const)('%s', (_name, build, message) => {
    expect(build).toThrow(message)
  })

  it('takes a change naming a header in another case than the schema: header names are caseless', () => {
    expect(make([change('x', [fieldAdded(ProductHeaders, 'x-region')])], { 'GET /products': { headers: ProductHeaders } })).not.toThrow()
  })
})
