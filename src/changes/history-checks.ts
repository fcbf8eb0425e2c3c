/**
 * The checks of a history's declarations, when it is made: the versions and
 * their changes, the bodies option, and the contradictions between field
 * instructions. Each mistake is an `Error` whose sentence says what to fix.
 */
import type { Change } from './change.ts'
import type { ChangelogInstruction } from './changelog.ts'
import type { RouteBodies } from './history-options.ts'
import type { ExchangeRoute } from '../pipeline/extension.ts'
import type { RoutePlan } from './http-steps.ts'
import type { Presence, ShapeInstruction } from './instruction.ts'
import type { shapeSteps } from './migration-plan.ts'
import { DEFAULT_MAX_BODY_SIZE } from './request-body.ts'
import { describedBy, passThroughSet, unmigratedTest } from './response-bodies.ts'
import { checkRoute, plainRoute } from './route-changes.ts'
import { checkRequestMethod } from './request-layouts.ts'
import { checkLayout, shapesOf, type AnyShape } from './shape.ts'
import { headersSkippedAfter, middlewareAfter, redispatchedAfter } from './middleware-order.ts'
import { uncoveredRoutes } from './uncovered-routes.ts'
import { unservedMethods } from './unserved-methods.ts'
import { declaredMediaChecks, migratesSuccess } from './declared-media.ts'
import { callsAnswerSuccess } from './handler-calls.ts'
import { isJsonType } from './media-types.ts'
import { plannedHandlers } from './wrapped-handlers.ts'
import { unlaidRequests, type ChangedShapes } from './unlaid-requests.ts'
import { declaredShapeChecks } from './declared-shapes.ts'
import { outOfOrder } from '../formats/version-order.ts'
import { asHistoryNames } from '../routes/mounted-apps.ts'
import { quoted, quotedValue } from '../quote.ts'
import { checkKeyNames, isRecord } from '../options.ts'

export const WHERE = 'versionHistory'

/** Checks the versions list; returns the versions and each one's changes. */
export function checkVersions(list: unknown): { versions: string[]; changes: (readonly Change[])[] } {
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`${WHERE}: versions must be a non-empty list, oldest first, such as [{ version: 'v1' }, { version: 'v2', changes: [...] }].`)
  }
  const versions: string[] = []
  const changes: (readonly Change[])[] = []
  for (const entry of list as unknown[]) {
    if (entry === null || typeof entry !== 'object' || typeof (entry as { version?: unknown }).version !== 'string' || (entry as { version: string }).version === '') {
      throw new Error(`${WHERE}: each entry of versions must be { version: 'v2', changes: [...] }, got ${quotedValue(entry)}.`)
    }
    const { version, changes: own = [] } = entry as { version: string; changes?: unknown }
    checkKeyNames(entry, `${WHERE}: version ${quoted(version)}`, ['version', 'changes'])
    if (versions.includes(version)) throw new Error(`${WHERE}: version ${quoted(version)} is listed twice; list each version once, oldest first.`)
    if (!Array.isArray(own) || own.some((c) => c === null || typeof c !== 'object' || !Array.isArray((c as Change).instructions))) {
      throw new Error(`${WHERE}: the changes of version ${quoted(version)} must be a list of change(...) values.`)
    }
    if (versions.length === 0 && own.length > 0) {
      throw new Error(`${WHERE}: the first version ${quoted(version)} has changes, which can never apply (a change separates a version from the one before); move them to the version that introduced them.`)
    }
    versions.push(version)
    changes.push(Object.freeze([...(own as Change[])]))
  }
  const at = outOfOrder(versions)
  if (at !== -1) throw new Error(`${WHERE}: versions must go from oldest to newest, but ${quotedValue(versions[at])} comes after ${quotedValue(versions[at - 1])}; reorder them.`)
  return { versions, changes }
}

