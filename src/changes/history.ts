/**
 * The declared history: the versions, oldest first, and the changes each one
 * introduced. Checked once, at construction (and against the middleware's
 * scheme and table when bound); compiled into per-route, per-version
 * migration steps then, so a request only looks them up.
 */
import type { RouteDefinition } from '../routes/definitions.ts'
import { versionHeadersOf } from '../routes/placement.ts'
import type { Change } from './change.ts'
import type { Changelog, ChangelogInstruction } from './changelog.ts'
import type { ExtensionTarget } from '../pipeline/extension.ts'
import { checksOf } from './body-checks.ts'
import { bindChanges, existsAt, runSteps, type BoundChanges, type Chain, type RoutePlan } from './http-steps.ts'
import type { RouteInstruction, ShapeInstruction } from './instruction.ts'
import { failureSentence, MigrationFailure } from './migration-failure.ts'
import { bare, quoted, quotedValue } from '../quote.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { copier, type Copy } from './json-copy.ts'
import { MigrationPlanner, shapeSteps, type ShapeSteps } from './migration-plan.ts'
import { HISTORY_PLANS, ROUTE_EXISTS, type HistoryPlans, type RouteExists } from './history-plans.ts'
import { defineLinkQuery } from './link-query.ts'
import { appChecks, checkBodies, type AppRoutesWithHandlers, checkChanges, checkMaxBodySize, checkFields, checkReplacements, checkVersions, WHERE } from './history-checks.ts'
import { checkBinding } from './history-binding.ts'
import { checkEnumValues } from './value-changes.ts'
import { checkFormLayout } from './request-layouts.ts'
import { checkOlderRequired, declaresOlderValues } from './older-values.ts'
import type { MigrateOptions, RouteBodies, VersionHistoryOptions } from './history-options.ts'
import { checkVersionNames, NO_PLAN, planLookup, rewriteRoutes, routePlans } from './route-plans.ts'
import type { RouteLife } from './route-life.ts'
import { mediaPlan, requestMedia } from './response-bodies.ts'
import { checkLayout, shapesOf, type AnyShape, type Layout, type LayoutValue } from './shape.ts'
import { valueStreams, type StreamItems } from './value-streams.ts'

/**
 * Declares a version history.
 *
 * @example
 * ```ts
 * const history = versionHistory({
 *   versions: [{ version: 'v1' }, { version: 'v2', changes: [titles] }],
 *   bodies: { 'product-detail': { response: Product }, 'product-list': { response: { items: [Product] } } },
 * })
 * ```
 */
export function versionHistory<const O extends VersionHistoryOptions<string>>(options: O): VersionHistory<O['versions'][number]['version'], O> {
  return new VersionHistory(options)
}

const pass: Copy = (value) => value
const NO_CHAIN: Chain = { steps: [], copy: pass }

/** A checked, compiled history; pass it to the middleware as `changes`. */
export class VersionHistory<V extends string = string, O = unknown> {
  /** Types only: the options it was declared with, from which `hono-api-versioning/typed-client` derives older types. */
  declare readonly '~options'?: O | undefined
  /** The versions, oldest first. */
  readonly versions: readonly V[]
  /** The newest version. */
  readonly head: V
  readonly #index: ReadonlyMap<string, number>
  readonly #changes: readonly (readonly Change[])[]
  readonly #stepOf: ReadonlyMap<Change, number>
  readonly #planner: MigrationPlanner
  readonly #shapeSteps: ReadonlyMap<AnyShape, ShapeSteps>
  readonly #plans: ReadonlyMap<string, RoutePlan>
  /** The plan of routes without one of their own (error responses only), or undefined. */
  readonly #fallback: RoutePlan | undefined
  /** The shapes of the parameters its validation checks, by name. */
  readonly #parameterShapes: ReadonlySet<string>
  /** The bodies given, by route. */
  readonly #bodies: ReadonlyMap<string, RouteBodies>
  /** Table routes whose existence or path changes: the table must come through `routes()`. */
  readonly #tableLives: ReadonlyMap<string, RouteLife>
  /** Table routes `routes()` rewrote. */
  readonly #covered = new Set<string>()
  /** Every route name the history uses (instructions and bodies). */
  readonly #routeNames: ReadonlySet<string>
  readonly #migrations = new WeakMap<object, Map<string, Chain>>()
  readonly #streams = valueStreams()
  /** Answers a stream of items given as values (`history.stream(c, people)`); an older client's are migrated before their one serialisation. */
  readonly stream: StreamItems = this.#streams.stream
  /** The largest older request body read, in bytes. */
  readonly #maxBodySize: number

