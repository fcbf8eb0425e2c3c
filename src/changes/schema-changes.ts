/**
 * The component schemas of an older version, made from the head version's
 * by undoing the changelog's shape instructions of every newer version: a
 * renamed field gets its old name back, an added field goes, a removed one
 * comes back (required again when it was), a changed one gets its old schema, an enum loses the values
 * added later. A shape turned by a custom converter cannot be described: its
 * schema says so instead of showing the newer shape.
 */
import type { ChangelogInstruction } from './changelog.ts'
import { isObject, type Json } from '../json/object.ts'
import { nullable, saysNull } from '../json/null-schemas.ts'
import { refName } from '../json/pointer.ts'
import { copyOf, holders, holdersOf, inlineInherited } from './schema-holders.ts'

/** Renames a key of an object, keeping the order of the keys. */
function renameKey(object: Json, from: string, to: string): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(object)) out[key === from ? to : key] = value
  return out
}

/** Applies `edit` to each example object of a schema (`example`, and the items of `examples`). */
function editExamples(schema: Json, edit: (example: Json) => Json): void {
  if (isObject(schema['example'])) schema['example'] = edit(schema['example'])
  if (Array.isArray(schema['examples'])) schema['examples'] = schema['examples'].map((e: unknown) => (isObject(e) ? edit(e) : e))
}

/** The example value a schema gives (`example`, the first of `examples`, or `default`), or `undefined`. */
function exampleValue(schema: unknown): unknown {
  if (!isObject(schema)) return undefined
  if (schema['example'] !== undefined) return schema['example']
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0]
  return schema['default']
}

/** An example with `field` set to `value`, or without it when there is no value. */
function withValue(example: Json, field: string, value: unknown): Json {
  return value === undefined ? withoutKey(example, field) : { ...example, [field]: value }
}

/**
 * Renames (or, for `null`, drops) the field names of `dependentRequired`
 * (keys and listed names) and `dependentSchemas` (keys) of a schema, as
 * `properties` and `required` are; `unlisted`, a name taken out of the
 * lists alone (a field no longer required when another is there).
 */
function editDependencies(holder: Json, name: (field: string) => string | null, unlisted?: string): void {
  const required = holder['dependentRequired']
  if (isObject(required)) {
    const out: Json = {}
    for (const [key, list] of Object.entries(required)) {
      const own = name(key)
      if (own !== null) out[own] = Array.isArray(list) ? list.flatMap((f: unknown) => (typeof f !== 'string' ? [f] : f === unlisted ? [] : (name(f) ?? []))) : list
    }
    holder['dependentRequired'] = out
  }
  const schemas = holder['dependentSchemas']
  if (isObject(schemas)) {
    const out: Json = {}
    for (const [key, value] of Object.entries(schemas)) {
      const own = name(key)
      if (own !== null) out[own] = value
    }
    holder['dependentSchemas'] = out
  }
}

function withoutKey(example: Json, field: string): Json {
  const { [field]: _dropped, ...rest } = example
  return rest
}

/**
 * Removes `values` from an enum schema. A `$ref` to an enum component
 * narrows that component (replaced, never changed in place): the enum had
 * no such value in the older version, wherever it is used (a query
 * parameter as well as the field), as Cadwyn's `enum(...).didnt_have` says.
 */
