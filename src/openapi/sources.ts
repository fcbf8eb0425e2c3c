/**
 * The operations a set of documents is made from, read once: from the
 * route table alone (one operation per route and method), or from the
 * user's head-version document, each operation matched to the table routes
 * that serve its path (for their versions, names and path patterns).
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { RouteTable } from '../routes/table.ts'
import { openAPIPathOf, pathShape, routePaths } from './paths.ts'
import { honoPathForm, schemaPattern, type OpenAPIPathParam } from '../routes/openapi-form.ts'
import { versionedPaths, writtenVersion } from '../routes/written-version.ts'
import { HTTP_METHODS, operationKey, type HttpMethod } from './types.ts'
import type { Json } from '../json/object.ts'
import { bare, quoted } from '../quote.ts'
import { isRecord } from '../options.ts'

/** An operation as the head version has it. */
export interface SourceOperation {
  /** Its OpenAPI path in the head version (`/{version}/users/{id}`). */
  readonly path: string
  readonly method: HttpMethod
  /** The operation object (JSON; never changed: each document copies it). */
  readonly operation: Json
  /** The table routes that serve it, in table order (none for a plain Hono route). */
  readonly routes: readonly CompiledRoute[]
  /** The names a changelog may give it: its routes' names (namespaced, partly and not: `v1:user-detail`, `user-detail`), each for its method (`POST user-detail`), and `METHOD /path`. */
  readonly names: readonly string[]
  /** Its path params' patterns, from the table (`null`: any segment). */
  readonly patterns: ReadonlyMap<string, string | null>
  /** The operationId it gets unless it has one. */
  readonly operationId: string
}

/** The key a plain route's name is looked up by: `GET /users/{id}`. */
export function plainName(method: string, openAPIPath: string): string {
  return `${method.toUpperCase()} ${openAPIPath}`
}

/**
 * The version pattern of a plain operation whose path writes its version (a
 * route per version: routes/written-version.ts), by its OpenAPI path: where
 * `app`'s versioning middleware is registered on a path with the version
 * param `param` (`/:version{v[0-9]+}/*`) and the path has a literal in its
 * place (`/v1/special`), the pattern of that one version (`^(?:v1)$`);
 * `null` for any other path, and for every path without an app (documents
 * made from a head document alone read such a path as one without the
 * version: the default version's).
 */
export function writtenPattern(app: { readonly routes: readonly { readonly method: string; readonly path: string }[] } | undefined, param: string | null): (openAPIPath: string) => string | null {
  const versioned = app === undefined ? [] : versionedPaths(app.routes, param)
  if (versioned.length === 0) return () => null
  return (path) => {
    const honoPath = path.replace(/\{([^{}]*)\}/g, ':$1')
    const written = writtenVersion(honoPath, versioned, param)
    if (written === null || written === honoPath) return null
    const pattern = honoPathForm(written).params.find((p) => p.name === param)?.pattern ?? null
    return pattern === null ? null : schemaPattern(pattern)
  }
}

/** Normalizes a changelog route name: `GET /users/:id` becomes `GET /users/{id}`; table names stay. */
export function normalizeRouteName(name: string): string {
  const found = /^([A-Za-z]+) (\/.*)$/.exec(name)
  return found === null ? name : plainName(found[1] as string, openAPIPathOf(found[2] as string))
}

function patternsOf(params: readonly OpenAPIPathParam[]): Map<string, string | null> {
  return new Map(params.map((p) => [p.name, p.pattern === null ? null : schemaPattern(p.pattern)]))
}

/**
 * The names version changes may give an operation: each of its routes'
 * names, each of them for its method (`POST product-list`, which the
 * server's plans are looked up by; HEAD goes by GET's, as it is answered
 * by GET's handler), and `METHOD /path`.
 */
export function namesOf(routes: readonly CompiledRoute[], method: string, path: string): string[] {
  const names = new Set<string>()
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  for (const route of routes) for (const name of route.names) names.add(name).add(`${upper} ${name}`)
  names.add(plainName(method, path))
  return [...names]
}

/** What the table's operations read of the app (app-routes.ts' `AppRouteMethods`). */
interface ServedMethods {
  methodsAt(openAPIPath: string, honoPaths?: readonly string[], route?: CompiledRoute): readonly HttpMethod[]
  servesAnyAt(openAPIPath: string, honoPaths?: readonly string[]): boolean
}

/**
 * One operation per route, method and OpenAPI path of the table: its path
 * params (with their patterns) and a bare response. `methods` gives a
 * route's methods by its namespaced or own name (default: GET); with `app`,
 * a method it lists that no handler of the app serves at the route's path
 * is refused (the documents would show an operation the server does not
 * answer), unless an `app.all()` route there serves any.
 */
