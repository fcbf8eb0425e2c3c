/**
 * A JSON Schema compiled into closures, once, for the question asked of
 * every older request: is this body valid? Closures, not generated code, so
 * it runs on Workers. It knows the keywords request schemas use most; a
 * schema with any other keyword is not compiled (`null`), and
 * `@cfworker/json-schema` answers alone. When a body is found invalid,
 * `@cfworker/json-schema` validates it again, for the errors: it is the
 * authority, so a body it accepts is accepted.
 */

type Check = (value: unknown) => boolean
type Json = Record<string, unknown>

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$schema', 'nullable', 'externalDocs', 'xml', 'discriminator', 'contentMediaType', 'contentEncoding'])
const KNOWN = new Set(['type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'uniqueItems'])

class Unsupported extends Error {}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON equality of two JSON values (key order aside). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equal(item, (b as unknown[])[i]))
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.hasOwn(b, key) && equal((a as Json)[key], (b as Json)[key]))
}

const TYPES: Readonly<Record<string, Check>> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: isObject,
}

/** The length of a string in code points, as JSON Schema counts it. */
function codePoints(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    n++
  }
  return n
}

/** `schema` (draft 2020-12, `$ref`s only to `#/$defs/Name`) as one closure, or `null` when it uses a keyword this does not know. */
export function compileSchema(schema: unknown): Check | null {
  const defs = isObject(schema) && isObject(schema['$defs']) ? schema['$defs'] : {}
  const compiled = new Map<string, Check>()
  const ref = (pointer: string): Check => {
    if (!pointer.startsWith('#/$defs/')) throw new Unsupported(pointer)
    const name = decodeURIComponent(pointer.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!Object.hasOwn(defs, name)) throw new Unsupported(pointer)
    let check = compiled.get(name)
    if (check === undefined) {
      let inner: Check = () => true
      // Set before compiling: a schema may refer to itself.
      compiled.set(name, (check = (value) => inner(value)))
      inner = compile(defs[name])
    }
    return check
  }

  function compile(node: unknown): Check {
    if (node === true) return () => true
    if (node === false) return () => false
    if (!isObject(node)) throw new Unsupported('schema')
    const checks: Check[] = []
    for (const key of Object.keys(node)) if (!KNOWN.has(key) && !ANNOTATIONS.has(key)) throw new Unsupported(key)
    const s = node
    /** Where the type check is in `checks` (an object check made below may stand for it). */
    let typeAt = -1
    if (s['type'] !== undefined) {
      const types = (Array.isArray(s['type']) ? s['type'] : [s['type']]).map((t) => TYPES[t as string])
      if (types.some((t) => t === undefined)) throw new Unsupported('type')
      const only = types as Check[]
      typeAt = checks.length
      checks.push(only.length === 1 ? (only[0] as Check) : (v) => only.some((t) => t(v)))
    }
    if (Array.isArray(s['enum'])) {
      const list = s['enum'] as unknown[]
      const primitives = list.every((item) => item === null || typeof item !== 'object')
      const set = new Set(list)
      checks.push(primitives ? (v) => set.has(v) : (v) => list.some((item) => equal(item, v)))
    }
    if ('const' in s) {
      const expected = s['const']
      checks.push((v) => equal(v, expected))
    }
    if (s['$ref'] !== undefined) {
      if (typeof s['$ref'] !== 'string') throw new Unsupported('$ref')
      checks.push(ref(s['$ref']))
    }
    const numeric = (key: string, test: (v: number, limit: number) => boolean) => {
      const limit = s[key]
      if (limit === undefined) return
      if (typeof limit !== 'number') throw new Unsupported(key)
      checks.push((v) => typeof v !== 'number' || test(v, limit))
    }
    numeric('minimum', (v, l) => v >= l)
    numeric('maximum', (v, l) => v <= l)
    numeric('exclusiveMinimum', (v, l) => v > l)
    numeric('exclusiveMaximum', (v, l) => v < l)
    if (s['minLength'] !== undefined || s['maxLength'] !== undefined) {
      const min = s['minLength'] ?? 0
      const max = s['maxLength'] ?? Infinity
      if (typeof min !== 'number' || typeof max !== 'number') throw new Unsupported('minLength')
      checks.push((v) => {
        if (typeof v !== 'string') return true
        // A string of n UTF-16 units has between n/2 and n code points: count them only when that decides.
        if (v.length < min || Math.ceil(v.length / 2) > max) return false
        if (v.length <= max && Math.ceil(v.length / 2) >= min) return true
        const n = codePoints(v)
        return n >= min && n <= max
      })
    }
    if (s['pattern'] !== undefined) {
      if (typeof s['pattern'] !== 'string') throw new Unsupported('pattern')
      const pattern = new RegExp(s['pattern'], 'u')
      checks.push((v) => typeof v !== 'string' || pattern.test(v))
    }
    for (const [key, test] of [['minItems', (n: number, l: number) => n >= l], ['maxItems', (n: number, l: number) => n <= l]] as const) {
      const limit = s[key]
      if (limit === undefined) continue
      if (typeof limit !== 'number') throw new Unsupported(key)
      checks.push((v) => !Array.isArray(v) || test(v.length, limit))
    }
    if (s['uniqueItems'] === true) checks.push((v) => !Array.isArray(v) || v.every((item, i) => v.findIndex((other) => equal(other, item)) === i))
    if (s['items'] !== undefined) {
      const item = compile(s['items'])
      checks.push((v) => {
        if (!Array.isArray(v)) return true
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false
        return true
      })
    }
    const required = Array.isArray(s['required']) ? (s['required'] as string[]) : []
    if (required.length > 0 || s['properties'] !== undefined || s['additionalProperties'] !== undefined) {
      const properties = isObject(s['properties']) ? Object.entries(s['properties']).map(([field, inner]) => [field, compile(inner)] as const) : []
      const own = new Set(properties.map(([field]) => field))
      const fields = properties.map(([field]) => field)
      const checksOf = properties.map(([, check]) => check)
      const extra = s['additionalProperties'] === undefined || s['additionalProperties'] === true ? null : compile(s['additionalProperties'])
      // `type: "object"` with its fields: one closure tests the type and the fields.
      const objectOnly = s['type'] === 'object'
      if (objectOnly) checks.splice(typeAt, 1)
      // A JSON value has no undefined field: `v[field] !== undefined` says it is there, unless an object inherits that name.
      const plain = (field: string) => !(field in Object.prototype)
      const requiredPlain = required.every(plain)
      const plainAt = fields.map(plain)
      checks.push((v) => {
        if (!isObject(v)) return !objectOnly
        if (requiredPlain) {
          for (let i = 0; i < required.length; i++) if (v[required[i] as string] === undefined) return false
        } else for (let i = 0; i < required.length; i++) if (!Object.hasOwn(v, required[i] as string)) return false
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i] as string
          if (plainAt[i] === true) {
            const value = v[field]
            if (value !== undefined && !(checksOf[i] as Check)(value)) return false
          } else if (Object.hasOwn(v, field) && !(checksOf[i] as Check)(v[field])) return false
        }
        if (extra !== null) for (const field of Object.keys(v)) if (!own.has(field) && !extra(v[field])) return false
        return true
      })
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const members = s[key]
      if (members === undefined) continue
      if (!Array.isArray(members)) throw new Unsupported(key)
      const list = members.map(compile)
      checks.push(
        key === 'anyOf'
          ? (v) => {
              for (let i = 0; i < list.length; i++) if ((list[i] as Check)(v)) return true
              return false
            }
          : key === 'allOf'
            ? (v) => list.every((c) => c(v))
            : (v) => list.filter((c) => c(v)).length === 1,
      )
    }
    if (s['not'] !== undefined) {
      const inner = compile(s['not'])
      checks.push((v) => !inner(v))
    }
    if (checks.length === 0) return () => true
    if (checks.length === 1) return checks[0] as Check
    if (checks.length === 2) {
      const [a, b] = checks as [Check, Check]
      return (v) => a(v) && b(v)
    }
    return (v) => {
      for (let i = 0; i < checks.length; i++) if (!(checks[i] as Check)(v)) return false
      return true
    }
  }

  try {
    const { $defs: _defs, ...root } = isObject(schema) ? schema : { schema }
    return isObject(schema) ? compile(root) : compile(schema)
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  }
}
