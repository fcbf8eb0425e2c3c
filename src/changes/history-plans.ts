/**
 * The key under which a history gives its route plans to the model's
 * builder (openapi/migrations.ts reads each operation's once, at its first
 * read): a symbol no entry point exports, so the plans stay off the public
 * surface, and the builder reads them without importing the history's code
 * into a bundle that only serves documents.
 */
import type { RoutePlan } from './http-steps.ts'

/** A history's route plans by key (`name`, `METHOD name`, `METHOD /path`) and the plan of routes without one. */
export interface HistoryPlans {
  readonly plans: ReadonlyMap<string, RoutePlan>
  readonly fallback: RoutePlan | undefined
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
