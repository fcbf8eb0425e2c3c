/**
 * Requests through the worker example's app whose observed results every
 * runtime must reproduce exactly (test/support/conformance.golden.json): version
 * shape, status, detail, links and headers, for all five schemes, odd inputs
 * included, the lifecycle sections (/releases, /semver) with their
 * headers, and the server-sent events /streams gives as values. The app runs on a fixed clock (./example-clock.ts), so a sunset
 * passing changes nothing.
 *
 * Each case also carries its expected answer, written by hand from the README
 * (the example's table, "Errors", "Behaviour on odd input", "Version
 * lifecycle"), never from a recording; a case whose version has a sunset also
 * says what it gets from then on. `npm run conformance:update` rewrites the
 * golden file from Node only when every answer agrees with these, and
 * test/behaviour/conformance.test.ts checks the golden file against them too, so a bug
 * present when recording cannot become the expected answer.
 */
import type { Hono } from 'hono'
import { createApp } from '../../worker-example/app.ts'
import { EXAMPLE_NOW_MS } from './example-clock.ts'

/** What a case must get. `body` is a pattern: an object needs only the keys given, an array every element. */
export interface Expected {
  readonly status: number
  readonly contentType: string | null
  readonly vary: string | null
  /** The version lifecycle headers, exactly. */
  readonly lifecycle: Readonly<Record<string, string>>
  readonly body: unknown
}

export interface ConformanceCase {
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  /** The answer while the version the case resolves to is served. */
  readonly expected: Expected
  /** For a version with a sunset: when (ms since the epoch), and the answer from then on. */
  readonly sunset?: { readonly at: number; readonly expected: Expected }
}

export interface Observation {
  readonly status: number
  readonly contentType: string | null
  readonly vary: string | null
  /** The version lifecycle headers the response has. */
  readonly lifecycle: Readonly<Record<string, string>>
  readonly body: unknown
}

const LIFECYCLE_HEADERS = ['api-supported-versions', 'api-deprecated-versions', 'api-version', 'deprecation', 'sunset', 'link']

// ---------------------------------------------------------------------------
// The hand-written answers.

const JSON_TYPE = 'application/json'
const PROBLEM_TYPE = 'application/problem+json'

/** A DRF section's answer: `{"detail"}` errors, no lifecycle headers. */
const drf = (status: number, body: unknown, vary: string | null = null): Expected => ({ status, contentType: JSON_TYPE, vary, lifecycle: {}, body })
const detail = (status: number, text: string, vary: string | null = null): Expected => drf(status, { detail: text }, vary)

// Item shapes (README, "The worker example"): the first generation has `name` and `url`, the second `title` and `links`.
const product1 = (id: number, name: string, self: string): object => ({ id, name, url: self })
const product2 = (id: number, title: string, self: string): object => ({ id, title, links: { self } })
const PRODUCTS: readonly [number, string][] = [
  [1, 'Sencha'],
  [2, 'Assam'],
  [3, 'Espresso beans'],
]
const firstList = (base: string, suffix = ''): object[] => PRODUCTS.map(([id, name]) => product1(id, name, `${base}/products/${id}${suffix}`))
const secondList = (version: string, base: string, suffix = ''): object => ({
  version,
  count: 3,
  products: PRODUCTS.map(([id, title]) => product2(id, title, `${base}/products/${id}${suffix}`)),
})

// The /releases section: date versions, a policy with every header, problem details.
const RELEASES = 'http://api.test/releases'
const RELEASES_VARY = 'Api-Version, Accept'
/** The versions reported on every /releases route but top-categories (deprecated: those with a deprecation date). */
const LISTS = { 'api-supported-versions': '2026-06-01', 'api-deprecated-versions': '2024-01-01, 2025-01-01' }
/** top-categories exists only in 2026-06-01, so it reports that version only. */
const TOP_LISTS = { 'api-supported-versions': '2026-06-01' }
/** The lifecycle headers of a version: RFC 9745 `@<seconds>`, RFC 8594 IMF-fixdate written out, the links configured. */
const V2024 = { 'api-version': '2024-01-01', deprecation: `@${Date.UTC(2025, 0, 1) / 1000}`, sunset: 'Thu, 01 Jan 2026 00:00:00 GMT' }
const V2025 = {
  'api-version': '2025-01-01',
  deprecation: `@${Date.UTC(2026, 5, 1) / 1000}`,
  sunset: 'Tue, 01 Jun 2027 00:00:00 GMT',
  link: '<https://catalog.test/docs/changelog#2026-06-01>; rel="deprecation", <https://catalog.test/docs/sunset/2025-01-01>; rel="sunset"',
}
const V2026 = { 'api-version': '2026-06-01' }
const SUNSET_2024 = Date.UTC(2026, 0, 1)
const SUNSET_2025 = Date.UTC(2027, 5, 1)

