/**
 * The versions a table operation (a method and the routes a `mountRoutes`
 * handler serves it with) is served in, as the model's light part answers
 * them (served.ts `servedOperation(...).at`, over the light model of the
 * table as the app mounts it, table-model.ts): the routes' version limits,
 * the namespace a namespace scheme reads, the version pattern of a URL path
 * and the version changes' route life. What a response and a rejection
 * report (the policy's `reportVersions`), worked out once per handler and
 * method when `mountRoutes` mounts it.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { VersionPlacement } from '../routes/placement.ts'
import { limitedTo, servedIn, type RouteLifeOf } from './served.ts'
import { tableModel } from './table-model.ts'
import { schemeVersions, type SpaceScheme } from './version-space.ts'

/**
 * The versions of `scheme` (its allowed ones and default) that serve
 * `method` with `routes` under the route `life` (`null`: every one). A scheme
 * that allows every version names no list to report: its routes' limits
 * alone (`limitedTo`), as no version outside them can be named.
 */
export function operationVersions(scheme: SpaceScheme & { readonly placement: VersionPlacement }, life: RouteLifeOf | undefined): (method: string, routes: readonly CompiledRoute[]) => ReadonlySet<string> | null {
  if (scheme.allowedVersions === null) return (_method, routes) => limitedTo(routes)
  const versions = schemeVersions(scheme)
  return (method, routes) => {
    const [operation] = tableModel(scheme, [{ method, routes }], life).operations
    return operation === undefined ? limitedTo(routes) : servedIn(operation, versions)
  }
}
