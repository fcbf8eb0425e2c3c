/**
 * The keys under which a history gives its route plans to the model's
 * builder (openapi/migrations.ts reads each operation's once, at its first
 * read), and its route life to `apiVersioning` (which methods of a table
 * route its route changes leave in a version: the model's light part reads
 * it for `mountRoutes`' 405 `Allow` and `check(app)`): symbols no entry
 * point exports, so the plans stay off the public surface, and the builder
 * and `apiVersioning` read them without importing the history's code into a
 * bundle without one.
 */
import type { ExchangeRoute } from '../pipeline/extension.ts'
import type { RoutePlan } from './http-steps.ts'
import type { RouteBodies } from './history-options.ts'

/** A history's route plans by key (`name`, `METHOD name`, `METHOD /path`) and the plan of routes without one. */
export interface HistoryPlans {
  readonly plans: ReadonlyMap<string, RoutePlan>
  readonly fallback: RoutePlan | undefined
  /** The shapes of the parameters its validation checks (`requestValidation({ parameters })`), by name. */
  readonly parameterShapes: ReadonlySet<string>
  /** Its `bodies`, by route as given: the documents read the items of its streams from them. */
  readonly bodies: ReadonlyMap<string, RouteBodies>
}

/** The method of a history that gives its plans. */
export const HISTORY_PLANS: unique symbol = Symbol('historyPlans')

/** What has plans: a history (`versionHistory(...)`). */
export interface Planned {
  readonly [HISTORY_PLANS]: () => HistoryPlans
}

/** Whether `source` is a history with plans. */
export function isPlanned(source: unknown): source is Planned {
  return source !== null && typeof source === 'object' && typeof (source as Partial<Planned>)[HISTORY_PLANS] === 'function'
}

/**
 * The method of a history that gives, once, whether its route changes leave
 * a table route serving a method in a version: the plan the request path
 * looks up for the route and method (route-plans.ts `planLookup`), read as
 * the request step reads it (http-steps.ts `existsAt`). `apiVersioning`
 * reads it once, at construction (`routeExistsOf`), and hands it to the
 * model's light part as its route life (model/served.ts `RouteLifeOf`):
 * `mountRoutes`' 405 lists only those methods in `Allow` (`allowAt`), and
 * `check(app)` names a mounted operation it leaves in no version
 * (model/table-model.ts); `versionMiddleware`'s `check(app)` reads it for
 * plain routes (hono/app-checks.ts).
 */
export const ROUTE_EXISTS: unique symbol = Symbol('routeExists')

/**
 * Whether a table route (`route`), or a plain route registered at `paths`
 * (`route` `null`: the request path looks its plan up by `METHOD /path`),
 * serves `method` in `version` as far as the history's route changes say
 * (its limits aside).
 */
export type RouteExists = (route: ExchangeRoute | null, method: string, version: string | null | undefined, paths?: readonly string[]) => boolean

/** `source`'s route existence when it is a history, else `undefined` (nothing removes a method). */
export function routeExistsOf(source: unknown): RouteExists | undefined {
  const made = source !== null && typeof source === 'object' ? (source as { [ROUTE_EXISTS]?: unknown })[ROUTE_EXISTS] : undefined
  return typeof made === 'function' ? (made.call(source) as RouteExists) : undefined
}

/**
 * The method of a history that gives, once, how a link names the query parameters of the plain route it points
 * to in a version: the route's `queryParamRenamed` undone from the head down to that version, so that a link an
 * older client follows names what its version sends (`c.var.reverse(name, { query: c.req.query() })`, whose
 * parameters the request path renamed to the head's). `versionMiddleware` reads it once, at construction
 * (`linkQueryOf`), for the links of `appRoutes` (hono/app-routes.ts).
 */
export const LINK_QUERY: unique symbol = Symbol('linkQuery')

/** `query` (in the head's names) with the parameters of the plain route registered at `paths` named as `version` names them. */
export type LinkQuery = <Q extends object>(paths: readonly string[], version: string | null | undefined, query: Q) => Q

/** `source`'s link query names when it is a history, else `undefined` (nothing renames a parameter). */
export function linkQueryOf(source: unknown): LinkQuery | undefined {
  const made = source !== null && typeof source === 'object' ? (source as { [LINK_QUERY]?: unknown })[LINK_QUERY] : undefined
  return typeof made === 'function' ? (made.call(source) as LinkQuery) : undefined
}