/** Checks the bodies option. */
export function checkBodies(bodies: unknown): Map<string, RouteBodies> {
  const out = new Map<string, RouteBodies>()
  if (bodies === undefined) return out
  if (!isRecord(bodies)) {
    throw new Error(`${WHERE}: bodies must map route names to layouts, such as { 'product-detail': { response: Product } } (an object, not a Map).`)
  }
  for (const [route, entry] of Object.entries(bodies)) {
    checkRoute(route, `${WHERE}: bodies`)
    if (!isRecord(entry)) {
      throw new Error(`${WHERE}: bodies[${quoted(route)}] must be { request?, response?, error?, items? } with layouts such as Product or [Product] (an object, not a Map).`)
    }
    checkKeyNames(entry, `${WHERE}: bodies[${quoted(route)}]`, ['request', 'response', 'error', 'items', 'unmigrated', 'passThrough', 'partial', 'forms'])
    for (const [key, layout] of Object.entries(entry)) {
      if (key === 'unmigrated') {
        if (layout !== undefined) unmigratedTest(layout, `${WHERE}: bodies[${quoted(route)}]`, describedBy(entry))
        continue
      }
      if (key === 'passThrough') {
        if (layout !== undefined) passThroughSet(layout, `${WHERE}: bodies[${quoted(route)}]`)
        continue
      }
      if (key === 'partial' || key === 'forms') {
        if (layout !== undefined && typeof layout !== 'boolean') throw new Error(`${WHERE}: bodies[${quoted(route)}].${key} must be true or false.`)
        continue
      }
      if (layout !== undefined) checkLayout(layout, `${WHERE}: bodies[${quoted(route)}].${key}`)
    }
    checkRequestMethod(route, entry as RouteBodies, WHERE)
    out.set(route, entry as RouteBodies)
  }
  return out
}

/** The history's `maxBodySize` (bytes), or its default. */
export function checkMaxBodySize(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_BODY_SIZE
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${WHERE}: maxBodySize must be a whole number of bytes, such as 1048576 (1 MiB).`)
  }
  return value
}

/** What an instruction does, for sentences. */
function describeInstruction(entry: ChangelogInstruction): string {
  switch (entry.type) {
    case 'field.renamed':
      return `renamed from ${quoted(entry.older)} to ${quoted(entry.newer)}`
    case 'field.added':
      return `added`
    case 'field.removed':
      return `removed`
    case 'field.changed':
      return `changed in type`
    case 'enum.added':
      return `given new enum values`
    default:
      return entry.type
  }
}

/**
 * The field contradictions: within one version a field of a shape is the
 * subject of one instruction at most; across versions, an instruction needs
 * the field to exist (or not) in the version before as the earlier ones left it.
 */
export function checkFields(instructions: readonly (readonly ShapeInstruction[])[], versions: readonly string[]): void {
  const state = new Map<AnyShape, Map<string, { presence: Presence; version: string; what: string }>>()
  instructions.forEach((list, step) => {
    const version = versions[step] as string
    const seen = new Map<string, string>()
    for (const i of list) {
      const what = describeInstruction(i.entry)
      const fields = state.get(i.shape) ?? new Map<string, { presence: Presence; version: string; what: string }>()
      state.set(i.shape, fields)
      for (const effect of i.effects) {
        const key = `${i.shape.name}\u0000${effect.field}`
        const twice = seen.get(key)
        if (twice !== undefined) {
          throw new Error(`${WHERE}: version ${quoted(version)} changes field ${quoted(effect.field)} of shape ${quoted(i.shape.name)} twice (${twice}, and ${what}); one change per field and version.`)
        }
        seen.set(key, what)
        const known = fields.get(effect.field)
        if (known !== undefined && known.presence !== effect.before) {
          const was = effect.before === 'present' ? 'needs it to exist in the version before' : 'says it did not exist in the version before'
          throw new Error(
            `${WHERE}: field ${quoted(effect.field)} of shape ${quoted(i.shape.name)} is ${what} in version ${quoted(version)}, which ${was}, but it was ${known.what} in version ${quoted(known.version)}; fix one of the two changes.`,
          )
        }
      }
      for (const effect of i.effects) fields.set(effect.field, { presence: effect.after, version, what })
    }
  })
}

/** A converter that declares an older layout replaces its shape in older versions: that shape's older changes can never apply. */
export function checkReplacements(steps: ReadonlyMap<AnyShape, ReturnType<typeof shapeSteps>>, versions: readonly string[]): void {
  for (const [shape, { byStep, replacements }] of steps) {
    for (const { step, older } of replacements) {
      if (replacements.filter((r) => r.step === step).length > 1) {
        throw new Error(`${WHERE}: shape ${quoted(shape.name)} has two converters with an older layout in version ${quotedValue(versions[step])}; merge them.`)
      }
      if (shapesOf(older).has(shape)) throw new Error(`${WHERE}: the older layout of a converter of shape ${quoted(shape.name)} contains ${quoted(shape.name)} itself; name the older form as another shape.`)
    }
    const newest = replacements[0]
    if (newest === undefined) continue
    for (const step of byStep.keys()) {
      if (step < newest.step) {
        throw new Error(
          `${WHERE}: shape ${quoted(shape.name)} is converted to another layout in version ${quotedValue(versions[newest.step])} (shapeConverted with older), so its change in version ${quotedValue(versions[step])} can never apply; put it on the older layout's shapes.`,
        )
      }
    }
  }
}

