/**
 * The typed clients at run time, against the worker example: each section's
 * scheme gets a client per version (header, media-type parameter, vendor
 * media type, query, path, host, namespace), and every response matches its
 * version's schema, which the compiler holds to the client's own types
 * (`conforms`). A deprecated version is reported once through
 * `onLifecycle`; a sunset one answers 410. Bad options fail at construction.
 */
import { describe, expect, it } from 'vitest'
import type { ResponseAt } from '../../src/typed-client/older.ts'
import type { ClientFetch } from '../../src/typed-client/client.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { versionLifecycle } from '../../src/typed-client/lifecycle.ts'
import type { VersionLifecycle } from '../../src/typed-client/lifecycle.ts'
import { createApp, type CatalogApp } from '../../worker-example/app.ts'
import type { catalogHistory, releasesHistory, semverHistory } from '../../worker-example/changes.ts'
import { EXAMPLE_NOW_MS } from '../support/example-clock.ts'

/** A JSON value's schema, which the compiler derives from its type: a schema written for another type does not compile. */
type Schema<T> = T extends string
  ? 'string'
  : T extends number
    ? 'number'
    : T extends null
      ? 'null'
      : T extends readonly (infer E)[]
        ? readonly [Schema<E>]
        : { readonly [K in keyof T]-?: Schema<T[K]> }

/** Checks `value` against `schema`: the same fields (no more, no fewer), each of its kind. */
function check(value: unknown, schema: unknown, at = 'body'): void {
  if (typeof schema === 'string') {
    expect(value === null ? 'null' : typeof value, at).toBe(schema)
  } else if (Array.isArray(schema)) {
    expect(Array.isArray(value), `${at} is an array`).toBe(true)
    ;(value as unknown[]).forEach((item, i) => check(item, schema[0], `${at}[${i}]`))
  } else {
    expect(value !== null && typeof value === 'object' && !Array.isArray(value), `${at} is an object`).toBe(true)
    expect(Object.keys(value as object).sort(), `${at}'s fields`).toEqual(Object.keys(schema as object).sort())
    for (const [key, inner] of Object.entries(schema as object)) check((value as Record<string, unknown>)[key], inner, `${at}.${key}`)
  }
}

/** `value`, a client's typed body, matches `schema`, which must be the schema of the client's type. */
function conforms<T>(value: T, schema: NoInfer<Schema<T>>): void {
  check(value, schema)
}

interface Answer {
  readonly ok: boolean
  readonly status: number
  json(): Promise<unknown>
  clone(): { text(): Promise<string> }
}
/** The body of a successful answer as the client types it (a handler typed with any status: its one body). */
type Success<R extends Answer> = Awaited<ReturnType<([Extract<R, { ok: true }>] extends [never] ? R : Extract<R, { ok: true }>)['json']>>

/** The body of a call that must succeed, typed as the client types it. */
async function ok<R extends Answer>(call: Promise<R>): Promise<Success<R>> {
  const res = await call
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Success<R>
}

type H = typeof catalogHistory
const firstProduct: Schema<ResponseAt<H, 'product-detail', 'v1'>> = { id: 'number', name: 'string', price: 'string', category: 'string', url: 'string' }
const firstCategory: Schema<ResponseAt<H, 'category-detail', 'v1'>> = { slug: 'string', name: 'string', url: 'string', products: ['string'] }
const secondProduct: Schema<ResponseAt<H, 'product-detail', 'v2'>> = {
  id: 'number',
  title: 'string',
  price: { amount: 'number', currency: 'string' },
  category: { name: 'string', url: 'string' },
  links: { self: 'string' },
}
const secondCategory: Schema<ResponseAt<H, 'category-detail', 'v2'>> = { slug: 'string', title: 'string', links: { self: 'string', products: ['string'] } }
/** The schemas of each generation's four routes. */
const first = { productList: [firstProduct], product: firstProduct, categoryList: [firstCategory], category: firstCategory } as const
const second = {
  productList: { version: 'string', count: 'number', products: [secondProduct] },
  product: secondProduct,
  categoryList: { version: 'string', count: 'number', categories: [secondCategory] },
  category: secondCategory,
} as const

