/**
 * A JSON Schema compiled into closures, once, for the questions asked of
 * every older request: is this value valid, and if not, where and why?
 * Closures, not generated code, so it runs on Workers. Asked without a sink,
 * a closure answers at the first failure; given an `IssueSink`, it reports
 * each failure there (places named by the schema's fields and list positions,
 * never the request's keys) and stops once the sink is full. Every keyword
 * costs time linear in the value's size (`uniqueItems` by canonical text in
 * a set, `const` and `enum` by canonical text). The closures recurse along
 * the schema: the value's depth is bounded before they run. A schema with a
 * keyword this does not know is not compiled (`null`), and
 * `@cfworker/json-schema` answers alone.
 */
import { canonical, firstDuplicate, hasDuplicate } from './json-values.ts'
import type { IssueSink } from './issues.ts'

/** Whether a value is valid. */
export type Test = (value: unknown) => boolean
/** Reports why a value is not valid (called only for one its test refuses), until the sink is full. */
export type Explain = (value: unknown, out: IssueSink) => void
/** A compiled schema: the test every request asks, and the explanation only a refused one gets. */
export interface Compiled {
  readonly test: Test
  readonly explain: Explain
}
type Json = Record<string, unknown>

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$schema', 'nullable', 'externalDocs', 'xml', 'discriminator', 'contentMediaType', 'contentEncoding'])
const KNOWN = new Set(['type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'uniqueItems'])

class Unsupported extends Error {}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null

const TYPES: Readonly<Record<string, Test>> = {
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

/** The `false` schema: nothing is valid (a field the schema forbids). */
const FORBIDDEN: Compiled = { test: () => false, explain: (_v, out) => out.add('extra_forbidden', 'Unknown field in this version.') }

/** One test of all of `tests` (each its own closure, so the common path calls them directly). */
function allOf(tests: readonly Test[]): Test {
  if (tests.length === 0) return () => true
  if (tests.length === 1) return tests[0] as Test
  if (tests.length === 2) {
    const [a, b] = tests as [Test, Test]
    return (v) => a(v) && b(v)
  }
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as Test)(v)) return false
    return true
  }
}

/** `schema` (draft 2020-12, `$ref`s only to `#/$defs/Name`) as one test, or `null` when it uses a keyword this does not know. */
export function compileSchema(schema: unknown): Test | null {
  return compileExplained(schema)?.test ?? null
}

