/**
 * Each operation's request and response contracts in a version live in the
 * model (`OperationAt.request` and `.responses`, src/openapi/operation-contracts.ts),
 * worked out once at their first read: its parameters (the version's own
 * among them), its body as that version's validation reads it (a PATCH's
 * partial update beside the full shape), its responses by status and media
 * type (the toolkit's own answers included). The documents are made from
 * them: each document's operation holds the model's very objects. An app's
 * model (`appModel`) gets its contracts from the same code. A portable
 * suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { responseMedia } from '../../src/model/contracts.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OperationObject } from '../../src/openapi/types.ts'

const Item = shape<{ readonly size: { readonly cm: number } }>('Item')
const sizes = change('Sizes are objects in centimetres instead of a text.', [
  fieldChanged(Item, 'size', { down: (size) => `${size.cm} cm`, up: (text) => ({ cm: Number.parseInt(String(text), 10) }), olderSchema: { type: 'string', pattern: '^[0-9]+ cm$' } }),
])
const schemas = { Item: { type: 'object', properties: { size: { type: 'object', properties: { cm: { type: 'integer' } }, required: ['cm'] } }, required: ['size'] } }
const bodies = { 'POST item-list': { request: Item, response: Item }, 'PATCH item-detail': { request: Item, response: Item } }
const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [sizes] }], bodies })
const routes = defineRoutes([include('/api', [route('item-list', '/items'), route('item-detail', '/items/:id{[0-9]+}')])])
const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z' } }, refuseAfterSunset: true })
const docs = versionedOpenAPI({ scheme, routes, policy, changelog: history, requests: { schemas, bodies }, methods: { 'item-list': ['post'], 'item-detail': ['get', 'patch'] } })
const model = docs.model as ApiModel
const at = (method: string, path: string, version: string) => {
  const found = model.find(method, path)?.at(version)
  if (found == null) throw new Error(`${method} ${path} is not served in ${version}`)
  return found
}

describe("each version's request contract, in the model", () => {
  it("an older version's body is its own (the validation's derivation) and checked; the head's is not", () => {
    const v1 = at('POST', '/api/items', 'v1').request
    expect([v1.checked, v1.body?.body, Object.keys(v1.body?.components ?? {}), v1.partial]).toEqual([true, { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemRequest' } } } }, ['ItemRequest'], null])
    expect((v1.body?.components['ItemRequest'] as { properties: { size: unknown } }).properties.size).toEqual({ type: 'string', pattern: '^[0-9]+ cm$' })
    const v2 = at('POST', '/api/items', 'v2').request
    expect([v2.checked, (v2.body?.components['ItemRequest'] as { properties: { size: unknown } }).properties.size]).toEqual([false, schemas.Item.properties.size])
  })

  it('a PATCH the toolkit checks has the full shape and the partial update it reads; the head has the full one alone', () => {
    const v1 = at('PATCH', '/api/items/{id}', 'v1').request
    expect(v1.body?.body['content']).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ItemRequest' } } })
    expect(v1.partial?.body['content']).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ItemPatchRequest' } } })
    expect(v1.partial?.components['ItemPatchRequest']).not.toHaveProperty('required')
    expect(at('PATCH', '/api/items/{id}', 'v2').request.partial).toBeNull()
  })

  it("its parameters: path params with the table's pattern, and the version's own header", () => {
    const { parameters } = at('GET', '/api/items/{id}', 'v1').request
    expect(parameters.map((p) => [p.in, p.name, p.required, p.schema])).toEqual([
      ['path', 'id', true, { type: 'string', pattern: '^(?:[0-9]+)$' }],
      ['header', 'Api-Version', true, { type: 'string', enum: ['v1'] }],
    ])
  })
})

describe("each version's response contracts, in the model", () => {
  it("an older version's checked body and sunset add the toolkit's answers; the head's has only those of its scheme", () => {
    const statuses = (version: string) => Object.keys(at('POST', '/api/items', version).responses.byStatus)
    expect([statuses('v1'), statuses('v2')]).toEqual([
      ['200', '400', '404', '410', '413', '415', '422'],
      ['200', '400', '404'],
    ])
    expect(Object.keys(at('POST', '/api/items', 'v1').responses.components)).toEqual(['VersioningError'])
  })

  it('responseMedia reads a status, then its class, then default', () => {
    const byStatus = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } }, '4XX': { description: 'No', content: { 'application/json': { schema: { type: 'string' } } } } }
    expect([responseMedia(byStatus, 200, 'application/json'), responseMedia(byStatus, 404, 'application/json'), responseMedia(byStatus, 500, 'application/json'), responseMedia(byStatus, 200, 'text/html')]).toEqual([
      { schema: { type: 'object' } },
      { schema: { type: 'string' } },
      null,
      null,
    ])
    const v1 = at('POST', '/api/items', 'v1').responses.byStatus
    expect(responseMedia(v1, 422, 'application/json')).toEqual({ schema: { $ref: '#/components/schemas/VersioningError' } })
  })

  it('are worked out once: every read gives the same objects', () => {
    const operation = model.find('POST', '/api/items')
    expect(operation?.at('v1')).toBe(operation?.at('v1'))
    expect(at('POST', '/api/items', 'v1').request).toBe(at('POST', '/api/items', 'v1').request)
    expect(at('POST', '/api/items', 'v1').responses).toBe(at('POST', '/api/items', 'v1').responses)
  })
})

describe('the documents read the contracts from the model', () => {
  it("each document's operation holds the model's parameters, body and response contents, and the components they add", () => {
    for (const version of ['v1', 'v2']) {
      const document = docs.document(version)
      const post = document.paths['/api/items']?.post as OperationObject
      const patch = document.paths['/api/items/{id}']?.patch as OperationObject
      const own = at('POST', '/api/items', version)
      const patched = at('PATCH', '/api/items/{id}', version)
      expect(post['requestBody']).toBe(own.request.body?.body)
      expect(patch['requestBody']).toBe((patched.request.partial ?? patched.request.body)?.body)
      expect(post.parameters).toBe(own.request.parameters)
      for (const [status, response] of Object.entries(own.responses.byStatus)) expect(post.responses[status]?.content).toBe(response.content)
      for (const name of [...Object.keys(own.request.body?.components ?? {}), ...Object.keys(own.responses.components)]) expect(document.components?.schemas).toHaveProperty(name)
    }
  })
})

describe("an app's model gets its contracts from the same code", () => {
  it("a plain route's path params (with their patterns), the version's header and the toolkit's answers", () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme }))
    app.get('/users/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id') }))
    const served = appModel({ scheme, app, policy }).find('GET', '/users/{id}')
    const v1 = served?.at('v1')
    expect(v1?.request.parameters.map((p) => [p.in, p.name, p.required, p.schema])).toEqual([
      ['path', 'id', true, { type: 'string', pattern: '^(?:[0-9]+)$' }],
      ['header', 'Api-Version', true, { type: 'string', enum: ['v1'] }],
    ])
    expect([v1?.request.body, Object.keys(v1?.responses.byStatus ?? {}), Object.keys(served?.at('v2')?.responses.byStatus ?? {})]).toEqual([null, ['400', '404', '410'], ['400', '404']])
  })
})
