/**
 * Hostile input, one named row per input with its exact outcome: CR/LF and NUL
 * in version values, `__proto__` / `constructor` / `toString` as versions,
 * params, route names and namespaces, path separators in reversed values,
 * IPv6 and trailing-dot hosts, ports and userinfo, Accept headers of 8 KB and
 * 1 MB, duplicated and empty parameters, non-ASCII versions and malformed
 * quoted strings.
 *
 * Most rows go through one Hono app built with `apiVersioning` + `mountRoutes`,
 * one section per scheme:
 *
 * | prefix             | scheme                     | options                                        |
 * |--------------------|----------------------------|------------------------------------------------|
 * | `/accept`          | AcceptHeaderVersioning     | allowed `v1`, `v2`; default `v1` ("strict")    |
 * | `/open-accept`     | AcceptHeaderVersioning     | allowed `null` (any); default `null` ("open")  |
 * | `/path/:version`   | URLPathVersioning          | strict (the param takes any segment, `[^/]+`)  |
 * | `/open-path/:version` | URLPathVersioning       | open                                           |
 * | `/ns/<namespace>`  | NamespaceVersioning        | strict; namespaces v1, v2, __proto__, constructor, toString |
 * | `/open-ns/<namespace>` | NamespaceVersioning    | open; the same namespaces                      |
 * | `/host`            | HostNameVersioning         | strict                                         |
 * | `/open-host`       | HostNameVersioning         | open                                           |
 * | `/query`           | QueryParameterVersioning   | strict                                         |
 * | `/open-query`      | QueryParameterVersioning   | open                                           |
 *
 * Every handler answers `{"version": c.var.version, "self": c.var.reverse('item-list')}`
 * (`self` is `null` when the reversal is refused with `NoReverseMatch`).
 * Every rejection must be exactly `{"detail": "<fixed message>"}`, and no
 * header (of any row) nor error body may carry the hostile client text.
 *
 * Two sections at the end have apps of their own: HeaderVersioning and CombinedVersioning rows, and a property
 * (fast-check) sending random hostile requests through every layer at once (scheme, policy, client pins, problem
 * details, allowedHosts).
 *
 * A portable file: Web APIs, hono, vitest and fast-check only (no `node:*`), so it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import {
  AcceptHeaderVersioning,
  CombinedVersioning,
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
import { detectRuntime, type Runtime } from '../support/runtime.ts'
import fc from 'fast-check'
import { bearerClient, clientPins, memoryPinStore, memoryUsage, type PinStore } from '../../src/client-pins/index.ts'
import { dateVersions } from '../../src/formats/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { assertAsyncProperty } from '../support/property-runs.ts'
import { change, headerChanged, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { contracts, validateResponses } from '../../src/contracts/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

/** Runs of the random-request property: 300 in `npm test`, FUZZ_RUNS (`npm run fuzz`) for more. */
const RUNS = Number((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['FUZZ_RUNS'] ?? 300)

// ---------------------------------------------------------------------------
// The fixed messages (README, "Errors").

const ACCEPT_INVALID = 'Invalid version in "Accept" header.'
const ACCEPT_UNSATISFIABLE = 'Could not satisfy the request Accept header.'
const PATH_INVALID = 'Invalid version in URL path.'
const NAMESPACE_INVALID = 'Invalid version in URL path. Does not match any version namespace.'
const HOST_INVALID = 'Invalid version in hostname.'
const QUERY_INVALID = 'Invalid version in query parameter.'

// ---------------------------------------------------------------------------
// The app.

const strict = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' } as const
const open = { allowedVersions: null, defaultVersion: null } as const

const items = [route('item-list', '/items')] as const
const namespaced = <const P extends string>(prefix: P) =>
  [
    include(`${prefix}/v1`, items, { namespace: 'v1' }),
    include(`${prefix}/v2`, items, { namespace: 'v2' }),
    include(`${prefix}/__proto__`, items, { namespace: '__proto__' }),
    include(`${prefix}/constructor`, items, { namespace: 'constructor' }),
    include(`${prefix}/toString`, items, { namespace: 'toString' }),
  ] as const

const sections = {
  accept: apiVersioning({ scheme: new AcceptHeaderVersioning(strict), routes: defineRoutes([include('/accept', items)]) }),
  openAccept: apiVersioning({ scheme: new AcceptHeaderVersioning(open), routes: defineRoutes([include('/open-accept', items)]) }),
  path: apiVersioning({ scheme: new URLPathVersioning(strict), routes: defineRoutes([include('/path/:version', items)]) }),
  openPath: apiVersioning({ scheme: new URLPathVersioning(open), routes: defineRoutes([include('/open-path/:version', items)]) }),
  ns: apiVersioning({ scheme: new NamespaceVersioning(strict), routes: defineRoutes(namespaced('/ns')) }),
  openNs: apiVersioning({ scheme: new NamespaceVersioning(open), routes: defineRoutes(namespaced('/open-ns')) }),
  host: apiVersioning({ scheme: new HostNameVersioning(strict), routes: defineRoutes([include('/host', items)]) }),
  openHost: apiVersioning({ scheme: new HostNameVersioning(open), routes: defineRoutes([include('/open-host', items)]) }),
  query: apiVersioning({ scheme: new QueryParameterVersioning(strict), routes: defineRoutes([include('/query', items)]) }),
  openQuery: apiVersioning({ scheme: new QueryParameterVersioning(open), routes: defineRoutes([include('/open-query', items)]) }),
}

/** The handler's body: the version, and the link to the list, or `null` when the reversal is refused. */
function body(version: string | null, reverse: () => string): { version: string | null; self: string | null } {
  try {
    return { version, self: reverse() }
  } catch (error) {
    if (error instanceof NoReverseMatch) return { version, self: null }
    throw error
  }
}

/** The detail of the app's own not-found answer. */
const APP_NOT_FOUND = 'Not found.'

const app = new Hono()
app.notFound((c) => c.json({ detail: APP_NOT_FOUND }, 404))
app.use('/accept/*', sections.accept)
app.use('/open-accept/*', sections.openAccept)
app.use('/path/*', sections.path)
app.use('/open-path/*', sections.openPath)
app.use('/ns/*', sections.ns)
app.use('/open-ns/*', sections.openNs)
app.use('/host/*', sections.host)
app.use('/open-host/*', sections.openHost)
app.use('/query/*', sections.query)
app.use('/open-query/*', sections.openQuery)
mountRoutes(app, sections.accept, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.openAccept, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.path, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.openPath, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.ns, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.openNs, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.host, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.openHost, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.query, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })
mountRoutes(app, sections.openQuery, { 'item-list': (c) => c.json(body(c.var.version, () => c.var.reverse('item-list'))) })

// ---------------------------------------------------------------------------
// Helpers.

/**
 * Asserts that no response header, and (for error responses) not the body,
 * holds any of the hostile texts the client sent.
 */
function assertNotReflected(res: Response, text: string | null, hostileText: string | readonly string[]): void {
  const hostile = typeof hostileText === 'string' ? [hostileText] : hostileText
  expect(hostile.length).toBeGreaterThan(0)
  const headers: string[] = []
  res.headers.forEach((value, name) => headers.push(`${name}: ${value}`))
  for (const h of hostile) {
    expect(h.length).toBeGreaterThan(0)
    expect(headers.filter((line) => line.includes(h))).toEqual([])
    if (text !== null) expect(text.includes(h)).toBe(false)
  }
}

type Outcome =
  | { readonly status: 200; readonly version: string | null; readonly self: string | null }
  | { readonly status: 404 | 406; readonly detail: string }

interface HttpRow {
  readonly name: string
  /** The scheme (app section) the request goes through. */
  readonly via: string
  /** A path on http://localhost, or an absolute URL. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  /** The client text that must never come back in a header or an error body. */
  readonly hostile: string | readonly string[]
  readonly outcome: Outcome
}

const ok = (version: string | null, self: string | null): Outcome => ({ status: 200, version, self })
const rejected = (status: 404 | 406, detail: string): Outcome => ({ status, detail })

function get(name: string, via: string, url: string, hostile: string | readonly string[], outcome: Outcome): HttpRow {
  return { name, via, url, headers: {}, hostile, outcome }
}

function accept(name: string, via: 'accept' | 'open-accept', header: string, hostile: string | readonly string[], outcome: Outcome): HttpRow {
  return { name, via, url: `/${via}/items`, headers: { accept: header }, hostile, outcome }
}

const A = 'http://localhost/accept/items'
const OA = 'http://localhost/open-accept/items'
const Q = 'http://localhost/query/items'
const OQ = 'http://localhost/open-query/items'

/** About `size` bytes of `unit`, then `tail`. */
const fill = (unit: string, size: number, tail: string): string => unit.repeat(Math.ceil(size / unit.length)) + tail
const KB8 = 8 * 1024
const MB1 = 1024 * 1024
const hugeValue8k = 'x'.repeat(KB8)
const hugeValue1m = 'y'.repeat(MB1)

// ---------------------------------------------------------------------------
// Rows through the app.

