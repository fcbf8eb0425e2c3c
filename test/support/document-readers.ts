/**
 * Readers of an OpenAPI document the OpenAPI tests share: its operations, one
 * operation (failing the test when there is none), and the local `$ref`s that
 * do not resolve. Web APIs and vitest only, so the portable suites read them
 * too (test/openapi/documents-served.test.ts); the Node-only validation
 * against the official schema is test/support/openapi-helpers.ts.
 */
import { expect } from 'vitest'
import type { OpenAPIDocument, OperationObject } from '../../src/openapi/types.ts'

/** Every `$ref` in `node` that does not resolve in `document`. */
export function danglingRefs(document: unknown, node: unknown, out: string[] = []): string[] {
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
