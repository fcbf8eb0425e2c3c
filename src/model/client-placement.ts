/**
 * The client's side of a scheme's placement: where a typed client
 * (`versionedClient`'s `scheme` option) puts its version so that the
 * server's scheme reads it, derived from the one value the scheme provides
 * (`scheme.placement`) rather than written a second time. A combination's
 * client uses its first scheme's way; a scheme of your own places nothing
 * (`null`).
 */
import type { VersionPlacement } from '../routes/placement.ts'

/** Where a client puts the version: the shape `versionedClient`'s `scheme` option takes. */
export type ClientPlacement =
  | { readonly in: 'header'; readonly name: string }
  | { readonly in: 'accept'; readonly mediaType: string; readonly parameter: string }
  | { readonly in: 'query'; readonly name: string }
  | { readonly in: 'path'; readonly param: string }
  | { readonly in: 'host' }
  | { readonly in: 'namespace' }

/** The client placement of a scheme's `placement`, or `null` for a scheme that places nothing. */
export function clientPlacementOf(placement: VersionPlacement): ClientPlacement | null {
  const way = placement.anyOf?.[0] ?? placement
  if (way.header !== null) return { in: 'header', name: way.header }
  if (way.accept !== null) return { in: 'accept', mediaType: way.accept.vendor ?? way.accept.mediaTypes[0] ?? 'application/json', parameter: way.accept.param }
  if (way.query !== null) return { in: 'query', name: way.query }
  if (way.param !== null) return { in: 'path', param: way.param }
  if (way.host) return { in: 'host' }
  if (way.namespace) return { in: 'namespace' }
  return null
}