/** Each change's version step; a change listed twice, or two changes with one id, is a mistake. */
export function checkChanges(changes: readonly (readonly Change[])[], versions: readonly string[]): Map<Change, number> {
  const stepOf = new Map<Change, number>()
  const ids = new Map<string, string>()
  changes.forEach((list, step) => {
    for (const change of list) {
      if (stepOf.has(change)) {
        throw new Error(`${WHERE}: the change ${quoted(change.id)} is listed twice (versions ${quotedValue(versions[stepOf.get(change) as number])} and ${quotedValue(versions[step])}); a change belongs to one version.`)
      }
      const other = ids.get(change.id)
      if (other !== undefined) {
        throw new Error(`${WHERE}: two changes have the id ${quoted(change.id)} (${quoted(other)} and ${quoted(change.description)}); give one of them its own id with change(..., { id }).`)
      }
      stepOf.set(change, step)
      ids.set(change.id, change.description)
    }
  })
  return stepOf
}

/** An app's registered routes, with their handlers where the app keeps them (a Hono app's `routes`), and the versioning middleware whose `check(app)` reads them. */
export interface AppRoutesWithHandlers {
  readonly routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[]
  readonly middleware?: unknown
}

/**
 * What a history finds mistaken in `app` (`history.check(app)`): the names `names` that no route serves, the older
 * paths of plans (`plans`) no route serves, the routes the middleware does not run for, and the handlers that answer
 * what their layouts cannot migrate (`tablePlan`: a table route's plan), that read a body their route lays out nowhere, or that @hono/zod-openapi routes declare,
 * and the @hono/zod-openapi routes whose declared bodies refer to a shape a version changes (`changed`) with no
 * layout for them. Under a sub-app mounted with `app.route()`
 * that registers its own `versionMiddleware`, a route is read by its path there too, as that middleware reads it
 * (routes/mounted-apps.ts); not under one whose middleware runs at the root, which reads the full paths.
 */
export function appChecks(app: AppRoutesWithHandlers, names: ReadonlySet<string>, plans: ReadonlyMap<string, RoutePlan>, tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined, changed: ChangedShapes): string[] {
  const routes = asHistoryNames(app.routes)
  return [
    ...unservedRoutes(routes, names),
    ...unservedOlderPaths(routes, plans.keys(), names),
    ...uncoveredRoutes({ routes, middleware: app.middleware }, names),
    ...redispatchedAfter(routes, app.middleware),
    ...headersSkippedAfter(routes, app.middleware, plans),
    ...unservedMethods(routes, names),
    ...answerChecks(routes, plans, tablePlan, app.middleware),
    ...unlaidRequests(routes, plans, tablePlan, changed, app.middleware),
    ...declaredMediaChecks(app, plans, WHERE),
    ...declaredShapeChecks(app, plans, changed, WHERE),
  ]
}

/** The plain-route names (`METHOD /path`) of a history that no route of the app serves, as sentences. */
export function unservedRoutes(routes: AppRoutesWithHandlers['routes'], names: Iterable<string>): string[] {
  const served = new Set(routes.map(({ method, path }) => `${method} ${path}`))
  const out: string[] = []
  for (const key of names) {
    const plain = plainRoute(key)
    if (plain === null || served.has(key) || served.has(`ALL ${plain[1]}`)) continue
    out.push(`versionHistory: ${quoted(key)} names no route of the app (its routes: ${[...served].filter((r) => !r.endsWith('*')).slice(0, 8).join(', ') || 'none'}); name the route as Hono registers it, or its older clients get the head shape.`)
  }
  return out
}

/**
 * The older paths of plain routes a `pathChanged` moved (`planned`: every
 * path a plan answers at, `named`: those the history names) that no route of
 * the app serves, as sentences: a plain route answers only where Hono
 * registered it, so its older clients would get a 404 where their version had it.
 */
