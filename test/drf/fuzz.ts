/**
 * Random differential cases (a seeded, reproducible generator): per scheme, random settings and random requests
 * of the kinds the fixed cases of ./cases.ts only sample (Accept headers with several ranges, parameters in any
 * order and case, quoted strings with escapes and commas, q-values, tabs, RFC 2231 parameters, obs-text; query
 * strings with repeated keys, escapes valid and not, non-UTF-8 bytes, `+`, `;`, empty names, fragments, format
 * overrides; Host headers with ports, IPv6, trailing dots, case, punycode, many labels, invalid characters; URL
 * paths with percent-encoded segments, double slashes, dot segments), and random reversals (kwargs needing
 * escapes, missing and extra kwargs, unknown names, nested namespaces).
 *
 * Both sides get the same request: what a Web `Request` keeps of it. The path and query are those of the parsed
 * URL (no fragment; dot segments resolved; characters outside the URL code points percent-encoded), the Accept
 * header as `Headers` stores it (surrounding whitespace trimmed); a Host that URL parsing rewrites beyond case
 * (default port, IPv4 forms, IDNA, percent escapes) is sent to DRF as the URL has it (counted in `rewrittenHosts`).
 */
import type { DrfCase, SchemeName } from './twin.ts'

/** mulberry32: a small seeded generator, the same numbers on every runtime. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rand = () => number
/** Printable ASCII, some Latin-1 and beyond: the characters random values are made of. */
const CHARS = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\t', 'é', 'ÿ', '\u00a0', '\u0085', '€', '日', '\u2028', '😀']
const text = (r: Rand): string => Array.from({ length: 1 + Math.floor(r() * 4) }, () => CHARS[Math.floor(r() * CHARS.length)] as string).join('')
/** Random bytes, percent-encoded (UTF-8 or not). */
const escapes = (r: Rand): string => Array.from({ length: 1 + Math.floor(r() * 3) }, () => `%${Math.floor(r() * 256).toString(16).padStart(2, '0').toUpperCase()}`).join('')
const int = (r: Rand, n: number): number => Math.floor(r() * n)
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)] as T
const chance = (r: Rand, p: number): boolean => r() < p
const some = <T>(r: Rand, max: number, f: () => T): T[] => Array.from({ length: int(r, max + 1) }, f)

const VERSIONS = ['v1', 'v2', 'v3', 'V2', '1.0', '2', '', 'v 2', 'a:b', 'v1.0', 'é', 'x+y', 'a;b', 'a,b', 'a"b', '..', '.', 'a/b', 'v%32', 'api', 'a~b', 'a*b']
const PARAMS = ['version', 'version', 'version', 'api-version', 'v', 'Version', 'ver_sion']
// AcceptHeaderVersioning: see the report on upper-case versionParam (DRF never finds it; we lower-case it).
const ACCEPT_PARAMS = PARAMS.filter((p) => p === p.toLowerCase())
/** Query names that need escapes, or hold form-encoding's own characters. */
const QUERY_PARAMS = ['v[]', 'a b', 'é', 'a+b', 'a~b', 'a*b', 'a%b', 'a.b', "a'b", 'a/b', 'a:b', '?v']

function options(r: Rand, scheme: SchemeName): DrfCase['options'] {
  const defaultVersion = chance(r, 0.3) ? null : pick(r, ['v1', 'v2', 'v9', '', 'V1', '1.0'])
  const allowedVersions = chance(r, 0.2)
    ? null
    : chance(r, 0.1)
      ? []
      : [...new Set(some(r, 4, () => (chance(r, 0.1) ? null : pick(r, scheme === 'host-name' ? ['v1', 'v2', 'v3', 'api', '1', 'x'] : VERSIONS))))]
  const versionParam = scheme === 'accept-header' ? pick(r, ACCEPT_PARAMS) : scheme === 'query-parameter' ? pick(r, chance(r, 0.15) ? QUERY_PARAMS : PARAMS) : 'version'
  return { defaultVersion, allowedVersions, versionParam }
}

