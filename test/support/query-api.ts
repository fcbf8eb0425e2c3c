/**
 * An API that serves the HTTP QUERY method through `mountRoutes`, for the
 * OpenAPI suites: a search answered by QUERY (its path moved in v2, its
 * body's `size` a text in v1 and an object in v2), a list answered by GET,
 * and a count added in v2, answered by QUERY alone. v1 is deprecated. Its
 * documents are made from the table and the app, or from its head document.
 */
import { Hono } from 'hono'
import { change, fieldChanged, pathChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI, type VersionedOpenAPIOptions } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Item {
  readonly id: number
  readonly size: { readonly cm: number }
}
const Item = shape<Item>('Item')
const sizes = change('Sizes are objects in centimetres instead of a text.', [
  fieldChanged(Item, 'size', { down: (size) => `${size.cm} cm`, up: (text) => ({ cm: Number.parseInt(String(text), 10) }), olderSchema: { type: 'string', pattern: '^[0-9]+ cm$', examples: ['12 cm'] } }),
])
const moved = change('The search moved under the items.', [pathChanged('item-search', { older: '/search', newer: '/items/search' })])
const ItemInput = { type: 'object', properties: { size: { type: 'object', properties: { cm: { type: 'integer', minimum: 1 } }, required: ['cm'] } }, required: ['size'] }

export const schemas = { Item: ItemInput }
export const bodies = { 'QUERY item-search': { request: Item, response: Item }, 'GET item-list': { response: [Item] as const } }
export const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [sizes, moved] }], bodies, validation: requestValidation({ schemas }) })
export const routes = defineRoutes(history.routes([route('item-search', '/items/search'), route('item-list', '/items'), versioned(['v2'], route('item-count', '/items/count'))]))
export const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z' } } })
export const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes, policy, changes: history })

export const app = new Hono()
app.use('*', versioning)
mountRoutes(app, versioning, {
  'item-search': { query: async (c) => c.json({ id: 1, ...((await c.req.json()) as object) }) },
  'item-list': { get: (c) => c.json([]) },
  'item-count': { query: (c) => c.json({ count: 1 }) },
})

/** The API's own head document: each operation with its answer's schema (the search's `Item`, rewritten for v1). */
export const headDocument = {
  openapi: '3.1.0',
  info: { title: 'Items', version: 'v2' },
  paths: {
    '/items/search': {
      'x-query': {
        summary: 'Finds items like the one sent',
        responses: { '200': { description: 'The item found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
    '/items': { get: { responses: { '200': { description: 'The items', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } } },
    '/items/count': { 'x-query': { responses: { '200': { description: 'The count', content: { 'application/json': { schema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] } } } } } } },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'integer' }, size: { type: 'object', properties: { cm: { type: 'integer' } } } } } } },
}

/** The documents of the API, from the table and the app (`options` added). */
export function queryDocs(options: Partial<VersionedOpenAPIOptions> = {}): ReturnType<typeof versionedOpenAPI> {
  return versionedOpenAPI({ scheme: versioning.scheme, routes, policy, changelog: history, requests: { schemas, bodies }, app, ...options })
}
