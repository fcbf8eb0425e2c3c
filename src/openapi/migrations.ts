/**
 * Each operation's migration in a version (model/api-model.ts
 * `OperationAt.migration`), read from the history's route plans
 * (changes/history-plans.ts `HISTORY_PLANS`: the plans the request path follows), by
 * the keys the request path looks them up by (changes/route-plans.ts
 * `planLookup`): a table route's `METHOD name`, then its name; a plain
 * route's `METHOD /path`; else the plan of routes without one.
 */
import { HISTORY_PLANS, isPlanned, type Planned } from '../changes/history-plans.ts'
import type { Chain, RoutePlan } from '../changes/http-steps.ts'
import type { MigrationAt, MigrationSteps } from '../model/api-model.ts'
import type { MigrationOf } from '../model/operations.ts'
import { normalizeRouteName } from './sources.ts'

/** What an operation is looked up by: its names (route names, `METHOD /path`), its method, and whether table routes serve it. */
export interface PlannedOperation {
  readonly names: readonly string[]
  readonly method: string
  readonly routes: readonly unknown[]
}

/** The migration of an operation in each version. */
export type MigrationsOf = (operation: PlannedOperation) => MigrationOf

/** The plan of `operation`, as the request path finds it. */
function planOf(byKey: ReadonlyMap<string, RoutePlan>, operation: PlannedOperation): RoutePlan | undefined {
  const method = operation.method.toUpperCase() === 'HEAD' ? 'GET' : operation.method.toUpperCase()
  const plain = (name: string): boolean => /^[A-Za-z]+ \//.test(name)
  if (operation.routes.length > 0) {
    // A table route's own plan for its method, then its route's (names listed most namespaced first).
    for (const name of operation.names) if (!plain(name)) {
      const own = byKey.get(name.startsWith(`${method} `) ? name : `${method} ${name}`)
      if (own !== undefined) return own
    }
    for (const name of operation.names) if (!plain(name) && !/^[A-Z]+ /.test(name)) {
      const route = byKey.get(name)
      if (route !== undefined) return route
    }
    return undefined
  }
  for (const name of operation.names) if (plain(name) && name.startsWith(`${method} `)) {
    const own = byKey.get(name)
    if (own !== undefined) return own
  }
  return undefined
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
    query: plan.query?.[v] ?? [],
    headers: plan.requestHeaders?.[v] ?? [],
    checked: (plan.checks?.[v] ?? null) !== null,
    parametersChecked: (plan.parameters?.[v] ?? null) !== null,
  }
  const down = { body: steps(plan.response), error: steps(plan.error), items: steps(plan.items), status: plan.status?.[v] ?? [], headers: (plan.headers?.[v] ?? []).map(([header]) => header) }
  const none = up.body === null && up.partialBody === null && up.query.length === 0 && up.headers.length === 0 && !up.checked && !up.parametersChecked && down.body === null && down.error === null && down.items === null && down.status.length === 0 && down.headers.length === 0
  return none ? null : Object.freeze({ up: Object.freeze(up), down: Object.freeze(down) })
}

/**
 * The migrations of a history's operations (`null` when `source` is not a
 * history: a changelog's JSON has no plans). Its plain routes' keys are read
 * in OpenAPI's syntax (`GET /items/{id}`), as the model names operations.
 */
export function historyMigrations(source: unknown): MigrationsOf | null {
  if (!isPlanned(source)) return null
  const { plans, fallback } = source[HISTORY_PLANS]()
  const { versions } = source as Planned & { readonly versions: readonly string[] }
  const byKey = new Map<string, RoutePlan>()
  for (const [key, plan] of plans) {
    const normalized = normalizeRouteName(key)
    if (!byKey.has(normalized)) byKey.set(normalized, plan)
  }
  const index = new Map<string, number>(versions.map((version, v) => [version, v]))
  const head = versions.length - 1
  return (operation) => {
    const plan = planOf(byKey, operation) ?? fallback
    return (version) => {
      const v = index.get(version)
      return plan === undefined || v === undefined || v === head ? null : migrationAt(plan, v)
    }
  }
}
