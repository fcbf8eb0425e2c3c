/**
 * The closures request validation compiles a schema into (src/validation/compile.ts)
 * answer "valid?" as @cfworker/json-schema does, for every keyword they
 * know, on generated JSON values; a schema with a keyword they do not know
 * is not compiled. The formats asserted accept exactly the strings
 * @cfworker/json-schema's formats accept, on generated strings near each.
 */
import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileSchema } from '../support/compile-schema.ts'
import { assertProperty } from '../support/property-runs.ts'

const schemas: readonly (readonly [string, unknown])[] = [
  ['types', { type: ['string', 'null'] }],
  ['integer', { type: 'integer', minimum: 0, exclusiveMaximum: 10 }],
  ['number', { type: 'number', maximum: 2.5, exclusiveMinimum: -1 }],
  ['enum of primitives', { enum: ['a', 1, null, true] }],
  ['enum with objects', { enum: [{ a: 1 }, [1, 2], 'x'] }],
  ['const', { const: { k: [1, 'x'] } }],
  ['string lengths (code points)', { type: 'string', minLength: 2, maxLength: 3 }],
  ['pattern', { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' }],
  ['items and counts', { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3, uniqueItems: true }],
  [
    'an object',
    { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' }, constructor: { type: 'string' } }, required: ['a', 'toString'], additionalProperties: { type: 'boolean' } },
  ],
  ['no additional fields', { properties: { a: true }, additionalProperties: false }],
  ['anyOf, oneOf, allOf, not', { anyOf: [{ type: 'string' }, { type: 'integer' }], oneOf: [{ minimum: 0 }, { maximum: 5 }], allOf: [{ not: { const: 3 } }] }],
  [
    'references, recursive',
    { $ref: '#/$defs/Node', $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['name'] } } },
  ],
  ['boolean schemas', { properties: { yes: true, no: false } }],
  ['format (asserted, and an unknown one an annotation)', { anyOf: [{ type: 'string', format: 'date' }, { format: 'ipv4' }, { format: 'no-such-format', maxLength: 1 }] }],
  ['multipleOf, whole and decimal', { anyOf: [{ type: 'integer', multipleOf: 3 }, { type: 'number', multipleOf: 0.5 }] }],
  ['minProperties, maxProperties', { type: 'object', minProperties: 1, maxProperties: 2 }],
  ['patternProperties with additionalProperties', { type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^[ab]': { type: 'integer' }, '^z': true }, additionalProperties: false }],
  ['propertyNames', { propertyNames: { maxLength: 1, pattern: '^[a-y]' } }],
  ['dependentRequired, dependentSchemas', { dependentRequired: { a: ['b'] }, dependentSchemas: { k: { required: ['name'] } } }],
  ['prefixItems with items', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: { type: 'boolean' } }],
  ['prefixItems alone', { prefixItems: [{ const: 1 }] }],
  ['contains', { contains: { type: 'integer' } }],
  ['contains, minContains, maxContains', { contains: { type: 'string' }, minContains: 2, maxContains: 3 }],
  ['minContains 0', { contains: { const: 1 }, minContains: 0, maxContains: 1 }],
  ['if, then, else', { if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'integer' } }],
  ['if with then only, else without if', { if: { type: 'object' }, then: { required: ['a'] }, properties: { b: { else: false } } }],
]

/** JSON values, and values near the schemas above (strings of digits and dots, small numbers, objects with their fields). */
const near = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'ab', 'abc', 'abcd', '😀😀', '😀', '12.50', '1.5', 'x', '', null, true, false, 0, 1, 3, 5, 2.5, -1, 10, 1.5, 0.3, 4.5, 6, 1e21, '2024-02-29', '2023-02-29', '1.2.3.4', '256.1.1.1'),
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -3, max: 12 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'k', 'name', 'children', 'yes', 'no', 'toString', 'constructor', 'z', 'ab', 'zz'), tie('value'), { maxKeys: 4 }),
  ),
})).value

describe('compiled closures agree with @cfworker/json-schema', () => {
  it.each(schemas)('%s', (_name, schema) => {
    const compiled = compileSchema(schema)
    expect(compiled).not.toBeNull()
    const validator = new Validator(schema as never, '2020-12', true)
    assertProperty(
      fc.property(fc.oneof(near, fc.jsonValue({ maxDepth: 3 })), (value) => {
        const json = JSON.parse(JSON.stringify(value ?? null)) as unknown
        expect((compiled as (v: unknown) => boolean)(json)).toBe(validator.validate(json).valid)
      }),
      { numRuns: 300 },
    )
  })

  it.each([
    ['unevaluatedProperties', { type: 'object', unevaluatedProperties: false }],
    ['$dynamicRef', { $dynamicRef: '#node' }],
    ['a $ref outside $defs', { $ref: 'https://example.com/schema' }],
    ['draft 4 exclusiveMinimum', { minimum: 1, exclusiveMinimum: true }],
    ['draft 2019 items as a list', { items: [{ type: 'string' }] }],
  ])('is not compiled with %s: the validator answers alone', (_name, schema) => {
    expect(compileSchema(schema)).toBeNull()
  })
})
