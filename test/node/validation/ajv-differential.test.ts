/**
 * The compiled closures give the verdicts (valid or not) Ajv gives, over
 * generated 2020-12 schemas of every keyword they compile and values made to
 * sit near their bounds: numbers (-0, huge, tiny, beyond 2^53, decimals
 * against `multipleOf: 0.01`), strings of astral characters and lone
 * surrogates, lists with equal items (objects whose keys are in other
 * orders, `1` and `1.0`), objects with `__proto__`, `constructor` and
 * `hasOwnProperty` as keys, combinators and recursive `$ref`s. Ajv is asked
 * with formats off (the formats are `@cfworker/json-schema`'s, compared in
 * test/validation/formats.test.ts), and its `multipleOf` is that library's:
 * the closures decide it in decimal as it does (`0.3` is a multiple of `0.1`,
 * `1e-320` is not one of `0.01`), where Ajv divides in binary. Where Ajv and
 * `@cfworker/json-schema` disagree with each other, the closures must agree
 * with one of them. Ajv 8.20 is wrong there, as 2020-12 and that library
 * read it: it accepts `[]` under `{ prefixItems: [{ type: 'string' }],
 * contains: {} }` (its `contains` is skipped when the list is shorter than
 * `prefixItems`), and `{}` under `{ required: ['constructor'] }` (a name of
 * Object.prototype counts as present, in `dependentRequired` too); a value it
 * cannot judge (its deep equality calls a field named `toString`) is judged
 * by that library alone. `DIFFERENTIAL_COUNT=1` prints the counts and the
 * first cases where the two disagree. Schemas with draft 7's forms (`dependencies`, `items`
 * as a list with `additionalItems`) are not compiled: `@cfworker/json-schema`
 * answers them, and agrees with Ajv's draft-07 validator; so it does, with
 * Ajv 2020-12, on schemas with `unevaluatedProperties` and `unevaluatedItems`.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import AjvDraft7 from 'ajv'
import { Validator, validate as peerValidate } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileOrUnknown } from '../../../src/validation/compile.ts'
import { partValidator } from '../../../src/validation/validate.ts'
import { assertProperty } from '../../support/property-runs.ts'

/** An object with `entries` as its own fields, as JSON.parse makes it (`__proto__` a field, not the prototype). */
function object(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  return out
}

const KEYS = ['a', 'b', 'ab', '_x', '__proto__', 'constructor', 'hasOwnProperty', 'toString', 'é', '😀']
const key = fc.constantFrom(...KEYS)
const numbers = fc.oneof(
  fc.integer({ min: -5, max: 12 }),
  fc.integer({ min: -2000, max: 2000 }).map((n) => n / 100),
  fc.integer({ min: -2000, max: 2000 }).map((n) => n / 1000),
  fc.constantFrom(-0, 0.5, 1e308, -1e308, 1e-320, 5e-324, 2 ** 53, 2 ** 53 + 2, 123456789012345678901234567890, 1.7976931348623157e308, 0.1 + 0.2),
)
const strings = fc.oneof(
  fc.constantFrom('', 'a', 'ab', 'abc', '😀', '😀😀', 'a😀', '\ud800', '\udc00a', '\ud800\ud800', 'é', 'e\u0301', '_x', 'ba', 'A'),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
)
/** JSON values, leaning to what the schemas below test: few kinds of leaf, few keys, shallow. */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    numbers,
    strings,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(object),
  ),
}))
/** A list with an item repeated, perhaps as an object whose keys are in another order. */
const repeated = fc.tuple(fc.array(value, { minLength: 1, maxLength: 3 }), fc.nat(), fc.boolean()).map(([list, at, reorder]) => {
  const item = list[at % list.length]
  const copy = reorder && item !== null && typeof item === 'object' && !Array.isArray(item) ? object(Object.entries(item).reverse()) : structuredClone(item)
  return [...list, copy]
})

