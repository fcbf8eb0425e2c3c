/**
 * Changes to routes, named by the route table's names (`product-detail`) or,
 * for plain Hono routes (`app.get`), by `METHOD /path` as Hono registered
 * it (`GET /health`, `GET /users/:id`).
 */
import { isFramingHeader, isHeaderName } from '../http/header-name.ts'
import { checkField, checkFunction, type RouteInstruction } from './instruction.ts'
import { checkOptions } from '../options.ts'
import { quoted, quotedValue } from '../quote.ts'
import { compileRoutePath } from '../routes/pattern.ts'

/** Types only: the literal route name a route's addition or removal names, a status change's statuses, a renamed query parameter's or request header's names, one whose values change (`hono-api-versioning/typed-client` reads them). */
export type RouteSaid<S> = RouteInstruction & { readonly '~said'?: S | undefined }

const PLAIN_ROUTE = /^([A-Z]+) (\/\S*)$/
const METHOD_ROUTE = /^([A-Z]+) ([^\s/]\S*)$/

/** `[method, path]` of a plain Hono route name (`GET /users/:id`), or `null` for a table route name. */
export function plainRoute(route: string): readonly [string, string] | null {
  const match = PLAIN_ROUTE.exec(route)
  return match === null ? null : [match[1] as string, match[2] as string]
}

/** `[method, name]` of a table route name given for one method (`POST product-list`), or `null`. */
export function methodRoute(route: string): readonly [string, string] | null {
  const match = METHOD_ROUTE.exec(route)
  return match === null ? null : [match[1] as string, match[2] as string]
}

/**
 * Whether a route's `request` layout (not one named for the method) is the
 * body of a request of `method`: POST, PUT, PATCH and the like. GET and HEAD
 * carry none, and a DELETE's body has no meaning of its own (RFC 9110
 * §9.3.5): it is laid out only when named for the method (`'DELETE name'`).
 */
export function takesRouteRequestLayout(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'DELETE'
}

/**
 * Checks a route name given by a user: a table name (`product-list`), a
 * table name for one method (`POST product-list`), or a plain Hono route as
 * `METHOD /path` in Hono's syntax (`GET /users/:id`).
 */
