/**
 * The names an app gives its own routes, read from the app: the `named()`
 * markers among each route's handlers (Hono's `app.routes`), and, in an
 * @hono/zod-openapi app, the `operationId` of each route its registry holds.
 * The registry is found by its shape (`app.openAPIRegistry.definitions`), so
 * nothing here imports @hono/zod-openapi.
 */
import { innermost } from '../routes/composed-handlers.ts'
import { honoPath } from '../routes/openapi-form.ts'
import { mergePath } from 'hono/utils/url'
import { routeNameOf } from './named.ts'
import { quotedValue } from '../quote.ts'

/** What `appRoutes` reads of an app: a Hono app (`new Hono()`, `new OpenAPIHono()`) fits. */
export interface NamedRoutesApp {
  /** Every handler of every route, with its method and path in Hono's syntax (Hono's `app.routes`). */
  readonly routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown; readonly basePath?: unknown }[]
}

/** A route an app names. */
export interface NamedRoute {
  readonly name: string
  /** Its path in Hono's syntax, as `app.routes` holds it. */
  readonly path: string
  /** Its method, upper-case, as registered (`ALL` for an operation without one). */
  readonly method: string
  /** How the app names it, for sentences: `named("user-detail") on GET /users/:id`. */
  readonly declared: string
  /** Whether the name is an operationId (which may name a route nobody links to), not a `named()` marker. */
  readonly operation: boolean
}

/** How far an app was read: its route count and its registry's definition count. */
export interface ReadMark {
  readonly routes: number
  readonly definitions: number
}

/** The route definitions of @hono/zod-openapi's registry, when the app has one. */
interface RegistryDefinition {
  readonly type?: unknown
  readonly route?: { readonly method?: unknown; readonly path?: unknown; readonly operationId?: unknown }
}

/** The registry's definitions (`app.openAPIRegistry.definitions`) of an @hono/zod-openapi app, else `null`. */
function definitionsOf(app: NamedRoutesApp): readonly RegistryDefinition[] | null {
  const registry = (app as { openAPIRegistry?: { definitions?: unknown } }).openAPIRegistry
  return registry !== null && typeof registry === 'object' && Array.isArray(registry.definitions) ? (registry.definitions as RegistryDefinition[]) : null
}

/** Where the app is read up to now. */
export function markOf(app: NamedRoutesApp): ReadMark {
  return { routes: app.routes.length, definitions: definitionsOf(app)?.length ?? 0 }
}

/** The routes the app names, registered after `from` (the start: all of them). */
export function namedRoutes(app: NamedRoutesApp, from: ReadMark = { routes: 0, definitions: 0 }): NamedRoute[] {
  const found: NamedRoute[] = []
  const { routes } = app
  for (let i = from.routes; i < routes.length; i++) {
    const { method, path, handler } = routes[i] as NamedRoutesApp['routes'][number]
    const name = routeNameOf(innermost(handler))
    if (name !== undefined) found.push({ name, path, method, declared: `named(${quotedValue(name)}) on ${method} ${path}`, operation: false })
  }
  const definitions = definitionsOf(app)
  if (definitions === null) return found
  // Routes are registered on Hono at the app's base path; the registry keeps them without it (as its documents do).
  const base = (app as { _basePath?: unknown })._basePath
  for (let i = from.definitions; i < definitions.length; i++) {
    const definition = definitions[i]
    const route = definition?.type === 'route' ? definition.route : undefined
    const name = route?.operationId
    if (typeof name !== 'string' || typeof route?.path !== 'string') continue
    const path = honoPathOf(base, route.path)
    const method = typeof route.method === 'string' ? route.method.toUpperCase() : 'ALL'
    found.push({ name, path, method, declared: `operationId ${quotedValue(name)} on ${method} ${path}`, operation: true })
  }
  return found
}

/** A registry path as OpenAPIHono registers it on Hono, under the app's base path. */
function honoPathOf(base: unknown, path: string): string {
  return mergePath(typeof base === 'string' ? base : '/', honoPath(path))
}

/**
 * The routes of `app`, an @hono/zod-openapi app whose registry holds no
 * route, registered at another base path than its own where no `named()`
 * marker names any (`METHOD /path` by base path): routes an app made by
 * `basePath()` registered, whose operationIds are in that app's own
 * registry (OpenAPIHono's `basePath()` starts a new one), not this app's.
 * Empty for any other app: one whose registry holds routes (a sub-app
 * mounted with `app.route()` puts its own there) may serve plain routes
 * nobody names under a prefix, which are no mistake.
 */
export function unreadBasePaths(app: NamedRoutesApp): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>()
  const definitions = definitionsOf(app)
  if (definitions === null || definitions.some((definition) => definition?.type === 'route')) return out
  const own = (app as { _basePath?: unknown })._basePath
  const known = new Set<string>()
  for (const { method, path, handler } of app.routes) if (routeNameOf(innermost(handler)) !== undefined) known.add(`${method} ${path}`)
  const seen = new Set<string>()
  for (const { method, path, basePath } of app.routes) {
    if (typeof basePath !== 'string' || basePath === (own ?? '/') || method === 'ALL' || path.includes('*')) continue
    const key = `${method} ${path}`
    if (known.has(key)) seen.add(basePath)
    else if (!out.get(basePath)?.includes(key)) out.set(basePath, [...(out.get(basePath) ?? []), key])
  }
  for (const basePath of seen) out.delete(basePath)
  return out
}
