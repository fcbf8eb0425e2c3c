/**
 * The declared history: the versions, oldest first, and the changes each one
 * introduced. Checked once, at construction (and against the middleware's
 * scheme and table when bound); compiled into per-route, per-version
 * migration steps then, so a request only looks them up.
 */
import type { RouteDefinition } from '../routes/definitions.ts'
import { versioned } from '../routes/versions.ts'
import type { Change } from './change.ts'
import type { Changelog, ChangelogInstruction } from './changelog.ts'
import type { ExtensionTarget, Exchange, VersioningExtension } from '../pipeline/extension.ts'
import { bindSteps as bindExtensionSteps } from '../pipeline/steps.ts'
import type { BodyCheck, RequestValidation } from './body-checks.ts'
import { bindSteps, runSteps, type BoundChanges, type Chain, type RoutePlan } from './http-steps.ts'
import type { Presence, RouteInstruction, ShapeInstruction } from './instruction.ts'
import { failureSentence, MigrationFailure } from './migration-failure.ts'
import { copier, type Copy } from './json-copy.ts'
import { MigrationPlanner, shapeSteps, type ShapeSteps, type Visit } from './migration-plan.ts'
import { checkRoute, methodRoute, plainRoute } from './route-changes.ts'
import { checkLayout, shapesOf, type AnyShape, type Layout, type LayoutValue } from './shape.ts'
import { versionComparison } from './version-order.ts'

/** One version of a history and the changes that separate it from the version before. */
export interface HistoryVersion<V extends string = string> {
  readonly version: V
  /** What changed since the version before (none for the first version). */
  readonly changes?: readonly Change[] | undefined
}

/** Where shapes sit in one route's bodies (layouts in the head version). */
export interface RouteBodies {
  /** The request body (migrated up for older clients). */
  readonly request?: Layout | undefined
  /** The success response body (status below 300; migrated down for older clients). */
  readonly response?: Layout | undefined
  /** The error response body (status 400 and above), when errors take part. */
  readonly error?: Layout | undefined
}

/** Options of `versionHistory`. */
export interface VersionHistoryOptions<V extends string> {
  /** The versions, oldest first; the last is the head, the one handlers are written for. */
  readonly versions: readonly HistoryVersion<V>[]
  /**
   * Where shapes sit in each route's bodies, by table route name
   * (`product-detail`, or namespaced `v1:product-detail`), by table route
   * name for one method (`POST product-list`: its layouts replace the
   * route's, one by one), or `METHOD /path` for a plain Hono route in Hono's
   * syntax (`GET /users/:id`).
   * @default {} (no bodies migrate)
   */
  readonly bodies?: Readonly<Record<string, RouteBodies>> | undefined
  /**
   * Where shapes sit in every route's error responses (status 400 and above)
   * unless its `bodies` entry says otherwise. Errors take part only when asked.
   * @default undefined (error responses are left alone)
   */
  readonly errors?: Layout | undefined
  /**
   * Checks older requests' bodies against their own version's schema before
   * they migrate up (`requestValidation({...})` from
   * `hono-api-versioning/validation`); head requests are left to the app's
   * own validator.
   * @default undefined (older bodies are migrated as they come)
   */
  readonly validation?: RequestValidation | undefined
}

/** Options of `history.migrate()`: the value's layout, and the version to migrate it to (from the head) or from (to the head). */
export type MigrateOptions<L extends Layout, V extends string> =
  | { readonly as: L; readonly to: V; readonly from?: undefined }
  | { readonly as: L; readonly from: V; readonly to?: undefined }

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

/** What a route's changes say about it, per version. */
interface RouteLife {
  /** Whether it exists, per version index (`null`: always). */
  readonly exists: readonly boolean[] | null
  /** Its path per version index (`null`: never changed). */
  readonly paths: readonly string[] | null
}

const WHERE = 'versionHistory'

const pass: Copy = (value) => value
const NO_CHAIN: Chain = { steps: [], copy: pass }

