/**
 * The versioned reversal users call (DRF's `rest_framework.reverse.reverse`):
 * the scheme's reversal first; when it finds no route, the default reversal,
 * so routes outside any version still reverse; then an incoming format
 * override (`?format=json`) is carried over to the URL.
 */
import { NoReverseMatch } from '../errors.ts'
import { lastQueryValue, replaceQueryParam } from '../http/query.ts'
import { originOf, searchOf } from '../http/request-url.ts'
import type { RouteTable } from '../routes/table.ts'
import type {
  KwargsOf,
  NamespaceSuffixes,
  ReverseRest,
  RouteEntry,
  VersionedReverseOptions,
  WithOptionalParam,
} from '../routes/types.ts'
import type { BaseVersioning, VersionedUncheckedOptions } from '../schemes/base.ts'

/** The names a scheme can reverse: with `NamespaceVersioning`, also the names without their namespaces. */
export type SchemeRouteName<S, E extends RouteEntry> = S extends { readonly kind: 'namespace' }
  ? E['name'] | NamespaceSuffixes<E['name']>
  : E['name']

/** The kwargs a name takes under a scheme: `URLPathVersioning` supplies its `versionParam`. */
export type SchemeKwargs<S, E extends RouteEntry, N extends string> = S extends { readonly kind: 'namespace' }
  ? KwargsOf<E, N | `${string}:${N}`>
  : S extends { readonly kind: 'url-path'; readonly versionParam: infer P extends string }
    ? WithOptionalParam<KwargsOf<E, N>, P>
    : KwargsOf<E, N>

/** A typed versioned reversal over one table and scheme. */
export type Reverse<E extends RouteEntry, S> = <const N extends SchemeRouteName<S, E>>(
  name: N,
  ...options: ReverseRest<SchemeKwargs<S, E, N>, VersionedReverseOptions>
) => string

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
): Reverse<E, S> {
  const formatParam = table.formatQueryParam
  // What a request gives every link it reverses (its origin, its format override), read once.
  const perRequest = new WeakMap<object, { origin: string; format: string | null }>()
  function reverse(name: string, options: VersionedUncheckedOptions = {}): string {
    const request = options.request
    if (request === undefined) {
      return scheme === undefined ? table.reverseUnchecked(name, options) : versionedOrDefault(scheme, table, name, options)
    }
    let info = perRequest.get(request)
    if (info === undefined) {
      const url = request.url
      info = { origin: originOf(url), format: formatParam === null ? null : lastQueryValue(searchOf(url), formatParam) }
      perRequest.set(request, info)
    }
    // Reverse the path alone; the origin goes in front after any query is set.
    const pathOnly = { ...options, request: undefined }
    const path = scheme === undefined ? table.reverseUnchecked(name, pathOnly) : versionedOrDefault(scheme, table, name, pathOnly)
    const url = info.origin + path
    return info.format === null || formatParam === null ? url : replaceQueryParam(url, formatParam, info.format)
  }
  return reverse as Reverse<E, S>
}

function versionedOrDefault(scheme: BaseVersioning, table: RouteTable, name: string, options: VersionedUncheckedOptions): string {
  try {
    return scheme.reverse(table, name, options)
  } catch (versioned) {
    if (!(versioned instanceof NoReverseMatch)) throw versioned
    try {
      return table.reverseUnchecked(name, options)
    } catch (plain) {
      if (!(plain instanceof NoReverseMatch) || plain.reason === versioned.reason) throw plain
      throw new NoReverseMatch(versioned.routeName, versioned.params, `${versioned.reason} Without the version, "${name}": ${plain.reason}`)
    }
  }
}
