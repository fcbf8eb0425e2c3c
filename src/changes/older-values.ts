/**
 * The older values a route's `queryParamChanged` / `requestHeaderChanged`
 * declare (`olderSchema`, `olderRequired: true`): with the history's request
 * validation, the routes whose older requests are checked for them, whether
 * or not `requestValidation({ parameters })` lists the parameter for the
 * head (validation/parameters.ts adds it to the older versions' schemas);
 * without validation, an `olderRequired: true` that nothing could check,
 * refused when the history is made.
 */
import type { Changelog } from './changelog.ts'
import type { RoutePlan } from './http-steps.ts'
import { declaresOlder } from './request-values.ts'
import { quoted } from '../quote.ts'

/** Whether a value change of `plan`'s query or headers declares what older versions send (an `olderSchema`, or `olderRequired: true`). */
export function declaresOlderValues(plan: Pick<RoutePlan, 'query' | 'requestHeaders'>): boolean {
  // Every step of every version is in the oldest version's list.
  const steps = [...(plan.query?.[0] ?? []), ...(plan.requestHeaders?.[0] ?? [])]
  return steps.some(declaresOlder)
}

/**
 * Refuses, without request validation, a value change that says older
 * clients must send the parameter (`olderRequired: true`): nothing would
 * refuse an older request that leaves it out (`up(null)` runs, and the
 * handler's validator sees the head's value), while the older documents
 * list it as required. An `olderSchema` still describes the older values in
 * the documents, and `olderRequired: false` is what `up(null)` does.
 */
export function checkOlderRequired(changelog: Changelog, where: string): void {
  for (const entry of changelog.versions) {
    for (const change of entry.changes) {
      for (const instruction of change.instructions) {
        if ((instruction.type !== 'route.query.changed' && instruction.type !== 'route.request.header.changed') || instruction.olderRequired !== true) continue
        const call = instruction.type === 'route.query.changed' ? `queryParamChanged(${quoted(instruction.route)}, ${quoted(instruction.name)}, { olderRequired: true })` : `requestHeaderChanged(${quoted(instruction.route)}, ${quoted(instruction.header)}, { olderRequired: true })`
        throw new Error(
          `${where}: ${call} in version ${quoted(entry.version)} says that older clients must send it, which only request validation checks: without it, an older request that leaves it out is served. Give the history validation: requestValidation({ schemas: {} }) (hono-api-versioning/validation), which refuses it in the older versions with 422 (and checks the change's olderSchema), or leave olderRequired out.`,
        )
      }
    }
  }
}
