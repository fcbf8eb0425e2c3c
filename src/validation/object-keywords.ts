/**
 * The keywords of objects, compiled: `required`, `properties`,
 * `patternProperties`, `additionalProperties` (one closure, with the type
 * check when the schema says `type: "object"`), then `minProperties`,
 * `maxProperties`, `propertyNames`, `dependentRequired` and
 * `dependentSchemas`. Each costs one pass over the object's fields (times
 * the schema's patterns). A field the schema names is reported at its name;
 * one it does not name (an extra field, a name `patternProperties` or
 * `propertyNames` judges) is reported at the object, so no key of the
 * request is echoed.
 */
import { FORBIDDEN, SchemaMistake, Unsupported, count, unicodePattern, type Compiled, type Node, type Test } from './compiled.ts'
import { isObject, type Json } from '../json/object.ts'
import { quoted, quotedValue } from '../quote.ts'

/** The keywords `fields` compiles into one closure. */
export const FIELD_KEYWORDS = ['required', 'properties', 'patternProperties', 'additionalProperties'] as const

/** A pattern of `patternProperties`, and the schema of the fields it names. */
type Pattern = readonly [RegExp, Compiled]

/**
 * An object's `required`, `properties`, `patternProperties` and
 * `additionalProperties` (and its type, when `objectOnly`).
 */
export function fields({ s, sub }: Node, objectOnly: boolean): Compiled {
  if (s['required'] !== undefined && !(Array.isArray(s['required']) && s['required'].every((name) => typeof name === 'string'))) {
    throw new SchemaMistake(`a schema's required is ${quotedValue(s['required'], 200)}, not a list of field names.`)
  }
  const required = (s['required'] as string[] | undefined) ?? []
  const properties = isObject(s['properties']) ? Object.entries(s['properties']).map(([field, inner]) => [field, sub(inner)] as const) : []
  if (s['patternProperties'] !== undefined && !isObject(s['patternProperties'])) throw new Unsupported('patternProperties')
  const patterns: Pattern[] = Object.entries((s['patternProperties'] as Json | undefined) ?? {}).map(([source, inner]) => [unicodePattern(source, 'patternProperties'), sub(inner)] as const)
  const extra = s['additionalProperties'] === undefined || s['additionalProperties'] === true ? null : sub(s['additionalProperties'])
  const own = new Set(properties.map(([field]) => field))
  const names = properties.map(([field]) => field)
  const testsOf = properties.map(([, node]) => node.test)
  const extraTest = extra?.test ?? null
  // The fields beyond those named need a look only when a pattern or `additionalProperties` judges them.
  const others = patterns.length > 0 || extraTest !== null
  // A JSON value has no undefined field: `v[field] !== undefined` says it is there, unless an object inherits that name.
  const plain = (field: string) => !(field in Object.prototype)
  const requiredPlain = required.every(plain)
  const plainAt = names.map(plain)
  const has = (v: Json, field: string, isPlain: boolean) => (isPlain ? v[field] !== undefined : Object.hasOwn(v, field))
  /** Whether a field not named by `properties` is valid: against each pattern that matches it, else `additionalProperties`. */
  const otherValid = (field: string, value: unknown): boolean => {
    let matched = false
    for (let p = 0; p < patterns.length; p++) {
      const [pattern, node] = patterns[p] as Pattern
      if (!pattern.test(field)) continue
      matched = true
      if (!node.test(value)) return false
    }
    return matched || own.has(field) || extraTest === null || extraTest(value)
  }
  return {
    test(v) {
      if (!isObject(v)) return !objectOnly
      if (requiredPlain) {
        for (let i = 0; i < required.length; i++) if (v[required[i] as string] === undefined) return false
      } else for (let i = 0; i < required.length; i++) if (!Object.hasOwn(v, required[i] as string)) return false
      for (let i = 0; i < names.length; i++) {
        const field = names[i] as string
        if (plainAt[i] === true) {
          const value = v[field]
          if (value !== undefined && !(testsOf[i] as Test)(value)) return false
        } else if (Object.hasOwn(v, field) && !(testsOf[i] as Test)(v[field])) return false
      }
      if (others) for (const field of Object.keys(v)) if (!otherValid(field, v[field])) return false
      return true
    },
    explain(v, out) {
      if (!isObject(v)) {
        out.add('type', 'Expected "object".', undefined, 'object')
        return
      }
      for (const field of required) if (!has(v, field, requiredPlain)) out.add('missing', 'Field required.', field)
      for (let i = 0; i < names.length && !out.full; i++) {
        const field = names[i] as string
        if (!has(v, field, plainAt[i] === true) || (testsOf[i] as Test)(v[field])) continue
        out.path.push(field)
        ;(properties[i] as readonly [string, Compiled])[1].explain(v[field], out)
        out.path.pop()
      }
      if (!others) return
      // Reported at the object: the key is the client's.
      for (const field of Object.keys(v)) {
        if (out.full) break
        const value = v[field]
        if (otherValid(field, value)) continue
        let matched = false
        for (const [pattern, node] of patterns) {
          if (!pattern.test(field)) continue
          matched = true
          if (!node.test(value)) node.explain(value, out)
        }
        if (matched || own.has(field) || extra === null) continue
        extra.explain(value, out)
        // Every other unknown field would say the same, at the same place.
        if (extra === FORBIDDEN) break
      }
    },
  }
}

