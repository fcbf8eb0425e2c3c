/**
 * Keyword names a schema author meant to write: a key the compiled closures
 * do not know, but one letter (or one swap of two letters, or the case) away
 * from one they do, is a misspelling (`addtionalProperties`, `maxlength`).
 * Left to the fallback, which ignores keywords it does not know, it would
 * silently validate nothing; construction fails instead, naming both.
 */

/** Keywords of other drafts and vocabularies the fallback reads or ignores on purpose: never a misspelling. */
const OTHER_KEYWORDS = new Set([
  'id',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
  '$defs',
  'definitions',
  'dependencies',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
])

/** Whether `a` and `b` differ by one insertion, deletion, substitution or swap of two neighbours. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
    return swapped || a.slice(i + 1) === b.slice(i + 1)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** The keyword of `known` that `key` misspells, or `null`. */
export function misspelt(key: string, known: Iterable<string>): string | null {
  if (OTHER_KEYWORDS.has(key) || key.startsWith('x-')) return null
  const lower = key.toLowerCase()
  for (const keyword of known) {
    if (lower === keyword.toLowerCase() || (key.length >= 4 && keyword.length >= 4 && oneEditApart(key, keyword))) return keyword
  }
  return null
}
