/**
 * `Vary` merging: a response whose version came from a request header must
 * say so to caches, listing each such header once.
 */

/**
 * `existing` with every name of `names` listed once (compared
 * case-insensitively): the missing ones appended, repeats of them dropped.
 * `null` when nothing needs to change (including `Vary: *`, which already
 * covers everything).
 */
export function mergeVary(existing: string | null, names: readonly string[]): string | null {
  if (existing === null || existing.trim() === '') return names.length === 0 ? null : names.join(', ')
  const written = existing.split(',')
  const listed = written.map((name) => name.trim().toLowerCase())
  if (listed.includes('*')) return null
  const ours = new Set(names.map((name) => name.toLowerCase()))
  const missing = names.filter((name) => !listed.includes(name.toLowerCase()))
  const repeated = listed.some((name, i) => ours.has(name) && listed.indexOf(name) !== i)
  if (!repeated) return missing.length === 0 ? null : `${existing}, ${missing.join(', ')}`
  // Rebuilt from the names as written, each of ours once.
  const kept = written.filter((_name, i) => !ours.has(listed[i] as string) || listed.indexOf(listed[i] as string) === i)
  return [...kept.map((name) => name.trim()), ...missing].join(', ')
}