const httpRows: readonly HttpRow[] = [
  // CR, LF and NUL, percent-encoded (the raw characters cannot be sent: see the next table).
  get('query: %0D%0A as the version (strict)', 'query', '/query/items?version=%0D%0A', ['\r', '\n', '%0D'], rejected(404, QUERY_INVALID)),
  get('query: header injection attempt v2%0D%0AX-Injected:%201 (strict)', 'query', '/query/items?version=v2%0D%0AX-Injected:%201', ['X-Injected', '\r\n'], rejected(404, QUERY_INVALID)),
  get('query: %00 as the version (strict)', 'query', '/query/items?version=%00', ['\0', '%00'], rejected(404, QUERY_INVALID)),
  get('query: %0D%0A as the version (open) is the decoded CR LF, re-encoded in links', 'open-query', '/open-query/items?version=%0D%0A', ['\r', '\n'], ok('\r\n', `${OQ}?version=%0D%0A`)),
  get('query: %00 as the version (open) is a NUL, re-encoded in links', 'open-query', '/open-query/items?version=%00', '\0', ok('\0', `${OQ}?version=%00`)),
  get('query: a raw CR LF in the URL is removed by URL parsing (v1\\r\\nX → v1X)', 'query', '/query/items?version=v1\r\nX', ['v1X', '\r'], rejected(404, QUERY_INVALID)),
  get('path: v1%0D%0A as the version segment (strict)', 'path', '/path/v1%0D%0A/items', ['\r', '\n', '%0D'], rejected(404, PATH_INVALID)),
  get('path: %0D%0A as the version segment (open), re-encoded in links', 'open-path', '/open-path/%0D%0A/items', ['\r', '\n'], ok('\r\n', 'http://localhost/open-path/%0D%0A/items')),
  get('path: %00 as the version segment (open), re-encoded in links', 'open-path', '/open-path/%00/items', '\0', ok('\0', 'http://localhost/open-path/%00/items')),
  accept('accept: a trailing CR LF is trimmed by Headers, the version is v2', 'accept', 'application/json; version=v2\r\n', ['\r', '\n'], ok('v2', A)),

  // __proto__, constructor, toString as versions and parameter names.
  get('query: __proto__ as the version (strict)', 'query', '/query/items?version=__proto__', '__proto__', rejected(404, QUERY_INVALID)),
  get('query: constructor as the version (strict)', 'query', '/query/items?version=constructor', 'constructor', rejected(404, QUERY_INVALID)),
  get('query: toString as the version (strict)', 'query', '/query/items?version=toString', 'toString', rejected(404, QUERY_INVALID)),
  get('query: __proto__ as the version (open)', 'open-query', '/open-query/items?version=__proto__', '__proto__', ok('__proto__', `${OQ}?version=__proto__`)),
  get('query: constructor as the version (open)', 'open-query', '/open-query/items?version=constructor', 'constructor', ok('constructor', `${OQ}?version=constructor`)),
  get('query: ?__proto__=v2 is not the version parameter: the default', 'query', '/query/items?__proto__=v2', '__proto__', ok('v1', `${Q}?version=v1`)),
  get('query: ?constructor=v2&toString=v2 are not the version parameter: the default', 'query', '/query/items?constructor=v2&toString=v2', ['constructor', 'toString'], ok('v1', `${Q}?version=v1`)),
  accept('accept: version=constructor (strict)', 'accept', 'application/json; version=constructor', 'constructor', rejected(406, ACCEPT_INVALID)),
  accept('accept: version=__proto__ (strict)', 'accept', 'application/json; version=__proto__', '__proto__', rejected(406, ACCEPT_INVALID)),
  accept('accept: version=toString (open)', 'open-accept', 'application/json; version=toString', 'toString', ok('toString', OA)),
  accept('accept: a parameter named __proto__ is not the version: the default', 'accept', 'application/json; __proto__=v2; constructor=v2', '__proto__', ok('v1', A)),
  get('path: __proto__ as the version segment (strict)', 'path', '/path/__proto__/items', '__proto__', rejected(404, PATH_INVALID)),
  get('path: toString as the version segment (strict)', 'path', '/path/toString/items', 'toString', rejected(404, PATH_INVALID)),
  get('path: constructor as the version segment (open)', 'open-path', '/open-path/constructor/items', 'constructor', ok('constructor', 'http://localhost/open-path/constructor/items')),
  get('namespace: __proto__ as the namespace (strict)', 'ns', '/ns/__proto__/items', '__proto__', rejected(404, NAMESPACE_INVALID)),
  get('namespace: constructor as the namespace (strict)', 'ns', '/ns/constructor/items', 'constructor', rejected(404, NAMESPACE_INVALID)),
  get('namespace: __proto__ as the namespace (open) reverses __proto__:item-list', 'open-ns', '/open-ns/__proto__/items', '__proto__', ok('__proto__', 'http://localhost/open-ns/__proto__/items')),
  get('namespace: toString as the namespace (open) reverses toString:item-list', 'open-ns', '/open-ns/toString/items', 'toString', ok('toString', 'http://localhost/open-ns/toString/items')),
  get('host: constructor.example.com (strict)', 'host', 'http://constructor.example.com/host/items', 'constructor', rejected(404, HOST_INVALID)),
  get('host: toString.example.com (open) is lower-cased to tostring', 'open-host', 'http://toString.example.com/open-host/items', 'toString', ok('tostring', 'http://tostring.example.com/open-host/items')),
  get('host: __proto__.example.com has "_", not a versioned host: the default', 'host', 'http://__proto__.example.com/host/items', '__proto__', ok('v1', 'http://__proto__.example.com/host/items')),

  // Separators and dots in version values (reversal refuses or encodes them).
  // An encoded slash is a slash, as Django decodes a path before matching: no [^/]+ param takes it (app.notFound).
  get('path: ..%2F as the version (open) is a path no route matches', 'open-path', '/open-path/..%2F/items', '../', rejected(404, APP_NOT_FOUND)),
  get('path: %2F as the version (strict) is a path no route matches', 'path', '/path/%2F/items', ['%2F', '/items/'], rejected(404, APP_NOT_FOUND)),
  get('path: %3F as the version (open) is "?", percent-encoded in links', 'open-path', '/open-path/%3F/items', '%3F', ok('?', 'http://localhost/open-path/%3F/items')),
  get('path: %23 as the version (open) is "#", percent-encoded in links', 'open-path', '/open-path/%23/items', ['#', '%23'], ok('#', 'http://localhost/open-path/%23/items')),
  get('path: %252F as the version (open) is "%2F", encoded again in links', 'open-path', '/open-path/%252F/items', '%25', ok('%2F', 'http://localhost/open-path/%252F/items')),
  get('query: ..%2F%3F%23%26 as the version (open) cannot add a query or fragment to links', 'open-query', '/open-query/items?version=..%2F%3F%23%26', '..%2F', ok('../?#&', `${OQ}?version=..%2F%3F%23%26`)),
  get('query: a fragment is not part of the query (?version=v2#version=v3)', 'query', '/query/items?version=v2#version=v3', 'v3', ok('v2', `${Q}?version=v2`)),
  get('query: a "?" inside the fragment is not a query (#?version=v3)', 'query', '/query/items#?version=v3', 'v3', ok('v1', `${Q}?version=v1`)),

  // Hosts.
  get('host: trailing dot (v2.example.com.) is four labels: the default', 'host', 'http://v2.example.com./host/items', 'example.com.', ok('v1', 'http://v2.example.com./host/items')),
  get('host: IPv6 [::1]:8787: the default', 'host', 'http://[::1]:8787/host/items', '::1', ok('v1', 'http://[::1]:8787/host/items')),
  get('host: IPv6 [::1] (open): no version', 'open-host', 'http://[::1]/open-host/items', '::1', ok(null, 'http://[::1]/open-host/items')),
  get('host: V2.EXAMPLE.COM:8443 is lower-cased, port dropped: v2', 'host', 'http://V2.EXAMPLE.COM:8443/host/items', 'V2.EXAMPLE', ok('v2', 'http://v2.example.com:8443/host/items')),
  get('host: v3.example.com:8443 (strict)', 'host', 'http://v3.example.com:8443/host/items', 'v3.example', rejected(404, HOST_INVALID)),
  get('host: four labels (v2.v2.example.com): the default', 'host', 'http://v2.v2.example.com/host/items', 'v2.v2', ok('v1', 'http://v2.v2.example.com/host/items')),
  get('host: non-ASCII (vé.example.com) becomes punycode xn--v-bga: the default', 'host', 'http://vé.example.com/host/items', 'vé', ok('v1', 'http://xn--v-bga.example.com/host/items')),
  {
    name: 'host: a Host header that disagrees with the URL is not read',
    via: 'host',
    url: '/host/items',
    headers: { host: 'v3.example.com' },
    hostile: 'v3.example.com',
    outcome: ok('v1', 'http://localhost/host/items'),
  },

  // Accept headers of 8 KB and 1 MB.
  accept('accept: 8 KB of ranges, then version=v2', 'accept', fill('text/html;q=0.5, ', KB8, 'application/json; version=v2'), 'text/html', ok('v2', A)),
  accept('accept: 8 KB unquoted version value (strict)', 'accept', `application/json; version=${hugeValue8k}`, hugeValue8k.slice(0, 64), rejected(406, ACCEPT_INVALID)),
  // Only the first 1,000 list elements count: the acceptable one comes too late.
  accept('accept: 1 MB of ranges, then version=v2', 'accept', fill('text/html;q=0.5, ', MB1, 'application/json; version=v2'), 'text/html', rejected(406, ACCEPT_UNSATISFIABLE)),
  accept('accept: 1 MB quoted version value (strict)', 'accept', `application/json; version="${hugeValue1m}"`, hugeValue1m.slice(0, 64), rejected(406, ACCEPT_INVALID)),
  accept('accept: 1 MB of unterminated quotes', 'accept', fill('application/json; x="', MB1, ''), 'x="', rejected(406, ACCEPT_UNSATISFIABLE)),
  accept('accept: 1 MB of empty parameters, then version=v2', 'accept', `application/json${';'.repeat(MB1)}version=v2`, ';;', ok('v2', A)),

  // Duplicated and empty parameters.
  get('query: ?version=&version=v2: the last wins', 'query', '/query/items?version=&version=v2', 'version=&', ok('v2', `${Q}?version=v2`)),
  get('query: ?version=v2&version=: the last wins, "" (strict)', 'query', '/query/items?version=v2&version=', 'version=v2&', rejected(404, QUERY_INVALID)),
  get('query: ?version=v2&version= (open): ""', 'open-query', '/open-query/items?version=v2&version=', 'version=v2&', ok('', `${OQ}?version=`)),
  get('query: ?version without "=" is "" (strict)', 'query', '/query/items?version', '?version', rejected(404, QUERY_INVALID)),
  accept('accept: version=v1; version=v2: the last wins', 'accept', 'application/json; version=v1; version=v2', 'version=v1', ok('v2', A)),
  accept('accept: version= is "" (strict)', 'accept', 'application/json; version=', 'version=', rejected(406, ACCEPT_INVALID)),
  accept('accept: version= is "" (open)', 'open-accept', 'application/json; version=', 'version=', ok('', OA)),
  accept('accept: two equal ranges: the first in the header wins', 'accept', 'application/json; version=v2, application/json; version=v1', 'version=v1', ok('v2', A)),
  accept('accept: empty parameters ";;" are skipped', 'accept', 'application/json;;; version=v2;;', ';;', ok('v2', A)),
  accept('accept: a blank Accept header (spaces and a tab) means */*: the default', 'accept', ' \t ', '\t', ok('v1', A)),

  // Non-ASCII versions.
  get('query: %C3%A9 (é) as the version (strict)', 'query', '/query/items?version=%C3%A9', ['é', '%C3%A9'], rejected(404, QUERY_INVALID)),
  get('query: %C3%A9 (open) is é, UTF-8 encoded in links', 'open-query', '/open-query/items?version=%C3%A9', ['é', '%C3%A9'], ok('é', `${OQ}?version=%C3%A9`)),
  get('query: %E9 (not UTF-8) (open) decodes to U+FFFD', 'open-query', '/open-query/items?version=%E9', ['%E9', '\uFFFD'], ok('\uFFFD', `${OQ}?version=%EF%BF%BD`)),
  get('query: a malformed escape (v%ZZ) is kept as written (strict)', 'query', '/query/items?version=v%ZZ', ['v%ZZ'], rejected(404, QUERY_INVALID)),
  get('path: %C3%A9 as the version segment (open)', 'open-path', '/open-path/%C3%A9/items', ['é', '%C3%A9'], ok('é', 'http://localhost/open-path/%C3%A9/items')),
  accept('accept: version=é (Latin-1) (strict)', 'accept', 'application/json; version=é', 'é', rejected(406, ACCEPT_INVALID)),
  accept('accept: version=é (Latin-1) (open)', 'open-accept', 'application/json; version=é', 'é', ok('é', OA)),
  accept('accept: UTF-8 bytes of é read as Latin-1 code points (open)', 'open-accept', 'application/json; version=\u00c3\u00a9', '\u00c3', ok('\u00c3\u00a9', OA)),

  // Malformed quoted strings: read as DRF reads them (a value not wrapped in quotes is the text as written).
  accept('accept: unterminated quote version="v2 is the version "v2', 'accept', 'application/json; version="v2', '"v2', rejected(406, ACCEPT_INVALID)),
  accept('accept: escaped quote version="v\\"2" (strict)', 'accept', 'application/json; version="v\\"2"', 'v\\"2', rejected(406, ACCEPT_INVALID)),
  accept('accept: escaped quote version="v\\"2" (open) is v"2', 'open-accept', 'application/json; version="v\\"2"', 'v"2', ok('v"2', OA)),
  accept('accept: quoted-pair version="v\\2" is v\\2 (Django unescapes only \\\\ and \\")', 'accept', 'application/json; version="v\\2"', 'v\\2', rejected(406, ACCEPT_INVALID)),
  accept('accept: the closing quote escaped (version="v2\\") is v2\\', 'accept', 'application/json; version="v2\\"', 'v2\\', rejected(406, ACCEPT_INVALID)),
  accept('accept: text after the closing quote (version="v2"x) is read as written', 'accept', 'application/json; version="v2"x', '"v2"x', rejected(406, ACCEPT_INVALID)),
  accept('accept: an unterminated quote ends at the next comma, as DRF splits', 'accept', 'text/html; a="x, application/json; version=v2', 'a="x', ok('v2', A)),
  accept('accept: an unterminated quote after a valid range leaves that range', 'accept', 'application/json; version="v1", application/json; version="v2', 'version="v2', ok('v1', A)),
  accept('accept: version="" is "" (strict)', 'accept', 'application/json; version=""', 'version=""', rejected(406, ACCEPT_INVALID)),
  accept('accept: quoted "v 2" (open) keeps its space', 'open-accept', 'application/json; version="v 2"', 'v 2', ok('v 2', OA)),
  accept('accept: unquoted v 2 breaks the range', 'open-accept', 'application/json; version=v 2', 'v 2', rejected(406, ACCEPT_UNSATISFIABLE)),
]

