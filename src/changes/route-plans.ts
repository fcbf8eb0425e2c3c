/**
 * What a history's route instructions and bodies say about each route, per
 * version: whether and where it exists, its status, header and query steps,
 * and its plan; and the table routes `history.routes()` rewrites.
 */
import type { ExchangeRoute, ExchangeView } from '../pipeline/extension.ts'
import type { RouteDefinition } from '../routes/definitions.ts'
import { versioned } from '../routes/versions.ts'
import { WHERE } from './history-checks.ts'
import type { RouteBodies } from './history-options.ts'
import type { RoutePlan } from './http-steps.ts'
import type { RouteInstruction } from './instruction.ts'
import { methodRoute, plainRoute, takesRouteRequestLayout } from './route-changes.ts'
import { checkChangesExist, routeLife, type RouteLife } from './route-life.ts'
import { isRename, renamesOf, type ParameterStep, type ValueChange } from './request-values.ts'
import { quoted, quotedValue } from '../quote.ts'

/** The plan of a route the history says nothing about. */
export const NO_PLAN: RoutePlan = {
  exists: null,
  checks: null,
  partialChecks: null,
  request: null,
  partialRequest: null,
  partial: null,
  forms: false,
  response: null,
  error: null,
  items: null,
  media: null,
  status: null,
  headers: null,
  query: null,
  requestHeaders: null,
}

/** Refuses two changes of the same status of `route` in one version. */
function checkStatuses(route: string, entries: readonly { step: number; instruction: RouteInstruction }[], versions: readonly string[]): void {
  const statuses = entries.filter((e) => e.instruction.entry.type === 'route.status.changed')
  for (const a of statuses) {
    for (const b of statuses) {
      if (a !== b && a.step === b.step && a.instruction.entry.type === 'route.status.changed' && b.instruction.entry.type === 'route.status.changed' && a.instruction.entry.newer === b.instruction.entry.newer) {
        throw new Error(`${WHERE}: route ${quoted(route)} changes status ${a.instruction.entry.newer} twice in version ${quotedValue(versions[a.step])}; one of the two is a mistake.`)
      }
    }
  }
}

/** A route's status, header and query steps per version index. */
function routeSteps(entries: readonly { step: number; instruction: RouteInstruction }[], n: number): Pick<RoutePlan, 'status' | 'headers' | 'query' | 'requestHeaders'> {
  const status: (readonly [number, number])[][] = []
  const headers: (readonly [string, (value: string | null) => string | null])[][] = []
  const query: ParameterStep[][] = []
  const requestHeaders: ParameterStep[][] = []
  for (let v = 0; v < n; v++) {
    const later = entries.filter((e) => e.step > v)
    const newestFirst = [...later].sort((a, b) => b.step - a.step)
    // Oldest step first; in one version, its renames before its value changes (which name the version's names).
    const oldestFirst = [...later].sort((a, b) => a.step - b.step || valueLast(a.instruction) - valueLast(b.instruction))
    status.push(newestFirst.flatMap(({ instruction: { entry } }) => (entry.type === 'route.status.changed' ? [[entry.newer, entry.older] as const] : [])))
    headers.push(newestFirst.flatMap(({ instruction: { entry, header } }) => (entry.type === 'route.header.changed' && header !== undefined ? [[entry.header, header] as const] : [])))
    query.push(
      oldestFirst.flatMap(({ instruction: { entry, up } }): ParameterStep[] =>
        entry.type === 'route.query.renamed' ? [[entry.older, entry.newer]] : entry.type === 'route.query.changed' && up !== undefined ? [valueChange(entry.name, up, entry)] : [],
      ),
    )
    requestHeaders.push(
      oldestFirst.flatMap(({ instruction: { entry, up } }): ParameterStep[] =>
        entry.type === 'route.request.header.renamed' ? [[entry.older, entry.newer]] : entry.type === 'route.request.header.changed' && up !== undefined ? [valueChange(entry.header, up, entry)] : [],
      ),
    )
  }
  return {
    status: status.some((s) => s.length > 0) ? status : null,
    headers: headers.some((h) => h.length > 0) ? headers : null,
    query: query.some((q) => q.length > 0) ? query : null,
    requestHeaders: requestHeaders.some((h) => h.length > 0) ? requestHeaders : null,
  }
}