/** `schema` (draft 2020-12, `$ref`s only to `#/$defs/Name`) compiled, or `null` when it uses a keyword this does not know. */
export function compileExplained(schema: unknown): Compiled | null {
  const defs = isObject(schema) && isObject(schema['$defs']) ? schema['$defs'] : {}
  const compiled = new Map<string, Compiled>()
  const ref = (pointer: string): Compiled => {
    if (!pointer.startsWith('#/$defs/')) throw new Unsupported(pointer)
    const name = decodeURIComponent(pointer.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!Object.hasOwn(defs, name)) throw new Unsupported(pointer)
    let node = compiled.get(name)
    if (node === undefined) {
      let inner: Compiled = { test: () => true, explain: () => {} }
      // Set before compiling: a schema may refer to itself.
      compiled.set(name, (node = { test: (value) => inner.test(value), explain: (value, out) => inner.explain(value, out) }))
      inner = compile(defs[name])
    }
    return node
  }

  function compile(node: unknown): Compiled {
    if (node === true) return { test: () => true, explain: () => {} }
    if (node === false) return FORBIDDEN
    if (!isObject(node)) throw new Unsupported('schema')
    for (const key of Object.keys(node)) if (!KNOWN.has(key) && !ANNOTATIONS.has(key)) throw new Unsupported(key)
    const s = node
    // Aligned: a keyword's test, and what it reports when its test refuses a value.
    const tests: Test[] = []
    const reports: Explain[] = []
    const keyword = (test: Test, report: Explain) => {
      tests.push(test)
      reports.push(report)
    }
    /** Where the type check is (an object check made below may stand for it). */
    let typeAt = -1
    if (s['type'] !== undefined) {
      const names = (Array.isArray(s['type']) ? s['type'] : [s['type']]) as string[]
      const types = names.map((t) => TYPES[t])
      if (types.some((t) => t === undefined)) throw new Unsupported('type')
      const only = types as Test[]
      const msg = `Expected "${names.join('", "')}".`
      const expected = names.length === 1 ? names[0] : undefined
      typeAt = tests.length
      keyword(only.length === 1 ? (only[0] as Test) : (v) => only.some((t) => t(v)), (_v, out) => out.add('type', msg, undefined, expected))
    }
    if (Array.isArray(s['enum'])) {
      const list = s['enum'] as unknown[]
      const primitives = new Set(list.filter((item) => !isContainer(item)))
      const containers = new Set(list.filter(isContainer).map(canonical))
      const msg = `Expected any of ${JSON.stringify(list)}.`
      keyword(containers.size === 0 ? (v) => primitives.has(v) : (v) => (isContainer(v) ? containers.has(canonical(v)) : primitives.has(v)), (_v, out) => out.add('enum', msg))
    }
    if ('const' in s) {
      const expected = s['const']
      const text = canonical(expected)
      const msg = `Expected ${JSON.stringify(expected)}.`
      keyword(isContainer(expected) ? (v) => isContainer(v) && canonical(v) === text : (v) => v === expected, (_v, out) => out.add('const', msg))
    }
    if (s['$ref'] !== undefined) {
      if (typeof s['$ref'] !== 'string') throw new Unsupported('$ref')
      const target = ref(s['$ref'])
      keyword(target.test, target.explain)
    }
    const numeric = (key: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum', test: (v: number, limit: number) => boolean, words: string) => {
      const limit = s[key]
      if (limit === undefined) return
      if (typeof limit !== 'number') throw new Unsupported(key)
      const msg = `Number is ${words} ${limit}.`
      keyword((v) => typeof v !== 'number' || test(v, limit), (_v, out) => out.add(key, msg))
    }
    numeric('minimum', (v, l) => v >= l, 'less than')
    numeric('maximum', (v, l) => v <= l, 'greater than')
    numeric('exclusiveMinimum', (v, l) => v > l, 'less than or equal to')
    numeric('exclusiveMaximum', (v, l) => v < l, 'greater than or equal to')
    if (s['minLength'] !== undefined || s['maxLength'] !== undefined) {
      const min = s['minLength'] ?? 0
      const max = s['maxLength'] ?? Infinity
      if (typeof min !== 'number' || typeof max !== 'number') throw new Unsupported('minLength')
      keyword(
        (v) => {
          if (typeof v !== 'string') return true
          // A string of n UTF-16 units has between n/2 and n code points: count them only when that decides.
          if (v.length < min || Math.ceil(v.length / 2) > max) return false
          if (v.length <= max && Math.ceil(v.length / 2) >= min) return true
          const n = codePoints(v)
          return n >= min && n <= max
        },
        (v, out) => {
          const n = codePoints(v as string)
          if (n < min) out.add('minLength', `String is too short (${n} < ${min}).`)
          else out.add('maxLength', `String is too long (${n} > ${max}).`)
        },
      )
    }
    if (s['pattern'] !== undefined) {
      if (typeof s['pattern'] !== 'string') throw new Unsupported('pattern')
      const pattern = new RegExp(s['pattern'], 'u')
      keyword((v) => typeof v !== 'string' || pattern.test(v), (_v, out) => out.add('pattern', 'String does not match pattern.'))
    }
    for (const [key, test, words] of [['minItems', (n: number, l: number) => n >= l, 'too few'], ['maxItems', (n: number, l: number) => n <= l, 'too many']] as const) {
      const limit = s[key]
      if (limit === undefined) continue
      if (typeof limit !== 'number') throw new Unsupported(key)
      keyword((v) => !Array.isArray(v) || test(v.length, limit), (v, out) => out.add(key, `Array has ${words} items (${(v as unknown[]).length} ${key === 'minItems' ? '<' : '>'} ${limit}).`))
    }
    if (s['uniqueItems'] === true) {
      keyword(
        (v) => !Array.isArray(v) || !hasDuplicate(v),
        (v, out) => {
          const [j, k] = firstDuplicate(v as unknown[]) as readonly [number, number]
          out.add('uniqueItems', `Duplicate items at indexes ${j} and ${k}.`)
        },
      )
    }
    if (s['items'] !== undefined) {
      const item = compile(s['items'])
      keyword(items(item.test), (v, out) => {
        const list = v as unknown[]
        for (let i = 0; i < list.length && !out.full; i++) {
          if (item.test(list[i])) continue
          out.path.push(i)
          item.explain(list[i], out)
          out.path.pop()
        }
      })
    }
    const required = Array.isArray(s['required']) ? (s['required'] as string[]) : []
    if (required.length > 0 || s['properties'] !== undefined || s['additionalProperties'] !== undefined) {
      const properties = isObject(s['properties']) ? Object.entries(s['properties']).map(([field, inner]) => [field, compile(inner)] as const) : []
      const extra = s['additionalProperties'] === undefined || s['additionalProperties'] === true ? null : compile(s['additionalProperties'])
      // `type: "object"` with its fields: one closure tests the type and the fields.
      const objectOnly = s['type'] === 'object'
      if (objectOnly) {
        tests.splice(typeAt, 1)
        reports.splice(typeAt, 1)
      }
      const object = fields(properties, required, extra, objectOnly)
      keyword(object.test, object.explain)
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const members = s[key]
      if (members === undefined) continue
      if (!Array.isArray(members)) throw new Unsupported(key)
      const list = members.map(compile)
      const memberTests = list.map((m) => m.test)
      if (key === 'allOf') {
        keyword(allOf(memberTests), (v, out) => {
          for (const member of list) if (!out.full && !member.test(v)) member.explain(v, out)
        })
      } else if (key === 'anyOf') {
        keyword(
          (v) => {
            for (let i = 0; i < memberTests.length; i++) if ((memberTests[i] as Test)(v)) return true
            return false
          },
          (_v, out) => out.add('anyOf', 'Does not match any of the allowed schemas.'),
        )
      } else {
        const matches = (v: unknown) => {
          let n = 0
          for (let i = 0; i < memberTests.length && n < 2; i++) if ((memberTests[i] as Test)(v)) n++
          return n
        }
        keyword((v) => matches(v) === 1, (v, out) => out.add('oneOf', matches(v) === 0 ? 'Does not match any of the allowed schemas.' : 'Matches more than one of the allowed schemas.'))
      }
    }
    if (s['not'] !== undefined) {
      const inner = compile(s['not']).test
      keyword((v) => !inner(v), (_v, out) => out.add('not', 'Matches a schema it must not match.'))
    }
    return {
      test: allOf(tests),
      explain: (v, out) => {
        for (let i = 0; i < tests.length && !out.full; i++) if (!(tests[i] as Test)(v)) (reports[i] as Explain)(v, out)
      },
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

/** Each item of a list against `item`. */
function items(item: Test): Test {
  return (v) => {
    if (!Array.isArray(v)) return true
    for (let i = 0; i < v.length; i++) if (!item(v[i])) return false
    return true
  }
}

/**
 * An object's `required`, `properties` and `additionalProperties` (and its
 * type, when `objectOnly`). A field the schema names is reported at its name;
 * one it does not name is reported at the object, so no key of the request
 * is echoed.
 */
function fields(properties: readonly (readonly [string, Compiled])[], required: readonly string[], extra: Compiled | null, objectOnly: boolean): Compiled {
  const own = new Set(properties.map(([field]) => field))
  const names = properties.map(([field]) => field)
  const testsOf = properties.map(([, node]) => node.test)
  const extraTest = extra?.test ?? null
  // A JSON value has no undefined field: `v[field] !== undefined` says it is there, unless an object inherits that name.
  const plain = (field: string) => !(field in Object.prototype)
  const requiredPlain = required.every(plain)
  const plainAt = names.map(plain)
  const has = (v: Json, field: string, isPlain: boolean) => (isPlain ? v[field] !== undefined : Object.hasOwn(v, field))
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
      if (extraTest !== null) for (const field of Object.keys(v)) if (!own.has(field) && !extraTest(v[field])) return false
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
      if (extra !== null) {
        // Reported at the object: the key is the client's.
        for (const field of Object.keys(v)) {
          if (out.full) break
          if (own.has(field) || extra.test(v[field])) continue
          extra.explain(v[field], out)
          // Every other unknown field would say the same, at the same place.
          if (extra === FORBIDDEN) break
        }
      }
    },
  }
}