export function tableOperations(
  table: RouteTable,
  methods: Readonly<Record<string, readonly HttpMethod[]>>,
  content: readonly string[],
  app: ServedMethods | null,
  where: string,
): SourceOperation[] {
  const out: SourceOperation[] = []
  for (const route of table.routes) {
    // The most specific of its names that `methods` lists (`v1:user-detail` before `user-detail`); else the app's
    // methods at the route's paths that it serves (none: the app does not serve it); else GET.
    const served = app === null ? null : HTTP_METHODS.filter((m) => routePaths(route).some(({ path }) => app.methodsAt(path, route.honoPaths, route).includes(m)))
    const listedAs = route.names.find((name) => methods[name] !== undefined)
    if (listedAs !== undefined && served !== null && !routePaths(route).some(({ path }) => (app as ServedMethods).servesAnyAt(path, route.honoPaths))) {
      checkListedServed(methods[listedAs] as readonly HttpMethod[], served, listedAs, route, where)
    }
    const own = (listedAs === undefined ? undefined : methods[listedAs]) ?? served ?? ['get']
    for (const method of own) {
      const base = own.length === 1 ? route.name : `${route.name}-${method}`
      for (const { path, params, variant } of routePaths(route)) {
        const suffix = variant === 'short' ? `-without-${(route.compiled.params[route.compiled.params.length - 1] as { name: string }).name}` : variant === 'format' ? '-format' : ''
        const operationId = `${base}${suffix}`
        // A GET answers 200; another method's status is not known here (a history's statusChanged may tell it):
        // any answer (`default`), not a 200 it may not give (a POST's 201, a DELETE's 204).
        const known = method === 'get'
        const response: Json = { description: known ? 'OK' : 'The answer; its status is not documented.' }
        if (content.length > 0) response['content'] = Object.fromEntries(content.map((type) => [type, {}]))
        const operation: Json = {
          operationId,
          parameters: params.map((p) => {
            const pattern = p.pattern === null ? null : schemaPattern(p.pattern)
            return { name: p.name, in: 'path', required: true, schema: pattern === null ? { type: 'string' } : { type: 'string', pattern } }
          }),
          responses: { [known ? '200' : 'default']: response },
        }
        out.push({ path, method, operation, routes: [route], names: namesOf([route], method, path), patterns: patternsOf(params), operationId })
      }
    }
  }
  return out
}

/** Refuses a method `listed` for the route (by the name `name`) that the app does not serve it with (`served`; HEAD with GET). */
function checkListedServed(listed: readonly HttpMethod[], served: readonly HttpMethod[], name: string, route: CompiledRoute, where: string): void {
  const missing = listed.find((m) => !served.includes(m) && !(m === 'head' && served.includes('get')))
  if (missing === undefined) return
  const upper = (m: HttpMethod): string => m.toUpperCase()
  const left = served.find((m) => !listed.includes(m))
  throw new Error(
    `${where}: methods lists ${upper(missing)} for the route ${quoted(name)}, but no handler of the app serves ${upper(missing)} at its path ${quoted(route.honoPaths[0] ?? '')} (the app serves ${served.length === 0 ? 'no method' : served.map(upper).join(', ')} there), so the documents would show an operation the server does not answer; list only the methods the app serves there (an app.all() route there serves any), and to leave a served method out of the documents give it in hide${left === undefined ? '' : `, such as hide: ['${upper(left)} ${name}']`}.`,
  )
}

/** The head document's operations, each matched to the table routes serving its path. */
export function documentOperations(document: Json, table: RouteTable | null): SourceOperation[] {
  // Every OpenAPI path of the table, exactly and with parameter names blanked.
  const exact = new Map<string, { route: CompiledRoute; params: readonly OpenAPIPathParam[] }[]>()
  const shaped = new Map<string, { route: CompiledRoute; params: readonly OpenAPIPathParam[] }[]>()
  for (const route of table?.routes ?? []) {
    for (const { path, params } of routePaths(route)) {
      for (const [map, key] of [[exact, path], [shaped, pathShape(path)]] as const) {
        const list = map.get(key)
        if (list === undefined) map.set(key, [{ route, params }])
        else if (!list.some((m) => m.route === route)) list.push({ route, params })
      }
    }
  }
  const out: SourceOperation[] = []
  const paths = document['paths'] as Record<string, Json>
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[operationKey(method)]
      if (operation === null || typeof operation !== 'object') continue
      const matched = exact.get(path) ?? shaped.get(pathShape(path)) ?? []
      // With the routes of the same name at other paths (a route whose path changed: history.routes() declares one per path).
      const routes = matched.map((m) => m.route)
      for (const route of table?.routes ?? []) if (!routes.includes(route) && routes.some((r) => r.viewName === route.viewName)) routes.push(route)
      // Table patterns by position: the document may name params differently than the table.
      const names = [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] as string)
      const tableParams = matched[0]?.params ?? []
      const patterns = new Map<string, string | null>()
      names.forEach((name, i) => {
        const pattern = tableParams[i]?.pattern ?? null
        patterns.set(name, pattern === null ? null : schemaPattern(pattern))
      })
      out.push({
        path,
        method,
        operation: operation as Json,
        routes,
        names: namesOf(routes, method, path),
        patterns,
        operationId: routes[0]?.name ?? `${method}${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`,
      })
    }
  }
  return out
}

/** The `methods` option of `versionedOpenAPI`, checked: lists of methods by route names of the table. */
export function checkMethods(methods: unknown, routes: RouteTable | null, where: string): Readonly<Record<string, readonly HttpMethod[]>> {
  if (methods === undefined) return {}
  if (!isRecord(methods)) throw new Error(`${where}: methods must be an object of method lists by route name, such as { 'user-detail': ['get', 'delete'] }.`)
  const names = new Set(routes?.routes.flatMap((r) => r.names) ?? [])
  for (const [name, list] of Object.entries(methods)) {
    if (!names.has(name)) throw new Error(`${where}: methods names no route ${quoted(name)}; the names are ${[...names].map((n) => bare(n)).join(', ')}.`)
    if (!Array.isArray(list) || list.length === 0 || list.some((m) => !HTTP_METHODS.includes(m as HttpMethod))) {
      throw new Error(`${where}: the methods of ${quoted(name)} must be a non-empty list of lower-case methods such as ['get', 'post'].`)
    }
  }
  return methods as Readonly<Record<string, readonly HttpMethod[]>>
}
