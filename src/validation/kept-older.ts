/**
 * `fieldAdded(S, f, { keepOlder: true })` against request validation: the
 * older version's schema of S is derived without `f`, and where it closes
 * the object at its own level (`additionalProperties: false` or a schema,
 * or `unevaluatedProperties: false` with nothing else taking `f`), an older
 * request's `f` is refused as an unknown field before it migrates up, so
 * `keepOlder` could never keep anything. Checked once, when the validation
 * is bound to a history.
 */
import type { KeptOlderField } from '../changes/body-checks.ts'
import { holders } from '../changes/schema-holders.ts'
import { isObject, type Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { quoted } from '../quote.ts'

/**
 * The sentence for the first field of `kept` that its version's older
 * schema refuses (`byVersion`: the component schemas of each version index,
 * oldest first, by shape name), or `null`.
 */
export function keptOlderRefused(kept: readonly KeptOlderField[], byVersion: readonly Json[], versions: readonly string[], where: string): string | null {
  for (const { version, shape, field } of kept) {
    const index = versions.indexOf(version)
    if (index < 1) continue
    const older = (byVersion[index - 1] as Json)[shape]
    const closes = isObject(older) ? closedTo(older, field, byVersion[index - 1] as Json) : null
    if (closes === null) continue
    return `${where}: fieldAdded(${shape}, ${quoted(field)}, { keepOlder: true }) in version ${quoted(version)} keeps what an older request sends for ${quoted(field)}, but the head schema of ${quoted(shape)} closes the object (${closes}), so version ${quoted(versions[index - 1] as string)}'s schema, derived without ${quoted(field)}, refuses it as an unknown field before it could be kept; open the schema of ${quoted(shape)} to other fields (additionalProperties: true, or without ${closes}), or drop keepOlder.`
  }
  return null
}

/** Whether `name` is a key of `properties`, or matches a pattern of `patternProperties` (one that does not compile takes nothing). */
function named(schema: Json, name: string): boolean {
  if (isObject(schema['properties']) && Object.hasOwn(schema['properties'], name)) return true
  const patterns = schema['patternProperties']
  if (!isObject(patterns)) return false
  return Object.keys(patterns).some((pattern) => {
    try {
      return new RegExp(pattern, 'u').test(name)
    } catch {
      return false
    }
  })
}

/** Whether a keyword's value refuses fields it judges: `false`, or a schema other than `{}`. */
function refusing(value: unknown): boolean {
  return value === false || (isObject(value) && Object.keys(value).length > 0)
}

/**
 * The keyword by which `schema` (a shape's component), at its own level,
 * refuses a field `field` (`additionalProperties: false`), or `null`.
 * `unevaluatedProperties` refuses it only where no subschema applying to the
 * same value takes it: one naming it, or with an `additionalProperties`
 * (which evaluates every field), or a component it refers to that does.
 */
function closedTo(schema: Json, field: string, components: Json): string | null {
  if (named(schema, field)) return null
  const additional = schema['additionalProperties']
  if (additional !== undefined) return refusing(additional) ? `additionalProperties: ${additional === false ? 'false' : 'a schema'}` : null
  const unevaluated = schema['unevaluatedProperties']
  if (!refusing(unevaluated) || evaluates(schema, field, components, new Set())) return null
  return `unevaluatedProperties: ${unevaluated === false ? 'false' : 'a schema'}`
}

/** Whether a subschema of `schema` applying to the same value, or a component one refers to, takes `field` (see `closedTo`). */
function evaluates(schema: Json, field: string, components: Json, seen: Set<string>): boolean {
  return holders(schema, true).some((holder) => {
    if (holder !== schema && (named(holder, field) || holder['additionalProperties'] !== undefined || holder['unevaluatedProperties'] !== undefined)) return true
    const name = typeof holder['$ref'] === 'string' ? refName(holder['$ref'], ['components', 'schemas']) : null
    const component = name === null ? undefined : components[name]
    if (name === null || seen.has(name) || !isObject(component)) return false
    seen.add(name)
    return named(component, field) || component['additionalProperties'] !== undefined || component['unevaluatedProperties'] !== undefined || evaluates(component, field, components, seen)
  })
}