const small = fc.integer({ min: 0, max: 4 })
const PATTERNS = ['^a', 'b$', '^\\p{L}+$', '^.{2}$', '😀', '^[a-z_]*$', '^_']
/** Keywords on their own (no subschema). */
const leaf = fc
  .record(
    {
      type: fc.oneof(fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', 'array', 'object'), fc.uniqueArray(fc.constantFrom('string', 'integer', 'null', 'object'), { minLength: 1, maxLength: 3 })),
      enum: fc.array(value, { minLength: 1, maxLength: 3 }),
      const: value,
      minimum: numbers,
      maximum: numbers,
      exclusiveMinimum: numbers,
      exclusiveMaximum: numbers,
      multipleOf: fc.constantFrom(1, 2, 3, 0.5, 0.25, 0.1, 0.01, 2.5),
      minLength: small,
      maxLength: small,
      pattern: fc.constantFrom(...PATTERNS),
      minItems: small,
      maxItems: small,
      uniqueItems: fc.boolean(),
      minProperties: small,
      maxProperties: small,
      required: fc.uniqueArray(key, { maxLength: 2 }),
      dependentRequired: fc.array(fc.tuple(key, fc.uniqueArray(key, { maxLength: 2 })), { maxLength: 2 }).map(object),
    },
  )
  // One to three of them: a schema of every keyword at once would refuse nearly every value.
  .chain((s) => fc.shuffledSubarray(Object.entries(s), { minLength: 1, maxLength: 3 }))
  .map(object)

/** Schemas of the keywords above and of those with subschemas, to a small depth; `$ref` to the recursive `Tree`. */
const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    leaf,
    leaf,
    fc.boolean(),
    fc.constant({ $ref: '#/$defs/Tree' }),
    fc
      .record(
        {
          items: tie('schema'),
          prefixItems: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
          contains: tie('schema'),
          minContains: small,
          maxContains: small,
          properties: fc.array(fc.tuple(key, tie('schema')), { maxLength: 3 }).map(object),
          patternProperties: fc.array(fc.tuple(fc.constantFrom(...PATTERNS), tie('schema')), { maxLength: 2 }).map(object),
          additionalProperties: tie('schema'),
          propertyNames: fc.oneof(leaf.map((s) => object(Object.entries(s).filter(([k]) => k !== 'type' && k !== 'const' && k !== 'enum'))), fc.record({ pattern: fc.constantFrom(...PATTERNS) })),
          dependentSchemas: fc.array(fc.tuple(key, tie('schema')), { maxLength: 2 }).map(object),
          allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
          anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }),
          oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }),
          not: tie('schema'),
          if: tie('schema'),
          then: tie('schema'),
          else: tie('schema'),
          type: fc.constantFrom('array', 'object'),
        },
        { requiredKeys: [] },
      )
      .map((s) => object(Object.entries(s))),
  ),
}))
/** A recursive schema every generated schema may reference: a tree of `{ value, children }`, or a list of trees. */
const TREE = { anyOf: [{ type: 'object', properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } }, required: ['value'] }, { type: 'array', items: { $ref: '#/$defs/Tree' }, maxItems: 3 }] }
const tree = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof({ maxDepth: 3 }, fc.record({ value: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant('x')), children: fc.array(tie('tree'), { maxLength: 2 }) }, { requiredKeys: ['value'] }), fc.array(tie('tree'), { maxLength: 4 })),
})).tree

const ajv = new Ajv2020({ strict: false, validateFormats: false, code: { optimize: false } })
ajv.removeKeyword('multipleOf')
ajv.addKeyword({ keyword: 'multipleOf', type: 'number', schemaType: 'number', validate: (divisor: number, n: number) => peerValidate(n, { multipleOf: divisor }, '2020-12').valid })

/** Ajv's verdict, or `undefined` where it throws. */
function verdict(judge: (value: unknown) => boolean, value: unknown): boolean | undefined {
  try {
    return judge(value)
  } catch {
    return undefined
  }
}
const instances = fc.array(fc.oneof(value, value, repeated, tree), { minLength: 1, maxLength: 6 })

describe('the compiled closures agree with Ajv (2020-12)', () => {
  it('on generated schemas of every compiled keyword and values near their bounds', () => {
    let compared = 0
    let split = 0
    let valid = 0
    const splits: string[] = []
    assertProperty(
      fc.property(schema, instances, (root, values) => {
        const full = { ...(typeof root === 'object' ? (root as object) : { allOf: [root] }), $defs: { Tree: TREE } }
        const compiled = compileOrUnknown(full)
        if (typeof compiled === 'string') throw new Error(`not compiled: ${compiled}`)
        const judge = ajv.compile(full)
        const peer = new Validator(full as never, '2020-12', true)
        for (const instance of values) {
          const ours = compiled.test(instance)
          const byAjv = verdict(judge, instance)
          const byPeer = peer.validate(instance).valid
          const expected = byAjv === undefined || (ours === byPeer && byAjv !== byPeer) ? byPeer : byAjv
          expect([instance, ours]).toEqual([instance, expected])
          compared++
          if (ours) valid++
          if (byAjv !== byPeer && split++ < 5) splits.push(JSON.stringify([full, instance, ours, byAjv ?? 'throws', byPeer]))
        }
      }),
      // Each run compiles its schema with Ajv (most of its time): 60 runs on the fixed seed, then 300 fresh.
      { numRuns: 300 },
    )
    if (process.env['DIFFERENTIAL_COUNT'] !== undefined) console.log(`compared ${compared} values (${valid} valid), ${split} on which Ajv and @cfworker/json-schema disagree:\n${splits.join('\n')}`)
    expect(compared).toBeGreaterThan(180)
    // Both verdicts are common: the values are made to sit near the schemas' bounds.
    expect(valid).toBeGreaterThan(compared / 10)
    expect(valid).toBeLessThan(compared - compared / 10)
  }, 30_000)

  it('on numbers at the edges of what JSON can write', () => {
    const values = [1e308, -1e308, 1e-320, 5e-324, 123456789012345678901234567890, 2 ** 53 + 2, -0, 0.07, 1.13, 19.99, 0.3, 1.7976931348623157e308]
    for (const s of [{ multipleOf: 0.01 }, { multipleOf: 1 }, { multipleOf: 1e-320 }, { multipleOf: 3 }, { type: 'integer' }, { maximum: 1e308 }, { exclusiveMaximum: 1e308 }, { minimum: -0 }, { exclusiveMinimum: 0 }, { exclusiveMinimum: -0 }, { const: 0 }, { enum: [0] }]) {
      const compiled = compileOrUnknown(s)
      if (typeof compiled === 'string') throw new Error(compiled)
      const judge = ajv.compile(s)
      for (const n of values) expect([s, n, compiled.test(n)]).toEqual([s, n, verdict(judge, n)])
    }
  })
})

