/**
 * Types of request validation: `requestValidation` takes JSON Schemas or
 * Standard JSON Schemas (a zod schema) by shape name and a 400 or 422
 * status, and gives what `versionHistory`'s `validation` takes;
 * `InvalidRequestBody` carries its issues.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { fieldAdded, fieldRemoved, shape, versionHistory } from '../../src/changes/index.ts'
import { InvalidRequestBody, requestValidation } from '../../src/validation/index.ts'
import type { RequestValidation } from '../../src/changes/body-checks.ts'
import type { RequestIssue } from '../../src/validation/issues.ts'

const Product = shape<{ title: string; tags: string[] }>('Product')

describe('request validation types', () => {
  it('takes JSON Schemas and zod schemas, and a 400 or 422 status', () => {
    expectTypeOf(requestValidation({ schemas: { Product: { type: 'object' } } })).toExtend<RequestValidation>()
    requestValidation({ schemas: { Product: z.object({ title: z.string() }) }, status: 400 })
    // @ts-expect-error: a status other than 400 or 422
    requestValidation({ schemas: {}, status: 418 })
    // @ts-expect-error: schemas are required
    requestValidation({})
  })

  it('is what versionHistory takes as validation', () => {
    versionHistory({ versions: [{ version: 'v1' }], validation: requestValidation({ schemas: {} }) })
    // @ts-expect-error: not a validation
    versionHistory({ versions: [{ version: 'v1' }], validation: { schemas: {} } })
  })

  it('InvalidRequestBody carries its issues', () => {
    expectTypeOf(new InvalidRequestBody([]).issues).toEqualTypeOf<readonly RequestIssue[]>()
    expectTypeOf<RequestIssue['loc']>().toEqualTypeOf<readonly (string | number)[]>()
  })

  it('keepOlder and required are booleans', () => {
    fieldAdded(Product, 'tags', { default: [], keepOlder: true })
    fieldRemoved(Product, 'sku', { schema: { type: 'string' }, required: true })
    // @ts-expect-error: keepOlder is a boolean
    fieldAdded(Product, 'tags', { keepOlder: 'yes' })
  })
})