/** 1 for a value change, 0 for any other instruction: a version's renames run before its value changes. */
const valueLast = (instruction: RouteInstruction): number => (instruction.up === undefined ? 0 : 1)

/** The step of a value change (made once per version a plan has it in: few). */
const valueChange = (name: string, up: ValueChange['up'], { olderSchema, olderRequired }: { readonly olderSchema?: object; readonly olderRequired?: boolean }): ValueChange => ({
  name,
  up,
  ...(olderSchema === undefined ? {} : { olderSchema }),
  ...(olderRequired === undefined ? {} : { olderRequired }),
})

/** A route's instructions, each with the version step that made it. */
export type RouteEntries = ReadonlyMap<string, readonly { step: number; instruction: RouteInstruction }[]>

/**
 * The plan of each route the history names, per version: its bodies
 * (`bodyPlans`) and its route changes; and the table routes whose existence
 * or path changes (`tableLives`), which the table must learn through `routes()`.
 */
export function routePlans(
  versions: readonly string[],
  bodies: ReadonlyMap<string, RouteBodies>,
  byRoute: RouteEntries,
  bodyPlans: (entry: RouteBodies | undefined, route: string) => Pick<RoutePlan, 'checks' | 'partialChecks' | 'request' | 'partialRequest' | 'partial' | 'forms' | 'response' | 'error' | 'items' | 'media' | 'requestMedia' | 'layouts'>,
): { plans: Map<string, RoutePlan>; tableLives: Map<string, RouteLife> } {
  const plans = new Map<string, RoutePlan>()
  const tableLives = new Map<string, RouteLife>()
  for (const route of new Set([...bodies.keys(), ...byRoute.keys()])) {
    const entries = byRoute.get(route) ?? []
    const life = routeLife(route, entries.map(({ step, instruction }) => ({ step, entry: instruction.entry })), versions, WHERE)
    checkStatuses(route, entries, versions)
    const plain = plainRoute(route)
    const one = methodRoute(route)
    if (one !== null) {
      // A table route for one method: its own layouts, else the route's; the route's changes and its own.
      if (life.paths !== null) throw new Error(`${WHERE}: pathChanged(${quoted(route)}) moves one method of a route; a path belongs to the whole route: name it ${quoted(one[1])}.`)
      // Its changes need the route itself too, where the route's own changes add or remove it.
      const events = (list: typeof entries) => list.map(({ step, instruction }) => ({ step, entry: instruction.entry }))
      const whole = routeLife(one[1], events(byRoute.get(one[1]) ?? []), versions, WHERE).exists
      if (whole !== null) checkChangesExist(route, events(entries), whole, versions, WHERE)
      const shared = bodies.get(one[1])
      const own = bodies.get(route)
      const merged = {
        request: own?.request ?? shared?.request,
        response: own?.response ?? shared?.response,
        error: own?.error ?? shared?.error,
        items: own?.items ?? shared?.items,
        unmigrated: own?.unmigrated ?? shared?.unmigrated,
        passThrough: own?.passThrough ?? shared?.passThrough,
        partial: own?.partial ?? shared?.partial,
        forms: own?.forms ?? shared?.forms,
      }
      const all = [...(byRoute.get(one[1]) ?? []), ...entries].sort((a, b) => a.step - b.step)
      plans.set(route, { ...bodyPlans(merged, route), ...routeSteps(all, versions.length), exists: life.exists })
      continue
    }
    const base = { ...bodyPlans(bodies.get(route), route), ...routeSteps(entries, versions.length) }
    if (plain === null) {
      if (life.exists !== null || life.paths !== null) tableLives.set(route, life)
      // The table knows which versions have a table route (routes()): mountRoutes answers the others as unknown routes.
      plans.set(route, { ...base, exists: null })
      continue
    }
    if (life.paths !== null && life.paths[versions.length - 1] !== plain[1]) {
      throw new Error(`${WHERE}: route ${quoted(route)} names the path ${plain[1]}, but its pathChanged changes end at ${life.paths[versions.length - 1]}; name it ${quoted(`${plain[0]} ${life.paths[versions.length - 1]}`)}.`)
    }
    // A plain route answers at each of its paths only in the versions that have that path.
    for (const path of new Set(life.paths ?? [plain[1]])) {
      const exists = versions.map((_, v) => (life.exists === null || life.exists[v] === true) && (life.paths === null || life.paths[v] === path))
      plans.set(`${plain[0]} ${path}`, { ...base, exists: exists.every(Boolean) ? null : exists })
    }
  }
  return { plans, tableLives }
}

