/**
 * The fields a history says the head lacks, against the head's JSON Schemas.
 * A rename's older name and a removed field are absent from the head unless
 * a later version brings the name back (its `fieldAdded`, or a rename onto
 * it). A head schema that lists such a field says the head has it: going
 * down, the rename would give the older name the newer field's value over
 * the head's own (instruction.ts `FieldOp`, which fails loudly on it at the
 * first such answer). Checked once where the head's schemas are known
 * (`requestValidation`, `versionedOpenAPI`'s head document and `requests`),
 * so the missing change is named before any request.
 */
import type { Changelog } from './changelog.ts'
import { isObject, type Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { quoted } from '../quote.ts'

/**
 * The sentence for the first field of a shape whose head schema (`schemas`,
 * by component name; `componentOf` maps a shape's name to it) lists a field
 * the changelog (newest version first) leaves absent from the head; `null`:
 * none. A shape a converter replaced (`shape.converted`) is not judged below
 * that version: its head form is the converter's.
 */
export function headFieldClash(schemas: Json, changelog: Changelog, componentOf: (shape: string) => string, where: string): string | null {
  // What the newest instruction naming a field said of the head, by shape and field.
  const decided = new Set<string>()
  const converted = new Set<string>()
  for (const { version, changes } of changelog.versions) {
    const convertedHere: string[] = []
    for (const change of changes) {
      for (const instruction of change.instructions) {
        const shape = (instruction as { shape?: unknown }).shape
        if (typeof shape !== 'string' || converted.has(shape)) continue
        let present: string | null = null
        let absent: string | null = null
        let says = ''
        switch (instruction.type) {
          case 'field.renamed':
            present = instruction.newer
            absent = instruction.older
            says = `renames ${quoted(absent)} to ${quoted(present)} (fieldRenamed)`
            break
          case 'field.removed':
            absent = instruction.field
            says = `removes ${quoted(absent)} (fieldRemoved)`
            break
          case 'field.added':
          case 'field.changed':
          case 'enum.added':
            present = instruction.field
            break
          case 'shape.converted':
            convertedHere.push(shape)
            break
          default:
            break
        }
        if (present !== null) decided.add(`${shape}\u0000${present}`)
        if (absent === null) continue
        const key = `${shape}\u0000${absent}`
        if (decided.has(key)) continue
        decided.add(key)
        const schema = schemas[componentOf(shape)]
        if (!isObject(schema) || !listed(schema, absent, schemas, 0)) continue
        return `${where}: the head schema of ${quoted(shape)} has a field ${quoted(absent)}, but version ${quoted(version)} ${says} and no later version brings ${quoted(absent)} back, so an older client's answer would have the head's ${quoted(absent)} overwritten (it fails instead); declare fieldAdded(${shape}, ${quoted(absent)}) in the version that brought it back, or take ${quoted(absent)} out of the schema.`
      }
    }
    for (const shape of convertedHere) converted.add(shape)
  }
  return null
}

/**
 * Whether `schema` lists `field` in its properties, or in those of its
 * `allOf`, `anyOf` and `oneOf` members (a member that refers to a component,
 * too). Each component is read once (`seen`): unions of components that
 * refer to each other would otherwise be read once per way down.
 */
function listed(schema: Json, field: string, schemas: Json, depth: number, seen: Set<string> = new Set()): boolean {
  if (depth > 16) return false
  if (isObject(schema['properties']) && Object.hasOwn(schema['properties'], field)) return true
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const members = schema[key]
    if (!Array.isArray(members)) continue
    for (const member of members) {
      if (!isObject(member)) continue
      const ref = typeof member['$ref'] === 'string' ? refName(member['$ref'], ['components', 'schemas']) : null
      if (ref !== null && seen.has(ref)) continue
      if (ref !== null) seen.add(ref)
      const target = ref === null ? member : schemas[ref]
      if (isObject(target) && listed(target, field, schemas, depth + 1, seen)) return true
    }
  }
  return false
}
