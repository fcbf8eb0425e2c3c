/**
 * `Vary` merging: a response whose version came from a request header must
 * say so to caches, without repeating a name already listed.
 */

/**
 * `existing` with every name of `names` it lacks appended (compared
 * case-insensitively), or `null` when nothing needs to change (including
 * `Vary: *`, which already covers everything).
 */
export function mergeVary(existing: string | null, names: readonly string[]): string | null {
  if (existing === null || existing.trim() === '') return names.length === 0 ? null : names.join(', ')
  const listed = new Set(existing.split(',').map((name) => name.trim().toLowerCase()))
  if (listed.has('*')) return null
  const missing = names.filter((name) => !listed.has(name.toLowerCase()))
  return missing.length === 0 ? null : `${existing}, ${missing.join(', ')}`
}
