/**
 * The keywords compiled beyond types, bounds and fields (`multipleOf`,
 * `minProperties`, `maxProperties`, `patternProperties`, `propertyNames`,
 * `dependentRequired`, `dependentSchemas`, `prefixItems`, `contains` with
 * `minContains` and `maxContains`, `if`/`then`/`else`): valid and refused
 * values, each refusal's issue type, place and sentence, which the app may
 * rename; no key or value of the request in any of them. And the rule for a
 * schema the closures do not compile: its `uniqueItems` lists need
 * `maxItems` (at most 100) and items typed as strings, numbers, booleans or
 * null, or it fails at construction.
 */
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { compileSchema } from '../support/compile-schema.ts'
import { issueNames } from '../../src/validation/issues.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { partValidator } from '../../src/validation/validate.ts'

const HOSTILE = '<img src=x onerror=alert(1)>'
const limits = { maxIssues: 10, maxDepth: 16, names: (type: string) => type }
const check = (schema: Record<string, unknown>) => {
  expect(compileSchema(schema)).not.toBeNull()
  const validate = partValidator(schema, limits, 'test')
  return (value: unknown) => validate(value, 'body')
}
const issue = (loc: readonly (string | number)[], msg: string, type: string) => ({ loc: ['body', ...loc], msg, type })

describe('keywords compiled', () => {
  it('multipleOf: whole and decimal divisors, decided in decimal', () => {
    const validate = check({ type: 'object', properties: { price: { type: 'number', multipleOf: 0.01 }, pack: { type: 'integer', multipleOf: 6 } } })
    expect(validate({ price: 19.99, pack: 12 })).toBeNull()
    expect(validate({ price: 0.3, pack: 0 })).toBeNull()
    expect(validate({ price: 1.005, pack: 7 })).toEqual([issue(['price'], 'Number is not a multiple of 0.01.', 'multipleOf'), issue(['pack'], 'Number is not a multiple of 6.', 'multipleOf')])
    expect(validate({ price: 1e300, pack: 1.5e300 })).toBeNull()
  })

  it('minProperties and maxProperties count the fields', () => {
    const validate = check({ type: 'object', minProperties: 1, maxProperties: 2 })
    expect(validate({ a: 1 })).toBeNull()
    expect(validate({})).toEqual([issue([], 'Object has too few fields (0 < 1).', 'minProperties')])
    expect(validate({ a: 1, b: 2, [HOSTILE]: 3 })).toEqual([issue([], 'Object has too many fields (3 > 2).', 'maxProperties')])
  })

  it('patternProperties: matching fields checked, reported at their object; the others left to additionalProperties', () => {
    const validate = check({ type: 'object', properties: { id: { type: 'integer' } }, patternProperties: { '^x-': { type: 'string', maxLength: 8 } }, additionalProperties: false })
    expect(validate({ id: 1, 'x-trace': 'abc', 'x-span': '' })).toBeNull()
    expect(validate({ id: 1, [`x-${HOSTILE}`]: HOSTILE })).toEqual([issue([], 'String is too long (28 > 8).', 'maxLength')])
    expect(validate({ id: 1, [HOSTILE]: 'a' })).toEqual([issue([], 'Unknown field in this version.', 'extra_forbidden')])
    // A field both named and matched must satisfy both.
    expect(check({ properties: { 'x-a': { type: 'string' } }, patternProperties: { '^x-': { minLength: 2 } } })({ 'x-a': 'z' })).toEqual([issue([], 'String is too short (1 < 2).', 'minLength')])
  })

  it('propertyNames: a refused name is reported at its object, never quoted', () => {
    const validate = check({ type: 'object', propertyNames: { pattern: '^[a-z_]+$' } })
    expect(validate({ snake_case: 1 })).toBeNull()
    expect(validate({ ok: 1, [HOSTILE]: 2 })).toEqual([issue([], 'A field name does not match the schema.', 'propertyNames')])
  })

  it('dependentRequired and dependentSchemas apply when their field is there', () => {
    const validate = check({ type: 'object', dependentRequired: { card: ['billing', 'cvc'] }, dependentSchemas: { coupon: { properties: { total: { minimum: 10 } } } } })
    expect(validate({ card: '1', billing: 'x', cvc: '1' })).toBeNull()
    expect(validate({ billing: 'x', total: 1 })).toBeNull()
    expect(validate({ card: HOSTILE, coupon: HOSTILE, total: 1 })).toEqual([
      issue(['billing'], 'Field required when "card" is present.', 'missing'),
      issue(['cvc'], 'Field required when "card" is present.', 'missing'),
      issue(['total'], 'Number is less than 10.', 'minimum'),
    ])
  })

  it('prefixItems: each position its schema, items the rest; items: false closes the list', () => {
    const validate = check({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: { type: 'boolean' } })
    expect(validate(['a', 1, true, false])).toBeNull()
    expect(validate(['a'])).toBeNull()
    expect(validate([1, 'b', true, HOSTILE])).toEqual([issue([0], 'Expected "string".', 'type'), issue([1], 'Expected "integer".', 'type'), issue([3], 'Expected "boolean".', 'type')])
    const closed = check({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false })
    expect(closed([1, 2])).toBeNull()
    expect(closed([1, 2, HOSTILE])).toEqual([issue([], 'Array has too many items (3 > 2).', 'maxItems')])
  })

  it('contains, minContains and maxContains count the matching items', () => {
    const one = check({ type: 'array', contains: { const: 'admin' } })
    expect(one(['user', 'admin'])).toBeNull()
    expect(one([HOSTILE])).toEqual([issue([], 'Array has too few items matching "contains" (0 < 1).', 'contains')])
    const some = check({ type: 'array', contains: { type: 'integer' }, minContains: 2, maxContains: 3 })
    expect(some([1, 'a', 2])).toBeNull()
    expect(some([1, 'a'])).toEqual([issue([], 'Array has too few items matching "contains" (1 < 2).', 'minContains')])
    expect(some([1, 2, 3, 4, 5])).toEqual([issue([], 'Array has too many items matching "contains" (more than 3).', 'maxContains')])
    expect(check({ type: 'array', contains: { type: 'integer' }, minContains: 0 })([])).toBeNull()
  })

  it('if, then, else: the branch the condition picks, its issues at their places', () => {
    const validate = check({
      type: 'object',
      properties: { kind: { enum: ['card', 'bank'] } },
      required: ['kind'],
      if: { properties: { kind: { const: 'card' } } },
      then: { required: ['number'] },
      else: { required: ['iban'], properties: { iban: { type: 'string', minLength: 15 } } },
    })
    expect(validate({ kind: 'card', number: '4242' })).toBeNull()
    expect(validate({ kind: 'bank', iban: 'DE89370400440532013000' })).toBeNull()
    expect(validate({ kind: 'card' })).toEqual([issue(['number'], 'Field required.', 'missing')])
    expect(validate({ kind: 'bank', iban: 'DE89' })).toEqual([issue(['iban'], 'String is too short (4 < 15).', 'minLength')])
  })

  it('the new issue types can be renamed by the app', () => {
    const names = issueNames({ multipleOf: 'multiple_of', minProperties: 'too_short', maxContains: 'too_long', propertyNames: 'invalid_key', contains: 'missing_item', minContains: 'missing_item' }, 'test')
    const validate = partValidator({ type: 'object', properties: { n: { multipleOf: 2 }, tags: { contains: { const: 'a' } } }, minProperties: 3 }, { ...limits, names }, 'test')
    expect(validate({ n: 3, tags: [] }, 'body')).toEqual([
      issue(['n'], 'Number is not a multiple of 2.', 'multiple_of'),
      issue(['tags'], 'Array has too few items matching "contains" (0 < 1).', 'missing_item'),
      issue([], 'Object has too few fields (2 < 3).', 'too_short'),
    ])
  })

  it('a realistic schema that needed @cfworker/json-schema is compiled: unique e-mail addresses', () => {
    const validate = check({ type: 'array', uniqueItems: true, items: { type: 'string', format: 'email' } })
    expect(validate(Array.from({ length: 10_000 }, (_, i) => `user${i}@example.com`))).toBeNull()
    expect(validate(['a@example.com', HOSTILE, 'a@example.com'])).toEqual([issue([], 'Duplicate items at indexes 0 and 2.', 'uniqueItems'), issue([1], 'String does not match format "email".', 'format')])
  })
})