export function checkRoute(route: unknown, where: string): asserts route is string {
  if (typeof route !== 'string' || route === '' || (/\s/.test(route) && plainRoute(route) === null && methodRoute(route) === null)) {
    throw new Error(
      `${where}: name a route by its table name ("product-detail"), for one method ("POST product-list"), or, for a plain Hono route, by "METHOD /path" ("GET /health"); got ${quotedValue(route)}.`,
    )
  }
  const path = plainRoute(route)?.[1]
  if (path !== undefined && /(?:^|\/)\{/.test(path)) {
    throw new Error(`${where}: ${quoted(route)} is written in OpenAPI's syntax; name plain Hono routes as Hono registers them, with ":param" ("GET /users/:id").`)
  }
  if (/^(?:HEAD) /.test(route)) throw new Error(`${where}: ${quoted(route)} names HEAD, which Hono answers with the GET handler; name the GET route.`)
  // Hono registers app.all() as ALL, but a request is sent with its own method, by which its route's changes are found.
  const all = /^ALL (\S+)$/.exec(route)?.[1]
  if (all !== undefined) {
    throw new Error(
      `${where}: ${quoted(route)} names ALL, which no request is sent with (a route's changes are found by the request's method), so it would change nothing; ${all.startsWith('/') ? `name the route for each method it answers (${quoted(`GET ${all}`)}, ${quoted(`POST ${all}`)})` : `name the table route alone (${quoted(all)}), for each of its methods`}.`,
    )
  }
}

/**
 * A route added in this version: older versions answer 404. With a route
 * table, pass your routes through `history.routes([...])` so the table knows.
 */
export function routeAdded<const R extends string>(route: R): RouteSaid<{ readonly op: 'route.added'; readonly route: R }> {
  checkRoute(route, 'routeAdded')
  return { kind: 'route', route, entry: { type: 'route.added', route } }
}

/** A route removed in this version: it keeps answering older versions (keep its handler), newer ones get 404. */
export function routeRemoved<const R extends string>(route: R): RouteSaid<{ readonly op: 'route.removed'; readonly route: R }> {
  checkRoute(route, 'routeRemoved')
  return { kind: 'route', route, entry: { type: 'route.removed', route } }
}

/**
 * A route whose path changed in this version (paths as `route()` or
 * `app.get()` declares them). With a route table, `history.routes([...])`
 * keeps the older path for older versions and `reverse` gives each version
 * its own path; for a plain Hono route, register the handler on both paths.
 *
 * @example
 * ```ts
 * pathChanged('product-detail', { older: '/items/:id', newer: '/products/:id' })
 * ```
 */
export function pathChanged<const R extends string, const O extends string, const N extends string>(
  route: R,
  paths: { readonly older: O; readonly newer: N },
): RouteSaid<{ readonly op: 'route.path'; readonly route: R; readonly older: O; readonly newer: N }> {
  const where = 'pathChanged'
  checkRoute(route, where)
  checkOptions(paths, where, ['older', 'newer'], true)
  const { older, newer } = pair(paths, where, (path): path is string => typeof path === 'string' && path[0] === '/', 'paths starting with "/"')
  if (older === newer) throw new Error(`${where}: older and newer are both ${quotedValue(older)}; a move needs two paths.`)
  checkParamNames(older, newer, where)
  return { kind: 'route', route, entry: { type: 'route.path.changed', route, older, newer } }
}

/**
 * Throws where the two paths name their parameters differently: the handler
 * reads the newer names, so an older request at the older path would reach it
 * without them (Cadwyn refuses it too: `RouterPathParamsModifiedError`). A
 * path the route table cannot compile (a wildcard) is not compared.
 */
function checkParamNames(older: string, newer: string, where: string): void {
  const names = (path: string): string[] | null => {
    try {
      return [...compileRoutePath(path, where).paramNames].sort()
    } catch {
      return null
    }
  }
  const before = names(older)
  const after = names(newer)
  if (before === null || after === null || before.join('/') === after.join('/')) return
  const list = (found: readonly string[]) => (found.length === 0 ? 'no parameters' : `the parameters ${found.map((name) => quoted(name)).join(', ')}`)
  throw new Error(
    `${where}: the older path ${quotedValue(older)} has ${list(before)} and the newer path ${quotedValue(newer)} has ${list(after)}; the handler reads the newer names, so a request at the older path would reach it without them. Give both paths the same parameter names (a client never sends a parameter's name).`,
  )
}

/**
 * A route whose status changed in this version: older versions get `older`
 * where the handler answers `newer`, both success (below 400) or both error
 * statuses. An older status without content (204, 205, 304) is sent without
 * the handler's body.
 */
export function statusChanged<const R extends string, const O extends number, const N extends number>(
  route: R,
  statuses: { readonly older: O; readonly newer: N },
): RouteSaid<{ readonly op: 'route.status'; readonly route: R; readonly older: O; readonly newer: N }> {
  const where = 'statusChanged'
  checkRoute(route, where)
  checkOptions(statuses, where, ['older', 'newer'], true)
  const { older, newer } = pair(statuses, where, (status): status is number => Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599, 'HTTP statuses from 200 to 599')
  if (older === newer) throw new Error(`${where}: older and newer are both ${String(older)}; give older versions' status as older and the handler's as newer, or drop the change.`)
  // A body is migrated by the layout of the status the handler answers (response below 400, error from 400): across
  // the two, an older client would get the head's error body as a success, or a success body as an error, unmigrated.
  if (older < 400 !== newer < 400) {
    throw new Error(
      `${where}: older ${String(older)} and newer ${String(newer)} are ${older < 400 ? 'a success and an error' : 'an error and a success'} status; a body is migrated by the layout of its status (response or error), so an older client would get the head's body unmigrated. Keep both below 400 or both from 400, or answer older clients in the handler (history.predates(c.var.version, change)).`,
    )
  }
  return { kind: 'route', route, entry: { type: 'route.status.changed', route, older, newer } }
}

/** Options of `headerChanged`. */
export interface HeaderChangedOptions {
  /** The response header. */
  readonly header: string
  /**
   * The older value from the newer one (`null`: absent); return `null` to leave it out. `Set-Cookie` goes through it
   * one cookie line at a time (once with `null` when there is none): lines no comma may join. A value a header cannot
   * hold (a line break, NUL, a character above U+00FF, not a string) or a `down` that throws fails the request
   * with a sentence naming the route, the version and the header, for `app.onError`.
   */
  readonly down: (newer: string | null) => string | null
  /** What changed, for the changelog. */
  readonly description?: string | undefined
}

/**
 * A response header that changed in this version.
 *
 * @example
 * ```ts
 * headerChanged('product-list', { header: 'X-Total', down: () => null, description: 'X-Total is new.' })
 * ```
 */
export function headerChanged(route: string, options: HeaderChangedOptions): RouteInstruction {
  const where = 'headerChanged'
  checkRoute(route, where)
  checkOptions(options, where, ['header', 'down', 'description'], true)
  const { header, down, description } = options as { header: unknown; down: unknown; description: unknown }
  if (!isHeaderName(header)) throw new Error(`${where}: header must be a header name, got ${quotedValue(header)}.`)
  if (isFramingHeader(header)) throw framing(where, header)
  if (typeof down !== 'function') throw new Error(`${where}: down must be a function (newer value) => older value.`)
  checkFunction(down, where, 'down')
  if (description !== undefined && typeof description !== 'string') throw new Error(`${where}: description must be a string.`)
  return {
    kind: 'route',
    route,
    entry: description === undefined ? { type: 'route.header.changed', route, header } : { type: 'route.header.changed', route, header, description },
    header: down as (value: string | null) => string | null,
  }
}

/**
 * A query parameter renamed in this version: older requests' `older`
 * parameter reaches the handler as `newer`.
 */
export function queryParamRenamed<const R extends string, const O extends string, const N extends string>(
  route: R,
  names: { readonly older: O; readonly newer: N },
): RouteSaid<{ readonly op: 'route.query.renamed'; readonly route: R; readonly older: O; readonly newer: N }> {
  const where = 'queryParamRenamed'
  checkRoute(route, where)
  checkOptions(names, where, ['older', 'newer'], true)
  const { older, newer } = names as { older: unknown; newer: unknown }
  checkField(older, where, 'older')
  checkField(newer, where, 'newer')
  if (older === newer) throw new Error(`${where}: older and newer are both ${quoted(older)}; a rename needs two names.`)
  return { kind: 'route', route, entry: { type: 'route.query.renamed', route, older, newer } }
}

/**
 * A request header renamed in this version: older requests' `older` header
 * reaches the handler as `newer`.
 */
export function requestHeaderRenamed<const R extends string, const O extends string, const N extends string>(
  route: R,
  names: { readonly older: O; readonly newer: N },
): RouteSaid<{ readonly op: 'route.header.renamed'; readonly route: R; readonly older: O; readonly newer: N }> {
  const where = 'requestHeaderRenamed'
  checkRoute(route, where)
  checkOptions(names, where, ['older', 'newer'], true)
  const { older, newer } = pair(names, where, isHeaderName, 'header names')
  for (const name of [older, newer]) if (isFramingHeader(name)) throw framing(where, name)
  if (older.toLowerCase() === newer.toLowerCase()) throw new Error(`${where}: older and newer are the same header, ${quotedValue(older)} and ${quotedValue(newer)} (names are case-insensitive); give older versions' header as older and the one the handler reads as newer, or drop the change.`)
  return { kind: 'route', route, entry: { type: 'route.request.header.renamed', route, older, newer } }
}

/** The `older` and `newer` of a change, each checked by `valid`; otherwise an `Error` that says they must be `what`. */
function pair<T>(options: unknown, where: string, valid: (value: unknown) => value is T, what: string): { older: T; newer: T } {
  const { older, newer } = options as { older: unknown; newer: unknown }
  for (const value of [older, newer]) {
    if (!valid(value)) throw new Error(`${where}: older and newer must be ${what}, got ${quotedValue(value)}.`)
  }
  return { older: older as T, newer: newer as T }
}

/** Options of `requestHeaderChanged`. */
export interface RequestHeaderChangedOptions {
  /**
   * The newer value from the older client's (`null`: absent): a string, or `null` to leave the header out. A function
   * that throws refuses the request as the client's (400, naming the header, never its value); a result a header
   * cannot hold (not a string or `null`, a line break, NUL, a character above U+00FF) is the server's error, with a
   * sentence naming the route, the version and the header, for `app.onError`.
   */
  readonly up: (older: string | null) => string | null
  /** The JSON Schema of the values older versions send, which `requestValidation` checks them against in their own version (and the documents give them). */
  readonly olderSchema?: object | undefined
  /**
   * Whether versions before the change require the parameter: `false` where older clients may leave out what the head
   * requires (`up(null)` gives the head's value), `true` where they must send what the head may leave out. Their
   * documents, `requestValidation` (in the client's own version, under its own name) and the typed client say so.
   * @default as the version of the change requires it (the head's, unless a newer change says otherwise)
   */
  readonly olderRequired?: boolean | undefined
  /** What changed, for the changelog. */
  readonly description?: string | undefined
}

/** Options of `queryParamChanged`. */
export interface QueryParamChangedOptions extends Omit<RequestHeaderChangedOptions, 'up'> {
  /**
   * The newer value from the older client's, once per value sent (`null`: none is sent, once): a string, a list of
   * strings (the parameter repeated in its place), or `null` (or an empty list) to leave that value out. A function
   * that throws refuses the request as the client's (400, naming the parameter, never its value); any other result is
   * the server's error, with a sentence naming the route, the version and the parameter, for `app.onError`.
   */
  readonly up: (older: string | null) => string | readonly string[] | null
}

/** What a parameter change's options put in its changelog entry: `description`, `olderSchema`, `olderRequired`, where given. */
type ParameterEntry = { readonly description?: string; readonly olderSchema?: object; readonly olderRequired?: boolean }

/** Checks a parameter change's options: its `up`, `olderSchema`, `olderRequired` and `description`. */
function parameterChange(options: unknown, where: string, what: string): { up: (value: string | null) => string | readonly string[] | null; entry: ParameterEntry } {
  checkOptions(options, where, ['up', 'olderSchema', 'olderRequired', 'description'], true)
  const { up, olderSchema, olderRequired, description } = options as { up: unknown; olderSchema: unknown; olderRequired: unknown; description: unknown }
  if (typeof up !== 'function') throw new Error(`${where}: up must be a function (older value) => newer value.`)
  checkFunction(up, where, 'up')
  if (olderSchema !== undefined && (olderSchema === null || typeof olderSchema !== 'object' || Array.isArray(olderSchema))) throw new Error(`${where}: olderSchema must be a JSON Schema object.`)
  if (olderRequired !== undefined && typeof olderRequired !== 'boolean') throw new Error(`${where}: olderRequired must be true or false (whether versions before the change require the ${what}), got ${quotedValue(olderRequired)}; leave it out to keep the newer version's.`)
  if (description !== undefined && typeof description !== 'string') throw new Error(`${where}: description must be a string.`)
  const entry: ParameterEntry = { ...(description === undefined ? {} : { description }), ...(olderSchema === undefined ? {} : { olderSchema }), ...(olderRequired === undefined ? {} : { olderRequired }) }
  return { up: up as (value: string | null) => string | null, entry }
}
/**
 * The values of a query parameter changed in this version: each value an
 * older client sends for `name` (its name in this version, after older
 * renames) reaches the handler as `up(value)`, every other parameter and
 * value as sent (a list: the parameter repeated in its place).
 *
 * @example
 * ```ts
 * queryParamChanged('product-list', 'tags', { up: (older) => older?.split(',') ?? null })
 * queryParamChanged('product-list', 'status', { up: (older) => (older === 'available' ? 'active' : older) })
 * ```
 */
export function queryParamChanged<const R extends string, const N extends string, const Q extends boolean | undefined = undefined>(
  route: R,
  name: N,
  options: QueryParamChangedOptions & { readonly olderRequired?: Q },
): RouteSaid<{ readonly op: 'route.query.changed'; readonly route: R; readonly name: N; readonly olderRequired: Q }> {
  const where = 'queryParamChanged'
  checkRoute(route, where)
  checkField(name, where, 'name')
  const { up, entry } = parameterChange(options, where, 'parameter')
  return { kind: 'route', route, entry: { type: 'route.query.changed', route, name, ...entry }, up }
}

/**
 * The values of a request header changed in this version: the older
 * client's value of `header` (or `null` when it sent none) reaches the
 * handler as `up(value)` (`null`: the header left out).
 *
 * @example
 * ```ts
 * requestHeaderChanged('product-list', 'X-Dry-Run', { up: (older) => (older === 'yes' ? 'true' : older) })
 * ```
 */
export function requestHeaderChanged<const R extends string, const N extends string, const Q extends boolean | undefined = undefined>(
  route: R,
  header: N,
  options: RequestHeaderChangedOptions & { readonly olderRequired?: Q },
): RouteSaid<{ readonly op: 'route.request.header.changed'; readonly route: R; readonly name: N; readonly olderRequired: Q }> {
  const where = 'requestHeaderChanged'
  checkRoute(route, where)
  if (!isHeaderName(header)) throw new Error(`${where}: header must be a header name, got ${quotedValue(header)}.`)
  if (isFramingHeader(header)) throw framing(where, header)
  const { up, entry } = parameterChange(options, where, 'header')
  return { kind: 'route', route, entry: { type: 'route.request.header.changed', route, header, ...entry }, up }
}

/** The error of a change naming a header that frames the message or its connection (`Content-Length`, ...). */
function framing(where: string, header: string): Error {
  return new Error(
    `${where}: ${quotedValue(header)} frames the message or its connection, which the server and the runtime write for the bytes they really send; no version change may rename or convert it (change the body, or a header of the API's own).`,
  )
}