function narrowEnum(property: Json, values: readonly unknown[], schemas: Json): Json {
  let target = property
  const ref = property['$ref']
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = refName(ref, ['components', 'schemas'])
    const referenced = name !== null && Object.hasOwn(schemas, name) ? schemas[name] : undefined
    if (name !== null && isObject(referenced)) {
      const narrowed = narrowEnum(referenced, values, schemas)
      if (narrowed !== referenced) schemas[name] = narrowed
    }
    return property
  }
  const drop = (list: unknown): unknown => (Array.isArray(list) ? list.filter((v) => !values.includes(v as never)) : list)
  if (Array.isArray(target['enum'])) {
    // Its examples lose the values too: an older document's example is one of its own values.
    const out: Json = { ...target, enum: drop(target['enum']) }
    if (Array.isArray(target['examples'])) {
      const kept = drop(target['examples']) as unknown[]
      if (kept.length > 0) out['examples'] = kept
      else delete out['examples']
    }
    if ('example' in target && values.includes(target['example'] as never)) delete out['example']
    return out
  }
  const items = target['items']
  if (isObject(items) && Array.isArray(items['enum'])) return { ...target, items: { ...items, enum: drop(items['enum']) } }
  if (isObject(items) && typeof items['$ref'] === 'string') return { ...target, items: narrowEnum(items, values, schemas) }
  for (const key of ['anyOf', 'oneOf']) {
    const members = target[key]
    if (Array.isArray(members)) {
      const kept = members
        .map((m: unknown) => (isObject(m) && Array.isArray(m['enum']) ? { ...m, enum: drop(m['enum']) } : isObject(m) && typeof m['$ref'] === 'string' ? narrowEnum(m, values, schemas) : m))
        .filter((m: unknown) => !(isObject(m) && ('const' in m ? values.includes(m['const'] as never) : Array.isArray(m['enum']) && m['enum'].length === 0)))
      return { ...target, [key]: kept }
    }
  }
  return property
}

/**
 * Undoes one instruction on `schemas` (a deep copy the caller owns, by
 * component name), in place. `shapes` maps a shape name to its component
 * name. Instructions on shapes the document does not have, and instruction
 * types this version does not know, change nothing.
 */
function undoInstruction(schemas: Json, instruction: ChangelogInstruction, shapes: Readonly<Record<string, string>>, description: string): void {
  const shape = (instruction as { shape?: unknown }).shape
  if (typeof shape !== 'string') return
  const name = shapes[shape] ?? shape
  const schema = schemas[name]
  if (!isObject(schema)) return
  // A field the shape inherits from another component is undone on a copy of that component, in this shape's allOf.
  const field = instruction.type === 'field.renamed' ? instruction.newer : instruction.type === 'field.added' || instruction.type === 'field.changed' || instruction.type === 'enum.added' ? instruction.field : null
  if (field !== null) inlineInherited(schema, field, schemas, instruction.type === 'field.renamed', name)
  switch (instruction.type) {
    case 'field.renamed': {
      // A name is a name wherever the value's schema says it, `if` and `not` too.
      for (const holder of holders(schema, true)) {
        if (isObject(holder['properties'])) holder['properties'] = renameKey(holder['properties'], instruction.newer, instruction.older)
        if (Array.isArray(holder['required'])) holder['required'] = holder['required'].map((f: unknown) => (f === instruction.newer ? instruction.older : f))
        editDependencies(holder, (name) => (name === instruction.newer ? instruction.older : name))
      }
      editExamples(schema, (e) => renameKey(e, instruction.newer, instruction.older))
      break
    }
    case 'field.added': {
      for (const holder of holders(schema)) {
        if (isObject(holder['properties'])) holder['properties'] = withoutKey(holder['properties'], instruction.field)
        if (Array.isArray(holder['required'])) holder['required'] = holder['required'].filter((f: unknown) => f !== instruction.field)
        editDependencies(holder, (name) => (name === instruction.field ? null : name))
      }
      editExamples(schema, (e) => withoutKey(e, instruction.field))
      break
    }
    case 'field.removed': {
      schema['properties'] = { ...(isObject(schema['properties']) ? schema['properties'] : {}), [instruction.field]: copyOf(instruction.schema ?? {}) }
      // A member that closes the object (a union's variant with additionalProperties) takes the field too, as any value: the schema above says which.
      // One by $ref is first a copy of its component, in this shape alone.
      inlineInherited(schema, instruction.field, schemas, false, name, true)
      for (const holder of holders(schema).slice(1)) {
        const closes = holder['additionalProperties'] !== undefined && holder['additionalProperties'] !== true
        if (closes && !(isObject(holder['properties']) && Object.hasOwn(holder['properties'], instruction.field))) holder['properties'] = { ...(isObject(holder['properties']) ? holder['properties'] : {}), [instruction.field]: {} }
      }
      if (instruction.required === true) {
        const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []
        if (!required.includes(instruction.field)) schema['required'] = [...required, instruction.field]
      }
      const value = exampleValue(instruction.schema)
      if (value !== undefined) editExamples(schema, (e) => withValue(e, instruction.field, value))
      break
    }
    case 'field.changed': {
      // Without olderSchema, the older value is not described: any value (as request validation reads it), never the newer schema.
      const given = instruction.olderSchema ?? { description: `Not described in this version: ${description.trim()} (the newer versions' schema does not apply).` }
      for (const holder of holdersOf(schema, instruction.field)) {
        const properties = isObject(holder['properties']) ? holder['properties'] : {}
        // A null is never converted: where the newer field takes one, the older field does too.
        const older = instruction.olderSchema !== undefined && saysNull(properties[instruction.field]) && !saysNull(given) ? (nullable(given) as object) : given
        holder['properties'] = { ...properties, [instruction.field]: copyOf(older) }
      }
      // olderRequired: false, the older versions may leave it out; true, they require it.
      if (instruction.olderRequired === false) {
        for (const holder of holders(schema)) {
          if (Array.isArray(holder['required'])) holder['required'] = holder['required'].filter((f: unknown) => f !== instruction.field)
          // Nor when another field is there (dependentRequired's lists); the field's own entry still says what it requires.
          editDependencies(holder, (name) => name, instruction.field)
        }
      } else if (instruction.olderRequired === true) {
        const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []
        if (!required.includes(instruction.field)) schema['required'] = [...required, instruction.field]
      }
      // The example shows the newer value: the older schema's example replaces it, or it goes rather than show a wrong one.
      editExamples(schema, (e) => withValue(e, instruction.field, exampleValue(instruction.olderSchema)))
      break
    }
    case 'enum.added': {
      let narrowed = false
      for (const holder of holdersOf(schema, instruction.field)) {
        const properties = holder['properties']
        const property = isObject(properties) ? properties[instruction.field] : undefined
        if (!isObject(properties) || !isObject(property)) continue
        holder['properties'] = { ...properties, [instruction.field]: narrowEnum(property, instruction.values, schemas) }
        narrowed = true
      }
      if (!narrowed && Array.isArray(schema['enum'])) {
        // An enum shape of its own.
        schema['enum'] = schema['enum'].filter((v: unknown) => !instruction.values.includes(v as never))
      }
      break
    }
    case 'shape.converted': {
      const title = typeof schema['title'] === 'string' ? { title: schema['title'] } : {}
      const older = instruction.olderSchema
      schemas[name] =
        older === undefined
          ? { ...title, description: `Not described in this version: ${description.trim()} (a custom conversion; the newer versions' schema does not apply).` }
          : { ...title, description: description.trim(), ...renamedRefs(copyOf(older), shapes) }
      break
    }
    default:
      break
  }
}

