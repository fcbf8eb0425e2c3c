/**
 * Each version's JSON Schemas of request bodies, from the head's: the
 * component schemas of every shape as the version has them (the changelog's
 * instructions undone, as the OpenAPI documents do), and a body schema per
 * layout that points at them. Made once, at construction.
 */
import type { Changelog, ChangelogInstruction } from '../changes/changelog.ts'
import { Shape, type Layout } from '../changes/shape.ts'
import { undoSteps } from '../changes/schema-changes.ts'
import type { Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { quoted } from '../quote.ts'

const COMPONENTS = '#/components/schemas/'
const DEFS = '#/$defs/'

/** A JSON Schema for validation: `$ref`s to components point into `$defs`, `$schema` dropped (one dialect: 2020-12). */
function forValidation(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forValidation)
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS) ? DEFS + value.slice(COMPONENTS.length) : forValidation(value)
  }
  return out
}

/**
 * What validation undoes of an instruction: a changed field without an
 * older schema, or a removed one without its schema, accepts any value in
 * older versions (the head's schema would refuse the older value).
 */
function forRequests(instruction: ChangelogInstruction): ChangelogInstruction {
  if (instruction.type === 'field.changed' && instruction.olderSchema === undefined) return { ...instruction, olderSchema: {} }
  return instruction
}

/**
 * The component schemas of each version index (oldest first), from the
 * head's (`head`, by shape name). A version whose
 * changes touch no schema shares the newer version's map.
 */
export function schemasByVersion(head: Json, changelog: Changelog, versions: readonly string[]): Json[] {
  const shapes: Record<string, string> = {}
  for (const name of Object.keys(head)) shapes[name] = name
  const out: Json[] = new Array<Json>(versions.length)
  let current = head
  out[versions.length - 1] = current
  for (let v = versions.length - 2; v >= 0; v--) {
    // What the version above v changed, undone newest instruction first.
    const newer = versions[v + 1] as string
    const steps: { instruction: ChangelogInstruction; description: string }[] = []
    for (const entry of changelog.versions) {
      if (entry.version !== newer) continue
      for (const change of entry.changes) {
        for (const instruction of change.instructions) if (!instruction.type.startsWith('route.')) steps.push({ instruction: forRequests(instruction), description: change.description })
      }
    }
    if (steps.length > 0) {
      const next: Json = { ...current }
      undoSteps(next, steps.reverse(), shapes)
      current = next
    }
    out[v] = current
  }
  return out
}

/**
 * A shape the history changes that has no schema of its own but whose head
 * form a given schema holds inline (`Order`'s schema with its lines' fields
 * written out): no version's changes can undo that copy, so older bodies
 * would be checked as the head has them, or not at all. A sentence saying
 * what to give, or `null`. `head`: the given schemas, by shape name.
 */
export function unschemedChange(layout: Layout, head: Json, changelog: Changelog, where: string): string | null {
  const changed = new Map<string, string>()
  for (const entry of changelog.versions) {
    for (const change of entry.changes) {
      for (const instruction of change.instructions) if ('shape' in instruction && !changed.has(instruction.shape)) changed.set(instruction.shape, entry.version)
    }
  }
  if (changed.size === 0) return null
  const seen = new Set<Layout>()
  /** `inner` where `schema` (a given schema's part, or `undefined`: none) describes it, inside shape `parent`. */
  const walk = (inner: Layout, schema: unknown, parent: string | null): string | null => {
    if (inner instanceof Shape) {
      if (seen.has(inner)) return null
      seen.add(inner)
      const own = Object.hasOwn(head, inner.name) ? head[inner.name] : undefined
      if (own === undefined && parent !== null && changed.has(inner.name) && writesFields(schema)) {
        return `${where}: shape ${quoted(inner.name)} is written out inside the schema of ${quoted(parent)}, and version ${changed.get(inner.name)} changes it; give ${quoted(inner.name)} its own schema in schemas and point at it from ${quoted(parent)}'s ($ref: '#/components/schemas/${inner.name}'), so each version's bodies are checked in that version's fields.`
      }
      const fields = own ?? schema
      for (const [field, nested] of inner.nested) {
        const found = walk(nested, part(fields, 'properties', field), own === undefined ? parent : inner.name)
        if (found !== null) return found
      }
      return null
    }
    if (Array.isArray(inner)) return walk(inner[0] as Layout, part(schema, 'items'), parent)
    for (const [field, nested] of Object.entries(inner)) {
      const found = walk(nested as Layout, part(schema, 'properties', field), parent)
      if (found !== null) return found
    }
    return null
  }
  return walk(layout, undefined, null)
}

