/**
 * What the documents read of the app that serves them (the `app` option of
 * `versionedOpenAPI`), once: the methods it registers at each path (Hono's
 * `app.routes`: `mountRoutes`' handlers and plain routes alike), with the
 * table routes each `mountRoutes` handler serves a method with (two routes
 * limited to versions apart at one path serve each its own methods), and
 * the paths where `mountRoutes` answers a method it has no handler for with
 * 405 and `Allow`.
 */
import { baseOf, relativeTo } from '../routes/mounted-apps.ts'
import { mountedMethods, mountedServing } from '../hono/mounted-handlers.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import { openAPIPathOf, openAPIPathsOf, pathShape } from './paths.ts'
import { namesOf, plainName, type SourceOperation } from './sources.ts'
import { HTTP_METHODS, type HttpMethod } from './types.ts'
import type { Json } from '../json/object.ts'

/** What the documents read of an app: Hono's `routes` (any `Hono` fits). */
export interface DocumentedApp {
  readonly routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[]
}

/** The methods an app serves at each route, by OpenAPI path shape (`/users/{}`). */
export interface AppRouteMethods {
  /**
   * The methods the app serves at a route's Hono paths (`honoPaths`, when
   * it registers any of them), else at `openAPIPath` (lower case, without
   * HEAD), in `HTTP_METHODS` order: none when it serves nothing there.
   * With `route`, only those a handler serves that route with (a
   * `mountRoutes` handler's own routes; any route for a plain handler).
   */
  methodsAt(openAPIPath: string, honoPaths?: readonly string[], route?: CompiledRoute): readonly HttpMethod[]
  /**
   * The view names of the table routes the app serves `method` with there
   * (`mountRoutes`' handlers'), or `null` when a plain handler serves it
   * (any route) or nothing does.
   */
  routesServing(openAPIPath: string, honoPaths: readonly string[], method: HttpMethod): ReadonlySet<string> | null
  /**
   * Whether a route of every method is registered there (`app.all()`, or
   * `mountRoutes`' `all` handler): it serves any method, which Hono's routes
   * do not list one by one, so `methods` may name them.
   */
  servesAnyAt(openAPIPath: string, honoPaths?: readonly string[]): boolean
  /** The `Allow` of the 405 the app answers there for a method it does not serve, or `null` when it answers none. */
  notAllowedAt(openAPIPath: string, honoPaths?: readonly string[]): string | null
  /** The OpenAPI paths of the plain routes that serve `openAPIPath` without their optional last param (`/files/{name}` for `/files`): a history names them so. */
  longerPathsOf(openAPIPath: string): readonly string[]
  /**
   * The prefix (`/api`) under which `app.route()` mounted the sub-app whose
   * `mountRoutes` handlers serve a route table, when every one of them is
   * under that one prefix; `null` otherwise (at the root, or split).
   */
  readonly tablePrefix: string | null
}