/** A checked, compiled history; pass it to the middleware as `changes`. */
export class VersionHistory<V extends string = string, O = unknown> {
  /** Types only: the options it was declared with, from which `hono-api-versioning/client` derives older types. */
  declare readonly '~options'?: O | undefined
  /** The versions, oldest first. */
  readonly versions: readonly V[]
  /** The newest version. */
  readonly head: V
  /** Binds the extensions of a middleware into its steps (what the middleware calls; not for you to call). */
  readonly bindAll: VersioningExtension['bindAll'] = bindExtensionSteps
  readonly #index: ReadonlyMap<string, number>
  readonly #changes: readonly (readonly Change[])[]
  readonly #stepOf: ReadonlyMap<Change, number>
  readonly #planner: MigrationPlanner
  readonly #shapeSteps: ReadonlyMap<AnyShape, ShapeSteps>
  readonly #plans: ReadonlyMap<string, RoutePlan>
  /** Whether some table route has a plan for one method (`POST product-list`). */
  readonly #byMethod: boolean
  /** The plan of routes without one of their own (error responses only), or undefined. */
  readonly #fallback: RoutePlan | undefined
  /** Table routes whose existence or path changes: the table must come through `routes()`. */
  readonly #tableLives: ReadonlyMap<string, RouteLife>
  /** Table routes `routes()` rewrote. */
  readonly #covered = new Set<string>()
  /** Every route name the history uses (instructions and bodies). */
  readonly #routeNames: ReadonlySet<string>
  readonly #migrations = new WeakMap<object, Map<string, Chain>>()

  constructor(options: VersionHistoryOptions<V>) {
    if (options === null || typeof options !== 'object') {
      throw new Error(`${WHERE}: pass options such as { versions: [{ version: 'v1' }, { version: 'v2', changes: [...] }] }.`)
    }
    for (const key of Object.keys(options)) {
      if (!['versions', 'bodies', 'errors', 'validation'].includes(key)) throw new Error(`${WHERE}: unknown option "${key}"; the options are versions, bodies, errors, validation.`)
    }
    const { versions, changes } = checkVersions(options.versions)
    this.versions = Object.freeze(versions as V[])
    this.head = versions[versions.length - 1] as V
    this.#index = new Map(versions.map((v, i) => [v, i]))
    this.#changes = changes
    const stepOf = new Map<Change, number>()
    const ids = new Map<string, string>()
    changes.forEach((list, step) => {
      for (const change of list) {
        if (stepOf.has(change)) {
          throw new Error(`${WHERE}: the change "${change.id}" is listed twice (versions "${versions[stepOf.get(change) as number]}" and "${versions[step]}"); a change belongs to one version.`)
        }
        const other = ids.get(change.id)
        if (other !== undefined) {
          throw new Error(`${WHERE}: two changes have the id "${change.id}" ("${other}" and "${change.description}"); give one of them its own id with change(..., { id }).`)
        }
        stepOf.set(change, step)
        ids.set(change.id, change.description)
      }
    })
    this.#stepOf = stepOf

    const shapeInstructions = changes.map((list) => list.flatMap((c) => c.instructions.filter((i): i is ShapeInstruction => i.kind === 'shape')))
    const routeInstructions = changes.map((list) => list.flatMap((c) => c.instructions.filter((i): i is RouteInstruction => i.kind === 'route')))
    checkFields(shapeInstructions, versions)

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
    for (const entry of bodies.values()) for (const layout of [entry.request, entry.response, entry.error]) if (layout !== undefined) shapesOf(layout, shapes)
    if (errors !== undefined) shapesOf(errors, shapes)
    const steps = new Map([...shapes].map((s) => [s, shapeSteps(s, shapeInstructions, versions.length)] as const))
    checkReplacements(steps, versions)
    this.#planner = new MigrationPlanner(steps)
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
    const plans = new Map<string, RoutePlan>()
    const tableLives = new Map<string, RouteLife>()
    const validation = options.validation
    if (validation !== undefined && (validation === null || typeof validation !== 'object' || validation.kind !== 'request-validation')) {
      throw new Error(`${WHERE}: validation must come from requestValidation({...}) of hono-api-versioning/validation.`)
    }
    const checked = validation === undefined ? null : { versions, changelog: this.changelog() }
    const checksOf = new Map<Layout, readonly (BodyCheck | null)[] | null>()
    const bodyChecks = (layout: Layout | undefined): readonly (BodyCheck | null)[] | null => {
      if (layout === undefined || validation === undefined || checked === null) return null
      let checks = checksOf.get(layout)
      if (checks === undefined) {
        const made = validation.checks(layout, checked)
        checksOf.set(layout, (checks = made.some((check) => check !== null) ? made : null))
      }
      return checks
    }
    const bodyPlans = (entry: RouteBodies | undefined) => ({
      checks: bodyChecks(entry?.request),
      request: entry?.request === undefined ? null : this.#chains(entry.request, 'up'),
      response: entry?.response === undefined ? null : this.#chains(entry.response, 'down'),
      error: entry?.error !== undefined ? this.#chains(entry.error, 'down') : errors !== undefined ? this.#chains(errors, 'down') : null,
    })
    for (const route of new Set([...bodies.keys(), ...byRoute.keys()])) {
      const entries = byRoute.get(route) ?? []
      const life = routeLife(route, entries, versions)
      const plain = plainRoute(route)
      const one = methodRoute(route)
      if (one !== null) {
        // A table route for one method: its own layouts, else the route's; the route's changes and its own.
        if (life.paths !== null) throw new Error(`${WHERE}: pathChanged("${route}") moves one method of a route; a path belongs to the whole route: name it "${one[1]}".`)
        const shared = bodies.get(one[1])
        const own = bodies.get(route)
        const merged = { request: own?.request ?? shared?.request, response: own?.response ?? shared?.response, error: own?.error ?? shared?.error }
        const all = [...(byRoute.get(one[1]) ?? []), ...entries].sort((a, b) => a.step - b.step)
        plans.set(route, { ...bodyPlans(merged), ...routeSteps(all, versions.length), exists: life.exists })
        continue
      }
      const base = { ...bodyPlans(bodies.get(route)), ...routeSteps(entries, versions.length) }
      if (plain === null) {
        if (life.exists !== null || life.paths !== null) tableLives.set(route, life)
        // The table knows which versions have a table route (routes()): mountRoutes answers the others as unknown routes.
        plans.set(route, { ...base, exists: null })
        continue
      }
      if (life.paths !== null && life.paths[versions.length - 1] !== plain[1]) {
        throw new Error(`${WHERE}: route "${route}" names the path ${plain[1]}, but its pathChanged changes end at ${life.paths[versions.length - 1]}; name it "${plain[0]} ${life.paths[versions.length - 1]}".`)
      }
      // A plain route answers at each of its paths only in the versions that have that path.
      for (const path of new Set(life.paths ?? [plain[1]])) {
        const exists = versions.map((_, v) => (life.exists === null || life.exists[v] === true) && (life.paths === null || life.paths[v] === path))
        plans.set(`${plain[0]} ${path}`, { ...base, exists: exists.every(Boolean) ? null : exists })
      }
    }
    this.#plans = plans
    this.#byMethod = [...plans.keys()].some((key) => methodRoute(key) !== null)
    this.#tableLives = tableLives
    this.#fallback = errors === undefined ? undefined : { exists: null, checks: null, request: null, response: null, error: this.#chains(errors, 'down'), status: null, headers: null, query: null, requestHeaders: null }
    this.#routeNames = new Set([...bodies.keys(), ...byRoute.keys()])
  }

