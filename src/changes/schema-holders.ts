/**
 * Where a shape's schema names its fields, for undoing a change on an
 * older version's copy (schema-changes.ts): the schema itself and the
 * subschemas that apply to the same value (`allOf`, `anyOf`, `oneOf`,
 * `then`, `else`, `dependentSchemas`, and for a rename `if` and `not`),
 * and the components such members refer to, copied into the shape so the
 * change is undone there alone.
 */
import { isObject, type Json } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** A copy of a schema the changelog gives: documents are frozen, the changelog is the caller's. */
export function copyOf(schema: object): Json {
  return JSON.parse(JSON.stringify(schema)) as Json
}

/** The subschemas that apply to the same value as their parent, each with a list of them or one. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'then', 'else', 'dependentSchemas', 'if', 'not'] as const
/** Of those, the ones where a value passes by matching them: a field dropped there relaxes the schema, as its version has no such field. */
const POSITIVE = new Set<string>(['allOf', 'anyOf', 'oneOf', 'then', 'else', 'dependentSchemas'])

/**
 * The objects of a schema that can name its fields: the schema itself and,
 * theirs too, the inline subschemas that apply to the same value (`allOf`,
 * `anyOf`, `oneOf`, `then`, `else`, `dependentSchemas`, and with `all`,
 * `if` and `not`), a discriminated union's members as well as an extended
 * schema's. `$ref`s are other components, left alone.
 */
export function holders(schema: Json, all = false, depth = 0): Json[] {
  const out = [schema]
  if (depth >= 16) return out
  for (const key of IN_PLACE) {
    if (!all && !POSITIVE.has(key)) continue
    const value = schema[key]
    const members = Array.isArray(value) ? value : key === 'dependentSchemas' && isObject(value) ? Object.values(value) : [value]
    for (const member of members) if (isObject(member)) out.push(...holders(member, all, depth + 1))
  }
  return out
}

/** Whether a holder of `schema` names `field` (`properties`, `required`, `dependentRequired`, `dependentSchemas`). */
function names(schema: Json, field: string, all: boolean): boolean {
  return holders(schema, all).some(
    (h) =>
      (isObject(h['properties']) && Object.hasOwn(h['properties'], field)) ||
      (Array.isArray(h['required']) && h['required'].includes(field)) ||
      (isObject(h['dependentRequired']) && (Object.hasOwn(h['dependentRequired'], field) || Object.values(h['dependentRequired']).some((list) => Array.isArray(list) && list.includes(field)))) ||
      (isObject(h['dependentSchemas']) && Object.hasOwn(h['dependentSchemas'], field)),
  )
}

/** The component a member refers to (`{ $ref: '#/components/schemas/Name' }`), or `null`. */
function referred(member: unknown): string | null {
  return isObject(member) && typeof member['$ref'] === 'string' && member['$ref'].startsWith('#/components/schemas/') ? member['$ref'].slice('#/components/schemas/'.length) : null
}

/** The most copies of components one change inlines into a shape's schema: past it, the ways down multiply. */
const MAX_INLINED = 256

/** The slots of `holder` (a container and its key) that hold a member applying to the same value. */
function memberSlots(holder: Json, all: boolean): [Record<string | number, unknown>, string | number][] {
  const out: [Record<string | number, unknown>, string | number][] = []
  for (const key of IN_PLACE) {
    if (!all && !POSITIVE.has(key)) continue
    const value = holder[key]
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) out.push([value as unknown as Record<number, unknown>, i])
    else if (key === 'dependentSchemas' && isObject(value)) for (const name of Object.keys(value)) out.push([value, name])
    else if (isObject(value)) out.push([holder, key])
  }
  return out
}

/** Whether a holder of `schema` closes the object (`additionalProperties` other than `true`) without `field` among its properties. */
function closes(schema: Json, field: string): boolean {
  return holders(schema).some((h) => h['additionalProperties'] !== undefined && h['additionalProperties'] !== true && !(isObject(h['properties']) && Object.hasOwn(h['properties'], field)))
}

/**
 * Where `schema` names `field` through a member that refers to another
 * component (`allOf: [{ $ref: Base }, { ... }]`, what an extended schema is
 * made of; `oneOf: [{ $ref: Book }, { $ref: Film }]`, a union's members),
 * that member becomes a copy of the component it refers to (the component
 * itself stays, as other schemas use it), so the change is undone on this
 * shape alone. Members of members are followed, a component once on each
 * way down, and only into components that name the field. `all`: `if` and
 * `not` members too (a rename). `closing`: instead of the components that
 * name the field, those that close the object without it (a field removed
 * in a newer version comes back in each). Returns whether it found one.
 */
export function inlineInherited(schema: Json, field: string, schemas: Json, all: boolean, shape: string, closing = false): boolean {
  const naming = new Map<string, boolean>()
  /** Whether component `name` names the field, itself or through the components its members refer to. */
  const namesField = (name: string, seen: Set<string>): boolean => {
    const known = naming.get(name)
    if (known !== undefined) return known
    const component = schemas[name]
    if (!isObject(component) || seen.has(name)) return false
    seen.add(name)
    const found = (closing ? closes(component, field) : names(component, field, all)) || holders(component, all).some((h) => memberSlots(h, all).some(([c, k]) => {
      const ref = referred(c[k])
      return ref !== null && namesField(ref, seen)
    }))
    naming.set(name, found)
    return found
  }
  let left = MAX_INLINED
  const inline = (node: Json, path: readonly string[]): boolean => {
    let found = names(node, field, all)
    for (const holder of holders(node, all)) {
      for (const [container, slot] of memberSlots(holder, all)) {
        const ref = referred(container[slot])
        if (ref === null || path.includes(ref) || !isObject(schemas[ref]) || !namesField(ref, new Set())) continue
        if (--left < 0) {
          throw new Error(
            `the schema of ${quoted(shape)} reaches field ${quoted(field)} through more than ${MAX_INLINED} references to components in allOf, anyOf, oneOf and the like, each to be copied to undo a change; refer to each component once, without components whose members refer to each other.`,
          )
        }
        const copy = copyOf(schemas[ref] as Json)
        inline(copy, [...path, ref])
        container[slot] = copy
        found = true
      }
    }
    return found
  }
  return inline(schema, [])
}

/** The holders whose properties have `field`, or the schema itself when none has. */
export function holdersOf(schema: Json, field: string): Json[] {
  const found = holders(schema).filter((h) => isObject(h['properties']) && Object.hasOwn(h['properties'], field))
  return found.length > 0 ? found : [schema]
}
