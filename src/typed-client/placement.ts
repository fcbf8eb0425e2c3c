/**
 * Where a client puts its version in each request, as the server's scheme
 * reads it: a header, a media-type parameter of `Accept` (or a vendor media
 * type), a query parameter, a path parameter, the host name, or nowhere (a
 * namespace: the path names the version). Given the server's scheme itself,
 * the client reads where from the one value the scheme provides
 * (`scheme.placement`), not a second description of it.
 */
import type { VersionPlacement } from '../routes/placement.ts'
import { checkKeyNames } from '../options.ts'
import { quotedValue } from '../quote.ts'
import { HOSTNAME_REGEX } from '../schemes/hostname-pattern.ts'

/** Where the version travels: the counterpart of the server's scheme. */
export type ClientPlacement =
  /** `HeaderVersioning`: a header of its own (default `Api-Version`). */
  | { readonly in: 'header'; readonly name?: string | undefined }
  /**
   * `AcceptHeaderVersioning`: `Accept: application/json; version=v1`
   * (`mediaType`, `parameter`), or a vendor media type whose `{version}` is
   * filled (`application/vnd.catalog.{version}+json`).
   */
  | { readonly in: 'accept'; readonly mediaType?: string | undefined; readonly parameter?: string | undefined }
  /** `QueryParameterVersioning`: a query parameter (default `version`). */
  | { readonly in: 'query'; readonly name?: string | undefined }
  /** `URLPathVersioning`: the path parameter (default `version`) is filled with the version. */
  | { readonly in: 'path'; readonly param?: string | undefined }
  /** `HostNameVersioning`: the host, a template whose `{version}` is filled (default `{version}.` before the base URL's host). */
  | { readonly in: 'host'; readonly host?: string | undefined }
  /** `NamespaceVersioning`: nothing is sent; the client only has the routes of its version's namespace. */
  | { readonly in: 'namespace' }

/** The keys each placement takes besides `in`. */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  header: ['name'],
  accept: ['mediaType', 'parameter'],
  query: ['name'],
  path: ['param'],
  host: ['host'],
  namespace: [],
}

/** Puts a version into a request's URL and headers (changes them). */
export type PlaceVersion = (url: URL, headers: Headers) => void

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const HEADER_NAME = TOKEN

/** A server scheme, read for where it puts the version (`placement`): any scheme of `hono-api-versioning` fits. */
export interface PlacingScheme {
  readonly placement: VersionPlacement
}

/**
 * The client placement `scheme` stands for: itself, or a server scheme's
 * placement (a combination's first way). Throws a sentence for a scheme of
 * your own that places nothing.
 */
export function clientPlacement(scheme: ClientPlacement | PlacingScheme): ClientPlacement {
  if (scheme === null || typeof scheme !== 'object' || !('placement' in scheme)) return scheme
  const placement = scheme.placement
  const way = placement.anyOf?.[0] ?? placement
  if (way.header !== null) return { in: 'header', name: way.header }
  if (way.accept !== null) return { in: 'accept', mediaType: way.accept.vendor ?? way.accept.mediaTypes[0] ?? 'application/json', parameter: way.accept.param }
  if (way.query !== null) return { in: 'query', name: way.query }
  if (way.param !== null) return { in: 'path', param: way.param }
  if (way.host) return { in: 'host' }
  if (way.namespace) return { in: 'namespace' }
  throw new Error(`versionedClient: the scheme ${(scheme as object).constructor.name} says nowhere where it reads the version; give scheme as { in: 'header', name: 'Api-Version' } (or wherever it reads it).`)
}

/**
 * Throws unless `version` goes into a header as it is: text a header carries
 * (Latin-1, which `Headers` refuses past U+00FF with a `TypeError` on each
 * request) with no space at its ends (which `Headers` drops, sending
 * another version than the one named).
 */
function headerValue(version: string, where: string): void {
  if (!/^[\u0021-\u007e\u0080-\u00ff](?:[\u0020-\u007e\u0080-\u00ff]*[\u0021-\u007e\u0080-\u00ff])?$/.test(version)) {
    throw new Error(`${where}: the version ${quotedValue(version)} cannot go into a header as it is; use a version of Latin-1 text without spaces at its ends.`)
  }
}

/**
 * The pattern the server reads a host's version with: the scheme's own
 * `hostnameRegex` when the client is given the server's scheme (a
 * combination's first scheme, whose way the client takes), else
 * `HostNameVersioning`'s default.
 */
export function hostnameRegexOf(scheme: ClientPlacement | PlacingScheme): RegExp {
  const first = scheme !== null && typeof scheme === 'object' && 'schemes' in scheme && Array.isArray(scheme.schemes) ? (scheme.schemes[0] as unknown) : scheme
  const own = first !== null && typeof first === 'object' && 'hostnameRegex' in first ? first.hostnameRegex : undefined
  return own instanceof RegExp ? own : HOSTNAME_REGEX
}

/**
 * The function that puts `version` where `placement` says, checked once (a plain `Error` that says what to fix).
 * `baseUrl` and `reads`, the pattern the server reads a host's version with, check the host a host placement
 * without a template makes.
 */