/** A /releases answer to a request that names no version: its client's pin decides, so it varies on Authorization too. */
const unnamed = (expected: Expected): Expected => ({ ...expected, vary: `${RELEASES_VARY}, Authorization` })
const served = (lifecycle: Record<string, string>, body: unknown): Expected => ({ status: 200, contentType: JSON_TYPE, vary: RELEASES_VARY, lifecycle, body })
const problem = (status: number, title: string, slug: string, text: string, code: string, lifecycle: Record<string, string> = LISTS): Expected => ({
  status,
  contentType: PROBLEM_TYPE,
  vary: RELEASES_VARY,
  lifecycle,
  body: { type: `https://catalog.test/problems/${slug}`, title, status, detail: text, code },
})
/** 410 Gone, with the lifecycle headers of the version refused. */
const gone = (lifecycle: Record<string, string>): Expected => problem(410, 'API version sunset', 'api-version-sunset', 'This API version has been sunset.', 'ApiVersionSunset', lifecycle)
const unsupported = (text: string, lifecycle: Record<string, string> = LISTS): Expected =>
  problem(404, 'Unsupported API version', 'unsupported-api-version', text, 'UnsupportedApiVersion', lifecycle)

// The /semver section: semantic versions, the resolved version echoed, `{"detail"}` errors.
const SEMVER_PRODUCT = 'http://api.test/semver/products/1'
const semverServed = (version: string, body: object): Expected => ({ status: 200, contentType: JSON_TYPE, vary: 'Accept-Version', lifecycle: { 'api-version': version }, body })

// The Accept section.
const ACCEPT_PRODUCT = 'http://api.test/accept/products/1'
const ACCEPT_INVALID = 'Invalid version in "Accept" header.'
const ACCEPT_UNSATISFIABLE = 'Could not satisfy the request Accept header.'
const acceptV1 = drf(200, product1(1, 'Sencha', ACCEPT_PRODUCT), 'Accept')
const acceptV2 = drf(200, product2(1, 'Sencha', ACCEPT_PRODUCT), 'Accept')
const accept = (value: string, expected: Expected): ConformanceCase => ({ url: ACCEPT_PRODUCT, headers: { accept: value }, expected })

// The /streams section (docs/worker-example.md, "Streams given as values"): `Api-Version` 1 (the default) says `name`,
// 2 says `fullName`; the events' names, ids and the first one's retry are the same in both.
const STREAM_TYPE = 'text/event-stream'
const events = (people: readonly string[]): string => people.map((data, i) => `event: joined\ndata: ${data}\nid: ${i + 1}\n${i === 0 ? 'retry: 5000\n' : ''}\n`).join('')
const joined = (body: string): Expected => ({ status: 200, contentType: STREAM_TYPE, vary: 'Api-Version', lifecycle: {}, body })

