/**
 * The documents of a history whose route changes a query parameter's or a
 * request header's values (queryParamChanged, requestHeaderChanged), without
 * request validation: in the versions before the change, the parameter has
 * the change's olderSchema, any text without one, under its older name; the
 * head's parameters are the document's. (With validation, the check's
 * schemas: test/validation/parameter-values.test.ts.) A portable suite.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, queryParamChanged, queryParamRenamed, requestHeaderChanged, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
const history = versionHistory({
  versions: [
    { version: '1' },
    // In one version, a value change and a rename of the parameter, in either order: the value change names the newer name.
    { version: '2', changes: [change('Filtered by status, whose values changed.', [queryParamChanged('GET /products', 'status', { up: (older) => older, olderSchema: { type: 'string', enum: ['on', 'off'] } }), queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] },
    { version: '3', changes: [change('Statuses renamed; the flag is a boolean.', [queryParamChanged('GET /products', 'status', { up: (older) => older, olderSchema: { type: 'string', enum: ['available', 'archived'] } }), requestHeaderChanged('GET /products', 'x-flag', { up: (older) => older })])] },
  ],
})
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/products', (c) => c.json({}))
const document: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '3' },
  paths: {
    '/products': {
      get: {
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'archived'] }, example: 'active' },
          { name: 'X-Flag', in: 'header', schema: { type: 'string', enum: ['true', 'false'] } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
}
const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
const parametersOf = (version: string) => (docs.document(version).paths?.['/products']?.get?.parameters ?? []).filter((p) => (p as { name: string }).name !== 'Api-Version')

describe("an older version's parameters whose values a newer version changes", () => {
  it("take the change's olderSchema, any text without one, under their older names, undone newest first", () => {
    expect(parametersOf('3')).toEqual(document.paths?.['/products']?.get?.parameters)
    expect(parametersOf('2')).toEqual([
      { name: 'status', in: 'query', schema: { type: 'string', enum: ['available', 'archived'] } },
      { name: 'X-Flag', in: 'header', schema: { type: 'string' } },
    ])
    expect(parametersOf('1')).toEqual([
      { name: 'state', in: 'query', schema: { type: 'string', enum: ['on', 'off'] } },
      { name: 'X-Flag', in: 'header', schema: { type: 'string' } },
    ])
  })
})
