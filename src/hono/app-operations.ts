/**
 * `appOperations`: the operations a Hono app registers, read once from its
 * own routes (Hono's `app.routes`), whichever way they were declared: the
 * handlers `mountRoutes` registered for a route table (one operation per
 * method each serves), plain routes (with `named()` or not) and
 * @hono/zod-openapi routes (their operationIds). Each is what the model's
 * light part needs to tell which versions serve it (model/served.ts
 * `OperationDeclaration`: its method, its path in OpenAPI's syntax, its
 * names, its table routes, the pattern of the version's path param, or of
 * the one version a route per version writes in its path where the app's
 * versioning middleware has the param: routes/written-version.ts), with
 * its path params and their patterns. The one reading of an app's routes:
 * the documents' model of a served app (openapi/app-model.ts `appModel`)
 * and `versionMiddleware`'s `check(app)` (app-checks.ts) read it.
 */
import type { OperationDeclaration } from '../model/served.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import { honoPathForm, schemaPattern } from '../routes/openapi-form.ts'
import type { RouteTable } from '../routes/table.ts'
import { versionedPaths, writtenVersion } from '../routes/written-version.ts'
import type { NamedRoute, NamedRoutesApp } from './app-route-names.ts'
import { mountedMethods, mountedServing } from './mounted-handlers.ts'

/** One route × method an app registers. */
export interface AppOperation {
  /** What declares it, as the model's light part reads it. */
  readonly declaration: OperationDeclaration
  /** Its path as Hono registers it (`/users/:id{[0-9]+}`). */
  readonly honoPath: string
  /** Its path params, each with the pattern (a JSON Schema's, `^(?:...)$`) it must match, `null` for any segment. */
  readonly params: readonly { readonly name: string; readonly pattern: string | null }[]
  /** Whether a `mountRoutes` handler serves it (a route table's operation, not a plain route). */
  readonly mounted: boolean
}

/**
 * The operations `app` registers, one per method and path (a `mountRoutes`
 * path, one per method it serves; `HEAD`, `ALL` handlers other than
 * `mountRoutes`' and wildcard paths, which are middleware, left out), in
 * the app's order. `routes`: the route table its `mountRoutes` handlers
 * serve (`null`: none, as under `versionMiddleware`); `versionParam`: the
 * path param the scheme reads the version from (`null`: none); `named`:
 * the names the app gives its routes (app-route-names.ts `namedRoutes`,
 * which its callers bring: a Worker without links carries none of it).
 */
export function appOperations(app: NamedRoutesApp, routes: RouteTable | null, versionParam: string | null, named: readonly NamedRoute[]): AppOperation[] {
  const operations: AppOperation[] = []
  const seen = new Set<string>()
  // Where a middleware with the version param is registered: a plain route writing its version there is that
  // version's (under versionMiddleware: apiVersioning decides no version for a route outside its table).
  const versioned = routes === null ? versionedPaths(app.routes, versionParam) : []
  for (const entry of app.routes) {
    if (entry.path.includes('*')) continue
    const mounted = entry.method === 'ALL' ? mountedMethods(entry.handler) : undefined
    const methods = entry.method === 'ALL' ? [...(mounted ?? [])] : [entry.method.toUpperCase()]
    const form = honoPathForm(entry.path)
    const path = form.path
    const params = form.params.map((p) => ({ name: p.name, pattern: p.pattern === null ? null : schemaPattern(p.pattern) }))
    // Its version pattern: its version param's, or the one version its path writes in its place (`/v1/special`).
    const written = mounted === undefined && versioned.length > 0 ? writtenVersion(entry.path, versioned, versionParam) : null
    const read = written === null || written === entry.path ? form : honoPathForm(written)
    const pattern = read.params.find((p) => p.name === versionParam)?.pattern ?? null
    const versionPattern = pattern === null ? null : schemaPattern(pattern)
    for (const method of methods) {
      if (method === 'HEAD' || method === 'ALL') continue
      const key = `${method} ${path}`
      if (seen.has(key)) continue
      seen.add(key)
      // The routes whose handler serves the method there (`mountRoutes`'), else every table route at the path.
      const served: readonly CompiledRoute[] = (routes === null ? undefined : mountedServing(entry.handler, method)?.routes) ?? routes?.routes.filter((route) => route.honoPaths.includes(entry.path)) ?? []
      const own = named.find((n) => n.path === entry.path && (n.method === method || n.method === 'ALL'))?.name ?? null
      const names = new Set<string>()
      for (const route of served) for (const name of route.names) names.add(name).add(`${method} ${name}`)
      if (own !== null) names.add(own)
      // `METHOD /path`, as a changelog names a plain route (in OpenAPI's syntax).
      names.add(key)
      const declaration: OperationDeclaration = { method, path, name: served[0]?.name ?? own, names: [...names], routes: served, versionPattern }
      operations.push({ declaration, honoPath: entry.path, params, mounted: mounted !== undefined })
    }
  }
  return operations
}
