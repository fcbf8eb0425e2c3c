/**
 * The issues of a refused value, on generated JSON values: a value is
 * refused exactly when @cfworker/json-schema refuses it, with at least one
 * and at most `maxIssues` issues, each placed by the schema's own field
 * names and list positions; no generated key appears in an answer unless the
 * schema names it.
 */
import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { partValidator } from '../../src/validation/validate.ts'
import { assertProperty } from '../support/property-runs.ts'

const schemas: readonly (readonly [string, Record<string, unknown>])[] = [
  [
    'an object with lists',
    {
      type: 'object',
      properties: { name: { type: 'string', minLength: 2 }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true }, counts: { type: 'array', items: { type: 'integer', minimum: 0 } } },
      required: ['name'],
      additionalProperties: false,
    },
  ],
  [
    'a recursive tree',
    { $ref: '#/$defs/Node', $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' }, maxItems: 3 } }, required: ['name'], additionalProperties: { type: 'boolean' } } } },
  ],
  ['alternatives and constants', { anyOf: [{ const: { a: [1, 2] } }, { type: 'array', items: { enum: [1, 'x', { k: null }] } }], not: { type: 'null' } }],
  ['format and patternProperties', { type: 'object', properties: { code: { type: 'string', format: 'uuid' }, list: { type: 'array', items: { type: 'integer' } } }, patternProperties: { '^x': { type: 'string' } } }],
  [
    'the keywords of objects',
    { type: 'object', properties: { name: { type: 'string' } }, minProperties: 1, maxProperties: 3, propertyNames: { maxLength: 4 }, dependentRequired: { name: ['code'] }, dependentSchemas: { list: { required: ['k'] } } },
  ],
  ['the keywords of lists', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: { type: 'array' }, contains: { type: 'integer' }, minContains: 1, maxContains: 2 }],
  ['a list closed after its prefix', { type: 'array', prefixItems: [{ type: 'string' }], items: false }],
  ['if, then, else', { if: { type: 'object', required: ['name'] }, then: { properties: { name: { type: 'string', minLength: 2 } } }, else: { type: 'array', items: { multipleOf: 2 } } }],
  ['a keyword the closures do not know', { type: 'object', properties: { code: { type: 'string' }, list: { type: 'array', items: { type: 'integer' }, uniqueItems: true, maxItems: 5 } }, unevaluatedProperties: false }],
]

const NAMES = ['name', 'tags', 'counts', 'children', 'code', 'list', 'a', 'k', 'xx', '<b>hostile</b>', '__proto__', 'zz']
const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'ab', 'x', '', null, true, 0, 1, -1, 2.5, 'x'),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom(...NAMES), tie('value'), { maxKeys: 5 }),
  ),
})).value

const limits = { maxIssues: 4, maxDepth: 6, names: (type: string) => type }

describe('issues of refused values', () => {
  it.each(schemas)('%s: refused exactly when the reference validator refuses, with 1 to maxIssues issues in schema names', (_name, schema) => {
    const validate = partValidator(schema, limits, 'test')
    const reference = new Validator(schema as never, '2020-12', true)
    const declared = new Set(JSON.stringify(schema).match(/"[^"]+"/g)?.map((s) => s.slice(1, -1)))
    assertProperty(
      fc.property(values, (generated) => {
        const value = JSON.parse(JSON.stringify(generated ?? null)) as unknown
        const issues = validate(value, 'body')
        const tooDeep = issues?.[0]?.type === 'too_deep'
        if (!tooDeep) expect(issues === null).toBe(reference.validate(value).valid)
        if (issues === null) return
        expect(issues.length).toBeGreaterThan(0)
        expect(issues.length).toBeLessThanOrEqual(limits.maxIssues)
        for (const { loc } of issues) {
          expect(loc[0]).toBe('body')
          for (const segment of loc.slice(1)) if (typeof segment === 'string') expect(declared.has(segment)).toBe(true)
        }
        expect(JSON.stringify(issues)).not.toContain('hostile')
      }),
      { numRuns: 300 },
    )
  })
})
