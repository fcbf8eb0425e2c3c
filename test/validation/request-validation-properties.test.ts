/**
 * Each older version's derived request schema accepts exactly that version's
 * shapes, for a history with a rename, a type change, a removal, an added
 * field and an added enum value: a value generated in an older version's
 * shape passes its check, migrates up, and validates against the head
 * schema; the same value with one thing of a newer version in it is refused.
 */
import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { InvalidRequestBody, requestValidation } from '../../src/validation/index.ts'
import { assertProperty } from '../support/property-runs.ts'

const Category = shape('Category')
const Product = shape<Record<string, unknown>>('Product', { nested: { category: Category } })
const schemas = {
  Product: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      price: { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string', enum: ['EUR'] } }, required: ['amount', 'currency'] },
      status: { type: 'string', enum: ['active', 'archived', 'draft'] },
      category: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['title', 'price', 'tags'],
  },
  Category: { type: 'object', properties: { slug: { type: 'string' }, title: { type: 'string' } }, required: ['slug', 'title'] },
}
const history = versionHistory({
  versions: [
    { version: 'v1' },
    { version: 'v2', changes: [change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })])] },
    {
      version: 'v3',
      changes: [
        change('Money.', [
          fieldChanged(Product, 'price', {
            down: (price) => ((price as { amount: number }).amount / 100).toFixed(2),
            up: (price) => ({ amount: Math.round(Number(price) * 100), currency: 'EUR' }),
            olderSchema: { type: 'string', pattern: '^[0-9]{1,6}\\.[0-9]{2}$' },
          }),
          fieldRemoved(Product, 'sku', { schema: { type: 'string' }, required: true }),
        ]),
      ],
    },
    { version: 'v4', changes: [change('Drafts and tags.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }), fieldAdded(Product, 'tags', { default: [] })])] },
  ],
})
const checks = requestValidation({ schemas }).checks(Product, { versions: history.versions, changelog: history.changelog() })
const head = new Validator({ $ref: '#/$defs/Product', $defs: { Product: { ...schemas.Product, properties: { ...schemas.Product.properties, category: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } } }, Category: schemas.Category } } as never, '2020-12', false)

const text = fc.string({ minLength: 1, maxLength: 8 })
const older = fc.constantFrom('active', 'archived')
const money = fc.integer({ min: 0, max: 999_999 }).map((cents) => (cents / 100).toFixed(2))
/** A value in version `v`'s shape (index 0: v1), optional fields left out at random. */
function productIn(v: number): fc.Arbitrary<Record<string, unknown>> {
  const name = v === 0 ? 'name' : 'title'
  const category = fc.option(fc.record({ slug: text, [name]: text }), { nil: null })
  return fc.record<Record<string, unknown>>(
    {
      [name]: text,
      price: v < 2 ? money : fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), currency: fc.constant('EUR') }),
      status: v < 3 ? older : fc.constantFrom('active', 'archived', 'draft'),
      category,
      ...(v < 2 ? { sku: text } : {}),
      ...(v === 3 ? { tags: fc.array(text, { maxLength: 3 }) } : {}),
    },
    { requiredKeys: (v < 2 ? [name, 'price', 'sku'] : v === 3 ? [name, 'price', 'tags'] : [name, 'price']) as never },
  )
}

describe('derived request schemas accept exactly the older shapes', () => {
  it('has a check for each older version and none for the head', () => {
    expect(checks.map((check) => check !== null)).toEqual([true, true, true, false])
  })

  it.each([0, 1, 2])('a value in v%i\'s shape passes its check, migrates up and fits the head schema', (v) => {
    const check = checks[v] as (value: unknown) => void
    assertProperty(
      fc.property(productIn(v), (value) => {
        check(structuredClone(value))
        const migrated = history.migrate(value, { as: Product, from: history.versions[v] as 'v1' })
        const result = head.validate(migrated)
        return result.valid
      }),
    )
  })

  it.each([
    ['a newer name', 0, (value: Record<string, unknown>) => ({ ...value, title: value['name'], name: undefined })],
    ['a newer price', 1, (value: Record<string, unknown>) => ({ ...value, price: { amount: 1, currency: 'EUR' } })],
    ['no SKU, which it still required', 1, (value: Record<string, unknown>) => ({ ...value, sku: undefined })],
    ['a newer enum value', 2, (value: Record<string, unknown>) => ({ ...value, status: 'draft' })],
  ] as const)('the same value with %s is refused in v%i', (_what, v, newer) => {
    const check = checks[v] as (value: unknown) => void
    assertProperty(
      fc.property(productIn(v), (value) => {
        const changed = JSON.parse(JSON.stringify(newer(value)))
        expect(() => check(changed)).toThrow(InvalidRequestBody)
      }),
    )
  })
})