describe('a partial body (PATCH)', () => {
  it('requires no field: neither required nor dependentRequired applies, the other keywords do', () => {
    const Card = shape('Card')
    const cards = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Cards have a holder.', [fieldRenamed(Card, { older: 'name', newer: 'holder' })])] }] })
    const schema = { type: 'object', properties: { number: { type: 'string' }, cvc: { type: 'string', pattern: '^[0-9]{3}$' }, holder: { type: 'string' } }, required: ['number'], dependentRequired: { number: ['cvc'] } }
    const [partial] = requestValidation({ schemas: { Card: schema } }).checks(Card, { versions: cards.versions, changelog: cards.changelog() }, { partial: true })
    const [full] = requestValidation({ schemas: { Card: schema } }).checks(Card, { versions: cards.versions, changelog: cards.changelog() })
    expect(() => partial?.({ number: '4242' })).not.toThrow()
    expect(() => full?.({ number: '4242' })).toThrow()
    expect(() => partial?.({ cvc: '12' })).toThrow()
  })

  it("takes null only for a field whose schema takes it, as the head's does (a merge patch removes it there), required or not", () => {
    const Card = shape('Card')
    const cards = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Cards have a holder.', [fieldRenamed(Card, { older: 'name', newer: 'holder' })])] }] })
    const schema = {
      type: 'object',
      properties: {
        number: { type: 'string' },
        cvc: { type: 'string', pattern: '^[0-9]{3}$' },
        holder: { type: ['string', 'null'] },
        label: { type: 'string' },
        brand: { enum: ['visa', 'amex', null] },
        kind: { enum: ['debit', 'credit'] },
        limits: { anyOf: [{ type: 'object', properties: { daily: { type: ['integer', 'null'] }, monthly: { type: 'integer' } } }, { type: 'null' }] },
        pin: { type: ['string', 'null'] },
      },
      required: ['number', 'pin'],
    }
    const [partial] = requestValidation({ schemas: { Card: schema } }).checks(Card, { versions: cards.versions, changelog: cards.changelog() }, { partial: true })
    for (const body of [{ name: null }, { brand: null }, { limits: null }, { limits: { daily: null } }, { pin: null }]) expect(() => partial?.(body), JSON.stringify(body)).not.toThrow()
    for (const body of [{ number: null }, { cvc: null }, { label: null }, { kind: null }, { limits: { monthly: null } }, { cvc: '12' }, { brand: 'other' }]) expect(() => partial?.(body), JSON.stringify(body)).toThrow()
  })
})

