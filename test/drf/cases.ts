/**
 * The differential cases: every scheme under many settings (default null or
 * set, inside or outside the allowed list; allowed null, empty, a list, a list
 * with null; a custom versionParam) and many request shapes (missing, empty,
 * repeated, percent-encoded, wrong case, quoted media-type parameters,
 * wildcard ranges, ports, hosts with more or fewer labels).
 */
import type { DrfCase, SchemeName } from './twin.ts'

type Options = DrfCase['options']

const DEFAULTS: readonly (string | null)[] = [null, 'v1', 'v9']
const ALLOWED: readonly (readonly (string | null)[] | null)[] = [null, [], ['v1', 'v2'], ['v1', 'v2', null]]

function settings(params: readonly string[]): Options[] {
  const out: Options[] = []
  for (const versionParam of params) {
    for (const defaultVersion of DEFAULTS) {
      for (const allowedVersions of ALLOWED) out.push({ defaultVersion, allowedVersions, versionParam })
    }
  }
  return out
}

/** What every case reverses: plain, namespaced, version-parametrised and nested names. */
const REVERSE: DrfCase['reverse'] = [
  { name: 'plain' },
  { name: 'item-list' },
  { name: 'item-detail', kwargs: { pk: 3 } },
  { name: 'v1:item-detail', kwargs: { pk: 3 } },
  { name: 'vitem-detail', kwargs: { pk: 3 } },
  { name: 'deep', kwargs: { pk: 4 } },
  { name: 'inner:deep', kwargs: { pk: 4 } },
  // Found by the fuzz (./fuzz.ts): Django's quote keeps RFC 3986's sub-delimiters, ":" and "@" in a path.
  { name: 'vitem-list', kwargs: { version: "a:b@c$d&e+f,g;h=i!j'k(l)m*n~o" } },
]

interface Shape {
  readonly path: string
  readonly host?: string
  readonly accept?: string | null
}

const ACCEPT: readonly (string | null)[] = [
  null,
  '',
  'application/json',
  'application/json; version=v1',
  'application/json; version=v2',
  'application/json; version=v3',
  'application/json;version=v2',
  'application/json ; version = v2',
  'application/json; version="v2"',
  'application/json; version=""',
  'application/json; version=',
  'application/json; version=V2',
  'APPLICATION/JSON; VERSION=v2',
  'application/json; Version=v2',
  'application/json; version=v1; version=v2',
  'application/json; version=v%32',
  '*/*',
  '*/*; version=v2',
  'application/*; version=v2',
  'text/html',
  'text/html; version=v2',
  'text/html, */*; version=v2',
  'application/json, application/json; version=v2',
  'application/json; version=v1, application/json; version=v2',
  'application/json; q=0.5; version=v2',
  'application/json; version=v2; q=0.5',
  'text/html;q=0.9, application/json;version=v2;q=0.8',
  'application/json; api-version=v2',
  'application/json; api-version=v2; version=v1',
  'application/json; charset=utf-8; version=v2',
  'application/json; version=v 2',
  // Found by the fuzz (./fuzz.ts): read as DRF reads them (Django's parse_header, q ranking and refusing nothing).
  '*/json; version=v2',
  'application/json; q=0; version=v2',
  'application/json;q=0, */*; version=v2',
  'application/json; q=2; version=v2',
  'application/json; junk; version=v2',
  'application/json; =x; version=v2',
  'application/json; version="v2',
  'application/json; version="v2"x',
  'application/json; version="v\\2"',
  'application/json; version="v2,v1"',
  '*/*; version="v2;x"',
  "application/json; version*=UTF-8''v%32",
  'text/html; a="x, application/json; version=v2',
  'application/json; version=v1; q=0.1, text/html; version=v2',
  'applicat\u00efon/json; version=v1, */*; version=v2',
]

const QUERY: readonly string[] = [
  '',
  '?version=v1',
  '?version=v2',
  '?version=v3',
  '?version=',
  '?version',
  '?version=v1&version=v2',
  '?version=v2&version=v1',
  '?version=v%32',
  '?ver%73ion=v2',
  '?Version=v2',
  '?version=V2',
  '?version=+v2',
  '?version=v2&format=json',
  '?other=1&version=v2',
  '?api-version=v2',
  '?api-version=v2&version=v1',
  '?version=v1&api-version=v2&api-version=v1',
  // Found by the fuzz (./fuzz.ts): links carry the version as Python's urlencode writes it ("*" escaped, "~" not).
  '?version=a*b~c',
  '?api-version=%2A%7E',
]

const HOSTS: readonly string[] = [
  'testserver',
  'v1.example.com',
  'v2.example.com',
  'v3.example.com',
  'example.com',
  'a.v1.example.com',
  'V2.EXAMPLE.COM',
  'v2.example.com:8000',
  'v1.localhost.test',
  'localhost',
  '127.0.0.1',
  '127.0.0.1:8000',
  'v1.example.com.',
  'v-1.example.com',
  'v_1.example.com',
  '[::1]:8000',
]

const URL_PATHS: readonly string[] = [
  '/plain/',
  '/path/v1/items/',
  '/path/v2/items/',
  '/path/v3/items/',
  '/path/V2/items/',
  '/path/v%32/items/',
  '/path/v2/items/3/',
  '/path/v1.0/items/',
  '/path/v9/items/',
  // Found by the fuzz (./fuzz.ts): Django decodes the path before matching, so %2F is a slash no [^/]+ takes.
  '/path/v%2F1/items/',
  '/path/v%2f1/items/3/',
  // Found by the fuzz: bytes that are not UTF-8, as Django decodes them (each written again as %XX).
  '/path/%62%B8/items/',
  '/path/%2541%FF/items/',
  '/path/v%E2%82/items/3/',
]

const NAMESPACE_PATHS: readonly string[] = ['/plain/', '/v1/items/', '/v2/items/3/', '/v1/nested/deep/4/', '/api/v1/items/', '/other/items/', '/path/v2/items/']

function shapes(scheme: SchemeName): Shape[] {
  switch (scheme) {
    case 'accept-header':
      return ACCEPT.map((accept) => ({ path: '/plain/', accept }))
    case 'query-parameter':
      return QUERY.map((query) => ({ path: `/plain/${query}` }))
    case 'host-name':
      return HOSTS.map((host) => ({ path: '/plain/', host }))
    case 'url-path':
      return URL_PATHS.map((path) => ({ path }))
    case 'namespace':
      return NAMESPACE_PATHS.map((path) => ({ path }))
  }
}

const PARAMS: Record<SchemeName, readonly string[]> = {
  // 'Version': DRF reads media-type parameter names lower-cased, so it never finds one (docs/drf-differences.md, param-name-case).
  'accept-header': ['version', 'api-version', 'Version'],
  'query-parameter': ['version', 'api-version'],
  'host-name': ['version'],
  'url-path': ['version'],
  namespace: ['version'],
}

/** Every case: each scheme, under each of its settings, for each of its request shapes. */
export function allCases(): DrfCase[] {
  const cases: DrfCase[] = []
  for (const scheme of Object.keys(PARAMS) as SchemeName[]) {
    for (const options of settings(PARAMS[scheme])) {
      for (const shape of shapes(scheme)) {
        cases.push({ scheme, options, path: shape.path, host: shape.host ?? 'testserver', accept: shape.accept ?? null, reverse: REVERSE })
      }
    }
  }
  return cases
}
