/**
 * The operation a request reached and the responses it documents in a
 * version: from the route Hono matched, read from the model
 * (`OperationAt.responses`, worked out once for the documents and this
 * check alike; each route's operation looked up once), or, for documents
 * without a model, by the document's path templates (compiled once, on
 * first use, by method).
 */
import type { Context } from 'hono'
import type { RouterRoute } from 'hono/types'
import { matchedRoutes } from 'hono/route'
import type { ApiModel, ResponseContract, VersionedOperation } from '../model/api-model.ts'
import { baseOf, relativeTo } from '../routes/mounted-apps.ts'
import { openAPIPathOf } from '../openapi/paths.ts'
import { HTTP_METHODS, operationKey, type OpenAPIDocument, type OperationObject } from '../openapi/types.ts'

/** An operation's path template in a version, and its responses there by status. */
export interface DocumentedOperation {
  readonly path: string
  readonly responses: Readonly<Record<string, ResponseContract>>
}

/** A documented path that has an operation of some method: its template, the regular expression it matches, and that operation's responses. */
interface CompiledPath {
  readonly path: string
  readonly regex: RegExp
  readonly responses: Readonly<Record<string, ResponseContract>>
}

interface Matcher {
  /** The base path of the document's first server (`''`: none). */
  readonly base: string
  /** By operation key (`get`, `x-query`), the paths that have an operation of it, literal paths first. */
  readonly byMethod: ReadonlyMap<string, readonly CompiledPath[]>
}

const matchers = new WeakMap<OpenAPIDocument, Matcher>()

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The parts of a template (`/users/{id}`, `https://{version}.api.test`): its
 * literal text and, in between, the names of its `{variables}`. Read with
 * indexOf, not a regular expression, so that a long run of `{` costs linear time.
 */
function templateParts(template: string): { readonly literals: readonly string[]; readonly variables: number } {
  const literals: string[] = []
  let at = 0
  for (;;) {
    const open = template.indexOf('{', at)
    const close = open === -1 ? -1 : template.indexOf('}', open)
    if (close === -1) {
      literals.push(template.slice(at))
      return { literals, variables: literals.length - 1 }
    }
    literals.push(template.slice(at, open))
    at = close + 1
  }
}

function compile(document: OpenAPIDocument): Matcher {
  const server = document.servers?.[0]?.url
  // Server variables (`{version}`) stand for one label each.
  let base = server === undefined ? '' : new URL(templateParts(server).literals.join('x'), 'http://server.invalid').pathname
  while (base.endsWith('/')) base = base.slice(0, -1)
  const paths = Object.entries(document.paths)
    .map(([path, item]) => {
      const { literals, variables } = templateParts(path)
      return { path, regex: new RegExp(`^${literals.map(escape).join('[^/]+')}$`), item: item as Readonly<Record<string, unknown>>, variables }
    })
    // A literal path wins over a template that also matches (`/users/me` before `/users/{id}`).
    .sort((a, b) => a.variables - b.variables)
  const byMethod = new Map<string, CompiledPath[]>()
  for (const { path, regex, item } of paths) {
    // Only the methods' own keys: a made-up method a client sends (`PARAMETERS`) never reaches a path item's other fields.
    for (const key of HTTP_METHODS.map(operationKey)) {
      const operation = item[key]
      if (operation === null || typeof operation !== 'object') continue
      let list = byMethod.get(key)
      if (list === undefined) byMethod.set(key, (list = []))
      list.push({ path, regex, responses: (operation as OperationObject).responses as Readonly<Record<string, ResponseContract>> })
    }
  }
  return { base, byMethod }
}

/** The operation of `document` that `method` and `pathname` reach, or `null`. Its paths are compiled once per document, by method. */
export function findOperation(document: OpenAPIDocument, method: string, pathname: string): DocumentedOperation | null {
  let matcher = matchers.get(document)
  if (matcher === undefined) {
    matcher = compile(document)
    matchers.set(document, matcher)
  }
  if (!pathname.startsWith(matcher.base)) return null
  const path = pathname.slice(matcher.base.length) || '/'
  for (const candidate of matcher.byMethod.get(operationKey(method.toLowerCase())) ?? []) {
    if (candidate.regex.test(path)) return { path: candidate.path, responses: candidate.responses }
  }
  return null
}

/**
 * The methods whose operation a route that answers every method (`ALL`)
 * keeps once looked up: any other method a client sends is looked up again
 * each time, so what is kept stays bounded by the app's routes.
 */
const KEPT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE', 'CONNECT'])

/** A matched route's paths in OpenAPI's syntax (its own; inside the sub-app `app.route()` mounted it from), and its operation in the model by method, each worked out once. */
interface RouteOperations {
  readonly paths: readonly string[]
  readonly methods: Map<string, VersionedOperation | null>
}

/**
 * Finds the operation of the route Hono matched for a request
 * (`matchedRoutes`: the app's own router, not matched again here): the first
 * matched route of the request's method (or all methods) that `model` has,
 * at its path in `version` and with its responses there, or `null` when
 * that version does not serve it. Each route's path is turned into
 * OpenAPI's syntax, and its operation looked up in the model, once (kept by
 * Hono's route object, so bounded by the app's routes).
 */
export function matchedOperations(model: ApiModel): (c: Context, version: string) => DocumentedOperation | null {
  const byRoute = new WeakMap<RouterRoute, RouteOperations>()
  function operationOf(route: RouterRoute, method: string): VersionedOperation | null {
    let entry = byRoute.get(route)
    if (entry === undefined) {
      // A table a sub-app serves is modelled at the sub-app's paths (its documents' server has the prefix).
      const inside = relativeTo(route.path, baseOf(route))
      entry = { paths: inside === null || inside === route.path ? [openAPIPathOf(route.path)] : [openAPIPathOf(route.path), openAPIPathOf(inside)], methods: new Map() }
      byRoute.set(route, entry)
    }
    let operation = entry.methods.get(method)
    if (operation === undefined) {
      operation = null
      for (const path of entry.paths) operation ??= model.find(method, path)
      if (route.method !== 'ALL' || KEPT_METHODS.has(method)) entry.methods.set(method, operation)
    }
    return operation
  }
  return (c, version) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    for (const route of matchedRoutes(c)) {
      if (route.method !== method && route.method !== 'ALL') continue
      const at = operationOf(route, method)?.at(version)
      if (at != null) return { path: at.path, responses: at.responses.byStatus }
    }
    return null
  }
}
