/**
 * The issues of a schema validated by @cfworker/json-schema (one with a
 * keyword the closures do not compile, here `unevaluatedProperties`): each
 * keyword below is said as the compiled check says it, at the same place, so
 * that a client reads the same sentence and `type` whichever check ran, and
 * no sentence says what is not so (before, a value matching two of a
 * `oneOf`'s schemas was told it matched none, and an item past a closed list
 * was an "unknown field").
 */
import { describe, expect, it } from 'vitest'
import { partValidator } from '../../src/validation/validate.ts'

const limits = { maxIssues: 10, maxDepth: 16, names: (type: string) => type }

/** The issues of `value` under `schema`, compiled and given to the fallback (the same schema with `unevaluatedProperties: false`). */
function both(schema: Record<string, unknown>, value: unknown) {
  const compiled = partValidator({ type: 'object', ...schema }, limits, 'test')(value, 'body')
  const fallback = partValidator({ type: 'object', ...schema, unevaluatedProperties: false }, limits, 'test')(value, 'body')
  return { compiled, fallback }
}

describe('a schema given to the fallback says each refusal as the compiled check does', () => {
  it.each([
    ['a oneOf two of whose schemas match', { properties: { e: { oneOf: [{ type: 'integer' }, { type: 'number' }] } } }, { e: 1 }, [{ loc: ['body', 'e'], msg: 'Matches more than one of the allowed schemas.', type: 'oneOf' }]],
    ['a oneOf none of whose schemas match', { properties: { e: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] } } }, { e: 's' }, [{ loc: ['body', 'e'], msg: 'Does not match any of the allowed schemas.', type: 'oneOf' }]],
    ['a list longer than its prefix, closed by items: false', { properties: { l: { type: 'array', prefixItems: [{}, {}], items: false } } }, { l: [1, 2, 3] }, [{ loc: ['body', 'l'], msg: 'Array has too many items (3 > 2).', type: 'maxItems' }]],
    ['a field another requires (dependentRequired)', { properties: { card: {}, cvc: {} }, dependentRequired: { card: ['cvc'] } }, { card: 1 }, [{ loc: ['body', 'cvc'], msg: 'Field required when "card" is present.', type: 'missing' }]],
    ['a field name propertyNames refuses', { propertyNames: { maxLength: 5 } }, { '<b>long</b>': 1 }, [{ loc: ['body'], msg: 'A field name does not match the schema.', type: 'propertyNames' }]],
    ['a list with no item matching contains', { properties: { l: { type: 'array', contains: { type: 'integer' } } } }, { l: ['a', 'b'] }, [{ loc: ['body', 'l'], msg: 'Array has too few items matching "contains" (0 < 1).', type: 'contains' }]],
    ['a list with too few items matching contains (minContains)', { properties: { l: { type: 'array', contains: { type: 'integer' }, minContains: 2 } } }, { l: [1, 'b'] }, [{ loc: ['body', 'l'], msg: 'Array has too few items matching "contains" (1 < 2).', type: 'minContains' }]],
    ['a list with too many items matching contains (maxContains)', { properties: { l: { type: 'array', contains: { type: 'integer' }, maxContains: 1 } } }, { l: [1, 2] }, [{ loc: ['body', 'l'], msg: 'Array has too many items matching "contains" (more than 1).', type: 'maxContains' }]],
    ['a field an item of a list does not allow: still an unknown field, at the item', { properties: { l: { type: 'array', items: { type: 'object', additionalProperties: false } } } }, { l: [{ x: 1 }] }, [{ loc: ['body', 'l', 0], msg: 'Unknown field in this version.', type: 'extra_forbidden' }]],
  ])('%s', (_name, schema, value, issues) => {
    const { compiled, fallback } = both(schema, value)
    expect(compiled).toEqual(issues)
    // The fallback stops at its first error; the body's own unknown field (unevaluatedProperties: false) is refused too where the keyword does not say it.
    expect(fallback?.filter((issue) => !(issue.type === 'extra_forbidden' && issue.loc.length === 1))).toEqual(issues)
  })
})