  static {
    // The plans, for the model's builder, under a key no entry point exports (history-plans.ts).
    Object.defineProperty(VersionHistory.prototype, HISTORY_PLANS, {
      value(this: VersionHistory): HistoryPlans {
        return { plans: this.#plans, fallback: this.#fallback, parameterShapes: this.#parameterShapes, bodies: this.#bodies }
      },
    })
    // How links to a plain route name its query parameters in a version (link-query.ts).
    defineLinkQuery(VersionHistory.prototype)
    // Which methods of a table route its route changes leave in a version: mountRoutes' 405, check(app) (history-plans.ts).
    Object.defineProperty(VersionHistory.prototype, ROUTE_EXISTS, {
      value(this: VersionHistory): RouteExists {
        const lookup = planLookup(this.#plans, this.#fallback)
        const head = this.versions.length - 1
        return (route, method, version, paths = []) => existsAt(lookup({ method, route, routePaths: paths }), (version == null ? undefined : this.#index.get(version)) ?? head)
      },
    })
  }

  constructor(options: VersionHistoryOptions<V>) {
    if (!isRecord(options)) {
      throw new Error(`${WHERE}: pass options such as { versions: [{ version: 'v1' }, { version: 'v2', changes: [...] }] }.`)
    }
    checkOptionNames(options, WHERE, ['versions', 'bodies', 'errors', 'validation', 'maxBodySize'])
    this.#maxBodySize = checkMaxBodySize(options.maxBodySize)
    const { versions, changes } = checkVersions(options.versions)
    this.versions = Object.freeze(versions as V[])
    this.head = versions[versions.length - 1] as V
    this.#index = new Map(versions.map((v, i) => [v, i]))
    this.#changes = changes
    this.#stepOf = checkChanges(changes, versions)

    const shapeInstructions = changes.map((list) => list.flatMap((c) => c.instructions.filter((i): i is ShapeInstruction => i.kind === 'shape')))
    const routeInstructions = changes.map((list) => list.flatMap((c) => c.instructions.filter((i): i is RouteInstruction => i.kind === 'route')))
    checkFields(shapeInstructions, versions)
    checkEnumValues(shapeInstructions, versions, WHERE)

    // Bodies and the shapes they name.
    const bodies = checkBodies(options.bodies)
    const errors = options.errors
    if (errors !== undefined) checkLayout(errors, `${WHERE}: errors`)
    const shapes = new Set<AnyShape>()
    for (const list of shapeInstructions) {
      for (const i of list) {
        shapes.add(i.shape)
        if (i.older !== undefined) shapesOf(i.older, shapes)
      }
    }
    for (const entry of bodies.values()) for (const layout of [entry.request, entry.response, entry.error, entry.items]) if (layout !== undefined) shapesOf(layout, shapes)
    if (errors !== undefined) shapesOf(errors, shapes)
    const steps = new Map([...shapes].map((s) => [s, shapeSteps(s, shapeInstructions, versions.length)] as const))
    checkReplacements(steps, versions)
    this.#planner = new MigrationPlanner(steps, versions.length)
    for (const [route, entry] of bodies) checkFormLayout(route, entry, (layout, v) => this.#planner.steps(layout, v, 'up').length > 0, versions.length, WHERE)
    this.#shapeSteps = steps

    // Routes: what their instructions say, per version.
    const byRoute = new Map<string, { step: number; instruction: RouteInstruction }[]>()
    routeInstructions.forEach((list, step) => {
      for (const instruction of list) {
        const entries = byRoute.get(instruction.route) ?? []
        entries.push({ step, instruction })
        byRoute.set(instruction.route, entries)
      }
    })
    const validation = options.validation
    if (validation !== undefined && (validation === null || typeof validation !== 'object' || validation.kind !== 'request-validation')) {
      throw new Error(`${WHERE}: validation must come from requestValidation({...}) of hono-api-versioning/validation.`)
    }
    // With the fields added with keepOlder, which the changelog's field.added does not say.
    const keptOlder = validation === undefined ? [] : shapeInstructions.flatMap((list, v) => list.filter((i) => i.keepsOlder === true && i.entry.type === 'field.added').map((i) => ({ version: versions[v] as string, shape: i.shape.name, field: (i.entry as { field: string }).field })))
    const checked = validation === undefined ? null : { versions, changelog: this.changelog(), keptOlder }
    if (checked !== null) validation?.checkHistory?.(checked)
    else checkOlderRequired(this.changelog(), WHERE)
    // Routes whose parameters alone are validated get a plan like the others.
    for (const route of validation?.parameterRoutes ?? []) if (!bodies.has(route)) bodies.set(route, {})
    const bodyChecks = checksOf(validation, checked)
    const bodyPlans = (entry: RouteBodies | undefined, route: string, where = `${WHERE}: bodies[${quoted(route)}]`) => ({
      checks: bodyChecks(entry?.request, false),
      partialChecks: entry?.partial === false ? null : bodyChecks(entry?.request, true),
      request: entry?.request === undefined ? null : this.#chains(entry.request, 'up'),
      // Derived from the same layout: the partial steps of a PATCH body.
      partialRequest: entry?.request === undefined || entry.partial === false ? null : this.#chains(entry.request, 'up', true),
      partial: entry?.partial ?? null,
      forms: entry?.forms === true,
      response: entry?.response === undefined ? null : this.#chains(entry.response, 'down'),
      error: entry?.error !== undefined ? this.#chains(entry.error, 'down') : errors !== undefined ? this.#chains(errors, 'down') : null,
      items: entry?.items === undefined ? null : this.#chains(entry.items, 'down'),
      media: mediaPlan(entry, where),
      requestMedia: requestMedia(entry, where),
      layouts: { request: entry?.request ?? null, response: entry?.response ?? null, error: entry?.error ?? errors ?? null },
    })
    const { plans, tableLives } = routePlans(versions, bodies, byRoute, bodyPlans)
    // The routes whose parameters it validates, and those whose value changes declare older values (checked in the older versions, listed for the head or not).
    const parameterRoutes = new Set([...(validation?.parameterRoutes ?? []), ...[...plans].filter(([, plan]) => declaresOlderValues(plan)).map(([route]) => route)])
    for (const route of parameterRoutes) {
      const plan = plans.get(route)
      if (plan === undefined || checked === null || validation?.parameterChecks === undefined) continue
      const made = validation.parameterChecks(route, { query: plan.query, headers: plan.requestHeaders }, checked)
      if (made.some((check) => check !== null)) plans.set(route, { ...plan, parameters: made })
    }
    this.#plans = plans
    this.#tableLives = tableLives
    this.#fallback = errors === undefined ? undefined : { ...NO_PLAN, error: this.#chains(errors, 'down'), layouts: { request: null, response: null, error: errors } }
    this.#parameterShapes = new Set(validation?.parameterShapes ?? [])
    this.#bodies = bodies
    this.#routeNames = new Set([...bodies.keys(), ...byRoute.keys()])
  }

  /** Per version index, the steps of `layout` between that version and the head (fused: one function, or none). */
  #chains(layout: Layout, direction: 'down' | 'up', partial = false): readonly Chain[] | null {
    const chains: Chain[] = []
    for (let v = 0; v < this.versions.length; v++) {
      const steps = this.#planner.steps(layout, v, direction, partial)
      // Going up, values come parsed (ours to change); going down, a handler's value is copied first.
      chains.push({ steps, copy: direction === 'up' || steps.length === 0 ? pass : copier(layout, v, this.#shapeSteps) })
    }
    return chains.every((c) => c.steps.length === 0) ? null : chains
  }

  /** The index of a version the history knows (the head and `null` give `undefined`: nothing to do). */
  #stepIndex = (version: string | null | undefined): number | undefined => {
    if (version === null || version === undefined) return undefined
    const index = this.#index.get(version)
    return index === undefined || index === this.versions.length - 1 ? undefined : index
  }

  /**
   * Checks the history against a middleware's scheme and table:
   * every version of the history is one the scheme allows and the reverse,
   * and every route it names is in the table. Called by the middleware.
   */
  bind(target: ExtensionTarget): BoundChanges {
    const where = `${target.where}: changes`
    checkBinding(where, target, { versions: this.versions, routeNames: this.#routeNames, changingRoutes: this.#tableLives.keys(), covered: this.#covered })
    const { scheme } = target
    checkVersionNames(where, this.#plans, target.versionQuery, versionHeadersOf(scheme.placement))
    const head = this.versions.length - 1
    const headGaps = [...this.#plans.values()].some((p) => p.exists !== null && p.exists[head] === false) ? head : null
    return bindChanges(planLookup(this.#plans, this.#fallback), this.#stepIndex, headGaps, this.#maxBodySize, this.#streams.take, target.versionQuery)
  }

  /**
   * Your route definitions with the history's route changes applied: a route
   * added or removed in a version exists only in the versions that have it
   * (`versioned()`), and a route whose path changed is declared once per path,
   * each for its versions, so `reverse` gives each version its own path. A
   * request of a version without the route is answered as one no route
   * matches (`mountRoutes` passes it on to later matching handlers, then the
   * app's not-found handler), not with the scheme's version error.
   *
   * @example
   * ```ts
   * const routes = defineRoutes(history.routes([route('product-detail', '/products/:id')]))
   * ```
   */
  routes<const D extends readonly RouteDefinition[]>(definitions: D): D {
    if (!Array.isArray(definitions)) throw new Error('history.routes: pass the array of route(...) and include(...) entries you give defineRoutes.')
    return rewriteRoutes(definitions, null, this.#tableLives, this.#covered, this.versions) as unknown as D
  }

  /**
   * Migrates a JSON value laid out as `as` from the head version down to
   * version `to`, or from version `from` up to the head (typed as the head's
   * value): webhook payloads, queued events, anything outside a request. The
   * value you pass is not changed.
   *
   * @example
   * ```ts
   * const payload = history.migrate(product, { as: Product, to: '2024-01-01' })
   * ```
   */
  migrate<const L extends Layout>(value: LayoutValue<L>, options: { readonly as: L; readonly to: V }): unknown
  migrate<const L extends Layout>(value: unknown, options: { readonly as: L; readonly from: V }): LayoutValue<L>
  migrate(value: unknown, options: MigrateOptions<Layout, V>): unknown {
    if (options === null || typeof options !== 'object') throw new Error('history.migrate: pass { as: Shape, to: version } or { as: Shape, from: version }.')
    const { as, to, from } = options as unknown as { as: Layout; to?: string; from?: string }
    if ((to === undefined) === (from === undefined)) throw new Error('history.migrate: give one of to (from the head down to that version) or from (from that version up to the head).')
    const version = (to ?? from) as string
    const index = this.#index.get(version)
    if (index === undefined) throw new Error(`history.migrate: unknown version ${quotedValue(version)}; the history's versions are ${this.versions.map((n) => bare(n)).join(', ')}.`)
    const direction = to !== undefined ? 'down' : 'up'
    let cache = this.#migrations.get(as)
    if (cache === undefined) {
      checkLayout(as, 'history.migrate: as')
      this.#migrations.set(as, (cache = new Map()))
    }
    const key = `${direction}:${index}`
    let chain = cache.get(key)
    if (chain === undefined) cache.set(key, (chain = this.#chains(as, direction)?.[index] ?? NO_CHAIN))
    // The JSON value is what migrates: what JSON.stringify makes of it (toJSON, own fields, no undefined), and a JSON value comes out.
    const text = JSON.stringify(value)
    if (text === undefined) return undefined
    if (chain.steps.length === 0) return JSON.parse(text)
    let migrated: unknown
    try {
      migrated = runSteps(JSON.parse(text), chain.steps)
    } catch (error) {
      if (!(error instanceof MigrationFailure)) throw error
      throw new Error(`history.migrate: ${failureSentence(error)} (version ${quoted(version)}, ${direction === 'down' ? 'down from' : 'up to'} the head).`, { cause: error })
    }
    return JSON.parse(JSON.stringify(migrated))
  }

  /**
   * Whether `version` is older than the version that introduced `change`:
   * the client still expects the world before it. For behaviour a shape
   * change cannot say (`if (history.predates(c.var.version, refunds)) ...`).
   * A request without a version (`null`) gets the head: never.
   */
  predates(version: string | null | undefined, change: Change): boolean {
    const step = this.#stepOf.get(change)
    if (step === undefined) {
      if (change === null || typeof change !== 'object' || typeof (change as Partial<Change>).id !== 'string') {
        throw new Error(`history.predates: pass a change(...) value listed in the history's versions, got ${quotedValue(change)}.`)
      }
      throw new Error(`history.predates: the change ${quoted(change.id)} is not in this history; pass one listed in its versions.`)
    }
    if (version === null || version === undefined) return false
    const index = this.#index.get(version)
    if (index === undefined) throw new Error(`history.predates: unknown version ${quotedValue(version)}; the history's versions are ${this.versions.map((n) => bare(n)).join(', ')}.`)
    return index < step
  }

  /**
   * The history's plain-route names (`METHOD /path`) that no route of `app`
   * serves (under a sub-app with its own `versionMiddleware`, by its path
   * there too: `appChecks`), as sentences that say what to fix (none: an
   * empty list): a typo would leave that route's older clients with the head
   * shape; and the handlers (plain routes', and those `mountRoutes` mounts)
   * that, as their source reads, can answer what their route's layouts
   * cannot migrate (text, HTML, a stream). The middlewares' `check(app)` too.
   *
   * @example
   * ```ts
   * expect(history.check(app)).toEqual([])
   * ```
   */
  check(app: AppRoutesWithHandlers): readonly string[] {
    const lookup = planLookup(this.#plans, this.#fallback)
    // Each changed shape's name, with the newest version that changes it: the versions before it have another form;
    // for requests, only changes that an older request undergoes going up (an added enum value's is none).
    const changed = { any: new Map<string, number>(), requests: new Map<string, number>() }
    this.#changes.forEach((changes, v) => {
      for (const change of changes) {
        for (const instruction of change.instructions) {
          if (instruction.kind !== 'shape') continue
          changed.any.set(instruction.shape.name, v)
          if (instruction.up !== null || instruction.upOp !== undefined || instruction.older !== undefined) changed.requests.set(instruction.shape.name, v)
        }
      }
    })
    return appChecks(app, this.#routeNames, this.#plans, (method, route) => lookup({ method, route, routePaths: [] }), changed)
  }

  /** The changelog as JSON, newest version first (its types: changelog.ts). */
  changelog(): Changelog {
    const versions = this.versions.map((version, v) => ({
      version,
      changes: (this.#changes[v] ?? []).map((c) => ({ id: c.id, description: c.description, instructions: c.instructions.map((i) => structuredClone(i.entry) as ChangelogInstruction) })),
    }))
    return { head: this.head, versions: versions.reverse() }
  }
}