/**
 * Route definitions with the lives of `lives` applied (`history.routes()`):
 * each table route whose existence or path changes is declared once per path,
 * `versioned()` for its versions; `covered` records the routes rewritten.
 */
export function rewriteRoutes(
definitions: readonly RouteDefinition[],
namespace: string | null,
lives: ReadonlyMap<string, RouteLife>,
covered: Set<string>,
versions: readonly string[],
): readonly RouteDefinition[] {
  let changed = false
  const out: RouteDefinition[] = []
  for (const definition of definitions) {
    if (definition?.kind === 'include') {
      const ns = definition.namespace === undefined ? namespace : namespace === null ? definition.namespace : `${namespace}:${definition.namespace}`
      const routes = Array.isArray(definition.routes) ? rewriteRoutes(definition.routes, ns, lives, covered, versions) : definition.routes
      if (routes !== definition.routes) changed = true
      out.push(routes === definition.routes ? definition : Object.freeze({ ...definition, routes }))
      continue
    }
    if (definition?.kind !== 'route') {
      out.push(definition)
      continue
    }
    const viewName = namespace === null ? definition.name : `${namespace}:${definition.name}`
    const key = lives.has(viewName) ? viewName : definition.name
    const life = lives.get(key)
    if (life === undefined) {
      out.push(definition)
      continue
    }
    covered.add(key)
    const n = versions.length
    if (life.paths !== null && life.paths[n - 1] !== definition.path) {
      throw new Error(`history.routes: route ${quoted(viewName)} has the path ${definition.path}, but the history's pathChanged changes end at ${life.paths[n - 1]}; make them agree.`)
    }
    // The versions of each path, the head's path first.
    const byPath = new Map<string, string[]>([[definition.path, []]])
    versions.forEach((version, v) => {
      if (life.exists !== null && life.exists[v] !== true) return
      const path = life.paths?.[v] ?? definition.path
      const list = byPath.get(path) ?? []
      list.push(version)
      byPath.set(path, list)
    })
    for (const [path, own] of byPath) {
      if (own.length === 0) continue
      out.push(versioned(own, path === definition.path ? definition : Object.freeze({ ...definition, path }), { absent: 'not-found' }))
    }
    changed = true
  }
  return changed ? Object.freeze(out) : definitions
}

/**
 * The plan of the route an exchange is answered by: a table route's own for
 * its method (`METHOD name`), else its route's; a plain route's by
 * `METHOD /path`; else `fallback` (the history's errors layout). HEAD is
 * answered by GET's handler, with GET's plan. Worked out once per table
 * route and method, or plain route pattern and method (at most
 * `MAX_PLAIN_KEYS`), for the common methods and those the plans name
 * (`KEPT_METHODS`), then read; any other method, again per request.
 */
/** The most method-and-pattern pairs of plain routes whose plans are kept. */
const MAX_PLAIN_KEYS = 4096

/**
 * The methods whose plan a route keeps once worked out, besides those the plans name (`'PURGE name'`): any other
 * method a client sends (a made-up one: a 405 at a table route; at a plain one, a 404, or a route registered for
 * every method) is worked out again each time, so what is kept stays bounded by the app's routes, not by the method
 * names clients send, however long (a runtime may pass a method name of kilobytes).
 */
const KEPT_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE', 'CONNECT']

const bodiless = new WeakMap<RoutePlan, RoutePlan>()

/** `plan` without its request body's checks and steps (made once per plan). */
function withoutRequestBody(plan: RoutePlan): RoutePlan {
  if (plan.request === null && plan.partialRequest === null && plan.checks === null && plan.partialChecks === null) return plan
  let out = bodiless.get(plan)
  if (out === undefined) bodiless.set(plan, (out = Object.freeze({ ...plan, request: null, partialRequest: null, checks: null, partialChecks: null })))
  return out
}

