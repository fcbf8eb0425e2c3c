/**
 * The versions an operation is served in, as the model's light part answers
 * them (served.ts `servedOperation(...).at`, over the light model of the
 * operation, table-model.ts): what a response and a rejection report (the
 * policy's `reportVersions`), worked out once per operation, never per
 * request. `operationVersions`, a table operation (a method and the routes a
 * `mountRoutes` handler serves it with: the routes' version limits, the
 * namespace a namespace scheme reads, the version pattern of a URL path and
 * the version changes' route life), when `mountRoutes` mounts it;
 * `plainVersions`, a plain Hono route (`versionMiddleware`: the version
 * pattern of its path and the version changes' route life), which a
 * reporting policy brings under `PLAIN_VERSIONS`, so that a middleware
 * without one carries none of this code.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import { honoPathForm, schemaPattern } from '../routes/openapi-form.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import { limitedTo, servedIn, type OperationDeclaration, type RouteLifeOf } from './served.ts'
import { plainModel, tableModel } from './table-model.ts'
import { schemeVersions, type SpaceScheme } from './version-space.ts'

/** What the model's light part reads of a scheme to tell the versions an operation is served in. */
type ReportingScheme = SpaceScheme & { readonly placement: VersionPlacement }

/**
 * The versions of `scheme` (its allowed ones and default) that serve
 * `method` with `routes` under the route `life` (`null`: every one). A scheme
 * that allows every version names no list to report: its routes' limits
 * alone (`limitedTo`), as no version outside them can be named.
 */
export function operationVersions(scheme: ReportingScheme, life: RouteLifeOf | undefined): (method: string, routes: readonly CompiledRoute[]) => ReadonlySet<string> | null {
  if (scheme.allowedVersions === null) return (_method, routes) => limitedTo(routes)
  const versions = schemeVersions(scheme)
  return (method, routes) => {
    const [operation] = tableModel(scheme, [{ method, routes }], life).operations
    return operation === undefined ? limitedTo(routes) : servedIn(operation, versions)
  }
}

/**
 * Whether the version changes leave a plain route serving `method` in
 * `version`, the route registered at `paths` (its Hono pattern, and the same
 * as the sub-app the middleware runs in registers it): the history's route
 * life, looked up by `METHOD /path` as the request step looks a plain
 * route's plan up (changes/history-plans.ts `routeExistsOf` gives it).
 */
export type PlainLife = (method: string, version: string, paths: readonly string[]) => boolean

/** The versions that serve a plain route's `method` at its Hono pattern `honoPath` (`paths`: as `PlainLife` reads them); `null`: every one. */
export type PlainVersions = (method: string, honoPath: string, paths: readonly string[]) => ReadonlySet<string> | null

/** What a reporting policy brings a middleware under `PLAIN_VERSIONS`: `plainVersions`. */
export type PlainVersionsOf = (scheme: ReportingScheme, life: PlainLife | undefined) => PlainVersions

/**
 * The key under which a policy that reports versions brings `plainVersions`
 * to `versionMiddleware` (lifecycle/policy.ts): a symbol no entry point
 * exports, so that it stays off the public surface.
 */
export const PLAIN_VERSIONS: unique symbol = Symbol('plainVersions')

/**
 * The versions of `scheme` (its allowed ones and default) that serve a plain
 * route's method, under the route `life` (`undefined`: no history), as
 * `versionMiddleware`'s `check(app)` asks the model about the same route
 * (hono/app-checks.ts): the version pattern of its path (a route without the
 * version param in its path serves the default version; the caller gives a
 * route per version, `/v1/special`, as routes/written-version.ts reads it,
 * `/:version{v1}/special`) and its route life.
 * A scheme that allows every version names no list: every version.
 */
export function plainVersions(scheme: ReportingScheme, life: PlainLife | undefined): PlainVersions {
  if (scheme.allowedVersions === null) return () => null
  const versions = schemeVersions(scheme)
  const param = waysOf(scheme.placement).param
  return (method, honoPath, paths) => {
    const { path, params } = honoPathForm(honoPath)
    const pattern = params.find((p) => p.name === param)?.pattern ?? null
    const declaration: OperationDeclaration = { method, path, name: null, names: [`${method} ${path}`], routes: [], versionPattern: pattern === null ? null : schemaPattern(pattern) }
    const exists = (_operation: unknown, version: string): boolean => life === undefined || life(method, version, paths)
    const [operation] = plainModel(scheme, [{ declaration }], exists).operations
    return operation === undefined ? null : servedIn(operation, versions)
  }
}
