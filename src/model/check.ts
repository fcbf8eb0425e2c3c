/**
 * What the model finds wrong in an app, as sentences that say what to fix:
 * an operation no version serves (its version limits, its namespace, the
 * version changes that add or remove it, or the version pattern of its path
 * leave none), which no client can ever reach. It reads the model's light
 * part only (served.ts), so a reader without the documents' code can ask it.
 */
import type { PlacementWays } from '../routes/placement.ts'
import type { ServedOperation, VersionSpace } from './api-model.ts'
import { quoted } from '../quote.ts'

/** What the check reads of a model: its versions, where the version travels, and its operations' light part (an `ApiModel` fits). */
export interface ServedModel {
  readonly space: Pick<VersionSpace, 'versions'>
  readonly ways: PlacementWays
  readonly operations: readonly ServedOperation[]
}

/** Sentences starting with `where`, one per operation no version of the model serves (none: an empty list). */
export function checkModel(model: ServedModel, where: string): readonly string[] {
  const { versions } = model.space
  if (versions.length === 0) return []
  const out: string[] = []
  for (const operation of model.operations) {
    // A route that carries no version in its path (the param, or one written in its place), limit or namespace also
    // answers requests without one.
    const versionBound = operation.routes.some((r) => r.limit?.versions != null) || (model.ways.param !== null && (operation.written || operation.path.includes(`{${model.ways.param}}`))) || model.ways.namespace
    if (!versionBound || operation.neutral || versions.some((v) => operation.at(v) !== null)) continue
    const named = operation.name === null ? '' : ` (${quoted(operation.name)})`
    out.push(`${where}: ${operation.method} ${operation.path}${named} is served in no version of ${versions.join(', ')}; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.`)
  }
  return out
}
