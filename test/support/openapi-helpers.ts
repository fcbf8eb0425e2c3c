/**
 * Shared by the Node OpenAPI tests: validation against the official OpenAPI
 * 3.1 JSON schema (@seriousme/openapi-schema-validator), plus a check that
 * every local `$ref` resolves. The readers of a document's operations are
 * test/support/document-readers.ts.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect } from 'vitest'
import { danglingRefs } from './document-readers.ts'

const validator = new Validator()

/** Asserts that `document` is a valid OpenAPI 3.1 document whose references all resolve. */
export async function expectValidOpenAPI31(document: unknown): Promise<void> {
  // The validator reads a plain copy (documents are deeply frozen).
  const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.1')
  expect(danglingRefs(document, document)).toEqual([])
}