describe('a schema the closures do not compile', () => {
  const limitsOf = { maxIssues: 5, maxDepth: 16, names: (type: string) => type }

  it('fails at construction when a uniqueItems list has no maxItems of at most 100 or items that may be lists or objects, saying where and what to do', () => {
    const schema = { $ref: '#/$defs/Order', $defs: { Order: { type: 'object', properties: { tags: { type: 'array', uniqueItems: true, maxItems: 101, items: { type: 'string' } } }, unevaluatedProperties: false } } }
    expect(() => partValidator(schema, limitsOf, 'requestValidation')).toThrow(
      'requestValidation: a schema with "unevaluatedProperties", which request validation does not compile, has a uniqueItems list at #/components/schemas/Order/properties/tags that @cfworker/json-schema would check by comparing every pair of its items. Give that list maxItems (at most 100) and items of type string, number, integer, boolean or null, or leave out "unevaluatedProperties" so that the schema is compiled.',
    )
    expect(() => partValidator({ $dynamicRef: '#x', items: { uniqueItems: true, maxItems: 5 } }, limitsOf, 'test')).toThrow('test: a schema with "$dynamicRef", which request validation does not compile, has a uniqueItems list at #/items that')
    expect(() => partValidator({ properties: { a: 3 }, uniqueItems: true }, limitsOf, 'test')).toThrow('or leave out a subschema that is neither an object nor a boolean so that the schema is compiled.')
    expect(() => partValidator({ $dynamicRef: '#x', uniqueItems: true, maxItems: 5, items: { type: ['string', 'object'] } }, limitsOf, 'test')).toThrow('list at # that')
    expect(() => partValidator({ $dynamicRef: '#x', uniqueItems: true, maxItems: 5, items: { type: 'string' }, prefixItems: [{ type: 'array' }] }, limitsOf, 'test')).toThrow('list at # that')
  })

  it('accepts a bounded list, and what only looks like uniqueItems (a field named so, a constant)', () => {
    const bounded = partValidator({ type: 'array', items: { type: ['integer', 'null'] }, uniqueItems: true, maxItems: 100, unevaluatedItems: false }, limitsOf, 'test')
    expect(bounded([1, 2, 3], 'body')).toBeNull()
    expect(bounded([1, 2, 1], 'body')).toEqual([issue([], 'Duplicate items at indexes 0 and 2.', 'uniqueItems')])
    expect(bounded(Array.from({ length: 101 }, (_, i) => i), 'body')).toEqual([issue([], 'Array has too many items (101 > 100).', 'maxItems')])
    const lookalike = { type: 'object', properties: { uniqueItems: true }, const: { uniqueItems: true }, unevaluatedProperties: false }
    expect(() => partValidator(lookalike, limitsOf, 'test')).not.toThrow()
  })

  it('a compiled schema needs no maxItems: its uniqueItems is one pass', () => {
    expect(() => partValidator({ type: 'array', uniqueItems: true }, limitsOf, 'test')).not.toThrow()
  })

  it('through requestValidation, the history fails at construction', () => {
    const Order = shape('Order')
    const make = () =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Orders have a reference.', [fieldRenamed(Order, { older: 'code', newer: 'reference' })])] }],
        bodies: { 'POST /orders': { request: Order } },
        validation: requestValidation({ schemas: { Order: { type: 'object', properties: { reference: { type: 'string' }, tags: { type: 'array', uniqueItems: true } }, unevaluatedProperties: false } } }),
      })
    expect(make).toThrow('has a uniqueItems list at #/components/schemas/Order/properties/tags of version "1"\'s body schema (in that version\'s field names) that')
  })

  it('names the list in the version whose schema has it: a renamed list has its older name there, which the head schema lacks', () => {
    const Order = shape('Order')
    const make = () =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Orders have tags.', [fieldRenamed(Order, { older: 'labels', newer: 'tags' })])] }],
        bodies: { 'POST /orders': { request: Order } },
        validation: requestValidation({ schemas: { Order: { type: 'object', properties: { tags: { type: 'array', uniqueItems: true } }, unevaluatedProperties: false } } }),
      })
    // Before, the sentence said #/components/schemas/Order/properties/labels alone: no such place in the schema given.
    expect(make).toThrow('has a uniqueItems list at #/components/schemas/Order/properties/labels of version "1"\'s body schema (in that version\'s field names) that')
  })
})
