/**
 * `tableModel`: the light part of the model (served.ts) of a route table's
 * operations as an app serves them, one per method and route list the
 * app's `mountRoutes` handlers serve, built from the table's own compiled
 * routes, the scheme, and the version changes' route life (given as a
 * function by the layer that owns it). What a middleware's `check(app)`
 * asks `checkModel`, with none of the documents' code.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ServedOperation } from './api-model.ts'
import type { ServedModel } from './check.ts'
import { firstIn, servedOperation, type RouteLifeOf, type ServedSpace } from './served.ts'
import { NO_LIFECYCLE_HEADERS } from './lifecycle-headers.ts'
import { namespaceVersion, type SpaceScheme } from './version-space.ts'

/** One method a handler of `mountRoutes` serves, with its table routes in the table's order. */
export interface MountedOperation {
  readonly method: string
  readonly routes: readonly CompiledRoute[]
}

/**
 * The light model of `operations` (one per method and first route: a
 * suffixed path's are its route's) under `scheme`, its versions the
 * scheme's allowed ones and default, in the scheme's order (no lifecycle:
 * a check reads none), `life` saying which routes the version changes leave
 * in a version.
 */
export function tableModel(scheme: SpaceScheme & { readonly placement: VersionPlacement }, operations: Iterable<MountedOperation>, life: RouteLifeOf | undefined): ServedModel {
  const versions = [...new Set([...(scheme.allowedVersions ?? []), scheme.defaultVersion])].filter((v): v is string => v !== null)
  const space: ServedSpace = {
    versions,
    defaultVersion: scheme.defaultVersion,
    namespaceVersion: (namespace) => namespaceVersion(scheme, namespace),
    lifecycle: () => NO_LIFECYCLE_HEADERS,
  }
  const ways = waysOf(scheme.placement)
  const served: ServedOperation[] = []
  const seen = new Set<string>()
  for (const { method, routes } of operations) {
    const first = routes[0]
    const key = `${method} ${first?.path}`
    if (first === undefined || seen.has(key)) continue
    seen.add(key)
    const { params, literals } = first.compiled
    let path = literals[0] as string
    params.forEach((param, i) => (path += `${param.optional ? '/' : ''}{${param.name}}${literals[i + 1] as string}`))
    const own = ways.param === null ? undefined : params.find((p) => p.name === ways.param)
    // The route life of the route the request path picks in the version (its limit aside).
    const exists = (version: string): boolean => life === undefined || life(firstIn(routes, version) ?? first, method, version)
    const events = { exists: (_names: readonly string[], version: string) => exists(version), pathChanges: () => [] }
    const versionPattern = own === undefined || own.pattern === '[^/]+' ? null : `^(?:${own.pattern})$`
    served.push(servedOperation({ method, path, name: first.name, names: first.names, routes, versionPattern }, space, scheme.placement, events))
  }
  return { space, ways, operations: served }
}