export function planLookup(plans: ReadonlyMap<string, RoutePlan>, fallback: RoutePlan | undefined): (exchange: Pick<ExchangeView, 'method' | 'route' | 'routePaths'>) => RoutePlan | undefined {
  const byMethod = [...plans.keys()].some((key) => methodRoute(key) !== null)
  const kept = new Set([...KEPT_METHODS, ...[...plans.keys()].flatMap((key) => (methodRoute(key) ?? plainRoute(key))?.[0] ?? [])])
  const tableRoutes = new WeakMap<ExchangeRoute, Map<string, RoutePlan | undefined>>()
  const plainRoutes = new Map<string, RoutePlan | undefined>()
  function tablePlan(route: ExchangeRoute, method: string): RoutePlan | undefined {
    const own = byMethod ? (plans.get(`${method} ${route.viewName}`) ?? plans.get(`${method} ${route.name}`)) : undefined
    if (own !== undefined) return own
    const shared = plans.get(route.viewName) ?? plans.get(route.name)
    // The route's request layout is not a DELETE's body: an older DELETE with one is neither validated nor migrated.
    return shared !== undefined && !takesRouteRequestLayout(method) ? withoutRequestBody(shared) : (shared ?? fallback)
  }
  return (exchange) => {
    const method = exchange.method === 'HEAD' ? 'GET' : exchange.method
    const route = exchange.route
    if (route !== null) {
      // Bounded: a table route's handler meets whatever method names clients send (those it has no handler for get a 405).
      if (!kept.has(method)) return tablePlan(route, method)
      let known = tableRoutes.get(route)
      if (known === undefined) tableRoutes.set(route, (known = new Map()))
      if (!known.has(method)) known.set(method, tablePlan(route, method))
      return known.get(method)
    }
    // A plain route's pattern is the app's, one of the few it registers: the first of the routes that may answer with a plan.
    // Bounded: a route registered for every method (app.all, app.use) meets whatever method names clients send.
    const keep = kept.has(exchange.method)
    for (const path of exchange.routePaths) {
      const key = `${exchange.method} ${path}`
      let plan = keep ? plainRoutes.get(key) : undefined
      if (plan === undefined && !(keep && plainRoutes.has(key))) {
        plan = plans.get(key) ?? (exchange.method === 'HEAD' ? plans.get(`GET ${path}`) : undefined)
        if (keep && plainRoutes.size < MAX_PLAIN_KEYS) plainRoutes.set(key, plan)
      }
      if (plan !== undefined) return plan
    }
    return fallback
  }
}

/**
 * Throws where a route's plan renames what the scheme reads the version from: the query parameter `versionQuery`
 * (`queryParamRenamed`, either name) or one of `versionHeaders` (lower-case; `requestHeaderRenamed`, either name, any
 * case). Renamed, an older client's version would be rewritten into another parameter, or another into it. Its values
 * changed (`queryParamChanged`, `requestHeaderChanged`), the handler would read another version than the one served.
 */
export function checkVersionNames(where: string, plans: ReadonlyMap<string, RoutePlan>, versionQuery: string | null, versionHeaders: readonly string[]): void {
  const headers = new Set(versionHeaders)
  for (const [route, plan] of plans) {
    const query = plan.query?.flat() ?? []
    if (versionQuery !== null && query.some((step) => isRename(step) && step.includes(versionQuery))) {
      throw new Error(`${where}: the history renames the query parameter ${quoted(versionQuery)} of ${quoted(route)} (queryParamRenamed), which the scheme reads the version from; rename another parameter, or give the scheme another versionParam.`)
    }
    if (versionQuery !== null && query.some((step) => !isRename(step) && step.name === versionQuery)) {
      throw new Error(`${where}: the history changes the values of the query parameter ${quoted(versionQuery)} of ${quoted(route)} (queryParamChanged), which the scheme reads the version from; change another parameter, or give the scheme another versionParam.`)
    }
    const steps = plan.requestHeaders?.flat() ?? []
    const header = renamesOf(steps).flat().find((name) => headers.has(name.toLowerCase()))
    if (header !== undefined) {
      throw new Error(`${where}: the history renames the request header ${quoted(header)} of ${quoted(route)} (requestHeaderRenamed), which the scheme reads the version from; rename another header, or give the scheme another header.`)
    }
    const changed = steps.find((step): step is ValueChange => !isRename(step) && headers.has(step.name.toLowerCase()))
    if (changed !== undefined) {
      throw new Error(`${where}: the history changes the values of the request header ${quoted(changed.name)} of ${quoted(route)} (requestHeaderChanged), which the scheme reads the version from; change another header, or give the scheme another header.`)
    }
  }
}
