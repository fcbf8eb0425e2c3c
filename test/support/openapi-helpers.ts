/**
 * Shared by the OpenAPI tests: validation against the official OpenAPI 3.1
 * JSON schema (@seriousme/openapi-schema-validator), plus a check that every
 * local `$ref` resolves, and readers of a document's operations.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect } from 'vitest'
import type { OpenAPIDocument, OperationObject } from '../../src/openapi/types.ts'

const validator = new Validator()

/** Every `$ref` in `node` that does not resolve in `document`. */
function danglingRefs(document: unknown, node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) danglingRefs(document, item, out)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        let target: unknown = document
        for (const token of value.replace(/^#\//, '').split('/')) {
          target = (target as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')]
        }
        if (!value.startsWith('#/') || target === undefined) out.push(value)
      } else danglingRefs(document, value, out)
    }
  }
  return out
}

/** Asserts that `document` is a valid OpenAPI 3.1 document whose references all resolve. */
export async function expectValidOpenAPI31(document: unknown): Promise<void> {
  // The validator reads a plain copy (documents are deeply frozen).
  const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.1')
  expect(danglingRefs(document, document)).toEqual([])
}

/** `METHOD path` of every operation of a document, in order. */
export function operationsOf(document: OpenAPIDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  )
}

/** The operation at `path` and `method`; fails the test when there is none. */
export function operation(document: OpenAPIDocument, path: string, method = 'get'): OperationObject {
  const found = document.paths[path]?.[method] as OperationObject | undefined
  expect(found, `${method.toUpperCase()} ${path} in ${Object.keys(document.paths).join(', ')}`).toBeDefined()
  return found as OperationObject
}
