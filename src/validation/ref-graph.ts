/**
 * Which schemas of a schema's `$defs` (and the root, named `''`) refer back
 * to themselves in a way that tests a value more than once per level: a
 * cycle of `$ref`s through a keyword that applies several subschemas to the
 * same value (`anyOf`, `oneOf`, `allOf`, `not`, `if`/`then`/`else`,
 * `dependentSchemas`; `contains` beside `items`, `patternProperties` beside
 * `properties`, `propertyNames`; a `$ref` beside other keywords). Down such a
 * cycle a check tests each level of a body once per way down, twice as often
 * at each level, unless it keeps its answers. Read once, when a schema is
 * compiled (compile.ts keeps answers for those schemas only) or given to the
 * fallback (fallback.ts refuses them: `@cfworker/json-schema` keeps none).
 */
import type { Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'

/** Keywords whose subschemas apply to a value another subschema of the same object applies to. */
const BRANCHING = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'contains', 'patternProperties', 'propertyNames'])
/** Keys whose values are maps of names to schemas (the map itself is no schema), and keys whose values are data. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example'])
/** Keys that say nothing about validity: beside a `$ref`, they add no second way down. */
const NOTES = new Set(['title', 'description', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'example', 'default'])

/** A schema's references: from each schema (the root as `''`) to the `$defs` entries it names, and whether a second way down is on the way. */
type Edges = Map<string, (readonly [string, boolean])[]>

function edgesOf(schema: Json): Edges {
  const defs = schema['$defs'] !== null && typeof schema['$defs'] === 'object' ? (schema['$defs'] as Json) : {}
  const edges: Edges = new Map()
  const target = (ref: string): string | null => (ref === '#' ? '' : refName(ref, ['$defs']))
  for (const [name, root] of [['', { ...schema, $defs: undefined }] as const, ...Object.entries(defs)]) {
    const out: (readonly [string, boolean])[] = []
    const stack: [unknown, boolean, boolean][] = [[root, false, false]]
    while (stack.length > 0) {
      const [node, branching, names] = stack.pop() as [unknown, boolean, boolean]
      if (node === null || typeof node !== 'object') continue
      if (Array.isArray(node)) {
        for (const item of node) stack.push([item, branching, false])
        continue
      }
      const record = node as Json
      const ref = names ? undefined : record['$ref']
      // A `$ref` beside other keywords: the value goes down both ways.
      const beside = typeof ref === 'string' && Object.keys(record).some((key) => key !== '$ref' && !NOTES.has(key) && record[key] !== undefined)
      const to = typeof ref === 'string' ? target(ref) : null
      if (to !== null && (to === '' || Object.hasOwn(defs, to))) out.push([to, branching || beside])
      for (const [key, value] of Object.entries(record)) {
        if (!names && DATA.has(key)) continue
        stack.push([value, branching || beside || (!names && BRANCHING.has(key)), !names && NAME_MAPS.has(key)])
      }
    }
    edges.set(name, out)
  }
  return edges
}

/**
 * The schemas (`''` for the root, else a `$defs` name) on a cycle of references through a second way down, in the
 * order found; with `everyCycle`, those on any cycle of references (a recursive schema).
 */
export function branchingCycles(schema: Json, everyCycle = false): string[] {
  const edges = edgesOf(schema)
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>([from])
    const queue = [from]
    while (queue.length > 0) {
      for (const [next] of edges.get(queue.pop() as string) ?? []) {
        if (next === to) return true
        if (!seen.has(next)) {
          seen.add(next)
          queue.push(next)
        }
      }
    }
    return false
  }
  const found = new Set<string>()
  for (const [from, out] of edges) {
    for (const [to, branching] of out) {
      if (!(branching || everyCycle) || !(to === from || reaches(to, from))) continue
      // Every schema on a cycle through this reference.
      for (const name of edges.keys()) if (name === from || name === to || (reaches(to, name) && reaches(name, from))) found.add(name)
    }
  }
  return [...found]
}

/** Keywords whose subschemas apply to the very value their schema does (no field or item of it). */
const SAME_VALUE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas'])

/**
 * A cycle of references that never goes into the value (`A: { anyOf: [{ $ref: B }] }`, `B: { allOf: [{ $ref: A }] }`):
 * the schemas on it (`''` for the root), first repeated last, or `null`. Validating any value down such a cycle
 * would never end: it is no schema, and construction fails naming it.
 */
export function sameValueCycle(schema: Json): string[] | null {
  const defs = schema['$defs'] !== null && typeof schema['$defs'] === 'object' ? (schema['$defs'] as Json) : {}
  const target = (ref: string): string | null => (ref === '#' ? '' : refName(ref, ['$defs']))
  /** The schemas `root` refers to through `$ref`s reached by same-value keywords alone. */
  const next = (root: unknown): string[] => {
    const out: string[] = []
    const stack: unknown[] = [root]
    while (stack.length > 0) {
      const node = stack.pop()
      if (node === null || typeof node !== 'object' || Array.isArray(node)) continue
      const record = node as Json
      const to = typeof record['$ref'] === 'string' ? target(record['$ref']) : null
      if (to !== null && (to === '' || Object.hasOwn(defs, to))) out.push(to)
      for (const key of SAME_VALUE) {
        const value = record[key]
        if (Array.isArray(value)) stack.push(...(value as unknown[]))
        else if (key === 'dependentSchemas' && value !== null && typeof value === 'object') stack.push(...Object.values(value))
        else stack.push(value)
      }
    }
    return out
  }
  const schemaOf = (name: string): unknown => (name === '' ? schema : defs[name])
  // Depth-first, iterative: a schema met again while still on the way down closes a cycle.
  const done = new Set<string>()
  for (const start of ['', ...Object.keys(defs)]) {
    if (done.has(start)) continue
    const path: string[] = [start]
    const pending: string[][] = [next(schemaOf(start))]
    while (path.length > 0) {
      const todo = pending[pending.length - 1] as string[]
      const to = todo.pop()
      if (to === undefined) {
        done.add(path.pop() as string)
        pending.pop()
        continue
      }
      const at = path.indexOf(to)
      if (at >= 0) return [...path.slice(at), to]
      if (done.has(to)) continue
      path.push(to)
      pending.push(next(schemaOf(to)))
    }
  }
  return null
}