  /** Per version index, the steps of `layout` between that version and the head (down: newest first; up: oldest first). */
  #chains(layout: Layout, direction: 'down' | 'up'): readonly Chain[] | null {
    const n = this.versions.length
    const byStep: (Visit | null)[] = [null]
    for (let k = 1; k < n; k++) byStep.push(this.#planner.visit(layout, direction === 'down' ? k : k - 1, k, direction))
    if (byStep.every((s) => s === null)) return null
    const chains: Chain[] = []
    for (let v = 0; v < n; v++) {
      const steps: Visit[] = []
      for (let k = v + 1; k < n; k++) {
        const step = byStep[k]
        if (step !== null && step !== undefined) steps.push(step)
      }
      if (direction === 'down') steps.reverse()
      // Going up, values come parsed (ours to change); going down, a handler's value is copied first.
      chains.push({ steps, copy: direction === 'up' || steps.length === 0 ? pass : copier(layout, v, this.#shapeSteps) })
    }
    return chains
  }

  /** The index of a version the history knows (the head and `null` give `undefined`: nothing to do). */
  #stepIndex = (version: string | null | undefined): number | undefined => {
    if (version === null || version === undefined) return undefined
    const index = this.#index.get(version)
    return index === undefined || index === this.versions.length - 1 ? undefined : index
  }

  /** The plan of the route that answers an exchange. */
  #planOf = (exchange: Exchange): RoutePlan | undefined => {
    const plans = this.#plans
    const route = exchange.route
    if (route !== null) {
      if (this.#byMethod) {
        // HEAD is answered by GET's handler, with GET's plan.
        const method = exchange.method === 'HEAD' ? 'GET' : exchange.method
        const own = plans.get(`${method} ${route.viewName}`) ?? plans.get(`${method} ${route.name}`)
        if (own !== undefined) return own
      }
      return plans.get(route.viewName) ?? plans.get(route.name) ?? this.#fallback
    }
    return (
      plans.get(`${exchange.method} ${exchange.routePath}`) ??
      (exchange.method === 'HEAD' ? plans.get(`GET ${exchange.routePath}`) : undefined) ??
      this.#fallback
    )
  }

  /**
   * Checks the history against a middleware's scheme and table (contract A):
   * every version of the history is one the scheme allows and the reverse,
   * and every route it names is in the table. Called by the middleware.
   */
  bind(target: ExtensionTarget): BoundChanges {
    const where = `${target.where}: changes`
    const { scheme, routeNames } = target
    const known = this.versions.join(', ')
    if (scheme.allowedVersions === null) {
      throw new Error(`${where}: the scheme allows every version, but a history migrates only its own; give the scheme allowedVersions: [${this.versions.map((v) => JSON.stringify(v)).join(', ')}].`)
    }
    for (const version of this.versions) {
      if (scheme.resolveVersion(version) !== version) {
        throw new Error(`${where}: the history's version "${version}" is not one the scheme allows (${scheme.allowedVersions.filter((v) => v !== null).join(', ')}); add it to allowedVersions or remove it from the history.`)
      }
    }
    for (const version of [...scheme.allowedVersions, scheme.defaultVersion]) {
      if (version !== null && !this.#index.has(version)) {
        throw new Error(`${where}: the scheme allows version "${version}", which the history does not list (${known}); add { version: "${version}" } at its place in versions.`)
      }
    }
    for (const key of this.#routeNames) {
      if (plainRoute(key) !== null) continue
      const route = methodRoute(key)?.[1] ?? key
      if (routeNames === null) {
        throw new Error(`${where}: the history names the table route "${route}", but ${target.where} has no route table; name plain Hono routes as "METHOD /path" ("GET /items/:id").`)
      }
      if (!routeNames.has(route)) {
        const names = [...routeNames].slice(0, 12).join(', ')
        throw new Error(`${where}: the history names route "${route}", which is not in the route table (${names}${routeNames.size > 12 ? ', ...' : ''}); fix the name or add the route.`)
      }
    }
    for (const route of this.#tableLives.keys()) {
      if (!this.#covered.has(route)) {
        throw new Error(
          `${where}: route "${route}" is added, removed or moved in some version; declare the table as defineRoutes(history.routes([...])) so that the table knows which versions have it.`,
        )
      }
    }
    const head = this.versions.length - 1
    const headGaps = [...this.#plans.values()].some((p) => p.exists !== null && p.exists[head] === false) ? head : null
    return bindSteps(this.#planOf, this.#stepIndex, headGaps)
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
    return this.#rewrite(definitions, null) as unknown as D
  }

  #rewrite(definitions: readonly RouteDefinition[], namespace: string | null): readonly RouteDefinition[] {
    let changed = false
    const out: RouteDefinition[] = []
    for (const definition of definitions) {
      if (definition?.kind === 'include') {
        const ns = definition.namespace === undefined ? namespace : namespace === null ? definition.namespace : `${namespace}:${definition.namespace}`
        const routes = Array.isArray(definition.routes) ? this.#rewrite(definition.routes, ns) : definition.routes
        if (routes !== definition.routes) changed = true
        out.push(routes === definition.routes ? definition : Object.freeze({ ...definition, routes }))
        continue
      }
      if (definition?.kind !== 'route') {
        out.push(definition)
        continue
      }
      const viewName = namespace === null ? definition.name : `${namespace}:${definition.name}`
      const key = this.#tableLives.has(viewName) ? viewName : definition.name
      const life = this.#tableLives.get(key)
      if (life === undefined) {
        out.push(definition)
        continue
      }
      this.#covered.add(key)
      const n = this.versions.length
      if (life.paths !== null && life.paths[n - 1] !== definition.path) {
        throw new Error(`history.routes: route "${viewName}" has the path ${definition.path}, but the history's pathChanged changes end at ${life.paths[n - 1]}; make them agree.`)
      }
      // The versions of each path, the head's path first.
      const byPath = new Map<string, string[]>([[definition.path, []]])
      this.versions.forEach((version, v) => {
        if (life.exists !== null && life.exists[v] !== true) return
        const path = life.paths?.[v] ?? definition.path
        const list = byPath.get(path) ?? []
        list.push(version)
        byPath.set(path, list)
      })
      for (const [path, versions] of byPath) {
        if (versions.length === 0) continue
        out.push(versioned(versions, path === definition.path ? definition : Object.freeze({ ...definition, path }), { absent: 'not-found' }))
      }
      changed = true
    }
    return changed ? Object.freeze(out) : definitions
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
    if (index === undefined) throw new Error(`history.migrate: unknown version ${JSON.stringify(version)}; the history's versions are ${this.versions.join(', ')}.`)
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
      throw new Error(`history.migrate: ${failureSentence(error)} (version ${JSON.stringify(version)}, ${direction === 'down' ? 'down from' : 'up to'} the head).`, { cause: error })
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
    if (step === undefined) throw new Error(`history.predates: the change "${(change as Change | null)?.id}" is not in this history; pass one listed in its versions.`)
    if (version === null || version === undefined) return false
    const index = this.#index.get(version)
    if (index === undefined) throw new Error(`history.predates: unknown version ${JSON.stringify(String(version).slice(0, 64))}; the history's versions are ${this.versions.join(', ')}.`)
    return index < step
  }

  /**
   * The history's plain-route names (`METHOD /path`) that no route of `app`
   * serves, as sentences that say what to fix (none: an empty list): a typo,
   * or a path in another syntax, would leave that route's older clients with
   * the head shape. The middlewares' `check(app)` includes it.
   *
   * @example
   * ```ts
   * expect(history.check(app)).toEqual([])
   * ```
   */
  check(app: { readonly routes: readonly { readonly method: string; readonly path: string }[] }): readonly string[] {
    const served = new Set(app.routes.map(({ method, path }) => `${method} ${path}`))
    const out: string[] = []
    for (const key of this.#routeNames) {
      const plain = plainRoute(key)
      if (plain === null || served.has(key) || served.has(`ALL ${plain[1]}`)) continue
      out.push(`versionHistory: "${key}" names no route of the app (its routes: ${[...served].filter((r) => !r.endsWith('*')).slice(0, 8).join(', ') || 'none'}); name the route as Hono registers it, or its older clients get the head shape.`)
    }
    return out
  }

  /** The changelog as JSON, newest version first (CONTRACTS.md B). */
  changelog(): Changelog {
    const versions = this.versions.map((version, v) => ({
      version,
      changes: (this.#changes[v] ?? []).map((c) => ({ id: c.id, description: c.description, instructions: c.instructions.map((i) => structuredClone(i.entry) as ChangelogInstruction) })),
    }))
    return { head: this.head, versions: versions.reverse() }
  }
}

/** Checks the versions list; returns the versions and each one's changes. */
function checkVersions(list: unknown): { versions: string[]; changes: (readonly Change[])[] } {
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`${WHERE}: versions must be a non-empty list, oldest first, such as [{ version: 'v1' }, { version: 'v2', changes: [...] }].`)
  }
  const versions: string[] = []
  const changes: (readonly Change[])[] = []
  for (const entry of list as unknown[]) {
    if (entry === null || typeof entry !== 'object' || typeof (entry as { version?: unknown }).version !== 'string' || (entry as { version: string }).version === '') {
      throw new Error(`${WHERE}: each entry of versions must be { version: 'v2', changes: [...] }, got ${JSON.stringify(entry)}.`)
    }
    const { version, changes: own = [] } = entry as { version: string; changes?: unknown }
    for (const key of Object.keys(entry)) {
      if (key !== 'version' && key !== 'changes') throw new Error(`${WHERE}: version "${version}" has an unknown key "${key}"; an entry has version and changes.`)
    }
    if (versions.includes(version)) throw new Error(`${WHERE}: version "${version}" is listed twice; list each version once, oldest first.`)
    if (!Array.isArray(own) || own.some((c) => c === null || typeof c !== 'object' || !Array.isArray((c as Change).instructions))) {
      throw new Error(`${WHERE}: the changes of version "${version}" must be a list of change(...) values.`)
    }
    if (versions.length === 0 && own.length > 0) {
      throw new Error(`${WHERE}: the first version "${version}" has changes, which can never apply (a change separates a version from the one before); move them to the version that introduced them.`)
    }
    versions.push(version)
    changes.push(Object.freeze([...(own as Change[])]))
  }
  const compare = versionComparison(versions)
  if (compare !== null) {
    for (let i = 1; i < versions.length; i++) {
      if (compare(versions[i - 1] as string, versions[i] as string) >= 0) {
        throw new Error(`${WHERE}: versions must go from oldest to newest, but "${versions[i]}" comes after "${versions[i - 1]}"; reorder them.`)
      }
    }
  }
  return { versions, changes }
}

/** Checks the bodies option. */
function checkBodies(bodies: unknown): Map<string, RouteBodies> {
  const out = new Map<string, RouteBodies>()
  if (bodies === undefined) return out
  if (bodies === null || typeof bodies !== 'object' || Array.isArray(bodies)) {
    throw new Error(`${WHERE}: bodies must map route names to layouts, such as { 'product-detail': { response: Product } }.`)
  }
  for (const [route, entry] of Object.entries(bodies)) {
    checkRoute(route, `${WHERE}: bodies`)
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new Error(`${WHERE}: bodies["${route}"] must be { request?, response?, error? } with layouts such as Product or [Product].`)
    }
    for (const [key, layout] of Object.entries(entry)) {
      if (key !== 'request' && key !== 'response' && key !== 'error') {
        throw new Error(`${WHERE}: bodies["${route}"] has an unknown key "${key}"; its keys are request, response and error.`)
      }
      if (layout !== undefined) checkLayout(layout, `${WHERE}: bodies["${route}"].${key}`)
    }
    out.set(route, entry as RouteBodies)
  }
  return out
}

