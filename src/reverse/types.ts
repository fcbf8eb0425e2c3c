/**
 * Compile-time view of the versioned reversal: which names and which
 * parameters a reversal takes under a scheme (routes/types.ts gives them for
 * the table alone).
 */
import type { KwargsOf, NamespaceSuffixes, ParamValue, ReverseRest, RouteEntry, Simplify } from '../routes/types.ts'

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

/** Makes the parameter `P` optional in each candidate of `K` (a scheme supplies it). */
export type WithOptionalParam<K, P extends string> = K extends unknown
  ? P extends keyof K
    ? Simplify<Omit<K, P> & { readonly [Q in P]?: ParamValue }>
    : K
  : never

/** A typed versioned reversal over one table and scheme. */
export type Reverse<E extends RouteEntry, S> = <const N extends SchemeRouteName<S, E>>(
  name: N,
  ...options: ReverseRest<SchemeKwargs<S, E, N>>
) => string