describe("draft 7's forms, left to @cfworker/json-schema, agree with Ajv's draft-07 validator", () => {
  const draft7 = new AjvDraft7({ strict: false, validateFormats: false })
  const limits = { maxIssues: 100, maxDepth: 64, names: (type: string) => type }
  const forms = [
    { type: 'object', dependencies: { a: ['b'], b: { required: ['ab'] } } },
    { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false },
    { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'null' } },
    { exclusiveMinimum: 1, exclusiveMaximum: 3 },
    { properties: { a: { type: 'integer' } }, dependencies: { a: { properties: { b: { const: 1 } } } } },
  ]
  it.each(forms.map((form) => [JSON.stringify(form), form] as const))('%s', (_name, form) => {
    expect(typeof compileOrUnknown(form) === 'string' || !('dependencies' in form || 'additionalItems' in form)).toBe(true)
    const check = partValidator(form as never, limits, 'differential')
    const judge = draft7.compile(form)
    assertProperty(
      fc.property(fc.oneof(value, repeated), (instance) => {
        expect([instance, check(instance, 'body') === null]).toEqual([instance, judge(instance)])
      }),
      { numRuns: 300 },
    )
  })
})

describe('unevaluatedProperties and unevaluatedItems, left to @cfworker/json-schema, agree with Ajv (2020-12)', () => {
  const limits = { maxIssues: 100, maxDepth: 64, names: (type: string) => type }
  const forms: Record<string, unknown>[] = [
    { type: 'object', properties: { a: { type: 'integer' } }, patternProperties: { '^_': true }, unevaluatedProperties: false },
    { allOf: [{ properties: { a: true } }], anyOf: [{ properties: { b: true }, required: ['b'] }, { properties: { ab: true } }], unevaluatedProperties: { type: 'string' } },
    { if: { required: ['a'] }, then: { properties: { b: true } }, else: { properties: { ab: true } }, unevaluatedProperties: false },
    { type: 'array', prefixItems: [{ type: 'string' }], anyOf: [{ prefixItems: [true, { type: 'integer' }] }, { maxItems: 1 }], unevaluatedItems: false },
    { type: 'array', allOf: [{ prefixItems: [true, true] }], unevaluatedItems: { type: 'null' } },
  ]
  it.each(forms.map((form) => [JSON.stringify(form), form] as const))('%s', (_name, form) => {
    expect(typeof compileOrUnknown(form)).toBe('string')
    const check = partValidator(form as never, limits, 'differential')
    const judge = ajv.compile(form)
    assertProperty(
      fc.property(fc.oneof(value, repeated), (instance) => {
        const expected = verdict(judge, instance)
        if (expected !== undefined && !ajvDefect(form, instance)) expect([instance, check(instance, 'body') === null]).toEqual([instance, expected])
      }),
      { numRuns: 300 },
    )
  })
})

/**
 * Where Ajv 8.20 is wrong, as 2020-12 and @cfworker/json-schema read it: its `unevaluatedProperties` takes a field
 * named as an Object.prototype member (`toString`, `constructor`) for evaluated when other keywords evaluate fields
 * (`patternProperties`, `allOf`, `if`). (Its `unevaluatedItems` also takes every item for evaluated beside
 * `contains`, which 2020-12 limits to the items `contains` matched: no form here has both.)
 */
function ajvDefect(form: Record<string, unknown>, instance: unknown): boolean {
  return 'unevaluatedProperties' in form && instance !== null && typeof instance === 'object' && !Array.isArray(instance) && Object.keys(instance).some((key) => key in Object.prototype)
}