/** Reads `app`'s routes; throws a sentence when it is not an app. */
export function appRoutesOf(app: unknown, where: string): AppRouteMethods | null {
  if (app === undefined) return null
  const routes = (app as { routes?: unknown } | null)?.routes
  if (app === null || typeof app !== 'object' || !Array.isArray(routes)) throw new Error(`${where}: app must be the Hono app that serves the routes (its routes registered), such as app after mountRoutes(app, versioning, handlers).`)
  // By key, each method served and the view names of the table routes serving it (`null`: a plain handler, any route).
  const methods = new Map<string, Map<HttpMethod, Set<string> | null>>()
  const allow = new Map<string, Set<string>>()
  const longer = new Map<string, Set<string>>()
  // The keys where a route of every method is registered (Hono lists `app.use()`'s middleware at a path alike).
  const anyMethod = new Set<string>()
  // The prefixes of the sub-apps serving a table (a table's paths are those of the app mountRoutes registered them on).
  const prefixes = new Set<string>()
  for (const entry of routes as { method?: unknown; path?: unknown; handler?: unknown; basePath?: unknown }[]) {
    if (typeof entry?.path !== 'string' || typeof entry.method !== 'string' || entry.path.includes('*')) continue
    const mounted = entry.method === 'ALL' ? mountedMethods(entry.handler) : undefined
    const base = mounted === undefined ? '' : baseOf(entry as { path: string; basePath?: unknown })
    if (mounted !== undefined) prefixes.add(base)
    const inside = base === '' ? null : relativeTo(entry.path, base)
    const own = entry.method === 'ALL' ? [...(mounted ?? [])] : [entry.method.toUpperCase()]
    const [full, short] = openAPIPathsOf(entry.path) as [string, string | undefined]
    if (short !== undefined && mounted === undefined) longer.set(pathShape(short), (longer.get(pathShape(short)) ?? new Set()).add(full))
    // By the Hono path (a table route's) and by its OpenAPI shape (a documented path's), with and without an
    // optional last param (`/files/:name?` serves `/files` too).
    for (const key of [entry.path, ...(inside === null ? [] : [inside]), pathShape(full), ...(short === undefined ? [] : [pathShape(short)])]) {
      const served = methods.get(key) ?? new Map<HttpMethod, Set<string> | null>()
      for (const method of own) {
        const lower = method.toLowerCase() as HttpMethod
        if (method === 'HEAD' || !HTTP_METHODS.includes(lower)) continue
        const routesOf = mounted === undefined ? undefined : mountedServing(entry.handler, method)?.routes
        const known = served.get(lower)
        if (routesOf === undefined || known === null) served.set(lower, null)
        else served.set(lower, new Set([...(known ?? []), ...routesOf.map((r) => r.viewName)]))
      }
      methods.set(key, served)
      if (entry.method === 'ALL' && (mounted === undefined || mounted.has('ALL'))) anyMethod.add(key)
      // `mountRoutes` registers one handler for every method of a path (none of them ALL): it answers the others with 405.
      if (mounted !== undefined && !mounted.has('ALL')) {
        const listed = allow.get(key) ?? new Set<string>()
        for (const method of mounted) listed.add(method).add(method === 'GET' ? 'HEAD' : method)
        allow.set(key, listed)
      }
    }
  }
  /** The keys of a path: the route's Hono paths the app registers, else the OpenAPI path's shape. */
  const keysOf = (openAPIPath: string, honoPaths: readonly string[] = []): string[] => {
    const registered = honoPaths.filter((p) => methods.has(p))
    return registered.length > 0 ? registered : [pathShape(openAPIPath)]
  }
  return {
    methodsAt(openAPIPath, honoPaths, route) {
      const served = new Set<HttpMethod>()
      for (const key of keysOf(openAPIPath, honoPaths)) {
        for (const [method, routes] of methods.get(key) ?? []) if (route === undefined || routes === null || routes.has(route.viewName)) served.add(method)
      }
      return HTTP_METHODS.filter((m) => served.has(m))
    },
    routesServing(openAPIPath, honoPaths, method) {
      const out = new Set<string>()
      for (const key of keysOf(openAPIPath, honoPaths)) {
        const routes = methods.get(key)?.get(method)
        if (routes === null) return null
        for (const route of routes ?? []) out.add(route)
      }
      return out.size === 0 ? null : out
    },
    servesAnyAt(openAPIPath, honoPaths) {
      return keysOf(openAPIPath, honoPaths).some((key) => anyMethod.has(key))
    },
    notAllowedAt(openAPIPath, honoPaths) {
      const listed = new Set(keysOf(openAPIPath, honoPaths).flatMap((key) => [...(allow.get(key) ?? [])]))
      return listed.size === 0 ? null : [...listed].join(', ')
    },
    longerPathsOf(openAPIPath) {
      return [...(longer.get(pathShape(openAPIPath)) ?? [])]
    },
    tablePrefix: prefixes.size === 1 && !prefixes.has('') ? ([...prefixes][0] as string) : null,
  }
}

/**
 * A route table a sub-app serves (`app.route('/api', sub)`) has the
 * sub-app's paths, while clients reach them under its prefix: the prefix the
 * documents' table operations take (OpenAPI's syntax), where no `serverUrl`
 * is given and the head document (if any) has no servers; `null` otherwise.
 * Written into the paths, not as a server: tools such as Prism ignore a
 * server's path.
 */
export function tablePrefixOf(app: AppRouteMethods | null, head: Json | null, serverUrl: unknown): string | null {
  const prefix = app?.tablePrefix ?? null
  // A prefix with params (`/t/:tenant`) would need those params in every operation: not written in.
  if (prefix === null || /[:*]/.test(prefix) || serverUrl !== undefined || head?.['servers'] !== undefined) return null
  return openAPIPathOf(prefix)
}