/** What an instruction does, for sentences. */
function describeInstruction(entry: ChangelogInstruction): string {
  switch (entry.type) {
    case 'field.renamed':
      return `renamed from "${entry.older}" to "${entry.newer}"`
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
function checkFields(instructions: readonly (readonly ShapeInstruction[])[], versions: readonly string[]): void {
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
          throw new Error(`${WHERE}: version "${version}" changes field "${effect.field}" of shape "${i.shape.name}" twice (${twice}, and ${what}); one change per field and version.`)
        }
        seen.set(key, what)
        const known = fields.get(effect.field)
        if (known !== undefined && known.presence !== effect.before) {
          const was = effect.before === 'present' ? 'needs it to exist in the version before' : 'says it did not exist in the version before'
          throw new Error(
            `${WHERE}: field "${effect.field}" of shape "${i.shape.name}" is ${what} in version "${version}", which ${was}, but it was ${known.what} in version "${known.version}"; fix one of the two changes.`,
          )
        }
      }
      for (const effect of i.effects) fields.set(effect.field, { presence: effect.after, version, what })
    }
  })
}

/** A converter that declares an older layout replaces its shape in older versions: that shape's older changes can never apply. */
function checkReplacements(steps: ReadonlyMap<AnyShape, ReturnType<typeof shapeSteps>>, versions: readonly string[]): void {
  for (const [shape, { byStep, replacements }] of steps) {
    for (const { step, older } of replacements) {
      if (replacements.filter((r) => r.step === step).length > 1) {
        throw new Error(`${WHERE}: shape "${shape.name}" has two converters with an older layout in version "${versions[step]}"; merge them.`)
      }
      if (shapesOf(older).has(shape)) throw new Error(`${WHERE}: the older layout of a converter of shape "${shape.name}" contains "${shape.name}" itself; name the older form as another shape.`)
    }
    const newest = replacements[0]
    if (newest === undefined) continue
    for (const step of byStep.keys()) {
      if (step < newest.step) {
        throw new Error(
          `${WHERE}: shape "${shape.name}" is converted to another layout in version "${versions[newest.step]}" (shapeConverted with older), so its change in version "${versions[step]}" can never apply; put it on the older layout's shapes.`,
        )
      }
    }
  }
}