describe('hostile input through the middleware', () => {
  it('has at least 45 rows with distinct names', () => {
    expect(httpRows.length).toBeGreaterThanOrEqual(45)
    expect(new Set(httpRows.map((row) => row.name)).size).toBe(httpRows.length)
  })

  it.each(httpRows)('$name (via $via)', async ({ url, via, headers, hostile, outcome }) => {
    const started = performance.now()
    const res = await app.request(url, { headers })
    const text = await res.text()
    // Loosely: even the 1 MB headers are answered without a long scan (no tight timing).
    expect(performance.now() - started).toBeLessThan(3000)
    expect(res.status).toBe(outcome.status)
    expect(res.headers.get('Content-Type') ?? '').toMatch(/^application\/json(;|$)/)
    expect(res.headers.get('Vary')).toBe(via === 'accept' || via === 'open-accept' ? 'Accept' : null)
    if (outcome.status === 200) {
      expect(JSON.parse(text)).toEqual({ version: outcome.version, self: outcome.self })
      // The version may be echoed in the handler's body, never in a header.
      assertNotReflected(res, null, hostile)
    } else {
      expect(res.headers.get('Content-Type')).toBe('application/json')
      expect(text).toBe(JSON.stringify({ detail: outcome.detail }))
      assertNotReflected(res, text, hostile)
    }
  })
})

// ---------------------------------------------------------------------------
// Inputs some runtimes refuse before any of our code runs. Per runtime (checked
// on each, from test/support/runtime.ts):
//
// | input                              | Node    | Bun     | Deno    | workerd |
// |------------------------------------|---------|---------|---------|---------|
// | CR, LF or NUL in a header value    | refused | refused | refused | refused |
// | a character above U+00FF (€)       | refused | refused | refused | sent as written (UTF-8 on the wire) |
// | userinfo in the URL (user:pass@)   | refused | kept in `Request.url` | kept | kept |
//
// Where the runtime refuses it, `new Request` and `app.request` throw a
// TypeError; where it does not, the runtime's own Request goes through the app.
// And on every runtime the input also reaches our code through a Request built
// another way: a real Request whose `headers` (or `url`) is an own property
// giving the value exactly as written, as from a server whose HTTP parser let
// the bytes through. Both must get the row's answer, and no header (nor error
// body) may carry the client's text.

interface RefusedRow {
  readonly name: string
  readonly via: string
  /** A path on http://localhost, or an absolute URL (with userinfo). */
  readonly url: string
  readonly accept?: string
  /** The runtimes whose `Request` refuses it. */
  readonly refusedBy: readonly Runtime[]
  readonly hostile: string | readonly string[]
  readonly outcome: Outcome
}

const EVERY_RUNTIME: readonly Runtime[] = ['node', 'bun', 'deno', 'workerd']
const controlRow = (name: string, via: 'accept' | 'open-accept', header: string, hostile: string | readonly string[], outcome: Outcome): RefusedRow =>
  ({ name, via, url: `/${via}/items`, accept: header, refusedBy: EVERY_RUNTIME, hostile, outcome })