/** `head` with its paths under `prefix` written as the table has them (without it), and which paths those are. */
export function insidePrefix(head: Json, prefix: string): { readonly head: Json; readonly moved: ReadonlySet<string> } {
  const moved = new Set<string>()
  const paths: Json = {}
  for (const [path, item] of Object.entries((head['paths'] ?? {}) as Json)) {
    const inside = relativeTo(path, prefix)
    if (inside === null || Object.hasOwn(paths, inside)) paths[path] = item
    else {
      paths[inside] = item
      moved.add(inside)
    }
  }
  return { head: { ...head, paths }, moved }
}

/** `operations`, those a table route serves (or `moved` lists) at their path under `prefix`, also named by it. */
export function underPrefix(operations: readonly SourceOperation[], prefix: string | null, moved: ReadonlySet<string> = new Set()): SourceOperation[] {
  if (prefix === null) return [...operations]
  return operations.map((source) => {
    if (source.routes.length === 0 && !moved.has(source.path)) return source
    const path = source.path === '/' ? prefix : `${prefix}${source.path}`
    return { ...source, path, names: [...source.names, plainName(source.method, path)] }
  })
}

/**
 * The head document's operations with their methods from the app: at each
 * documented path, an operation of a method the app does not serve there
 * goes, and a method the app serves that the document lacks is added (its
 * path parameters, and a bare 200 for a GET, `default` for another method);
 * each keeps only the table routes the
 * app serves its method with (their version limits say where it exists).
 */
export function appOperations(operations: readonly SourceOperation[], app: AppRouteMethods): SourceOperation[] {
  const byPath = new Map<string, SourceOperation[]>()
  for (const source of operations) {
    const list = byPath.get(source.path)
    if (list === undefined) byPath.set(source.path, [source])
    else list.push(source)
  }
  const out: SourceOperation[] = []
  for (const [path, list] of byPath) {
    const first = list[0] as SourceOperation
    const served = app.methodsAt(path, first.routes.flatMap((r) => r.honoPaths))
    const longer = app.longerPathsOf(path)
    for (const method of served) {
      const given = list.find((o) => o.method === method)
      if (given !== undefined) {
        out.push(servedBy(alsoNamed(given, longer), app.routesServing(path, first.routes.flatMap((r) => r.honoPaths), method)))
        continue
      }
      const parameters = ((first.operation['parameters'] ?? []) as Json[]).filter((p) => p !== null && typeof p === 'object' && p['in'] === 'path')
      const operationId = first.routes[0] === undefined ? `${method}${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}` : `${first.routes[0].name}-${method}`
      // As a table route's (sources.ts): a GET answers 200; another method's status is not known here (a history's
      // statusChanged may tell it), so any answer (`default`), not a 200 it may not give (a POST's 201).
      const responses = method === 'get' ? { '200': { description: 'OK' } } : { default: { description: 'The answer; its status is not documented.' } }
      const operation: Json = { operationId, ...(parameters.length > 0 ? { parameters } : {}), responses }
      const source = { path, method, operation, routes: first.routes, names: namesOf(first.routes, method, path), patterns: first.patterns, operationId }
      out.push(servedBy(alsoNamed(source, longer), app.routesServing(path, first.routes.flatMap((r) => r.honoPaths), method)))
    }
  }
  return out
}

/** `source` also named `METHOD /path` by each of `paths` (a plain route with an optional last param serving it without). */
function alsoNamed(source: SourceOperation, paths: readonly string[]): SourceOperation {
  const added = paths.map((path) => plainName(source.method, path)).filter((name) => !source.names.includes(name))
  return added.length === 0 ? source : { ...source, names: [...source.names, ...added] }
}

/** `source` with only those of its routes `serving` names (`null`: any of them), when that leaves any. */
function servedBy(source: SourceOperation, serving: ReadonlySet<string> | null): SourceOperation {
  const routes = serving === null ? source.routes : source.routes.filter((r) => serving.has(r.viewName))
  if (routes.length === 0 || routes.length === source.routes.length) return source
  return { ...source, routes, names: namesOf(routes, source.method, source.path) }
}
