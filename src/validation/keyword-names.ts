/**
 * Keyword names a schema author meant to write: a key the compiled closures
 * do not know, but one letter (or one swap of two letters, or the case) away
 * from one they do, is a misspelling (`addtionalProperties`, `maxlength`).
 * Left to the fallback, which ignores keywords it does not know, it would
 * silently validate nothing; construction fails instead, naming both. The
 * whole schema is read, not only up to its first keyword the closures do not
 * compile (which sends the schema to the fallback).
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
function misspelt(key: string, known: Iterable<string>): string | null {
  if (OTHER_KEYWORDS.has(key) || key.startsWith('x-')) return null
  const lower = key.toLowerCase()
  for (const keyword of known) {
    if (lower === keyword.toLowerCase() || (key.length >= 4 && keyword.length >= 4 && oneEditApart(key, keyword))) return keyword
  }
  return null
}

/** Keys whose values map names to schemas (the map is no schema), and keys whose values are no schema at all. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'])
const NO_SCHEMA = new Set(['const', 'enum', 'default', 'examples', 'example', 'required', 'dependentRequired', 'discriminator', 'externalDocs', 'xml', 'type', '$vocabulary'])

/** The first keyword of `schema` (any subschema) that misspells one of `known`, with the one it misspells, or `null`. Iterative. */
export function misspeltKeyword(schema: unknown, known: readonly string[]): readonly [string, string] | null {
  const knownSet = new Set(known)
  // Schemas, and name maps (`true`) whose values are schemas.
  const stack: [unknown, boolean][] = [[schema, false]]
  while (stack.length > 0) {
    const [node, names] = stack.pop() as [unknown, boolean]
    if (node === null || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, false])
      continue
    }
    for (const [key, value] of Object.entries(node)) {
      if (names) {
        stack.push([value, false])
        continue
      }
      if (!knownSet.has(key)) {
        const meant = misspelt(key, knownSet)
        if (meant !== null) return [key, meant]
      }
      if (NO_SCHEMA.has(key) || key.startsWith('x-') || (!knownSet.has(key) && !OTHER_KEYWORDS.has(key))) continue
      stack.push([value, NAME_MAPS.has(key)])
    }
  }
  return null
}