const aboveLatin1Row = (name: string, via: 'accept' | 'open-accept', header: string, outcome: Outcome): RefusedRow =>
  ({ name, via, url: `/${via}/items`, accept: header, refusedBy: ['node', 'bun', 'deno'], hostile: '€', outcome })
const userinfoRow = (name: string, url: string, outcome: Outcome): RefusedRow =>
  ({ name, via: 'host', url, refusedBy: ['node'], hostile: ['pass', 'user:', 'v3.example.com'], outcome })

const refusedRows: readonly RefusedRow[] = [
  // CR, LF and NUL are read as DRF reads them, as part of the version (refused: not allowed); with a space after
  // them (a header line), the value is malformed and the range skipped (docs/drf-differences.md `malformed-value`).
  controlRow('CR LF inside the Accept version (header injection)', 'accept', 'application/json; version=v1\r\nX-Injected: 1', ['X-Injected', '\r', '\n'], rejected(406, ACCEPT_UNSATISFIABLE)),
  controlRow('a lone CR inside the Accept version', 'accept', 'application/json; version=v\r2', '\r', rejected(406, ACCEPT_INVALID)),
  controlRow('a lone LF inside the Accept version', 'accept', 'application/json; version=v\n2', '\n', rejected(406, ACCEPT_INVALID)),
  controlRow('NUL at the end of the Accept version', 'accept', 'application/json; version=v2\0', '\0', rejected(406, ACCEPT_INVALID)),
  controlRow('NUL inside the Accept version', 'accept', 'application/json; version=v\u00002', '\0', rejected(406, ACCEPT_INVALID)),
  controlRow('a broken range after a valid one leaves that one', 'accept', 'application/json; version=v2, text/html\0', '\0', ok('v2', A)),
  // A quoted value is read as written (open: any version), and goes into no header.
  controlRow('CR LF inside a quoted Accept version (open)', 'open-accept', 'application/json; version="v\r\n2"', ['\r', '\n'], ok('v\r\n2', OA)),
  // Above Latin-1: quoted or not, it is the version (as DRF reads it).
  aboveLatin1Row('unquoted version=€ (strict)', 'accept', 'application/json; version=€', rejected(406, ACCEPT_INVALID)),
  aboveLatin1Row('quoted version="€" (strict)', 'accept', 'application/json; version="€"', rejected(406, ACCEPT_INVALID)),
  aboveLatin1Row('quoted version="€" (open)', 'open-accept', 'application/json; version="€"', ok('€', OA)),
  // The version comes from the host after "@"; links are on the request's origin, never with the credentials.
  userinfoRow('user:pass@v2.example.com', 'http://user:pass@v2.example.com/host/items', ok('v2', 'http://v2.example.com/host/items')),
  userinfoRow('v3.example.com@v2.example.com (a host-like user name)', 'http://v3.example.com@v2.example.com/host/items', ok('v2', 'http://v2.example.com/host/items')),
  userinfoRow('user:pass@v2.example.com:8443', 'http://user:pass@v2.example.com:8443/host/items', ok('v2', 'http://v2.example.com:8443/host/items')),
]

/** A Request whose URL and Accept header are exactly as written, whatever the runtime's own `Request` accepts. */
function asWritten(url: string, accept: string | undefined): Request {
  const written = new URL(url, 'http://localhost')
  const plain = new URL(written.href)
  plain.username = ''
  plain.password = ''
  const request = new Request(plain.href)
  Object.defineProperty(request, 'url', { value: written.href })
  Object.defineProperty(request, 'headers', { value: { get: (name: string) => (name.toLowerCase() === 'accept' ? (accept ?? null) : null) } })
  return request
}

/** Checks a response against a row's answer: status, type, Vary, body, and the client's text in no header (nor error body). */
async function expectOutcome(res: Response, via: string, hostile: string | readonly string[], outcome: Outcome): Promise<void> {
  const text = await res.text()
  expect(res.status).toBe(outcome.status)
  expect(res.headers.get('Content-Type')).toBe('application/json')
  expect(res.headers.get('Vary')).toBe(via === 'accept' || via === 'open-accept' ? 'Accept' : null)
  if (outcome.status === 200) {
    expect(JSON.parse(text)).toEqual({ version: outcome.version, self: outcome.self })
    assertNotReflected(res, null, hostile)
  } else {
    expect(text).toBe(JSON.stringify({ detail: outcome.detail }))
    assertNotReflected(res, text, hostile)
  }
}

describe(`inputs some runtimes refuse (here: ${detectRuntime()})`, () => {
  const runtime = detectRuntime()

  it('runs on a runtime the table knows', () => {
    expect(EVERY_RUNTIME).toContain(runtime)
  })

  it.each(refusedRows)('$name: the runtime\'s Request', async ({ via, url, accept: header, refusedBy, hostile, outcome }) => {
    const init = header === undefined ? {} : { headers: { accept: header } }
    if (refusedBy.includes(runtime)) {
      expect(() => new Request(new URL(url, 'http://localhost'), init)).toThrow(TypeError)
      expect(() => app.request(url, init)).toThrow(TypeError)
      return
    }
    await expectOutcome(await app.request(new Request(new URL(url, 'http://localhost'), init)), via, hostile, outcome)
  })

  it.each(refusedRows)('$name: our code, given it as written', async ({ via, url, accept: header, hostile, outcome }) => {
    await expectOutcome(await app.request(asWritten(url, header)), via, hostile, outcome)
  })
})

// ---------------------------------------------------------------------------
// Reversal of hostile values: percent-encoded so that no value changes the
// path, or refused with NoReverseMatch (README, "Named routes and reverse").

const reverseTable = defineRoutes([
  route('file', '/files/:name'),
  route('raw', '/raw/:rest{.+}'),
  route('num', '/n/:id{[0-9]+}'),
  route('plain', '/plain'),
])
const origin = new Request('https://api.example.com:8443/anywhere?format=json&version=v9')
const plainReverse = createReverse(reverseTable)

type ReverseOutcome = { readonly url: string } | { readonly refused: string }

interface ReverseRow {
  readonly name: string
  readonly via: string
  readonly run: () => string
  readonly outcome: ReverseOutcome
}

const kw = (name: string, value: unknown): Record<string, never> => ({ [name]: value }) as Record<string, never>
const file = (value: unknown) => (): string => reverseTable.reverseUnchecked('file', { kwargs: kw('name', value) })
const raw = (value: unknown) => (): string => reverseTable.reverseUnchecked('raw', { kwargs: kw('rest', value) })