/** Adds `minProperties`, `maxProperties`, `propertyNames`, `dependentRequired` and `dependentSchemas` of `node.s`. */
export function objectKeywords({ s, sub, keyword }: Node): void {
  const min = count(s, 'minProperties')
  const max = count(s, 'maxProperties')
  if (min !== undefined || max !== undefined) {
    const lo = min ?? 0
    const hi = max ?? Infinity
    keyword(
      (v) => {
        if (!isObject(v)) return true
        const n = Object.keys(v).length
        return n >= lo && n <= hi
      },
      (v, out) => {
        const n = Object.keys(v as Json).length
        if (n < lo) out.add('minProperties', `Object has too few fields (${n} < ${lo}).`)
        else out.add('maxProperties', `Object has too many fields (${n} > ${hi}).`)
      },
    )
  }
  if (s['propertyNames'] !== undefined) {
    const test = sub(s['propertyNames']).test
    const valid = (v: unknown) => {
      if (!isObject(v)) return true
      for (const field of Object.keys(v)) if (!test(field)) return false
      return true
    }
    keyword(valid, (_v, out) => out.add('propertyNames', 'A field name does not match the schema.'))
  }
  if (s['dependentRequired'] !== undefined) {
    const given = s['dependentRequired']
    if (!isObject(given)) throw new Unsupported('dependentRequired')
    const rules = Object.entries(given).map(([field, list]) => {
      if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) throw new Unsupported('dependentRequired')
      return [field, list as string[], `Field required when ${quoted(field)} is present.`] as const
    })
    keyword(
      (v) => {
        if (!isObject(v)) return true
        for (const [field, list] of rules) if (Object.hasOwn(v, field)) for (const name of list) if (!Object.hasOwn(v, name)) return false
        return true
      },
      (v, out) => {
        for (const [field, list, msg] of rules) if (Object.hasOwn(v as Json, field)) for (const name of list) if (!Object.hasOwn(v as Json, name)) out.add('missing', msg, name)
      },
    )
  }
  if (s['dependentSchemas'] !== undefined) {
    const given = s['dependentSchemas']
    if (!isObject(given)) throw new Unsupported('dependentSchemas')
    const rules = Object.entries(given).map(([field, inner]) => [field, sub(inner)] as const)
    keyword(
      (v) => {
        if (!isObject(v)) return true
        for (const [field, node] of rules) if (Object.hasOwn(v, field) && !node.test(v)) return false
        return true
      },
      (v, out) => {
        for (const [field, node] of rules) if (!out.full && Object.hasOwn(v as Json, field) && !node.test(v)) node.explain(v, out)
      },
    )
  }
}