/** Whether and where a route exists in each version, from its added, removed and path changes. */
function routeLife(route: string, entries: readonly { step: number; instruction: RouteInstruction }[], versions: readonly string[]): RouteLife {
  const n = versions.length
  const lifecycle = entries.filter((e) => e.instruction.entry.type === 'route.added' || e.instruction.entry.type === 'route.removed')
  let exists: boolean[] | null = null
  if (lifecycle.length > 0) {
    let present = lifecycle[0]?.instruction.entry.type === 'route.removed'
    exists = []
    for (let v = 0; v < n; v++) {
      const here = lifecycle.filter((e) => e.step === v)
      if (here.length > 1) throw new Error(`${WHERE}: route "${route}" is added or removed twice in version "${versions[v]}"; one of the two is a mistake.`)
      const event = here[0]?.instruction.entry.type
      if (event === 'route.added') {
        if (present) throw new Error(`${WHERE}: route "${route}" is added in version "${versions[v]}", but it already exists in the version before; remove one of the changes.`)
        present = true
      } else if (event === 'route.removed') {
        if (!present) throw new Error(`${WHERE}: route "${route}" is removed in version "${versions[v]}", but it does not exist in the version before; remove one of the changes.`)
        present = false
      }
      exists.push(present)
    }
    if (!exists.some(Boolean)) throw new Error(`${WHERE}: route "${route}" exists in no version, so its changes can never apply.`)
  }
  const moves = entries.filter((e) => e.instruction.entry.type === 'route.path.changed')
  let paths: string[] | null = null
  if (moves.length > 0) {
    // From the head down: each move says the path in its version (newer) and in the one before (older).
    const newest = moves.reduce((a, b) => (b.step > a.step ? b : a)).instruction.entry as { newer: string }
    let current = newest.newer
    paths = new Array<string>(n)
    for (let v = n - 1; v >= 0; v--) {
      paths[v] = current
      const here = moves.filter((e) => e.step === v)
      if (here.length > 1) throw new Error(`${WHERE}: route "${route}" changes path twice in version "${versions[v]}"; one of the two is a mistake.`)
      const move = here[0]?.instruction.entry
      if (move?.type !== 'route.path.changed') continue
      if (move.newer !== current) {
        throw new Error(`${WHERE}: route "${route}" moves to ${move.newer} in version "${versions[v]}", but a later change moves it from ${current}; make the paths agree.`)
      }
      current = move.older
    }
  }
  const statuses = entries.filter((e) => e.instruction.entry.type === 'route.status.changed')
  for (const a of statuses) {
    for (const b of statuses) {
      if (a !== b && a.step === b.step && a.instruction.entry.type === 'route.status.changed' && b.instruction.entry.type === 'route.status.changed' && a.instruction.entry.newer === b.instruction.entry.newer) {
        throw new Error(`${WHERE}: route "${route}" changes status ${a.instruction.entry.newer} twice in version "${versions[a.step]}"; one of the two is a mistake.`)
      }
    }
  }
  return { exists, paths }
}