const reverseRows: readonly ReverseRow[] = [
  { name: '"../" in a [^/]+ param', via: 'table.reverse', run: file('../'), outcome: { refused: '"name" must match [^/]+, got "../".' } },
  { name: '"/" in a [^/]+ param', via: 'table.reverse', run: file('/'), outcome: { refused: '"name" must match [^/]+, got "/".' } },
  { name: '".." as a whole segment', via: 'table.reverse', run: file('..'), outcome: { refused: '"name" cannot be "." or "..", which would change the path.' } },
  { name: '"." as a whole segment', via: 'table.reverse', run: file('.'), outcome: { refused: '"name" cannot be "." or "..", which would change the path.' } },
  { name: '"?" is percent-encoded', via: 'table.reverse', run: file('?'), outcome: { url: '/files/%3F' } },
  { name: '"#" is percent-encoded', via: 'table.reverse', run: file('#'), outcome: { url: '/files/%23' } },
  { name: '"?x=1#y" cannot add a query or fragment', via: 'table.reverse', run: file('?x=1#y'), outcome: { url: '/files/%3Fx=1%23y' } },
  { name: '"%2F" is encoded again, not decoded into a separator', via: 'table.reverse', run: file('%2F'), outcome: { url: '/files/%252F' } },
  { name: '"..%2F" is encoded again', via: 'table.reverse', run: file('..%2F'), outcome: { url: '/files/..%252F' } },
  { name: '"..." is an ordinary segment', via: 'table.reverse', run: file('...'), outcome: { url: '/files/...' } },
  { name: 'CR LF is percent-encoded', via: 'table.reverse', run: file('a\r\nb'), outcome: { url: '/files/a%0D%0Ab' } },
  { name: 'NUL is percent-encoded', via: 'table.reverse', run: file('\0'), outcome: { url: '/files/%00' } },
  { name: 'é is UTF-8 percent-encoded', via: 'table.reverse', run: file('é'), outcome: { url: '/files/%C3%A9' } },
  { name: 'a lone surrogate is refused', via: 'table.reverse', run: file('\uD800'), outcome: { refused: '"name" is not well-formed Unicode.' } },
  { name: 'an empty value is refused', via: 'table.reverse', run: file(''), outcome: { refused: '"name" must match [^/]+, got "".' } },
  { name: '"../../etc/passwd" in a .+ param is one encoded segment', via: 'table.reverse', run: raw('../../etc/passwd'), outcome: { url: '/raw/..%2F..%2Fetc%2Fpasswd' } },
  { name: '".." in a .+ param is still refused', via: 'table.reverse', run: raw('..'), outcome: { refused: '"rest" cannot be "." or "..", which would change the path.' } },
  { name: '"/" in a .+ param is encoded', via: 'table.reverse', run: raw('/'), outcome: { url: '/raw/%2F' } },
  { name: '"1/../2" in a [0-9]+ param', via: 'table.reverse', run: () => reverseTable.reverseUnchecked('num', { kwargs: { id: '1/../2' } }), outcome: { refused: '"id" must match [0-9]+, got "1/../2".' } },
  { name: '"../" as a positional arg', via: 'table.reverse', run: () => reverseTable.reverseUnchecked('file', { args: ['../'] }), outcome: { refused: '"name" must match [^/]+, got "../".' } },
  { name: 'an object value is refused, not stringified', via: 'table.reverse', run: file({ toString: () => '../' }), outcome: { refused: '"name" must be a string or a finite number.' } },
  { name: 'kwargs constructor (unknown parameter)', via: 'table.reverse', run: () => reverseTable.reverseUnchecked('file', { kwargs: kw('constructor', 'x') }), outcome: { refused: 'unknown parameter "constructor" (it takes "name").' } },
  { name: 'kwargs toString (unknown parameter)', via: 'table.reverse', run: () => reverseTable.reverseUnchecked('file', { kwargs: { ...kw('toString', 'x'), name: 'a' } }), outcome: { refused: 'unknown parameter "toString" (it takes "name").' } },
  { name: 'kwargs with an own __proto__ (unknown parameter)', via: 'table.reverse', run: () => reverseTable.reverseUnchecked('plain', { kwargs: JSON.parse('{"__proto__": "x"}') as Record<string, string> }), outcome: { refused: 'unknown parameter "__proto__" (it takes no parameters).' } },
  { name: 'the request origin: "?" and "#" stay encoded, ?format= carried', via: 'createReverse', run: () => plainReverse('file', { kwargs: { name: '?#' }, request: origin }), outcome: { url: 'https://api.example.com:8443/files/%3F%23?format=json' } },
  {
    name: 'query scheme: a hostile version cannot add parameters or a fragment',
    via: 'QueryParameterVersioning.reverse',
    run: () => new QueryParameterVersioning().reverse(reverseTable, 'plain', { version: 'v1&version=v9#x' }),
    outcome: { url: '/plain?version=v1%26version%3Dv9%23x' },
  },
  {
    name: 'query scheme: a CR LF version is encoded',
    via: 'QueryParameterVersioning.reverse',
    run: () => new QueryParameterVersioning().reverse(reverseTable, 'plain', { version: '\r\nX-Injected: 1' }),
    outcome: { url: '/plain?version=%0D%0AX-Injected%3A+1' },
  },
  {
    name: 'path scheme: "../" as the version is refused',
    via: 'URLPathVersioning.reverse',
    run: () => new URLPathVersioning().reverse(defineRoutes([route('v', '/:version/items')]), 'v', { version: '../' }),
    outcome: { refused: '"version" must match [^/]+, got "../".' },
  },
  {
    name: 'path scheme: "?" as the version is encoded',
    via: 'URLPathVersioning.reverse',
    run: () => new URLPathVersioning().reverse(defineRoutes([route('v', '/:version/items')]), 'v', { version: '?' }),
    outcome: { url: '/%3F/items' },
  },
]

describe('reversal of hostile values', () => {
  it.each(reverseRows)('$name (via $via)', ({ run, outcome }) => {
    if ('url' in outcome) {
      expect(run()).toBe(outcome.url)
      return
    }
    let caught: unknown
    try {
      run()
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(NoReverseMatch)
    expect((caught as NoReverseMatch).message).toContain(outcome.refused)
    expect((caught as NoReverseMatch).reason).toBe(outcome.refused)
  })
})

// ---------------------------------------------------------------------------
// Prototype names as route names, namespaces and params: plain keys, never
// Object.prototype's properties.

const protoRoutes = defineRoutes([
  route('__proto__', '/p'),
  route('constructor', '/c'),
  route('toString', '/t'),
  include('/ns', [route('x', '/x')], { namespace: '__proto__' }),
  route('by-constructor', '/bc/:constructor'),
  route('by-proto', '/bp/:__proto__'),
  route('by-tostring', '/bt/:toString{[a-z]+}'),
])

interface ProtoRow {
  readonly name: string
  readonly run: () => unknown
  readonly outcome: { readonly value: unknown } | { readonly refused: string }
}

const protoRows: readonly ProtoRow[] = [
  { name: 'route named __proto__ reverses', run: () => protoRoutes.reverse('__proto__'), outcome: { value: '/p' } },
  { name: 'route named __proto__ resolves by name', run: () => protoRoutes.resolve('/p')?.name, outcome: { value: '__proto__' } },
  { name: 'route named constructor reverses', run: () => protoRoutes.reverse('constructor'), outcome: { value: '/c' } },
  { name: 'route named toString reverses', run: () => protoRoutes.reverse('toString'), outcome: { value: '/t' } },
  { name: 'valueOf (on Object.prototype, not a route) is not a route', run: () => protoRoutes.reverseUnchecked('valueOf'), outcome: { refused: 'no route is named "valueOf".' } },
  { name: 'hasOwnProperty is not a route', run: () => protoRoutes.reverseUnchecked('hasOwnProperty'), outcome: { refused: 'no route is named "hasOwnProperty".' } },
  { name: 'namespace __proto__ reverses __proto__:x', run: () => protoRoutes.reverse('__proto__:x'), outcome: { value: '/ns/x' } },
  {
    name: 'namespace __proto__ resolves',
    run: () => {
      const match = protoRoutes.resolve('/ns/x')
      return match === null ? null : { namespace: match.namespace, viewName: match.viewName }
    },
    outcome: { value: { namespace: '__proto__', viewName: '__proto__:x' } },
  },
  { name: 'param :constructor given as an own property', run: () => protoRoutes.reverse('by-constructor', { kwargs: { constructor: 'a' } }), outcome: { value: '/bc/a' } },
  { name: 'param :constructor missing (Object.prototype has one)', run: () => protoRoutes.reverseUnchecked('by-constructor', { kwargs: {} }), outcome: { refused: 'missing parameter "constructor".' } },
  { name: 'param :__proto__ given as an own property', run: () => protoRoutes.reverseUnchecked('by-proto', { kwargs: JSON.parse('{"__proto__": "a"}') as Record<string, string> }), outcome: { value: '/bp/a' } },
  { name: 'param :__proto__ missing (every object has one)', run: () => protoRoutes.reverseUnchecked('by-proto', { kwargs: {} }), outcome: { refused: 'missing parameter "__proto__".' } },
  { name: 'param :toString missing (Object.prototype has one)', run: () => protoRoutes.reverseUnchecked('by-tostring', { kwargs: {} }), outcome: { refused: 'missing parameter "toString".' } },
  { name: 'param :toString as a positional arg', run: () => protoRoutes.reverseUnchecked('by-tostring', { args: ['abc'] }), outcome: { value: '/bt/abc' } },
  { name: 'param :__proto__ resolves to an own, decoded property', run: () => protoRoutes.resolve('/bp/%3F')?.params, outcome: { value: JSON.parse('{"__proto__": "?"}') as unknown } },
  {
    name: 'resolved params of :constructor have no prototype',
    run: () => {
      const params = protoRoutes.resolve('/bc/a')?.params
      return params === undefined ? 'no match' : [Object.getPrototypeOf(params), params['constructor']]
    },
    outcome: { value: [null, 'a'] },
  },
]

describe('prototype names as route names, namespaces and params', () => {
  it.each(protoRows)('$name', ({ run, outcome }) => {
    if ('value' in outcome) {
      expect(run()).toEqual(outcome.value)
      return
    }
    expect(run).toThrow(NoReverseMatch)
    expect(run).toThrow(outcome.refused)
  })

  it('mounts routes named __proto__, constructor and toString, and not valueOf without a handler', async () => {
    const table = defineRoutes([
      include('/v/:version', [route('__proto__', '/p'), route('constructor', '/c'), route('toString', '/t'), route('valueOf', '/o')]),
    ])
    const versioning = apiVersioning({ scheme: new URLPathVersioning(strict), routes: table })
    const protoApp = new Hono()
    protoApp.use('*', versioning)
    mountRoutes(protoApp, versioning, {
      ['__proto__']: (c) => c.json({ version: c.var.version, self: c.var.reverse('__proto__') }),
      constructor: (c) => c.json({ version: c.var.version, self: c.var.reverse('constructor') }),
      toString: (c) => c.json({ version: c.var.version, self: c.var.reverse('toString') }),
    })
    const results = await Promise.all(
      ['/v/v2/p', '/v/v2/c', '/v/v2/t', '/v/v2/o', '/v/__proto__/p'].map(async (path) => {
        const res = await protoApp.request(path)
        return [path, res.status, await res.text()]
      }),
    )
    expect(results).toEqual([
      ['/v/v2/p', 200, JSON.stringify({ version: 'v2', self: 'http://localhost/v/v2/p' })],
      ['/v/v2/c', 200, JSON.stringify({ version: 'v2', self: 'http://localhost/v/v2/c' })],
      ['/v/v2/t', 200, JSON.stringify({ version: 'v2', self: 'http://localhost/v/v2/t' })],
      // No handler given for valueOf: Object.prototype.valueOf is not taken for one.
      ['/v/v2/o', 404, '404 Not Found'],
      ['/v/__proto__/p', 404, JSON.stringify({ detail: PATH_INVALID })],
    ])
  })

  it('refuses a handler key that names no route, even one on Object.prototype', () => {
    const table = defineRoutes([route('x', '/x')])
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning(), routes: table })
    expect(() => mountRoutes(new Hono(), versioning, { hasOwnProperty: () => new Response('') } as never)).toThrow(
      'mountRoutes: no route is named "hasOwnProperty"; the names are x.',
    )
  })
})

