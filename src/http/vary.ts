/**
 * `Vary` merging: a response whose version came from a request header must
 * say so to caches, listing each such header once.
 */
import { quotedValue } from '../quote.ts'

/** Merges `Vary` values with a fixed list of names; see `varyMerger`. */
export type VaryMerger = (existing: string | null) => string | null

/**
 * A merger for `names`, read once (lower-cased here, not per response): it
 * gives `existing` with every name of `names` listed once (compared
 * case-insensitively): the missing ones appended, repeats of them dropped;
 * `null` when nothing needs to change (including `Vary: *`, which already
 * covers everything).
 */
export function varyMerger(names: readonly string[]): VaryMerger {
  const lowered = names.map((name) => name.toLowerCase())
  const ours = new Set(lowered)
  const joined = names.length === 0 ? null : names.join(', ')
  return function merge(existing) {
    if (existing === null || existing.trim() === '') return joined
    const written = existing.split(',')
    const listed = written.map((name) => name.trim().toLowerCase())
    if (listed.includes('*')) return null
    const missing = names.filter((_name, i) => !listed.includes(lowered[i] as string))
    const repeated = listed.some((name, i) => ours.has(name) && listed.indexOf(name) !== i)
    if (!repeated) return missing.length === 0 ? null : `${existing}, ${missing.join(', ')}`
    // Rebuilt from the names as written, each of ours once.
    const kept = written.filter((_name, i) => !ours.has(listed[i] as string) || listed.indexOf(listed[i] as string) === i)
    return [...kept.map((name) => name.trim()), ...missing].join(', ')
  }
}

/**
 * The request headers a response varies on, made once per list: the names,
 * `text` (one `Vary` value, `''` when empty) and `merge` (see `varyMerger`).
 */
export interface VaryList {
  readonly names: readonly string[]
  readonly text: string
  readonly merge: VaryMerger
  /** This list with `more` appended (those not listed yet, compared case-insensitively); the same list when none is new. */
  with(more: readonly string[]): VaryList
}

/** How many lists `with` keeps by the array it was given (emptied when full): the few lists steps give. */
const LONGER = 16

/**
 * The `VaryList` of `names`, made where the names are configured (a scheme's `vary`, an extension's): names that
 * cannot make a header value (a line break, a NUL) throw an `Error` saying so, rather than failing every response.
 */
export function varyList(names: readonly string[]): VaryList {
  let listed: Set<string>
  try {
    new Headers({ vary: names.join(', ') })
    listed = new Set(names.map((name) => name.toLowerCase()))
  } catch {
    throw new Error(`Vary: a scheme's vary must list request header names such as ["Api-Version"], got ${quotedValue(names)}.`)
  }
  const longer = new Map<readonly string[], VaryList>()
  const list: VaryList = {
    names,
    text: names.join(', '),
    merge: varyMerger(names),
    with(more) {
      const known = longer.get(more)
      if (known !== undefined) return known
      const added = more.filter((name, i) => !listed.has(name.toLowerCase()) && more.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i)
      const made = added.length === 0 ? list : varyList([...names, ...added])
      if (longer.size >= LONGER) longer.clear()
      longer.set(more, made)
      return made
    },
  }
  return list
}