/** 2026-09-01: /releases 2025-01-01 is deprecated, 2024-01-01 past its sunset. */
const app = createApp({ now: () => EXAMPLE_NOW_MS })
const sent: Request[] = []
const fetch: ClientFetch = (input, init) => {
  sent.push(new Request(input, init))
  return app.request(input, init)
}
const base = 'http://catalog.test'
const catalog = <S extends Parameters<typeof versionedClient>[1]['scheme']>(scheme: S) => versionedClient<CatalogApp, H>(base, { scheme, fetch })

describe('v1/v2 sections: each client gets its version, in the shapes its types say', () => {
  it('query: ?version=', async () => {
    const v1 = catalog({ in: 'query' })('v1')
    conforms(await ok(v1.query.products.$get()), first.productList)
    conforms(await ok(v1.query.products[':id'].$get({ param: { id: '2' } })), first.product)
    conforms(await ok(v1.query.categories.$get()), first.categoryList)
    conforms(await ok(v1.query.categories[':slug'].$get({ param: { slug: 'tea' } })), first.category)
    expect(new URL(sent.at(-1)?.url ?? '').search).toBe('?version=v1')
    const v2 = catalog({ in: 'query' })('v2')
    conforms(await ok(v2.query.products.$get()), second.productList)
    conforms(await ok(v2.query.products[':id'].$get({ param: { id: '2' } })), second.product)
    conforms(await ok(v2.query.categories.$get()), second.categoryList)
    conforms(await ok(v2.query.categories[':slug'].$get({ param: { slug: 'tea' } })), second.category)
  })

  it('accept: Accept: application/json; version=', async () => {
    const v1 = catalog({ in: 'accept' })('v1')
    conforms(await ok(v1.accept.products.$get()), first.productList)
    conforms(await ok(v1.accept.categories[':slug'].$get({ param: { slug: 'coffee' } })), first.category)
    expect(sent.at(-1)?.headers.get('Accept')).toBe('application/json; version=v1')
    const v2 = catalog({ in: 'accept' })('v2')
    conforms(await ok(v2.accept.products[':id'].$get({ param: { id: '3' } })), second.product)
    conforms(await ok(v2.accept.categories.$get()), second.categoryList)
  })

  it('path: the version param filled', async () => {
    const v1 = catalog({ in: 'path' })('v1')
    conforms(await ok(v1.path[':version'].products.$get()), first.productList)
    conforms(await ok(v1.path[':version'].products[':id'].$get({ param: { id: '1' } })), first.product)
    expect(new URL(sent.at(-1)?.url ?? '').pathname).toBe('/path/v1/products/1')
    const v2 = catalog({ in: 'path' })('v2')
    conforms(await ok(v2.path[':version'].categories.$get()), second.categoryList)
    conforms(await ok(v2.path[':version'].categories[':slug'].$get({ param: { slug: 'tea' } })), second.category)
  })

  it('host: v1.catalog.test', async () => {
    const v1 = catalog({ in: 'host' })('v1')
    conforms(await ok(v1.host.products.$get()), first.productList)
    conforms(await ok(v1.host.categories.$get()), first.categoryList)
    expect(new URL(sent.at(-1)?.url ?? '').host).toBe('v1.catalog.test')
    const v2 = catalog({ in: 'host', host: '{version}.catalog.test' })('v2')
    conforms(await ok(v2.host.products[':id'].$get({ param: { id: '2' } })), second.product)
    conforms(await ok(v2.host.categories[':slug'].$get({ param: { slug: 'tea' } })), second.category)
  })

  it('namespace: the path names the version, nothing else is sent', async () => {
    const v1 = catalog({ in: 'namespace' })('v1')
    conforms(await ok(v1.ns.v1.products.$get()), first.productList)
    conforms(await ok(v1.ns.v1.products[':id'].$get({ param: { id: '2' } })), first.product)
    const v2 = catalog({ in: 'namespace' })('v2')
    conforms(await ok(v2.ns.v2.categories.$get()), second.categoryList)
    conforms(await ok(v2.ns.v2.categories[':slug'].$get({ param: { slug: 'coffee' } })), second.category)
    expect(sent.at(-1)?.url).toBe('http://catalog.test/ns/v2/categories/coffee')
  })
})