// ---------------------------------------------------------------------------
// Hostile names and params in configuration: refused at construction with an
// Error that says what to fix, or accepted as plain text.

interface ConfigRow {
  readonly name: string
  readonly build: () => unknown
  /** A fragment of the Error's message, or `null` when the configuration is accepted. */
  readonly error: string | null
}

const configRows: readonly ConfigRow[] = [
  { name: 'route name with ":"', build: () => defineRoutes([route('v1:x', '/x')]), error: 'defineRoutes: the name of route "v1:x" must be a non-empty string without ":"' },
  { name: 'empty route name', build: () => defineRoutes([route('', '/x')]), error: 'defineRoutes: the name of route "" must be a non-empty string without ":"' },
  { name: 'namespace "__proto__:v1"', build: () => defineRoutes([include('/x', [route('x', '/x')], { namespace: '__proto__:v1' })]), error: 'the namespace of include("/x") must be a non-empty string without ":"' },
  { name: 'a param named __proto__ twice', build: () => defineRoutes([route('x', '/:__proto__/:__proto__')]), error: 'the parameter "__proto__" appears twice' },
  { name: 'a param named constructor', build: () => defineRoutes([route('x', '/:constructor')]), error: null },
  { name: 'a route path without a leading "/" ("../x")', build: () => defineRoutes([route('x', '../x')]), error: 'the path of route "x" must start with "/", got "../x".' },
  { name: 'a wildcard path', build: () => defineRoutes([route('x', '/files/*')]), error: 'wildcards ("*") cannot be reversed' },
  { name: 'a param without a name', build: () => defineRoutes([route('x', '/files/:')]), error: 'a parameter at position 7 has no name' },
  { name: 'an invalid param pattern', build: () => defineRoutes([route('x', '/:id{(}')]), error: 'the pattern of ":id" ("(") is not a valid regular expression' },
  { name: 'a backreference in a param pattern', build: () => defineRoutes([route('x', '/:id{(a)\\1}')]), error: 'the pattern of ":id" uses a backreference' },
  { name: 'a lone surrogate in a route path', build: () => defineRoutes([route('x', '/\uD800')]), error: 'the path has text that is not well-formed Unicode.' },
  { name: 'a format suffix "../"', build: () => defineRoutes([route('x', '/x', { formats: ['../'] })]), error: 'formats must be true or a non-empty list of suffixes' },
  { name: 'an empty formatQueryParam', build: () => defineRoutes([route('x', '/x')], { formatQueryParam: '' }), error: 'defineRoutes: formatQueryParam must be a non-empty string, or null to turn it off.' },
  { name: 'Accept versionParam "q"', build: () => new AcceptHeaderVersioning({ versionParam: 'q' }), error: 'versionParam cannot be "q"' },
  { name: 'Accept versionParam with CR LF', build: () => new AcceptHeaderVersioning({ versionParam: 'version\r\n' }), error: 'versionParam must be a media-type parameter name' },
  { name: 'Accept mediaTypes "*/*"', build: () => new AcceptHeaderVersioning({ mediaTypes: ['*/*'] }), error: 'mediaTypes holds "*/*", which is not a media type' },
  { name: 'an empty versionParam', build: () => new QueryParameterVersioning({ versionParam: '' }), error: 'versionParam must be a non-empty string' },
  { name: 'allowedVersions as a string', build: () => new HostNameVersioning({ allowedVersions: 'v1' as never }), error: 'allowedVersions must be a list of versions such as ["v1"]' },
  { name: 'an option named __proto__ (own property)', build: () => new QueryParameterVersioning(JSON.parse('{"__proto__": {"defaultVersion": "v9"}}') as object), error: 'QueryParameterVersioning: unknown option "__proto__"' },
  { name: 'a middleware option named constructor', build: () => apiVersioning({ scheme: new QueryParameterVersioning(), routes: defineRoutes([]), constructor: 1 } as never), error: 'apiVersioning: unknown option "constructor"' },
  ...unknownNames(),
  ...mapOptions(),
]

/**
 * Options given as a `Map` (plain JavaScript passes one): its entries are no keys, so a factory that took it would run
 * with every option at its default, silently (a shape without its nested shapes, a change without its id, response
 * validation on where the Map said off). Each says to pass an object.
 */
function mapOptions(): ConfigRow[] {
  const scheme = new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1' })
  const routes = defineRoutes([route('x', '/x')])
  const documents = versionedOpenAPI({ scheme, routes })
  const rows: [string, () => unknown, string][] = [
    ['apiVersioning', () => apiVersioning(new Map<string, unknown>([['scheme', scheme], ['routes', routes]]) as never), 'apiVersioning: pass options such as'],
    ['versionMiddleware', () => versionMiddleware(new Map([['scheme', scheme]]) as never), 'versionMiddleware: pass options such as'],
    ['change', () => change('Nothing.', [], new Map([['id', 'nothing']]) as never), 'change("Nothing."): options must be an object such as { id: "product-title" }.'],
    ['shape', () => shape('Product', new Map([['nested', { category: shape('Category') }]]) as never), 'shape("Product"): options must be an object such as { nested: { category: Category } }.'],
    ['shape nested', () => shape('Product', { nested: new Map([['category', shape('Category')]]) as never }), 'shape("Product"): nested must map field names to layouts, such as { category: Category, tags: [Tag] } (an object, not a Map).'],
    ['a route of versionHistory bodies', () => versionHistory({ versions: [{ version: 'v1' }], bodies: { 'GET /x': new Map([['response', shape('Product')]]) as never } }), 'versionHistory: bodies["GET /x"] must be { request?, response?, error?, items? } with layouts such as Product or [Product] (an object, not a Map).'],
    ['validateResponses', () => validateResponses(documents, new Map([['enabled', false]]) as never), 'validateResponses: options must be an object such as { enabled: true }.'],
    ['contracts', () => contracts(new Map() as never), 'contracts: pass options such as'],
    ['a version of versionPolicy', () => versionPolicy({ versions: { v1: new Map([['sunset', '2020-01-01T00:00:00Z']]) as never } }), 'versionPolicy: version "v1": give an object such as'],
    ['reportVersions of versionPolicy', () => versionPolicy({ reportVersions: new Map([['supported', 'x-supported']]) as never }), 'versionPolicy: reportVersions must be true, false, or header names'],
    ['a route of requestValidation parameters', () => requestValidation({ schemas: {}, parameters: { 'GET /x': new Map([['query', shape('Filter')]]) as never } }), 'requestValidation: parameters["GET /x"] must be { query?, headers?, cookies? }, each a shape (an object, not a Map).'],
    ['clientPins', () => clientPins(new Map() as never), 'clientPins: pass options such as'],
    ['versionedClient', () => versionedClient('https://api.example.com', new Map([['scheme', { in: 'header', name: 'Api-Version' }]]) as never), 'versionedClient: pass options such as'],
  ]
  return rows.map(([where, build, error]) => ({ name: `${where}: options given as a Map`, build, error }))
}