function unservedOlderPaths(routes: AppRoutesWithHandlers['routes'], planned: Iterable<string>, named: ReadonlySet<string>): string[] {
  const served = new Set(routes.map(({ method, path }) => `${method} ${path}`))
  const out: string[] = []
  for (const key of planned) {
    const plain = plainRoute(key)
    if (plain === null || named.has(key) || served.has(key) || served.has(`ALL ${plain[1]}`)) continue
    out.push(`versionHistory: ${quoted(key)} is the path a pathChanged change gives older versions, and no route of the app serves it; register the handler at that path too (app.${plain[0].toLowerCase()}('${plain[1]}', handler)), or older clients get a 404 where their version had the route.`)
  }
  return out
}

/** What a handler's source says it may answer: a stream, plain text, HTML (`c.html`, or `c.render` of Hono's jsxRenderer). */
/** A stream's helper or media type in a handler's source. */
const STREAM = /\bstream(?:SSE|Text)?\d*\)?\s*\(|text\/event-stream|application\/(?:x-)?(?:ndjson|jsonl|json-seq)/

const ANSWERS: readonly (readonly [RegExp | ((source: string) => boolean), string, string])[] = [
  [STREAM, 'a stream', 'stream'],
  // c.text(body, 404): an error's (or a redirect's) text is sent as it is, in every version.
  [(source) => callsAnswerSuccess(source, 'text'), 'plain text (c.text)', 'text/plain'],
  [(source) => callsAnswerSuccess(source, 'html'), 'HTML (c.html)', 'text/html'],
  // Hono's jsxRenderer() answers c.render(...) with c.html.
  [/\.render\s*\(/, "HTML (c.render, jsxRenderer's)", 'text/html'],
]

/**
 * Routes with a success layout whose handler, as its source reads, can answer something the layouts cannot migrate:
 * a stream without an `items` layout, text or HTML not listed in `unmigrated`. Plain routes by their `METHOD /path`
 * plan; the handlers `mountRoutes` wraps (wrapped-handlers.ts) by their table route's (`tablePlan`, the request path's
 * lookup), a chain's middleware as a plain route's (Hono registers each as a handler of the route), and a middleware
 * registered after the versioning `middleware` (`app.use`) for each route it runs for (middleware-order.ts
 * `middlewareAfter`). Handlers whose source does not show it (bundled code) are not judged.
 */
function answerChecks(routes: AppRoutesWithHandlers['routes'], plans: ReadonlyMap<string, RoutePlan>, tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined, middleware: unknown): string[] {
  const out = new Set<string>()
  for (const { what, plan, handler, before, who = `the handler of ${what}` } of [...plannedHandlers(routes, plans, tablePlan), ...middlewareAfter(routes, middleware, plans, tablePlan)]) for (const fn of [...before, handler]) judge(who, plan, fn, out)
  return [...out]
}

/** The sentences about one handler answering the route of `plan` (`who` names it: `the handler of "GET /people"`). */
function judge(who: string, plan: RoutePlan | undefined, handler: unknown, out: Set<string>): void {
  const media = plan?.media
  if (typeof handler !== 'function' || plan === undefined || media === null || media === undefined) return
  if (!migratesSuccess(plan)) return
  const source = Function.prototype.toString.call(handler)
  for (const [pattern, answers, type] of ANSWERS) {
    // On a route with an items layout, streams and plain text (streamText's) are read as items.
    if (!(typeof pattern === 'function' ? pattern(source) : pattern.test(source)) || media.unmigrated?.(type) === true || (media.items && type !== 'text/html')) continue
    out.add(`${WHERE}: ${who} can answer ${answers}, which its layouts cannot migrate (older clients would get a 500); ${type.endsWith('html') || type.endsWith('plain') ? `list '${type}' in its unmigrated` : 'declare its items layout'}.`)
  }
  // A Content-Type it sets (c.body(csv, 200, { 'Content-Type': 'text/csv' })): JSON is migrated, a stream named above.
  for (const [, set] of source.matchAll(/type['"`]?\s*[:,]\s*['"`](\w+\/[\w.+-]+)/gi)) {
    const type = (set as string).toLowerCase()
    if (!isJsonType(type) && !STREAM.test(type) && !media.unmigrated?.(type)) out.add(`${WHERE}: ${who} can answer ${type}, which its layouts cannot migrate (older clients would get a 500); list '${type}' in its unmigrated.`)
  }
}
