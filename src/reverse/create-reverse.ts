/**
 * The versioned reversal users call (DRF's `rest_framework.reverse.reverse`),
 * in one pass: the name and the version placed where the scheme puts them;
 * when no route takes that, the plain name (DRF's fallback, so routes outside
 * any version still reverse); then an incoming format override
 * (`?format=json`) carried over to the URL.
 */
import { NoReverseMatch } from '../errors.ts'
import { lastQueryValue, replaceQueryParam } from '../http/query.ts'
import { originOf, searchOf } from '../http/request-url.ts'
import { checkOptions } from '../options.ts'
import { quoted } from '../quote.ts'
import { refuse, type Refusal } from '../routes/build.ts'
import { RouteTable } from '../routes/table.ts'
import type { ReverseOptions, RouteEntry } from '../routes/types.ts'
import { BaseVersioning } from '../schemes/base.ts'
import type { Reverse } from './types.ts'

/** Options of `createReverse`. */
export interface CreateReverseOptions {
  /**
   * The origin (or base URL: origin and a path prefix) of absolute links, used
   * instead of the request's (`https://api.example.com`), for deployments
   * behind a proxy or on a custom domain, and so that a client's `Host` never
   * reaches a link.
   * @default undefined (the request's origin)
   */
  readonly origin?: string | undefined
}

/**
 * Checks a trusted origin once: an absolute `http:` or `https:` URL with no
 * query or fragment; a path is a prefix (its trailing `/` dropped).
 */
export function trustedOrigin(origin: unknown, where: string): string {
  const url = typeof origin === 'string' && URL.canParse(origin) ? new URL(origin) : null
  if (url === null || !/^https?:$/.test(url.protocol) || url.search + url.hash + url.username + url.password !== '') {
    throw new Error(`${where}: origin must be an absolute http(s) URL without query, such as "https://api.example.com" or "https://example.com/api".`)
  }
  return url.origin + url.pathname.replace(/\/$/, '')
}

/**
 * Creates the versioned reversal for a table and (optionally) a scheme.
 * Names and params are checked at compile time against the table.
 *
 * @example
 * ```ts
 * const reverse = createReverse(routes, new NamespaceVersioning())
 * reverse('user-detail', { kwargs: { pk: 3 }, version: 'v1', request })
 * // 'https://api.example.com/v1/users/3'
 * ```
 */
export function createReverse<E extends RouteEntry, S extends BaseVersioning | undefined = undefined>(
  table: RouteTable<E>,
  scheme?: S,
  options: CreateReverseOptions = {},
): Reverse<E, S> {
  // Checked here, not on the first reversal (a request's link): a table, a scheme or none, and the options.
  if (!((table as unknown) instanceof RouteTable)) throw new Error('createReverse: pass a route table made with defineRoutes([...]) first, then the scheme.')
  if (scheme !== undefined && !((scheme as unknown) instanceof BaseVersioning)) {
    throw new Error('createReverse: scheme must be a versioning scheme such as new URLPathVersioning(), or undefined for plain reversal.')
  }
  checkOptions(options, 'createReverse', ['origin'])
  const at = reverseUnder(table as RouteTable, scheme, options)
  return ((name: string, options?: ReverseOptions) => at(name, options, '')) as Reverse<E, S>
}

/**
 * `createReverse`'s reversal, its absolute links under a path prefix given per call (`base`: `''`, or `/api` for a
 * table a Hono app serves in a sub-app mounted there), after the origin (and the origin's own path).
 */
export function reverseUnder(
  table: RouteTable,
  scheme: BaseVersioning | undefined,
  options: CreateReverseOptions = {},
): (name: string, options: ReverseOptions | undefined, base: string) => string {
  const trusted = options.origin === undefined ? null : trustedOrigin(options.origin, 'createReverse')
  const formatParam = table.formatQueryParam
  // What a request gives every link it reverses (its origin, its format override), read once.
  const perRequest = new WeakMap<object, { origin: string; format: string | null }>()
  function reverse(name: string, options: ReverseOptions = {}, base: string): string {
    const { version, request } = options
    let target = name
    let path: string | Refusal
    if (scheme === undefined || version == null) path = table.build(name, options, version)
    else {
      target = scheme.reverseName(table, name, version, options.namespace)
      path = table.build(target, options, version, scheme.placement)
      // DRF's fallback: the plain name, for routes outside any version.
      if (typeof path !== 'string' && (target !== name || scheme.placement.param !== null)) {
        const plain = table.build(name, options, version)
        if (typeof plain === 'string' || plain.reason === path.reason) {
          path = plain
          target = name
        } else if (!path.tried) {
          // The versioned name had no route to try: say what the plain one lacked too.
          path = refuse(`${path.reason} Without the version, ${quoted(name)}: ${plain.reason}`)
        }
      }
    }
    if (typeof path !== 'string') throw new NoReverseMatch(target, options.args ?? options.kwargs, path.reason)
    if (request === undefined) return path
    let info = perRequest.get(request)
    if (info === undefined) {
      const url = request.url
      info = { origin: trusted ?? originOf(url), format: formatParam === null ? null : lastQueryValue(searchOf(url), formatParam) }
      perRequest.set(request, info)
    }
    // Under a prefix, the root path is the prefix itself (Hono serves "/" of a sub-app mounted at /api at /api).
    const url = base === '' ? info.origin + path : info.origin + base + (path === '/' || path.startsWith('/?') ? path.slice(1) : path)
    // (A format to carry comes with a format param.)
    return info.format === null ? url : replaceQueryParam(url, formatParam as string, info.format)
  }
  return reverse
}