/** `schema[key]` (and its `[name]`), when they are objects. */
function part(schema: unknown, key: string, name?: string): unknown {
  const value = schema !== null && typeof schema === 'object' ? (schema as Json)[key] : undefined
  if (name === undefined) return value
  return value !== null && typeof value === 'object' ? (value as Json)[name] : undefined
}

/** Whether a schema writes out an object's fields (`properties` anywhere in it, not behind a `$ref`). */
function writesFields(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false
  if (Array.isArray(schema)) return schema.some(writesFields)
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value !== null && typeof value === 'object') return true
    if (key !== 'const' && key !== 'enum' && key !== 'default' && key !== 'examples' && writesFields(value)) return true
  }
  return false
}

/** The body schema of a layout: a shape is its component (any value when it has none), `[layout]` its items, an object its fields. */
export function bodySchema(layout: Layout, known: ReadonlySet<string>): Json {
  if (layout instanceof Shape) return known.has(layout.name) ? { $ref: COMPONENTS + layout.name } : {}
  // Around shapes, only where they sit is said: a value of another type is the migration's to refuse.
  if (Array.isArray(layout)) return { items: bodySchema(layout[0] as Layout, known) }
  const properties: Json = {}
  for (const [field, inner] of Object.entries(layout)) properties[field] = bodySchema(inner as Layout, known)
  return { properties }
}

/** The names of the components reachable from `schema` through `$ref`s. */
export function reachable(schema: unknown, defs: Json): Set<string> {
  const seen = new Set<string>()
  const stack: unknown[] = [schema]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)) {
        const name = refName(value, ['components', 'schemas'])
        if (name !== null && !seen.has(name) && Object.hasOwn(defs, name)) {
          seen.add(name)
          stack.push(defs[name])
        }
      } else if (value !== null && typeof value === 'object') stack.push(value)
    }
  }
  return seen
}

/** The schema to validate a body against: the body schema with the components it reaches, as `$defs`. */
export function withDefs(body: Json, defs: Json): Json {
  const own: Json = {}
  for (const name of [...reachable(body, defs)].sort()) own[name] = defs[name]
  return forValidation(Object.keys(own).length === 0 ? body : { ...body, $defs: own }) as Json
}

/**
 * The schema of a partial update (a PATCH body, as JSON Merge Patch reads
 * it) of values of `schema`: the same schema without its `required` and
 * `dependentRequired` keywords, anywhere (a partial body's fields and those
 * of the values in it). A field takes `null` (a merge patch's removal) only
 * where `schema` already does: the version's schema says what the head's
 * takes, translated (the head's own nullability, a removed field's `schema`,
 * a changed field's `olderSchema` widened where the head's field takes
 * `null`), so a `null` the head's validator would refuse is refused here, in
 * the client's own names. The request validation and the documents use this
 * one derivation.
 */
export function partialSchema(schema: Json): Json {
  return notRequired(schema, false) as Json
}

/** Keywords whose values are maps of names to subschemas (a field may be called "required"). */
const NAMED = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'])

/** `schema` partial; `names`: `schema` is a map of names to subschemas. */
function notRequired(schema: unknown, names: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => notRequired(item, false))
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    // In properties, $defs and the like, keys are names; const, enum, default, examples: values.
    if (names) out[key] = notRequired(value, false)
    else if ((key === 'required' && Array.isArray(value)) || key === 'dependentRequired') continue
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value
    else out[key] = notRequired(value, NAMED.has(key))
  }
  return out
}
