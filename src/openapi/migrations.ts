/**
 * Each operation's migration in a version (model/api-model.ts
 * `OperationAt.migration`), read from the history's route plans
 * (changes/history-plans.ts `HISTORY_PLANS`: the plans the request path
 * follows), each operation's found by the request path's own lookup
 * (changes/route-plans.ts `planLookup`: a table route's `METHOD name`, then
 * its name, a DELETE without the shared request body; a plain route's
 * `METHOD /path`; else the plan of routes without one).
 */
import { HISTORY_PLANS, isPlanned, type Planned } from '../changes/history-plans.ts'
import type { RouteBodies } from '../changes/history-options.ts'
import type { Chain, RoutePlan } from '../changes/http-steps.ts'
import { planLookup } from '../changes/route-plans.ts'
import { isRename, renamesOf, type ParameterStep } from '../changes/request-values.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { MigrationAt, MigrationSteps } from '../model/api-model.ts'
import type { MigrationOf } from '../model/operations.ts'
import type { SchemaCheck } from '../validation/parameters.ts'
import { normalizeRouteName } from './sources.ts'

/** What an operation's plan is looked up by: its method, its path (OpenAPI's syntax) and the table routes that serve it. */
export interface PlannedOperation {
  readonly method: string
  readonly path: string
  readonly routes: readonly CompiledRoute[]
  /** The names a changelog may give it (sources.ts `namesOf`): its `METHOD /path` ones are the paths its plan may be keyed by (a sub-app's own, too). */
  readonly names?: readonly string[] | undefined
}

/** The migration of an operation in each version. */
export type MigrationsOf = (operation: PlannedOperation) => MigrationOf

/** The names of the value changes among `steps`. */
function valuesOf(steps: readonly ParameterStep[] | undefined): readonly string[] {
  return (steps ?? []).flatMap((step) => (isRename(step) ? [] : [step.name]))
}

/** The migration a plan gives version index `v`, or `null` when it does nothing there. */
function migrationAt(plan: RoutePlan, v: number): MigrationAt | null {
  const steps = (chains: readonly Chain[] | null): MigrationSteps | null => {
    const chain = chains?.[v]
    return chain === undefined || chain.steps.length === 0 ? null : chain
  }
  const up = {
    body: steps(plan.request),
    partialBody: steps(plan.partialRequest),
    forms: plan.forms,
    unmigrated: plan.requestMedia?.listed ?? [],
    query: renamesOf(plan.query?.[v]),
    headers: renamesOf(plan.requestHeaders?.[v]),
    queryValues: valuesOf(plan.query?.[v]),
    headerValues: valuesOf(plan.requestHeaders?.[v]),
    checked: (plan.checks?.[v] ?? null) !== null,
    parametersChecked: (plan.parameters?.[v] ?? null) !== null,
    // What that check validates, as it carries it (validation/parameters.ts), and the status the checks refuse with.
    parameters: ((plan.parameters?.[v] ?? null) as Partial<SchemaCheck> | null)?.schemas ?? null,
    refusal: ((plan.parameters?.[v] ?? plan.checks?.[v] ?? null) as { readonly status?: number } | null)?.status ?? null,
  }
  const down = { body: steps(plan.response), error: steps(plan.error), items: steps(plan.items), status: plan.status?.[v] ?? [], headers: (plan.headers?.[v] ?? []).map(([header]) => header) }
  const none = up.body === null && up.partialBody === null && up.query.length === 0 && up.headers.length === 0 && up.queryValues.length === 0 && up.headerValues.length === 0 && !up.checked && !up.parametersChecked && down.body === null && down.error === null && down.items === null && down.status.length === 0 && down.headers.length === 0
  return none ? null : Object.freeze({ up: Object.freeze(up), down: Object.freeze(down) })
}

/** The plan of each operation of a history, found as a request to it finds its plan; `null` when `source` is not a history. */
function historyPlans(source: unknown): { readonly planOf: (operation: PlannedOperation) => RoutePlan | undefined; readonly versions: readonly string[] } | null {
  if (!isPlanned(source)) return null
  const { plans, fallback } = source[HISTORY_PLANS]()
  const byKey = new Map<string, RoutePlan>()
  for (const [key, plan] of plans) {
    const normalized = normalizeRouteName(key)
    if (!byKey.has(normalized)) byKey.set(normalized, plan)
  }
  const lookup = planLookup(byKey, fallback)
  const planOf = (operation: PlannedOperation): RoutePlan | undefined => {
    // As a request to it finds its plan: its table route (they share their names), else its path.
    const method = operation.method.toUpperCase()
    const named = (operation.names ?? []).filter((name) => name.startsWith(`${method} /`)).map((name) => name.slice(method.length + 1))
    return lookup({ method, route: operation.routes[0] ?? null, routePaths: [operation.path, ...named.filter((path) => path !== operation.path)] })
  }
  return { planOf, versions: (source as Planned & { readonly versions: readonly string[] }).versions }
}

/**
 * The migrations of a history's operations (`null` when `source` is not a
 * history: a changelog's JSON has no plans). Its plain routes' keys are read
 * in OpenAPI's syntax (`GET /items/{id}`), as the model names operations.
 */
export function historyMigrations(source: unknown): MigrationsOf | null {
  const found = historyPlans(source)
  if (found === null) return null
  const index = new Map<string, number>(found.versions.map((version, v) => [version, v]))
  const head = found.versions.length - 1
  return (operation) => {
    const plan = found.planOf(operation)
    return (version) => {
      const v = index.get(version)
      return plan === undefined || v === undefined || v === head ? null : migrationAt(plan, v)
    }
  }
}

/** The `bodies` a history was given (its streams' items among them), as given; `undefined` when `source` is not a history. */
export function historyBodies(source: unknown): Readonly<Record<string, RouteBodies>> | undefined {
  return isPlanned(source) ? Object.fromEntries(source[HISTORY_PLANS]().bodies) : undefined
}

/** The layouts (changes/shape.ts) a history's operation migrates its bodies along, in every version; `null` when `source` is not a history. */
export function historyLayouts(source: unknown): ((operation: PlannedOperation) => NonNullable<RoutePlan['layouts']> | null) | null {
  const found = historyPlans(source)
  return found === null ? null : (operation) => found.planOf(operation)?.layouts ?? null
}
