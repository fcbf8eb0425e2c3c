/**
 * A document whose path item has fields besides its operations (`summary`,
 * `parameters`, `servers`), which a made-up method a client sends must never
 * reach as its operation; the contracts tests read it.
 */
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

/** The lamps' list (its body requires `items`), a product by id (GET, DELETE) and a literal `/products/me`. */
export const PATH_ITEM_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Lamps', version: 'v3' },
  paths: {
    '/products': {
      summary: 'The lamps.',
      parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
      servers: [{ url: '/' }],
      get: { responses: { '200': { description: 'Lamps.', content: { 'application/json': { schema: { type: 'object', required: ['items'] } } } } } },
    },
    '/products/{id}': { get: { responses: {} }, delete: { responses: { '204': { description: 'Gone.' } } } },
    '/products/me': { get: { responses: { '200': { description: 'Mine.' } } } },
  },
} as unknown as OpenAPIDocument
