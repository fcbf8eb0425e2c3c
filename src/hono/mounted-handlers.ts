/**
 * The handlers `mountRoutes` registered, whichever table, with what each
 * serves by method: a handler that passes a request on asks whether a later
 * route Hono matched serves it (`later`), and a refusal reports the versions
 * of those it passed (`passedOver`).
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import { innermost } from '../routes/composed-handlers.ts'
import type { Candidates } from '../pipeline/visit.ts'

/** What a registered handler serves for one method: the versions its routes exist in, and whether it passes other versions on. */
export interface Served {
  /** Its table routes, in the table's order: the first that exists in the version answers. */
  readonly routes: Candidates
  /** One of them exists in every version, so no later handler's route is ever picked before it. */
  readonly complete: boolean
  /** The versions its routes exist in by their limits (`null`: every version). */
  readonly versions: ReadonlySet<string> | null
  /** The versions that serve the method with them (`null`: every version), as the model's light part answers it (model/reported.ts): what a response and a rejection report. */
  readonly reported: ReadonlySet<string> | null
  /** Its routes answer other versions as a path no route matches (`{ absent: 'not-found' }`). */
  readonly passesOn: boolean
}

/** The key under which a handler `mountRoutes` registered carries what it serves by method (as `app.route()` marks its wrappers). */
const SERVED: unique symbol = Symbol('served')

/** The key under which such a handler carries the app it was registered in (read by `check(app)`, never per request). */
const MOUNTED_IN: unique symbol = Symbol('mountedIn')

/** Marks `handler`, which `mountRoutes` made and registers in `app`, with what it serves by method (`later()` and `passedOver()` read it) and with `app`. */
export function markServed(handler: Function, methods: ReadonlyMap<string, Served>, app: object): void {
  Object.defineProperty(handler, SERVED, { value: methods })
  Object.defineProperty(handler, MOUNTED_IN, { value: app })
}

/** The app `mountRoutes` registered `handler` in, when it is such a handler itself (no wrapper of `app.route()` around it). */
export const mountedAppOf = (handler: unknown): object | undefined => (typeof handler === 'function' ? (handler as { [MOUNTED_IN]?: object })[MOUNTED_IN] : undefined)

/** What a handler Hono runs serves by method, when `mountRoutes` registered it (inside the wrappers of `app.route()`). */
function servedOf(handler: unknown): ReadonlyMap<string, Served> | undefined {
  const own = innermost(handler)
  return typeof own === 'function' ? (own as { [SERVED]?: ReadonlyMap<string, Served> })[SERVED] : undefined
}

/** The first table route a handler `mountRoutes` registered serves (whichever method), or `undefined` for any other handler. */
export function mountedRoute(handler: unknown): unknown {
  const served = servedOf(handler)
  if (served !== undefined) for (const own of served.values()) return own.routes[0]
  return undefined
}

/** The methods a handler `mountRoutes` registered serves, or `undefined` for any other handler (the model reads it). */
export function mountedMethods(handler: unknown): ReadonlySet<string> | undefined {
  const served = servedOf(handler)
  return served === undefined ? undefined : new Set(served.keys())
}

/** What a handler `mountRoutes` registered serves `method` with (HEAD: GET's), or `undefined` for any other handler or method. */
export function mountedServing(handler: unknown, method: string): Served | undefined {
  const served = servedOf(handler)
  return served?.get(method) ?? (method === 'HEAD' ? served?.get('GET') : undefined) ?? served?.get('ALL')
}

/**
 * The versions that serve the method with the handlers of `mountRoutes`
 * that Hono ran before the current one for it and that passed the request
 * over (`null`: one of them serves every version), reported if no later
 * one answers.
 */
export function passedOver(c: Context): ReadonlySet<string> | null | undefined {
  const matched = matchedRoutes(c)
  const method = c.req.method
  let versions: ReadonlySet<string> | null | undefined
  for (let i = 0; i < c.req.routeIndex; i++) {
    const own = mountedServing((matched[i] as { handler: unknown }).handler, method)
    if (own === undefined || own.passesOn) continue
    versions = union(versions, own.reported)
  }
  return versions
}

/** The unions made so far, by their two sets: one set per combination of handlers, made once (and the policy's header values with it). */
const unions = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, ReadonlySet<string>>>()

/**
 * The versions of both (`null`: every version; `undefined`: none yet). The
 * sets are those `mountRoutes` made for its handlers, and unions of them:
 * each union is made once and kept with its sets, so a request passing the
 * same handlers gets the same set, and what is kept is bounded by the app's
 * handlers, not by requests.
 */
export function union(a: ReadonlySet<string> | null | undefined, b: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (a === null || b === null) return null
  if (a === undefined || a === b) return b
  let byOther = unions.get(a)
  if (byOther === undefined) unions.set(a, (byOther = new WeakMap()))
  let both = byOther.get(b)
  if (both === undefined) byOther.set(b, (both = new Set([...a, ...b])))
  return both
}

/**
 * Whether a route Hono matched after the current one serves this method:
 * with `mountedOnly`, a handler `mountRoutes` registered for it (or for all
 * methods); otherwise also any other route registered for the method itself.
 */
export function later(c: Context, mountedOnly: boolean): boolean {
  const matched = matchedRoutes(c)
  const method = c.req.method
  for (let i = c.req.routeIndex + 1; i < matched.length; i++) {
    const { method: on, handler } = matched[i] as { method: string; handler: unknown }
    const methods = servedOf(handler)
    if (methods !== undefined) {
      if (methods.has(method) || methods.has('ALL') || (method === 'HEAD' && methods.has('GET'))) return true
    } else if (!mountedOnly && (on === method || (method === 'HEAD' && on === 'GET'))) return true
  }
  return false
}