/** An option or key named with a CR LF and a control character, 1 MiB long, in each factory: quoted escaped and cut (quote.ts). */
function unknownNames(): ConfigRow[] {
  const name = `o\r\n\u001b${'p'.repeat(2 ** 20)}`
  const shown = `"o\\r\\n\\u001b${'p'.repeat(67)}…`
  const long = { [name]: 1 } as never
  const scheme = new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1' })
  const routes = defineRoutes([route('x', '/x')])
  const documents = versionedOpenAPI({ scheme, routes })
  const rows: [string, () => unknown, string][] = [
    ['a scheme', () => new QueryParameterVersioning(long), `QueryParameterVersioning: unknown option ${shown}; the options are `],
    ['apiVersioning', () => apiVersioning({ scheme, routes, ...(long as object) }), `apiVersioning: unknown option ${shown}; the options are `],
    ['versionHistory', () => versionHistory({ versions: [{ version: 'v1' }], ...(long as object) }), `versionHistory: unknown option ${shown}; the options are `],
    ['a version of versionHistory', () => versionHistory({ versions: [{ version: 'v1', ...(long as object) }] }), `versionHistory: version "v1" has an unknown key ${shown}; its keys are version, changes.`],
    ['a route of versionHistory bodies', () => versionHistory({ versions: [{ version: 'v1' }], bodies: { 'GET /x': long } }), `versionHistory: bodies["GET /x"] has an unknown key ${shown}; its keys are `],
    ['change', () => change('Nothing.', [], long), `change("Nothing."): unknown option ${shown}; the only option is id.`],
    ['shape', () => shape('Product', long), `shape("Product"): unknown option ${shown}; the only option is nested.`],
    ['versionedOpenAPI', () => versionedOpenAPI({ scheme, routes, ...(long as object) }), `versionedOpenAPI: unknown option ${shown}; the options are `],
    ['requestValidation', () => requestValidation({ schemas: {}, ...(long as object) }), `requestValidation: unknown option ${shown}; the options are `],
    ['a route of requestValidation parameters', () => requestValidation({ schemas: {}, parameters: { 'GET /x': long } }), `requestValidation: parameters["GET /x"] has an unknown key ${shown}; its keys are `],
    ['validateResponses', () => validateResponses(documents, long), `validateResponses: unknown option ${shown}; the options are `],
    ['contracts', () => contracts(long), `contracts: unknown option ${shown}; the options are `],
    ['versionPolicy', () => versionPolicy(long), `versionPolicy: unknown option ${shown}; the options are `],
    ['a version of versionPolicy', () => versionPolicy({ versions: { v1: long } }), `versionPolicy: version "v1" has an unknown key ${shown}; its keys are `],
    ['a version key of versionPolicy', () => versionPolicy({ versions: { [name]: 5 as never } }), `versionPolicy: version ${shown}: `],
    ['problemDetails', () => problemDetails(long), `problemDetails: unknown option ${shown}; the only option is typeBase.`],
    ['clientPins', () => clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 's'.repeat(32) }), ...(long as object) }), `clientPins: unknown option ${shown}; the options are `],
    ['versionedClient', () => versionedClient('https://api.example.com', long), `versionedClient: unknown option ${shown}; the options are `],
    ['a versionedClient scheme', () => versionedClient('https://api.example.com', { scheme: { in: 'header', name: 'Api-Version', ...(long as object) } }), `versionedClient: scheme { in: 'header' } has an unknown key ${shown}; its keys are in, name.`],
  ]
  return [
    ...rows.map(([where, build, error]) => ({ name: `${where}: an option or key named with a CR LF and a control character, 1 MiB long, escaped and cut`, build, error })),
    { name: 'a change description with a CR LF, 1 MiB long: escaped and cut', build: () => change(`d\r\n${'q'.repeat(2 ** 20)}`, 'none' as never), error: `change("d\\r\\n${'q'.repeat(73)}…): list what it changes` },
    ...schemeTexts(),
  ]
}

/** A version, header, parameter or media type a scheme refuses, with a CR LF and a C1 control, 1 MiB long: quoted escaped and cut (quote.ts). */
function schemeTexts(): ConfigRow[] {
  const text = `v\r\n\u0085${'9'.repeat(2 ** 20)}`
  const shown = `"v\\r\\n\\u0085${'9'.repeat(67)}…`
  const vendorMediaType = 'application/vnd.example.{version}+json'
  const rows: [string, () => unknown, string][] = [
    ['a versionFormat that is a string', () => new QueryParameterVersioning({ versionFormat: text as never }), `QueryParameterVersioning: versionFormat must be a version format such as semver() or dateVersions(), or null, got ${shown}.`],
    ['allowedVersions as a string', () => new HostNameVersioning({ allowedVersions: text as never }), `HostNameVersioning: allowedVersions must be a list of versions such as [${shown}], not the string ${shown}.`],
    ['an Accept versionParam', () => new AcceptHeaderVersioning({ versionParam: text }), `AcceptHeaderVersioning: versionParam must be a media-type parameter name (letters, digits, "-", "_", "."), got ${shown}.`],
    ['an Accept media type', () => new AcceptHeaderVersioning({ mediaTypes: [text] }), `AcceptHeaderVersioning: mediaTypes holds ${shown}, which is not a media type such as "application/json" (no wildcards).`],
    ['an Accept media type with the version parameter', () => new AcceptHeaderVersioning({ mediaTypes: [`application/json;version=${'1'.repeat(2 ** 20)}`] }), `AcceptHeaderVersioning: mediaTypes holds "application/json;version=${'1'.repeat(53)}…, whose "version" parameter is where requests put their version; list the media type without it.`],
    ['a vendor media type version', () => new AcceptHeaderVersioning({ allowedVersions: [text], vendorMediaType }), `AcceptHeaderVersioning: with vendorMediaType, each allowed version must be lower-case media-type text such as "v2" (media types are case-insensitive), got ${shown}.`],
    ['a header name', () => new HeaderVersioning({ header: text }), `HeaderVersioning: header must be a header name such as "Api-Version", got ${shown}.`],
    ['a route path, and the route\'s name', () => defineRoutes([route(text, text)]), `defineRoutes: the path of route ${shown} must start with "/", got ${shown}.`],
    ['an include prefix', () => defineRoutes([include(text, [route('x', '/x')])]), `an include prefix must start with "/", got ${shown}.`],
    ['a shape name', () => shape(text), `shape: the name must be an identifier such as "Product" (OpenAPI uses it as a schema name), got ${shown}.`],
    ['an allowed host', () => apiVersioning({ scheme: new QueryParameterVersioning(), routes: defineRoutes([]), allowedHosts: [text] }), `apiVersioning: allowedHosts holds ${shown}, which is not a host name;`],
    ['a sunsetLink', () => versionPolicy({ versions: { v1: { sunsetLink: `mailto:v\u0085${'9'.repeat(2 ** 20)}` } } }), `sunsetLink must be an http or https URL such as "https://api.example.com/docs/sunset", got "mailto:v\\u0085${'9'.repeat(64)}….`],
    ['a route a change names', () => routeAdded(text), `routeAdded: name a route by its table name ("product-detail"), for one method ("POST product-list"), or, for a plain Hono route, by "METHOD /path" ("GET /health"); got ${shown}.`],
    ['a header a change names', () => headerChanged('GET /x', { header: text, down: () => null }), `header must be a header name, got ${shown}.`],
    ['a documented version', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([]), versions: [text] }), `versionedOpenAPI: versions has ${shown}, which the scheme does not allow;`],
    ['a versionedClient base URL', () => versionedClient(text, { scheme: { in: 'header' } }), `versionedClient: the base URL must be an absolute URL such as "https://api.example.com", got ${shown}.`],
    ['a versionedClient header name', () => versionedClient('https://api.example.com', { scheme: { in: 'header', name: text } })('v1' as never), `versionedClient: the header name must be a token such as "Api-Version", got ${shown}.`],
  ]
  return rows.map(([what, build, error]) => ({ name: `${what} with a CR LF and a C1 control, 1 MiB long: escaped and cut`, build, error }))
}

describe('hostile configuration', () => {
  it.each(configRows)('$name', ({ name, build, error }) => {
    if (error === null) {
      expect(build).not.toThrow()
    } else {
      expect(build).toThrow(Error)
      expect(build).toThrow(error)
    }
    // The whole sentence, not only the fragment asserted: no control raw anywhere in it, and a megabyte cut.
    if (name.endsWith('escaped and cut')) {
      const message = (() => {
        try {
          build()
        } catch (thrown) {
          return (thrown as Error).message
        }
        return ''
      })()
      expect(message).not.toMatch(/[\r\n\u001b\u0085]/)
      expect(message.length).toBeLessThan(1000)
    }
  })

  it("a scheme's check() quotes a version it cannot serve escaped and cut (a CR LF, a C1 control, 1 MiB)", () => {
    const text = `v\r\n\u0085${'9'.repeat(2 ** 20)}`
    const shown = `"v\\r\\n\\u0085${'9'.repeat(67)}…`
    expect(new QueryParameterVersioning({ allowedVersions: ['v1', null], defaultVersion: text }).check()).toEqual([
      `QueryParameterVersioning: defaultVersion ${shown} is not in allowedVersions ("v1", null); DRF accepts this, but it is almost always a typo: list it in allowedVersions, or correct it.`,
    ])
    expect(new HostNameVersioning({ allowedVersions: [text] }).check()).toEqual([
      `HostNameVersioning: allowedVersions lists ${shown}, which no host name can carry (its first label is lower-case letters and digits, as URLs write host names); rename the version, such as "v2".`,
    ])
    expect(new HeaderVersioning({ allowedVersions: [`${text},`] }).check()).toEqual([
      `HeaderVersioning: allowedVersions lists ${shown}, which no "Api-Version" header can name (its value is trimmed, split at commas, and holds no line break nor a character above U+00FF); rename the version.`,
    ])
  })

  it('a versionParam named constructor, __proto__ or toString reads only an own value', async () => {
    const outcomes = await Promise.all(
      (['constructor', '__proto__', 'toString'] as const).map(async (param) => {
        const query = new QueryParameterVersioning({ versionParam: param, defaultVersion: 'v1' })
        const acceptScheme = new AcceptHeaderVersioning({ versionParam: param, defaultVersion: 'v1' })
        const path = new URLPathVersioning({ versionParam: param, defaultVersion: 'v1' })
        const table = defineRoutes([route('with', `/w/:${param}`), route('without', '/o')])
        return [
          query.determineVersion(new Request(`https://api.example.com/?${param}=v2`)),
          query.determineVersion(new Request('https://api.example.com/')),
          acceptScheme.determineVersion(new Request('https://api.example.com/', { headers: { accept: `application/json; ${param}=v2` } })),
          acceptScheme.determineVersion(new Request('https://api.example.com/', { headers: { accept: 'application/json' } })),
          path.determineVersion(new Request('https://api.example.com/w/v2'), table.resolve('/w/v2')),
          path.determineVersion(new Request('https://api.example.com/o'), table.resolve('/o')),
          path.determineVersion(new Request('https://api.example.com/o'), {}),
        ]
      }),
    )
    expect(outcomes).toEqual([
      ['v2', 'v1', 'v2', 'v1', 'v2', 'v1', 'v1'],
      ['v2', 'v1', 'v2', 'v1', 'v2', 'v1', 'v1'],
      ['v2', 'v1', 'v2', 'v1', 'v2', 'v1', 'v1'],
    ])
  })
})