describe('the dated and semantic sections', () => {
  const dated = (scheme: Parameters<typeof versionedClient>[1]['scheme'], onLifecycle?: (lifecycle: VersionLifecycle, version: string) => void) =>
    versionedClient<CatalogApp, typeof releasesHistory>(base, onLifecycle === undefined ? { scheme, fetch } : { scheme, fetch, onLifecycle })

  it.each([
    ['Api-Version header', { in: 'header' }],
    ['query', { in: 'query' }],
    ['vendor media type', { in: 'accept', mediaType: 'application/vnd.catalog.{version}+json' }],
  ] as const)('/releases by %s: 2025-01-01 in the first shapes, 2026-06-01 in the second', async (_, scheme) => {
    const older = dated(scheme)('2025-01-01')
    conforms(await ok(older.releases.products.$get()), first.productList)
    conforms(await ok(older.releases.categories[':slug'].$get({ param: { slug: 'tea' } })), first.category)
    const head = dated(scheme)('2026-06-01')
    conforms(await ok(head.releases.products[':id'].$get({ param: { id: '1' } })), second.product)
    conforms(await ok(head.releases.categories.$get()), second.categoryList)
    const top = await ok(head.releases['top-categories'].$get())
    expect(top.categories).toHaveLength(2)
  })

  it('a deprecated version is reported once, with its dates and links; a sunset one answers 410', async () => {
    const seen: [VersionLifecycle, string][] = []
    const older = dated({ in: 'header', name: 'Api-Version' }, (lifecycle, version) => seen.push([lifecycle, version]))('2025-01-01')
    await ok(older.releases.products.$get())
    await ok(older.releases.categories.$get())
    expect(seen).toEqual([
      [
        {
          deprecation: new Date('2026-06-01T00:00:00Z'),
          sunset: new Date('2027-06-01T00:00:00Z'),
          deprecationLink: 'https://catalog.test/docs/changelog#2026-06-01',
          sunsetLink: 'https://catalog.test/docs/sunset/2025-01-01',
        },
        '2025-01-01',
      ],
    ])
    const head = dated({ in: 'header' }, (lifecycle) => seen.push([lifecycle, 'head']))('2026-06-01')
    await ok(head.releases.products.$get())
    expect(seen).toHaveLength(1)
    const gone = await dated({ in: 'header' })('2024-01-01').releases.products.$get()
    expect(gone.status).toBe(410)
    expect(gone.ok).toBe(false)
  })

  // Before, each client made (api('2025-01-01') before each call) reported it again.
  it('a version is reported once per versionedClient, however many clients of it are made', async () => {
    const seen: string[] = []
    const api = dated({ in: 'header', name: 'Api-Version' }, (_, version) => seen.push(version))
    await ok(api('2025-01-01').releases.products.$get())
    await ok(api('2025-01-01').releases.categories.$get())
    await ok(api('2025-01-01').releases.products.$get())
    expect(seen).toEqual(['2025-01-01'])
  })

  it('/semver by Accept-Version', async () => {
    const semantic = versionedClient<CatalogApp, typeof semverHistory>(base, { scheme: { in: 'header', name: 'Accept-Version' }, fetch })
    conforms(await ok(semantic('1.0.0').semver.products.$get()), first.productList)
    conforms(await ok(semantic('1.1.0').semver.products[':id'].$get({ param: { id: '2' } })), first.product)
    conforms(await ok(semantic('2.0.0').semver.categories.$get()), second.categoryList)
    expect(sent.at(-1)?.headers.get('Accept-Version')).toBe('2.0.0')
  })
})

