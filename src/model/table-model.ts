/**
 * The light part of the model (served.ts) of what an app serves, as a
 * middleware's `check(app)` asks `checkModel` about it, with none of the
 * documents' code: `tableModel`, a route table's operations, one per method
 * and route list the app's `mountRoutes` handlers serve, built from the
 * table's own compiled routes; `plainModel`, the plain routes an app
 * registers (hono/app-operations.ts reads them). Each under the scheme, with
 * the version changes' route life (given as a function by the layer that
 * owns it).
 */
import type { CompiledRoute } from '../routes/compile.ts'
import { openAPIForm, schemaPattern } from '../routes/openapi-form.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ServedOperation } from './api-model.ts'
import type { ServedModel } from './check.ts'
import { firstIn, servedOperation, type OperationDeclaration, type RouteLifeOf, type ServedSpace } from './served.ts'
import { NO_LIFECYCLE_HEADERS } from './lifecycle-headers.ts'
import { namespaceVersion, schemeVersions, type SpaceScheme } from './version-space.ts'

/** One method a handler of `mountRoutes` serves, with its table routes in the table's order. */
export interface MountedOperation {
  readonly method: string
  readonly routes: readonly CompiledRoute[]
}

/**
 * The versions a middleware's `check(app)` asks about: the scheme's allowed
 * ones and default, in the scheme's order, with no lifecycle (a check reads
 * none). `tableModel` and `versionMiddleware`'s plain routes
 * (hono/app-checks.ts) read it.
 */
function checkedSpace(scheme: SpaceScheme): ServedSpace {
  return {
    versions: schemeVersions(scheme),
    defaultVersion: scheme.defaultVersion,
    namespaceVersion: (namespace) => namespaceVersion(scheme, namespace),
    lifecycle: () => NO_LIFECYCLE_HEADERS,
  }
}

/**
 * The light model of `operations` (one per method and first route: a
 * suffixed path's are its route's) under `scheme`, in the versions of
 * `checkedSpace`, `life` saying which routes the version changes leave in a
 * version.
 */
export function tableModel(scheme: SpaceScheme & { readonly placement: VersionPlacement }, operations: Iterable<MountedOperation>, life: RouteLifeOf | undefined): ServedModel {
  const space = checkedSpace(scheme)
  const ways = waysOf(scheme.placement)
  const served: ServedOperation[] = []
  const seen = new Set<string>()
  for (const { method, routes } of operations) {
    const first = routes[0]
    const key = `${method} ${first?.path}`
    if (first === undefined || seen.has(key)) continue
    seen.add(key)
    const { path, params } = openAPIForm(first.compiled, true)
    const own = ways.param === null ? undefined : params.find((p) => p.name === ways.param)
    // The route life of the route the request path picks in the version (its limit aside).
    const exists = (version: string): boolean => life === undefined || life(firstIn(routes, version) ?? first, method, version)
    const events = { exists: (_names: readonly string[], version: string) => exists(version), pathChanges: () => [] }
    const versionPattern = own?.pattern == null ? null : schemaPattern(own.pattern)
    served.push(servedOperation({ method, path, name: first.name, names: first.names, routes, versionPattern }, space, scheme.placement, events))
  }
  return { space, ways, operations: served }
}

/**
 * The light model of plain routes (`operations`, each with what declares
 * it, no table route among them) under `scheme`, in the versions of
 * `checkedSpace`, `exists` saying whether the version changes leave one in
 * a version.
 */
export function plainModel<O extends { readonly declaration: OperationDeclaration }>(
  scheme: SpaceScheme & { readonly placement: VersionPlacement },
  operations: Iterable<O>,
  exists: (operation: O, version: string) => boolean,
): ServedModel {
  const space = checkedSpace(scheme)
  const served: ServedOperation[] = []
  for (const operation of operations) {
    const events = { exists: (_names: readonly string[], version: string) => exists(operation, version), pathChanges: () => [] }
    served.push(servedOperation(operation.declaration, space, scheme.placement, events))
  }
  return { space, ways: waysOf(scheme.placement), operations: served }
}