export const cases: readonly ConformanceCase[] = [
  {
    url: 'http://api.test/',
    expected: drf(200, {
      accept: 'http://api.test/accept/products',
      path: 'http://api.test/path/v1/products',
      namespace: 'http://api.test/ns/v1/products',
      host: 'http://api.test/host/products',
      query: 'http://api.test/query/products',
      releases: 'http://api.test/releases/products',
      semver: 'http://api.test/semver/products',
    }),
  },
  // Accept: allowed v1, v2; default v1.
  accept('application/json; version=v2', acceptV2),
  accept('application/json; version="v2"', acceptV2),
  accept('*/*; version=v2', acceptV2),
  // The more specific range wins, whatever the order.
  accept('application/*; version=v2, application/json; version=v1', acceptV1),
  // text/html is not rendered: application/json at q=0.8 is the one acceptable.
  accept('text/html;q=0.9, application/json;version=v2;q=0.8', acceptV2),
  // As DRF: q refuses nothing, and the more specific range decides (no version: the default).
  accept('application/json;q=0, */*; version=v2', acceptV1),
  // Parameter names are case-insensitive, values are not.
  accept('application/json; VERSION=v2', acceptV2),
  accept('application/json; version=V2', detail(406, ACCEPT_INVALID, 'Accept')),
  accept('application/json; version=v3', detail(406, ACCEPT_INVALID, 'Accept')),
  accept('text/html', detail(406, ACCEPT_UNSATISFIABLE, 'Accept')),
  // A blank Accept header means no preference: the default.
  accept('', acceptV1),
  // As DRF: a value not wrapped in quotes is read as written ("v2 with its quote, not allowed).
  accept('application/json; version="v2', detail(406, ACCEPT_INVALID, 'Accept')),
  {
    url: 'http://api.test/accept/categories',
    expected: drf(
      200,
      [
        { slug: 'tea', name: 'Tea', url: 'http://api.test/accept/categories/tea', products: ['http://api.test/accept/products/1', 'http://api.test/accept/products/2'] },
        { slug: 'coffee', name: 'Coffee', url: 'http://api.test/accept/categories/coffee', products: ['http://api.test/accept/products/3'] },
      ],
      'Accept',
    ),
  },
  // URL path: allowed v1, v2.
  { url: 'http://api.test/path/v1/products', expected: drf(200, firstList('http://api.test/path/v1')) },
  { url: 'http://api.test/path/v2/products/3', expected: drf(200, product2(3, 'Espresso beans', 'http://api.test/path/v2/products/3')) },
  { url: 'http://api.test/path/v3/products/3', expected: detail(404, 'Invalid version in URL path.') },
  // The version is fine, the product does not exist: the view's own 404.
  { url: 'http://api.test/path/v2/products/99', expected: detail(404, 'Not found.') },
  // Namespaces v1, v2 (v3 routed but retired).
  {
    url: 'http://api.test/ns/v1/categories/coffee',
    expected: drf(200, { slug: 'coffee', name: 'Coffee', url: 'http://api.test/ns/v1/categories/coffee', products: ['http://api.test/ns/v1/products/3'] }),
  },
  {
    url: 'http://api.test/ns/v2/categories',
    expected: drf(200, {
      version: 'v2',
      count: 2,
      categories: [
        { slug: 'tea', title: 'Tea', links: { self: 'http://api.test/ns/v2/categories/tea' } },
        { slug: 'coffee', title: 'Coffee', links: { self: 'http://api.test/ns/v2/categories/coffee' } },
      ],
    }),
  },
  { url: 'http://api.test/ns/v3/products', expected: detail(404, 'Invalid version in URL path. Does not match any version namespace.') },
  // Host name: three labels, the first is the version; other hosts get the default (v1).
  { url: 'http://v2.catalog.test/host/products/2', expected: drf(200, product2(2, 'Assam', 'http://v2.catalog.test/host/products/2')) },
  // The host is lower-cased; links keep the port.
  {
    url: 'http://V2.Catalog.Test:8443/host/categories/tea',
    expected: drf(200, { slug: 'tea', title: 'Tea', links: { self: 'http://v2.catalog.test:8443/host/categories/tea' } }),
  },
  { url: 'http://catalog.test/host/products/2', expected: drf(200, product1(2, 'Assam', 'http://catalog.test/host/products/2')) },
  { url: 'http://a.v2.catalog.test/host/products/2', expected: drf(200, product1(2, 'Assam', 'http://a.v2.catalog.test/host/products/2')) },
  { url: 'http://[::1]:8787/host/products/2', expected: drf(200, product1(2, 'Assam', 'http://[::1]:8787/host/products/2')) },
  { url: 'http://v3.catalog.test/host/products/2', expected: detail(404, 'Invalid version in hostname.') },
  // Query parameter: form decoding, the last value wins, links carry the version (and ?format=).
  { url: 'http://api.test/query/products?version=v2', expected: drf(200, secondList('v2', 'http://api.test/query', '?version=v2')) },
  { url: 'http://api.test/query/products/1?version=v1&version=v2', expected: drf(200, product2(1, 'Sencha', 'http://api.test/query/products/1?version=v2')) },
  { url: 'http://api.test/query/products/1?ver%73ion=v%32', expected: drf(200, product2(1, 'Sencha', 'http://api.test/query/products/1?version=v2')) },
  { url: 'http://api.test/query/products/1?version=', expected: detail(404, 'Invalid version in query parameter.') },
  {
    url: 'http://api.test/query/products/1?version=v2&format=json',
    expected: drf(200, product2(1, 'Sencha', 'http://api.test/query/products/1?version=v2&format=json')),
  },
  { url: 'http://api.test/query/products/1?version=%3Cv2%3E', expected: detail(404, 'Invalid version in query parameter.') },
  // No route: Hono's own 404.
  { url: 'http://api.test/nowhere', expected: { status: 404, contentType: 'text/plain; charset=UTF-8', vary: null, lifecycle: {}, body: '404 Not Found' } },
  // /releases: 2024-01-01 (sunset 2026-01-01), 2025-01-01 (deprecated; sunset 2027-06-01; first shape), 2026-06-01 (default).
  // Naming no version, the answer depends on the client's pinned version (Authorization).
  { url: 'http://api.test/releases/products', expected: unnamed(served({ ...LISTS, ...V2026 }, secondList('2026-06-01', RELEASES))) },
  // A date resolves to the latest release on or before it.
  {
    url: 'http://api.test/releases/products',
    headers: { 'api-version': '2025-06-30' },
    expected: served({ ...LISTS, ...V2025 }, firstList(RELEASES)),
    sunset: { at: SUNSET_2025, expected: gone({ ...LISTS, ...V2025 }) },
  },
  {
    url: 'http://api.test/releases/products/2?version=2026-07-01',
    expected: served({ ...LISTS, ...V2026 }, product2(2, 'Assam', `${RELEASES}/products/2`)),
  },
  {
    url: 'http://api.test/releases/products/1',
    headers: { accept: 'application/vnd.catalog.2025-01-01+json' },
    expected: served({ ...LISTS, ...V2025 }, product1(1, 'Sencha', `${RELEASES}/products/1`)),
    sunset: { at: SUNSET_2025, expected: gone({ ...LISTS, ...V2025 }) },
  },
  // Two different versions in one request: 400, never a silent pick.
  {
    url: 'http://api.test/releases/products?version=2025-02-01',
    headers: { 'api-version': '2026-07-01' },
    expected: problem(400, 'Ambiguous API version', 'ambiguous-api-version', 'The request carries more than one API version.', 'AmbiguousApiVersion'),
  },
  {
    url: 'http://api.test/releases/products',
    headers: { 'api-version': '2024-06-01' },
    expected: served({ ...LISTS, ...V2024 }, firstList(RELEASES)),
    sunset: { at: SUNSET_2024, expected: gone({ ...LISTS, ...V2024 }) },
  },
  // Earlier than every release, or not a date: the scheme's 404.
  { url: 'http://api.test/releases/products', headers: { 'api-version': '2023-12-31' }, expected: unsupported('Invalid version in "Api-Version" header.') },
  { url: 'http://api.test/releases/products', headers: { 'api-version': '<script>' }, expected: unsupported('Invalid version in "Api-Version" header.') },
  {
    url: 'http://api.test/releases/top-categories',
    expected: unnamed(served(
      { ...TOP_LISTS, ...V2026 },
      { version: '2026-06-01', categories: [`${RELEASES}/categories/tea`, `${RELEASES}/categories/coffee`] },
    )),
  },
  // top-categories exists only in 2026-06-01: 2025-03-01 (2025-01-01) gets 404 "Invalid version.", then 410 once 2025-01-01 is sunset.
  {
    url: 'http://api.test/releases/top-categories',
    headers: { 'api-version': '2025-03-01' },
    expected: unsupported('Invalid version.', TOP_LISTS),
    sunset: { at: SUNSET_2025, expected: gone({ ...TOP_LISTS, ...V2025 }) },
  },
  // Version-neutral: answers whatever the request names; the version is null when the scheme would refuse it.
  { url: 'http://api.test/releases/health', headers: { 'api-version': 'garbage' }, expected: served(LISTS, { status: 'ok', version: null }) },
  // /semver: 1.0.0, 1.1.0 (first shape), 2.0.0 (default); ranges resolve to the highest release.
  { url: SEMVER_PRODUCT, headers: { 'accept-version': '1.x' }, expected: semverServed('1.1.0', product1(1, 'Sencha', SEMVER_PRODUCT)) },
  { url: SEMVER_PRODUCT, headers: { 'accept-version': '^1.0.0' }, expected: semverServed('1.1.0', product1(1, 'Sencha', SEMVER_PRODUCT)) },
  { url: SEMVER_PRODUCT, headers: { 'accept-version': '2' }, expected: semverServed('2.0.0', product2(1, 'Sencha', SEMVER_PRODUCT)) },
  { url: SEMVER_PRODUCT, headers: { 'accept-version': '3.x' }, expected: detail(404, 'Invalid version in "Accept-Version" header.', 'Accept-Version') },
  { url: SEMVER_PRODUCT, headers: { 'accept-version': '1, 2' }, expected: detail(400, 'The request carries more than one API version.', 'Accept-Version') },
  // /streams/joined: the same handler's events, each data in the client's version.
  {
    url: 'http://api.test/streams/joined?count=2',
    expected: joined(events(['{"id":1,"email":"ada.lovelace@example.test","name":"Ada Lovelace"}', '{"id":2,"email":"grace.hopper@example.test","name":"Grace Hopper"}'])),
  },
  {
    url: 'http://api.test/streams/joined?count=2',
    headers: { 'api-version': '2' },
    expected: joined(events(['{"id":1,"fullName":"Ada Lovelace","email":"ada.lovelace@example.test"}', '{"id":2,"fullName":"Grace Hopper","email":"grace.hopper@example.test"}'])),
  },
  { url: 'http://api.test/streams/joined', headers: { 'api-version': '3' }, expected: detail(404, 'Invalid version in "Api-Version" header.', 'Api-Version') },
]