export function placeVersion(placement: ClientPlacement, version: string, baseUrl: string, reads: RegExp): PlaceVersion {
  const where = 'versionedClient'
  if (placement === null || typeof placement !== 'object') {
    throw new Error(`${where}: scheme must say where the version goes, such as { in: 'header', name: 'Api-Version' }.`)
  }
  if (typeof version !== 'string' || version === '' || /[\u0000-\u001f\u007f]/.test(version)) {
    throw new Error(`${where}: the version must be a non-empty string without control characters, got ${quotedValue(version)}.`)
  }
  // Own keys only: `in: '__proto__'` or `'constructor'` is an unknown placement, not Object.prototype's members.
  const keys = Object.hasOwn(KEYS, placement.in) ? KEYS[placement.in] : undefined
  if (keys !== undefined) {
    checkKeyNames(placement, `${where}: scheme { in: '${placement.in}' }`, ['in', ...keys])
  }
  switch (placement.in) {
    case 'header': {
      const name = placement.name ?? 'Api-Version'
      if (!HEADER_NAME.test(name)) throw new Error(`${where}: the header name must be a token such as "Api-Version", got ${quotedValue(name)}.`)
      headerValue(version, where)
      return (_, headers) => headers.set(name, version)
    }
    case 'accept': {
      const mediaType = placement.mediaType ?? 'application/json'
      const parameter = placement.parameter ?? 'version'
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z{}-]+\/[!#$%&'*+.^_`|~0-9A-Za-z{}-]+$/.test(mediaType)) {
        throw new Error(`${where}: mediaType must be a media type such as "application/json" or "application/vnd.catalog.{version}+json", got ${quotedValue(mediaType)}.`)
      }
      if (!TOKEN.test(parameter)) throw new Error(`${where}: parameter must be a media-type parameter name such as "version", got ${quotedValue(parameter)}.`)
      let accept: string
      if (mediaType.includes('{version}')) {
        if (!TOKEN.test(version)) throw new Error(`${where}: the version ${quotedValue(version)} cannot stand in a media type; use a version of letters, digits and "._-".`)
        accept = mediaType.replace('{version}', version)
      } else {
        headerValue(version, where)
        accept = `${mediaType}; ${parameter}=${TOKEN.test(version) ? version : `"${version.replace(/["\\]/g, '\\$&')}"`}`
      }
      return (_, headers) => headers.set('Accept', accept)
    }
    case 'query': {
      const name = placement.name ?? 'version'
      if (typeof name !== 'string' || name === '') throw new Error(`${where}: the query parameter name must be a non-empty string such as "version".`)
      return (url) => url.searchParams.set(name, version)
    }
    case 'path': {
      if (version === '.' || version === '..') throw new Error(`${where}: the version ${quotedValue(version)} cannot stand in a path: the URL would drop or climb its segment.`)
      const segment = `:${placement.param ?? 'version'}`
      const value = encodeURIComponent(version)
      return (url) => {
        url.pathname = url.pathname
          .split('/')
          .map((part) => (part === segment ? value : part))
          .join('/')
      }
    }
    case 'host': {
      const template = placement.host
      if (template !== undefined && (!template.includes('{version}') || !URL.canParse(`http://${template.replace('{version}', 'v')}/`))) {
        throw new Error(`${where}: host must be a host name with "{version}" in it, such as "{version}.example.com" (the default HostNameVersioning reads the first of three labels), got ${quotedValue(template)}.`)
      }
      if (!/^[A-Za-z0-9-]+$/.test(version)) throw new Error(`${where}: the version ${quotedValue(version)} cannot stand in a host name; use letters, digits and "-".`)
      // Without a template, the host is a guess (the version before the base URL's host): one the server reads no
      // version from, or another (`v1.api.example.com` has four labels), would be answered in its default version.
      if (template === undefined) {
        const host = `${version}.${new URL(baseUrl).hostname}`.toLowerCase()
        if (readVersion(reads, host) !== version) {
          throw new Error(
            `${where}: a client of version ${quotedValue(version)} would send the host ${quotedValue(host)} (the version before the base URL's host), from which the server's HostNameVersioning does not read that version (by default it reads the first of three labels of letters and digits): it would answer another version. Give the host the server reads as a template, such as scheme: { in: 'host', host: '{version}.example.com' }.`,
          )
        }
      }
      return (url) => {
        url.host = template === undefined ? `${version}.${url.host}` : template.replace('{version}', version)
      }
    }
    case 'namespace':
      return () => {}
    default:
      throw new Error(`${where}: scheme.in must be one of header, accept, query, path, host, namespace, got ${quotedValue((placement as { in?: unknown }).in)}.`)
  }
}

/** The version `reads` finds in `host` (`undefined`: none), from the start of the text as the server's `exec` reads it. */
function readVersion(reads: RegExp, host: string): string | undefined {
  reads.lastIndex = 0
  return reads.exec(host)?.[1]
}

/**
 * `client` (an `hc` client, or a part of one) whose `$url()` and `$path()` carry the version where `place` puts it,
 * under `baseUrl`: Hono's `hc` builds them from the base URL and the route's path alone, never through the client's
 * `fetch`, so a link made from an older client's `$url()` would be answered in the server's default version. A header
 * or `Accept` placement has nothing to put in a URL.
 */
export function withVersionedUrls<C>(client: C, place: PlaceVersion, baseUrl: string): C {
  // Its trailing slashes, counted from the end (a regular expression would backtrack over a long run of them).
  let end = baseUrl.length
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--
  const base = baseUrl.slice(0, end)
  const placed = (url: URL): URL => {
    place(url, new Headers())
    return url
  }
  const wrap = (part: object): object =>
    new Proxy(part, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key)
        if (typeof value !== 'function' || typeof key !== 'string') return value
        if (key === '$url') return (...args: unknown[]) => placed((value as (...a: unknown[]) => URL)(...args))
        if (key === '$path') {
          return (...args: unknown[]) => {
            const url = placed(new URL(base + (value as (...a: unknown[]) => string)(...args)))
            return (url.pathname + url.search).slice(new URL(`${base}/`).pathname.length - 1) || '/'
          }
        }
        return key.startsWith('$') ? value : wrap(value)
      },
    })
  return wrap(client as object) as C
}
