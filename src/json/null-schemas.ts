/**
 * JSON Schemas and `null`: whether a schema says a value may be `null`, and
 * a schema widened to take it. A field a version retypes (`fieldChanged`)
 * keeps a `null` as it is (its converters never see one), so its older
 * schema takes `null` wherever the newer one does. A partial update's field
 * takes `null` (JSON Merge Patch: remove it) only where its schema says so,
 * this way or the head's own.
 */
import { isObject, type Json } from './object.ts'

/**
 * Whether `schema` says outright that `null` is a value of it: a `null` type
 * (alone or in a list), `null` in its `enum`, a `const` of `null`, or a
 * member of its `anyOf` / `oneOf` that does. A schema that says nothing of
 * types (`{}`, a `$ref`) does not count.
 */
export function saysNull(schema: unknown): boolean {
  if (!isObject(schema)) return false
  const type = schema['type']
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true
  if (Array.isArray(schema['enum']) && schema['enum'].includes(null)) return true
  if ('const' in schema && schema['const'] === null) return true
  return ['anyOf', 'oneOf'].some((key) => {
    const members = schema[key]
    return Array.isArray(members) && members.some(saysNull)
  })
}

/** `schema` that also accepts `null`: its type or enum widened where it has one, else any of it and `null`. */
export function nullable(schema: unknown): unknown {
  if (schema === true || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const s = schema as Json
  const type = s['type']
  if ('const' in s) return { anyOf: [s, { type: 'null' }] }
  if (Array.isArray(s['enum'])) {
    const values = s['enum'] as unknown[]
    const widened: Json = { ...s, enum: values.includes(null) ? values : [...values, null] }
    if (typeof type === 'string') widened['type'] = type === 'null' ? type : [type, 'null']
    else if (Array.isArray(type) && !type.includes('null')) widened['type'] = [...type, 'null']
    return widened
  }
  if (typeof type === 'string') return type === 'null' ? s : { ...s, type: [type, 'null'] }
  if (Array.isArray(type)) return type.includes('null') ? s : { ...s, type: [...type, 'null'] }
  return { anyOf: [s, { type: 'null' }] }
}