describe('versionLifecycle', () => {
  const parse = (headers: Record<string, string>) => versionLifecycle({ headers: new Headers(headers) })

  it.each([
    ['neither header', {}, null],
    ['a Deprecation date', { Deprecation: '@1780272000' }, { deprecation: new Date('2026-06-01T00:00:00Z'), sunset: null, deprecationLink: null, sunsetLink: null }],
    ['a Sunset date', { Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT' }, { deprecation: null, sunset: new Date('2027-06-01T00:00:00Z'), deprecationLink: null, sunsetLink: null }],
    [
      'links in one header, a quoted comma, two relation types',
      { Deprecation: '@0', Link: '<https://a.test/x>; title="a, b"; rel="prev deprecation", <https://a.test/s>; rel=sunset' },
      { deprecation: new Date(0), sunset: null, deprecationLink: 'https://a.test/x', sunsetLink: 'https://a.test/s' },
    ],
    ['malformed dates are left out', { Deprecation: 'soon', Sunset: 'never' }, null],
    ['a link without a date is not a lifecycle', { Link: '<https://a.test/x>; rel="deprecation"' }, null],
  ] as const)('%s', (_, headers, expected) => {
    expect(parse(headers)).toEqual(expected)
  })
})

describe('versionedClient options are checked at construction', () => {
  const HEADERS = "versionedClient: headers must be a function or an object of header names and values a request can carry (no line break, Latin-1 text), such as { Authorization: 'Bearer ...' }."
  it.each([
    ['a relative base URL', () => versionedClient<CatalogApp, H>('/api', { scheme: { in: 'query' } }), 'versionedClient: the base URL must be an absolute URL such as "https://api.example.com", got "/api".'],
    // hc appends each route's path to the base URL as text: before, a query or fragment in it took the path in
    // (https://catalog.test/?key=1 sent every call to /?key=1%2Freleases%2Fproducts), silently.
    ['a base URL with a query', () => versionedClient<CatalogApp, H>('https://catalog.test/?key=1', { scheme: { in: 'query' } }), 'versionedClient: the base URL must be an absolute URL without a query or fragment (each route\'s path is appended to it), such as "https://api.example.com", got "https://catalog.test/?key=1".'],
    ['a base URL with a fragment', () => versionedClient<CatalogApp, H>('https://catalog.test/api#top', { scheme: { in: 'header' } }), 'versionedClient: the base URL must be an absolute URL without a query or fragment (each route\'s path is appended to it), such as "https://api.example.com", got "https://catalog.test/api#top".'],
    ['an unknown option', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, retries: 2 } as never), 'versionedClient: unknown option "retries"; the options are scheme, fetch, headers, onLifecycle.'],
    ['a header name that is not one', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'header', name: 'Api Version' } }), 'versionedClient: the header name must be a token such as "Api-Version", got "Api Version".'],
    ['a host without {version}', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'host', host: 'api.test' } }), 'versionedClient: host must be a host name with "{version}" in it, such as "{version}.example.com" (the default HostNameVersioning reads the first of three labels), got "api.test".'],
    ['a misspelled key of a placement', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'header', header: 'Api-Version' } as never }), 'versionedClient: scheme { in: \'header\' } has an unknown key "header"; its keys are in, name.'],
    ['an unknown placement', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'cookie' } as never }), 'versionedClient: scheme.in must be one of header, accept, query, path, host, namespace, got "cookie".'],
    // Before, Object.prototype stood for their keys: a TypeError ("keys.includes is not a function").
    ['a placement named __proto__', () => versionedClient<CatalogApp, H>(base, { scheme: { in: '__proto__', name: 'x' } as never }), 'versionedClient: scheme.in must be one of header, accept, query, path, host, namespace, got "__proto__".'],
    ['a placement named constructor', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'constructor', name: 'x' } as never }), 'versionedClient: scheme.in must be one of header, accept, query, path, host, namespace, got "constructor".'],
    // Plain JavaScript: headers no request can carry were taken, and every call failed with fetch's TypeError.
    ['a header value with a line break', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, headers: { 'X-Trace': 'a\r\nSet-Cookie: x' } }), HEADERS],
    ['a header name that is not a token', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, headers: { 'X Trace': 'a' } }), HEADERS],
    ['a header value past Latin-1', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, headers: { 'X-Trace': 'v€' } }), HEADERS],
    ['a header value that is a number', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, headers: { 'X-Retries': 3 } as never }), HEADERS],
    ['headers given as a string', () => versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, headers: 'Bearer x' as never }), HEADERS],
  ])('%s', (_, make, message) => {
    expect(make).toThrow(new Error(message))
  })

  it('a version with control characters, or one a host cannot carry, fails when its client is made', () => {
    expect(() => catalog({ in: 'header' })('v1\n' as 'v1')).toThrow(new Error('versionedClient: the version must be a non-empty string without control characters, got "v1\\n".'))
    // The default HostNameVersioning reads no version from a host label with a dash (placement.test.ts).
    expect(() => versionedClient<CatalogApp, typeof releasesHistory>(base, { scheme: { in: 'host', host: '{version}.catalog.test' } })('2025-01-01')).not.toThrow()
    expect(() => versionedClient<CatalogApp, typeof semverHistory>(base, { scheme: { in: 'host' } })('1.0.0')).toThrow(
      new Error('versionedClient: the version "1.0.0" cannot stand in a host name; use letters, digits and "-".'),
    )
  })

  // Before, a version a header cannot carry made the client, then each request threw Headers' TypeError; one with
  // spaces at its ends was sent trimmed (another version); `..` in a path climbed out of its segment.
  it.each([
    ['header', 'v1版', 'versionedClient: the version "v1版" cannot go into a header as it is; use a version of Latin-1 text without spaces at its ends.'],
    ['header', ' v1', 'versionedClient: the version " v1" cannot go into a header as it is; use a version of Latin-1 text without spaces at its ends.'],
    ['accept', 'v1版', 'versionedClient: the version "v1版" cannot go into a header as it is; use a version of Latin-1 text without spaces at its ends.'],
    ['path', '..', 'versionedClient: the version ".." cannot stand in a path: the URL would drop or climb its segment.'],
    ['path', '.', 'versionedClient: the version "." cannot stand in a path: the URL would drop or climb its segment.'],
  ] as const)('a version its placement (%s) cannot carry as it is, %j, fails when its client is made', (where, version, message) => {
    expect(() => versionedClient<CatalogApp, H>(base, { scheme: { in: where }, fetch })(version as 'v1')).toThrow(new Error(message))
  })

  it('a version it refuses is quoted escaped and cut in the sentence (a CR LF, a C1 control, 1 MiB)', () => {
    const long = `v\r\n\u0085${'9'.repeat(2 ** 20)}`
    expect(() => versionedClient<CatalogApp, H>(base, { scheme: { in: 'header' }, fetch })(long as 'v1')).toThrow(
      new Error(`versionedClient: the version must be a non-empty string without control characters, got "v\\r\\n\\u0085${'9'.repeat(67)}….`),
    )
    expect(() => versionedClient<CatalogApp, H>(base, { scheme: { in: 'header' }, fetch })(`v\u0085版${'9'.repeat(2 ** 20)}` as 'v1')).toThrow(
      new Error(`versionedClient: the version "v\\u0085版${'9'.repeat(70)}… cannot go into a header as it is; use a version of Latin-1 text without spaces at its ends.`),
    )
  })

  it('a Latin-1 version goes into a header as it is', async () => {
    await versionedClient<CatalogApp, H>(base, { scheme: { in: 'header' }, fetch })('versión' as 'v1').query.products.$get()
    expect(sent.at(-1)?.headers.get('Api-Version')).toBe('versión')
  })

  it('headers given once reach every request; a function is called per request', async () => {
    let calls = 0
    const v1 = versionedClient<CatalogApp, H>(base, { scheme: { in: 'query' }, fetch, headers: () => ({ 'X-Request': String(++calls) }) })('v1')
    await ok(v1.query.products.$get())
    await ok(v1.query.products.$get())
    expect(sent.at(-1)?.headers.get('X-Request')).toBe('2')
  })
})