/** A route's status, header and query steps per version index. */
function routeSteps(entries: readonly { step: number; instruction: RouteInstruction }[], n: number): Pick<RoutePlan, 'status' | 'headers' | 'query' | 'requestHeaders'> {
  const status: (readonly [number, number])[][] = []
  const headers: (readonly [string, (value: string | null) => string | null])[][] = []
  const query: (readonly [string, string])[][] = []
  const requestHeaders: (readonly [string, string])[][] = []
  for (let v = 0; v < n; v++) {
    const later = entries.filter((e) => e.step > v)
    const newestFirst = [...later].sort((a, b) => b.step - a.step)
    status.push(newestFirst.flatMap(({ instruction: { entry } }) => (entry.type === 'route.status.changed' ? [[entry.newer, entry.older] as const] : [])))
    headers.push(newestFirst.flatMap(({ instruction: { entry, header } }) => (entry.type === 'route.header.changed' && header !== undefined ? [[entry.header, header] as const] : [])))
    query.push(later.flatMap(({ instruction: { entry } }) => (entry.type === 'route.query.renamed' ? [[entry.older, entry.newer] as const] : [])))
    requestHeaders.push(later.flatMap(({ instruction: { entry } }) => (entry.type === 'route.request.header.renamed' ? [[entry.older, entry.newer] as const] : [])))
  }
  return {
    status: status.some((s) => s.length > 0) ? status : null,
    headers: headers.some((h) => h.length > 0) ? headers : null,
    query: query.some((q) => q.length > 0) ? query : null,
    requestHeaders: requestHeaders.some((h) => h.length > 0) ? requestHeaders : null,
  }
}