// ---------------------------------------------------------------------------
// The schemes beyond DRF's five: HeaderVersioning, and CombinedVersioning of a header, the query and the Accept
// header. Each answer is exact, and no header nor error body carries the client's text.

describe('hostile versions through HeaderVersioning and CombinedVersioning', () => {
  const HEADER_INVALID = 'Invalid version in "Api-Version" header.'
  const AMBIGUOUS = 'The request carries more than one API version.'
  const headerApp = new Hono()
  headerApp.use('*', versionMiddleware({ scheme: new HeaderVersioning(strict) }))
  headerApp.get('/items', (c) => c.json({ version: c.var.version }))
  const combinedApp = new Hono()
  const combined = new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning(), new AcceptHeaderVersioning()], ...strict })
  combinedApp.use('*', versionMiddleware({ scheme: combined }))
  combinedApp.get('/items', (c) => c.json({ version: c.var.version }))

  const rows: [name: string, app: Hono, url: string, headers: Record<string, string>, hostile: string, status: number, body: unknown][] = [
    ['a 1 MB Api-Version', headerApp, '/items', { 'api-version': hugeValue1m }, hugeValue1m.slice(0, 64), 404, { detail: HEADER_INVALID }],
    ['markup as the version', headerApp, '/items', { 'api-version': '<script>alert(1)</script>' }, '<script>', 404, { detail: HEADER_INVALID }],
    ['a header injection attempt, percent-encoded', headerApp, '/items', { 'api-version': 'v2%0D%0AX-Injected:%201' }, 'X-Injected', 404, { detail: HEADER_INVALID }],
    ['__proto__ as the version', headerApp, '/items', { 'api-version': '__proto__' }, '__proto__', 404, { detail: HEADER_INVALID }],
    ['two versions, one of them hostile', headerApp, '/items', { 'api-version': 'v1, <b>x</b>' }, '<b>', 400, { detail: AMBIGUOUS }],
    ['100,000 repeats of one allowed version', headerApp, '/items', { 'api-version': 'v2,'.repeat(100_000) }, 'v2,v2', 200, { version: 'v2' }],
    ['100,000 commas and spaces (no version)', headerApp, '/items', { 'api-version': ', '.repeat(100_000) }, ', , ', 200, { version: 'v1' }],
    ['a blank header (the default)', headerApp, '/items', { 'api-version': '   ' }, 'x-none', 200, { version: 'v1' }],
    ['combined: markup in the query', combinedApp, '/items?version=%3Cscript%3E', {}, '<script>', 404, { detail: QUERY_INVALID }],
    ['combined: v1 in the header, v2 in the query', combinedApp, '/items?version=v2', { 'api-version': 'v1' }, 'x-none', 400, { detail: AMBIGUOUS }],
    ['combined: the same version in all three', combinedApp, '/items?version=v2', { 'api-version': 'v2', accept: 'application/json; version=v2' }, 'x-none', 200, { version: 'v2' }],
    ['combined: a 1 MB Accept version', combinedApp, '/items', { accept: `application/json; version=${hugeValue1m}` }, hugeValue1m.slice(0, 64), 406, { detail: ACCEPT_INVALID }],
    ['combined: 10,000 query parameters named version', combinedApp, `/items?${'version=v2&'.repeat(10_000)}version=%3Cb%3E`, {}, '<b>', 404, { detail: QUERY_INVALID }],
  ]
  it.each(rows)('%s', async (_name, app, url, headers, hostile, status, body) => {
    const res = await app.request(`http://localhost${url}`, { headers })
    const text = await res.text()
    expect([res.status, JSON.parse(text)]).toEqual([status, body])
    assertNotReflected(res, status === 200 ? null : text, hostile)
  })
})

// ---------------------------------------------------------------------------
// The whole stack at once, on random hostile requests: a combined scheme with a date format, a version policy,
// client pins (bearerClient, a counting store, a usage log), problem details and allowedHosts. Whatever the
// Api-Version, Accept, Authorization, query, path and host, the answer is never a 5xx (the store never fails here),
// an error body carries none of the client's text, every header is a header value, and the store is written at most
// once per client.

describe('random hostile requests through every layer', () => {
  const allowed = ['2024-01-01', '2025-01-01', '2026-06-01']
  const policy = versionPolicy({
    versions: { '2024-01-01': { deprecation: '2025-01-01', sunset: '2026-01-01', sunsetLink: 'https://api.example.com/docs/sunset' } },
    reportVersions: true,
    echoHeader: 'api-version-served',
    refuseAfterSunset: true,
    now: () => Date.UTC(2026, 6, 1),
  })
  const scheme = new CombinedVersioning({
    schemes: [new HeaderVersioning(), new QueryParameterVersioning(), new AcceptHeaderVersioning({ mediaTypes: ['application/json', 'application/xml'] })],
    allowedVersions: allowed,
    defaultVersion: '2026-06-01',
    versionFormat: dateVersions(),
  })
  const written: string[] = []
  const inner = memoryPinStore()
  const store: PinStore = { get: (id) => inner.get(id), claim: (id, version) => (written.push(id), inner.claim(id, version)), put: (id, pin) => (written.push(id), inner.put(id, pin)) }
  const stack = new Hono()
  stack.use('/api/*', versionMiddleware({
    scheme,
    policy,
    clientVersion: clientPins({ store, client: bearerClient({ secret: 'a secret of thirty-two characters or more for the tests' }), usage: memoryUsage(), policy }),
    errorResponse: problemDetails({ typeBase: 'https://errors.example.com/' }),
    allowedHosts: ['api.example.com', '.example.org'],
  }))
  stack.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  stack.post('/api/things', (c) => c.json({ version: c.var.version }, 201))

  const text = fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'20256-1,;="\\ */xq<>'.split('')), maxLength: 40 }),
    fc.constantFrom('2025-01-01', '2024-01-01', '2023-01-01', '2026-06-01', '<script>alert(1)</script>', 'application/xml;q=0', 'text/html', '*/*; version=2025-01-01', 'Bearer key-one', 'Bearer key-two', `Bearer ${'k'.repeat(1030)}`, 'Basic dXNlcjpwYXNz', ''),
  )
  const hosts = fc.constantFrom('api.example.com', 'x.example.org', 'evil.example.net', 'API.EXAMPLE.COM.', '[::1]', 'api.example.com:8443')

  it('answers documented statuses, reflects nothing, writes each client at most once', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(text, text, text, text, text, hosts, fc.constantFrom('GET', 'POST', 'DELETE'), async (version, query, accept, authorization, id, host, method) => {
        const headers = new Headers()
        for (const [name, value] of [['api-version', version], ['accept', accept], ['authorization', authorization]] as const) {
          try {
            headers.set(name, value)
          } catch {
            // A value this runtime's Headers refuses never reaches the app.
          }
        }
        const path = method === 'POST' ? '/api/things' : `/api/things/${encodeURIComponent(id)}`
        const res = await stack.request(`http://${host}${path}?version=${encodeURIComponent(query)}`, { method, headers })
        const body = await res.text()
        expect([200, 201, 400, 404, 405, 406, 410]).toContain(res.status)
        // Client text that none of the toolkit's own answers could hold by chance: 6 characters or more, with markup,
        // a quote, a backslash, a control character or text above ASCII in it.
        const sent = [version, query, accept, authorization, id].filter((value) => value.length >= 6 && /[<>'`{}|\\\x00-\x1f\x7f-\uffff]/.test(value))
        if (res.status >= 400) for (const value of sent) expect(body.includes(value)).toBe(false)
        res.headers.forEach((value, name) => {
          for (const client of sent) if (name !== 'vary') expect(value.includes(client)).toBe(false)
        })
      }),
      { numRuns: RUNS },
    )
    // Each client's first pin once: two keys at most (key-one, key-two), whatever the requests.
    expect(written.length).toBe(new Set(written).size)
    expect(written.length).toBeLessThanOrEqual(2)
  })
})