/**
 * Undoes `steps` (as `schemaStepsOf` orders them) on `schemas`, a copy of a
 * newer version's map of schemas whose schemas are shared: a schema is
 * deep-copied before its first change.
 */
export function undoSteps(
  schemas: Json,
  steps: readonly { readonly instruction: ChangelogInstruction; readonly description: string }[],
  shapes: Readonly<Record<string, string>>,
): void {
  const copied = new Set<string>()
  for (const { instruction, description } of steps) {
    const shape = (instruction as { shape?: unknown }).shape
    const name = typeof shape === 'string' ? (shapes[shape] ?? shape) : null
    if (name === null || !isObject(schemas[name])) continue
    if (!copied.has(name)) {
      schemas[name] = copyOf(schemas[name] as Json)
      copied.add(name)
    }
    undoInstruction(schemas, instruction, shapes, description)
  }
}

/** A schema whose references name shapes, pointing at their component schemas (`shapes` maps the names that differ). */
function renamedRefs(schema: unknown, shapes: Readonly<Record<string, string>>): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!isObject(node)) return node
    const out: Json = {}
    for (const [key, value] of Object.entries(node)) {
      const shape = key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/') ? value.slice('#/components/schemas/'.length) : null
      out[key] = shape !== null ? `#/components/schemas/${shapes[shape] ?? shape}` : walk(value)
    }
    return out
  }
  return walk(schema) as Json
}