// Accept headers.
const OWS = ['', '', ' ', '  ', '\t', ' \t']
const TYPES = ['application/json', 'application/json', 'APPLICATION/JSON', 'Application/Json', '*/*', 'application/*', 'text/html', '*/json', 'application/xml', 'text/*', 'application', 'application/json garbage', '*', 'application/jsonx', '']
function paramValue(r: Rand): string {
  const v = pick(r, VERSIONS)
  switch (int(r, 9)) {
    case 0:
      return `"${v}"`
    case 1:
      return `"${v.replace(/["\\]/g, '\\$&')}"`
    case 2:
      return `"${pick(r, ['a\\"b', 'a\\\\b', 'v\\2', 'a,b', 'a;b', 'v 2', ''])}"`
    case 3:
      return pick(r, ['"v2', 'v2"', '"', '""', "'v2'", 'v\u00e92', 'v\u00ff', 'v2\u0080'])
    case 4:
      // Random characters a header can carry (Latin-1).
      return text(r).replace(/[^\t\x20-\x7e\xa0-\xff]/g, '')
    default:
      return v.replace(/[ ",;]/g, '')
  }
}
function acceptRange(r: Rand, versionParam: string): string {
  let text = chance(r, 0.05) ? pick(r, ['application', '*', 'x']) + pick(r, ['/', '/', '']) + pick(r, ['json', '*', 'JSON', 'json+x', '']) : pick(r, TYPES)
  const names = [versionParam, versionParam, versionParam.toUpperCase(), 'q', 'q', 'charset', 'indent', `${versionParam}*`, '', 'x']
  for (const _ of some(r, 3, () => 0)) {
    const name = pick(r, names)
    let value: string
    if (name === 'q') value = pick(r, ['0', '0.5', '1', '1.0', '0.001', '0.0001', '2', 'x', '0.9', '.5', ''])
    else if (name.endsWith('*')) value = pick(r, ["UTF-8''v2", "utf-8''v%32", "UTF-8'en'v1", "''v2", "latin-1''v%E92", "x''v2", "UTF-8''%FF"])
    else value = paramValue(r)
    const sep = chance(r, 0.05) ? '' : '='
    text += `${pick(r, OWS)};${pick(r, OWS)}${chance(r, 0.05) ? '' : name}${pick(r, ['', '', ' '])}${sep}${pick(r, ['', '', ' '])}${value}`
  }
  if (chance(r, 0.05)) text += ';'
  return text
}
function acceptHeader(r: Rand, versionParam: string): string | null {
  if (chance(r, 0.05)) return null
  if (chance(r, 0.03)) return pick(r, ['', ' ', '\t', ',', ', ,'])
  return some(r, 3, () => 0)
    .concat([0])
    .map(() => acceptRange(r, versionParam))
    .join(`${pick(r, OWS)},${pick(r, OWS)}`)
}

// Query strings.
function queryPart(r: Rand, versionParam: string): string {
  const names = [versionParam, versionParam, versionParam, 'format', 'other', '', versionParam.toUpperCase(), encodeURIComponent(versionParam).replace(/e/, '%65'), `${versionParam}+`, `${versionParam}%00`, `${versionParam}[]`]
  const name = pick(r, names)
  const values = ['v1', 'v2', 'v3', '', 'v%32', '%76%32', 'v+2', 'v%202', '%', '%zz', '%F', 'v2%', '%FF', '%C3%A9', '%C3', '%ED%A0%80', '%E2%82', '%F0%9F%98%80', 'é', 'a%26b', 'a%3Db', 'a=b', 'a:b', 'a/b', '..', "a'b", 'a"b', 'a b', 'json', 'JSON', 'xml', 'api', 'a%23b', '%2B', 'a~b', 'a*b', 'a%7Eb', 'a%2Ab', "a!b'(c)", 'a%21b', '%E2%80%A8', '%00', '%0A', 'a%09b', '-_.']
  // A format the view does not render is DRF's content negotiation's 404 ("Not found."), before versioning runs:
  // not a versioning answer, so the override only names the format the views render (or none).
  const value = name === 'format' ? pick(r, ['json', '']) : chance(r, 0.2) ? encodeURIComponent(text(r)) : chance(r, 0.15) ? escapes(r) : pick(r, values)
  if (chance(r, 0.08)) return name
  return `${name}=${value}`
}
function queryString(r: Rand, versionParam: string): string {
  if (chance(r, 0.1)) return ''
  if (chance(r, 0.05)) return pick(r, ['?', '??', '?&', '?#', '?=', '?&&'])
  const parts = some(r, 4, () => queryPart(r, versionParam)).concat([queryPart(r, versionParam)])
  let text = ''
  // Django splits on "&" only: after a format override, a ";" would make its value another format.
  for (const [i, part] of parts.entries()) text += (i === 0 ? '' : parts[i - 1]?.startsWith('format=') === true ? '&' : pick(r, ['&', '&', '&', ';', '&&'])) + part
  return `?${text}${chance(r, 0.05) ? pick(r, ['#', '#version=v2', '#a?version=v1']) : ''}`
}

// Hosts.
function host(r: Rand): string {
  const label = (): string => pick(r, ['v1', 'v2', 'v3', 'api', 'example', 'com', 'V2', 'x', '1', '0', '127', 'a-b', 'a_b', 'xn--tda', 'ü', 'v%31', 'www', 'localhost', '0x7f', 'é', ''])
  let name: string
  switch (int(r, 6)) {
    case 0:
      name = pick(r, ['[::1]', '[::FFFF:127.0.0.1]', '127.0.0.1', '10.0.0.1', '1.2.3', '0x7f.1', 'localhost', 'testserver', '[fe80::1]'])
      break
    case 1:
      name = some(r, 5, label).concat([label()]).join('.')
      break
    default:
      name = [label(), label(), label()].join('.')
  }
  if (chance(r, 0.1)) name += '.'
  if (chance(r, 0.1)) name = name.toUpperCase()
  if (chance(r, 0.25)) name += pick(r, [':8000', ':80', ':443', ':', ':0', ':65535', ':080'])
  return name
}

// Paths.
const SEGMENTS = ['v1', 'v2', 'v3', 'V1', 'v%31', '%76%32', 'v%2F1', 'a:b', 'a@b', 'a$b', 'a&b', 'a+b', 'a,b', 'a;b', 'a=b', 'a%3Bb', "a'b", 'a(b)', 'a*b', 'a!b', 'a~b', 'é', '%C3%A9', '%FF', '%E2%82', 'a b', 'a%20b', '%', '%zz', '..', '.', '%2e', '%2E%2E', 'v1.0', '1', 'a%3Fb', 'a%23b', 'a[b]', 'a|b', 'a^b', 'a`b', 'a{b}', 'a\\b', 'a"b', 'a<b>']
function urlPath(r: Rand): string {
  const seg = chance(r, 0.2) ? encodeURIComponent(text(r)).replace(/%2F/gi, '') || 'x' : chance(r, 0.1) ? escapes(r) : pick(r, SEGMENTS)
  const pk = pick(r, ['3', '03', '%33', '-1', 'x', '3.0', '', '99999999999999999999'])
  const shapes = [
    `/path/${seg}/items/`,
    `/path/${seg}/items/${pk}/`,
    `/path/${seg}/items`,
    `/path/${seg}//items/`,
    `/path//${seg}/items/`,
    `/path/${seg}/items/${pk}`,
    `/path/${seg}/./items/`,
    `/path/x/../${seg}/items/`,
    `/PATH/${seg}/items/`,
    '/plain/',
    '/plain',
    '//plain/',
    '/plain/./',
    `/v1/items/${pk}/`,
  ]
  return pick(r, shapes)
}
function namespacePath(r: Rand): string {
  const ns = pick(r, ['v1', 'v2', 'api/v1', 'other', 'V1', 'v3', '%76%31', 'v1/nested', 'api', 'api/v2'])
  const pk = pick(r, ['3', '%33', 'x', '03'])
  return pick(r, [`/${ns}/items/`, `/${ns}/items/${pk}/`, `/${ns}/deep/${pk}/`, `/${ns}/deep/${pk}/`, `/${ns}//items/`, `/${ns}/./items/`, `/x/../${ns}/items/`, '/plain/', `/path/${ns}/items/`])
}

// Reversals.
const NAMES = ['plain', 'item-list', 'item-detail', 'v1:item-detail', 'v2:item-list', 'api:v1:item-list', 'api:item-list', 'other:item-detail', 'vitem-list', 'vitem-detail', 'deep', 'inner:deep', 'v1:inner:deep', 'unknown', 'v1:unknown', 'v9:item-list', 'item-list:v1', ':item-list', 'v1:']
const KWARG_VALUES: readonly (string | number)[] = [3, 0, -1, 3.5, '3', '03', ' 3', '3 ', 'x', '', 'v1', 'v2', 'a:b', 'a@b', 'a$b', 'a&b', 'a+b', 'a,b', 'a;b', 'a=b', "a'b", 'a(b)', 'a*b', 'a!b', 'a~b', 'a b', 'a%b', 'a%20b', 'a?b', 'a#b', 'a/b', 'é', '日本', '.', '..', '...', 'a[b]', 'a|b', 'a^b', 'a`b', 'a{b}', 'a\\b', 'a"b', 'a<b>', 'a\nb', '\u0000', '٣']
function reversal(r: Rand): DrfCase['reverse'][number] {
  const name = pick(r, NAMES)
  if (chance(r, 0.3)) return { name }
  const kwargs: Record<string, string | number> = {}
  for (const key of some(r, 2, () => pick(r, ['pk', 'pk', 'pk', 'version', 'version', 'format', 'other']))) kwargs[key] = chance(r, 0.25) ? text(r) : pick(r, KWARG_VALUES)
  return { name, kwargs }
}

export interface FuzzCase extends DrfCase {
  /** The raw request the generator wrote, before the Web Request normalised it (for reports). */
  readonly raw: { readonly path: string; readonly host: string; readonly accept: string | null }
}

/** The request as a Web `Request` keeps it, or null when it cannot be made. */
function normalised(path: string, hostName: string, accept: string | null): { path: string; host: string; hostRewritten: boolean; accept: string | null } | null {
  let url: URL
  let headers: Headers
  try {
    url = new URL(`http://${hostName}${path}`)
    headers = new Headers(accept === null ? {} : { accept })
  } catch {
    return null
  }
  // A path the URL parser reads as an authority ("//plain/") is not a request path.
  if (!path.startsWith('/') || path.startsWith('//')) return null
  const hostRewritten = url.host !== hostName.toLowerCase()
  return { path: url.pathname + url.search, host: hostRewritten ? url.host : hostName, hostRewritten, accept: accept === null ? null : headers.get('accept') }
}

export interface FuzzRun {
  readonly cases: FuzzCase[]
  /** Hosts sent as the URL writes them (see the module's comment). */
  readonly rewrittenHosts: number
  /** Generated requests no Web `Request` can carry (not run). */
  readonly unmakeable: number
}

/** `count` random cases from `seed`, spread over the five schemes. */
export function fuzzCases(seed: number, count: number): FuzzRun {
  const r = random(seed)
  const schemes: SchemeName[] = ['accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter']
  const cases: FuzzCase[] = []
  let rewrittenHosts = 0
  let unmakeable = 0
  while (cases.length < count) {
    const scheme = schemes[cases.length % schemes.length] as SchemeName
    const opts = options(r, scheme)
    let path = '/plain/'
    let hostName = 'testserver'
    let accept: string | null = null
    switch (scheme) {
      case 'accept-header':
        accept = acceptHeader(r, opts.versionParam)
        if (chance(r, 0.1)) path += queryString(r, 'version')
        break
      case 'query-parameter':
        path += queryString(r, opts.versionParam)
        break
      case 'host-name':
        hostName = host(r)
        if (chance(r, 0.1)) path += queryString(r, 'version')
        break
      case 'url-path':
        path = urlPath(r) + (chance(r, 0.1) ? queryString(r, 'version') : '')
        break
      case 'namespace':
        path = namespacePath(r) + (chance(r, 0.1) ? queryString(r, 'version') : '')
        break
    }
    const reverse = some(r, 4, () => reversal(r))
    const request = normalised(path, hostName, accept)
    if (request === null) {
      unmakeable++
      continue
    }
    if (request.hostRewritten) rewrittenHosts++
    cases.push({ scheme, options: opts, path: request.path, host: request.host, accept: request.accept, reverse, raw: { path, host: hostName, accept } })
  }
  return { cases, rewrittenHosts, unmakeable }
}
