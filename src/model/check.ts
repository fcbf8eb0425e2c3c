/**
 * What the model finds wrong in an app, as sentences that say what to fix:
 * an operation no version serves (its version limits, its namespace, the
 * version changes that add or remove it, or the version pattern of its path
 * leave none), which no client can ever reach.
 */
import type { ApiModel } from './api-model.ts'

/** Sentences starting with `where`, one per operation no version of the model serves (none: an empty list). */
export function checkModel(model: ApiModel, where: string): readonly string[] {
  const { versions } = model.space
  if (versions.length === 0) return []
  const out: string[] = []
  for (const operation of model.operations) {
    // A route that carries no version in its path, limit or namespace also answers requests without one.
    const versionBound = operation.routes.some((r) => r.limit?.versions != null) || (model.ways.param !== null && operation.path.includes(`{${model.ways.param}}`)) || model.ways.namespace
    if (!versionBound || operation.neutral || versions.some((v) => operation.at(v) !== null)) continue
    const named = operation.name === null ? '' : ` ("${operation.name}")`
    out.push(`${where}: ${operation.method} ${operation.path}${named} is served in no version of ${versions.join(', ')}; its version limits, namespace, version changes or version pattern leave none: fix them or remove the route.`)
  }
  return out
}