/** The answer a case must get at `now` (ms since the epoch). */
export function expectedAt(c: ConformanceCase, now: number): Expected {
  const expected = c.sunset !== undefined && now >= c.sunset.at ? c.sunset.expected : c.expected
  return { ...expected, lifecycle: reportedAt(expected.lifecycle, now) }
}

/** The /releases versions' sunsets: from each on, the policy refuses the version (410) and reports it in neither list. */
const SUNSETS: Readonly<Record<string, number>> = { '2024-01-01': SUNSET_2024, '2025-01-01': SUNSET_2025 }

/** `lifecycle` with the versions past their sunset at `now` left out of `api-deprecated-versions` (docs/lifecycle.md). */
export function reportedAt(lifecycle: Readonly<Record<string, string>>, now: number): Record<string, string> {
  const { 'api-deprecated-versions': listed, ...rest } = lifecycle
  if (listed === undefined) return rest
  const kept = listed.split(', ').filter((version) => !(Object.hasOwn(SUNSETS, version) && now >= (SUNSETS[version] as number)))
  return kept.length === 0 ? rest : { ...rest, 'api-deprecated-versions': kept.join(', ') }
}

/** Where `actual` differs from the pattern `expected` (objects: the keys given; arrays: every element), as paths. */
function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: expected ${expected.length} items, got ${JSON.stringify(actual)}`]
    return expected.flatMap((item, i) => differences(actual[i], item, `${path}[${i}]`))
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${JSON.stringify(actual)}`]
    return Object.entries(expected).flatMap(([key, value]) => differences((actual as Record<string, unknown>)[key], value, `${path}.${key}`))
  }
  return Object.is(actual, expected) ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`]
}

/** Where an observation disagrees with the expected answer; empty when it agrees. */
export function disagreements(observed: Observation, expected: Expected): string[] {
  const out: string[] = []
  for (const key of ['status', 'contentType', 'vary'] as const) {
    if (observed[key] !== expected[key]) out.push(`${key}: expected ${JSON.stringify(expected[key])}, got ${JSON.stringify(observed[key])}`)
  }
  const names = new Set([...Object.keys(observed.lifecycle), ...Object.keys(expected.lifecycle)])
  for (const name of names) {
    if (observed.lifecycle[name] !== expected.lifecycle[name]) {
      out.push(`header ${name}: expected ${JSON.stringify(expected.lifecycle[name] ?? null)}, got ${JSON.stringify(observed.lifecycle[name] ?? null)}`)
    }
  }
  return [...out, ...differences(observed.body, expected.body, 'body')]
}

/** The app the golden file is recorded from and compared with: the worker example on the fixed clock. */
export const fixedClockApp: Hono = createApp({ now: () => EXAMPLE_NOW_MS })

/** What a runtime observes for one case, through `app` (by default the example on the fixed clock). */
export async function observe(c: ConformanceCase, app: Hono = fixedClockApp): Promise<Observation> {
  const res = await app.request(c.url, c.headers === undefined ? {} : { headers: c.headers })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  const lifecycle: Record<string, string> = {}
  for (const name of LIFECYCLE_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) lifecycle[name] = value
  }
  return { status: res.status, contentType: res.headers.get('content-type'), vary: res.headers.get('vary'), lifecycle, body }
}

/** A stable name for a case. */
export const caseName = (c: ConformanceCase): string => (c.headers === undefined ? c.url : `${c.url} ${JSON.stringify(c.headers)}`)
