/**
 * An older version's query parameters, headers and cookies in its document
 * are the ones the server checks in that version (requestValidation's
 * `parameters`): an enum value added later is not listed, a renamed
 * parameter goes by its older name, a component a parameter's schema refers
 * to is the version's own. Checked by sending the requests each document
 * describes: a request the document calls valid is served, one it calls
 * invalid is refused with 422, judged by a JSON Schema validator
 * (@cfworker/json-schema) against the document's parameter schemas. A
 * portable suite: Node, workerd, Bun and Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { docs, document, names, parametersOf, requests, served, type Json, type Sent } from '../support/older-parameters.ts'

/** A parameter's text as OpenAPI reads it against its schema: a number or boolean where the schema's type is one. */
function valueOf(text: string, schema: Json): unknown {
  const type = schema['type']
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

/** Whether `version`'s document calls the request valid: each documented parameter sent fits its schema, each required one is sent. */
function documentSays(version: string, sent: Sent): boolean {
  const byName = new Map(Object.entries(sent).map(([meaning, text]) => [names[version]?.[meaning as keyof Sent]?.toLowerCase(), text as string]))
  const documented = parametersOf(version).filter((p) => p['in'] !== 'header' || String(p['name']).toLowerCase() !== 'api-version')
  // A client following the document sends only what it lists.
  for (const name of byName.keys()) if (!documented.some((p) => String(p['name']).toLowerCase() === name)) return false
  return documented.every((parameter) => {
    const text = byName.get(String(parameter['name']).toLowerCase())
    if (text === undefined) return parameter['required'] !== true
    const schema = parameter['schema'] as Json
    return new Validator(structuredClone({ ...schema, components: docs.document(version).components }) as never, '2020-12').validate(valueOf(text, schema)).valid
  })
}

describe("an older document's parameters are the ones the server checks", () => {
  it('an enum value added later is not listed, a referenced component is the version\'s own, renamed ones go by their older name', () => {
    const v1 = parametersOf('1')
    const byName = new Map(v1.map((p) => [`${String(p['in'])} ${String(p['name'])}`, p]))
    expect([...byName.keys()]).toEqual(['query status', 'query limit', 'query q', 'header X-Tenant', 'cookie theme', 'header Api-Version'])
    expect((byName.get('query status')?.['schema'] as Json)['enum']).toEqual(['active', 'archived'])
    expect(byName.get('cookie theme')?.['schema']).toEqual({ type: 'string', enum: ['light', 'dark'] })
    // X-Tenant is optional in version 1 (olderRequired: false), though the head requires X-Account; status stays required.
    expect([byName.get('header X-Tenant')?.['required'], byName.get('query q')?.['required'], byName.get('query status')?.['required']]).toEqual([undefined, undefined, true])
    // The head's document is the application's own, as given.
    expect(parametersOf('2').slice(0, 5)).toEqual(document.paths?.['/products']?.get?.parameters)
  })

  it('version 1: what its document calls valid is served, what it calls invalid is refused with 422', async () => {
    const outcomes = await Promise.all(requests.map(async (sent) => [sent, documentSays('1', sent), await served('1', sent)] as const))
    for (const [sent, valid, status] of outcomes) expect({ sent, status }).toEqual({ sent, status: valid ? 200 : 422 })
    // Each way is exercised: the value added in version 2 among the refused.
    expect(outcomes.filter(([, valid]) => valid).length).toBeGreaterThan(2)
    expect(outcomes.filter(([sent, valid]) => !valid && (sent.status === 'draft' || sent.theme === 'contrast')).length).toBe(2)
  })

  it('version 2: what its document calls valid is served (the head is the application\'s to check)', async () => {
    for (const sent of requests.filter((s) => documentSays('2', s))) expect({ sent, status: await served('2', sent) }).toEqual({ sent, status: 200 })
  })
})

describe('a parameter your document gives by reference', () => {
  it("is a copy in the operation of a version that checks it, with that version's schema; the component stays", () => {
    const F = shape<{ status: string }>('F')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Drafts.', [enumValuesAdded(F, 'status', ['draft'], { fallback: 'a' })])] }],
      validation: requestValidation({ schemas: { F: { type: 'object', properties: { status: { type: 'string', enum: ['a', 'draft'] } } } }, parameters: { 'GET /p': { query: F } } }),
    })
    const status = { name: 'status', in: 'query', schema: { type: 'string', enum: ['a', 'draft'] } }
    const head = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/p': { get: { parameters: [{ $ref: '#/components/parameters/Status' }], responses: { '200': { description: 'ok' } } } } }, components: { parameters: { Status: status } } }
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), document: head, changelog: history })
    const first = (version: string) => docs.document(version).paths?.['/p']?.get?.parameters?.[0]
    expect([first('1'), first('2'), docs.document('1').components?.['parameters']]).toEqual([{ name: 'status', in: 'query', schema: { type: 'string', enum: ['a'] } }, { $ref: '#/components/parameters/Status' }, { Status: status }])
  })
})

describe("the status of the toolkit's refusal", () => {
  it.each([400, 422] as const)('requestValidation({ status: %i }): the older document says the status the server refuses with, and no other', async (status) => {
    const F = shape<{ status: string }>('F')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Drafts.', [enumValuesAdded(F, 'status', ['draft'], { fallback: 'a' })])] }],
      validation: requestValidation({ status, schemas: { F: { type: 'object', properties: { status: { type: 'string', enum: ['a', 'draft'] } } } }, parameters: { 'GET /p': { query: F } } }),
    })
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/p', (c) => c.json({ status: c.req.query('status') ?? null }))
    const head = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/p': { get: { responses: { '200': { description: 'ok' } } } } } }
    const responses = versionedOpenAPI({ scheme, app, document: head, changelog: history }).document('1').paths?.['/p']?.get?.responses ?? {}
    const refused = await app.request('/p?status=draft', { headers: { 'Api-Version': '1' } })
    expect([refused.status, Object.keys(responses)]).toEqual([status, status === 400 ? ['200', '400', '404'] : ['200', '400', '404', '422']])
    expect(responses[String(status)]?.description).toMatch(/a query parameter, header or cookie does not match this version's request schema\.$/i)
  })

  it('requestValidation({ status: 400 }) on a body: the older document says 400, and no 422', async () => {
    const Product = shape<{ title: string }>('Product')
    const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }
    const bodies = { 'POST /p': { request: Product } }
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }], bodies, validation: requestValidation({ status: 400, schemas: { Product: schema } }) })
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.post('/p', async (c) => c.json(await c.req.json(), 201))
    const head = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/p': { post: { responses: { '201': { description: 'ok' } } } } } }
    const responses = versionedOpenAPI({ scheme, app, document: head, changelog: history, requests: { schemas: { Product: schema }, bodies } }).document('1').paths?.['/p']?.post?.responses ?? {}
    const refused = await app.request('/p', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"title":"x"}' })
    expect([refused.status, Object.keys(responses)]).toEqual([400, ['201', '400', '404', '413', '415']])
    expect(responses['400']?.description).toMatch(/; or the body does not match this version's request schema\.$/)
  })
})

describe('a parameter shape beside bodies the history migrates', () => {
  it('needs no component schema: its older parameters are written from the check, as the server checks them', async () => {
    const Filter = shape('Filter')
    const Item = shape('Item')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title; they can be archived.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), enumValuesAdded(Filter, 'status', ['archived'], { fallback: 'live' })])] }],
      bodies: { 'GET /items': { response: [Item] } },
      validation: requestValidation({ schemas: { Filter: { type: 'object', properties: { status: { type: 'string', enum: ['live', 'archived'] } } } }, parameters: { 'GET /items': { query: Filter } } }),
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    app.get('/items', (c) => c.json([{ title: 'Lamp' }]))
    const head = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/items': { get: { parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['live', 'archived'] } }], responses: { '200': { description: 'Items.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } } } },
      components: { schemas: { Item: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } } },
    }
    const documents = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), app, document: head, changelog: history })
    const status = documents.document('1').paths?.['/items']?.get?.parameters?.find((p) => p.name === 'status') as { schema: { enum: readonly string[] } }
    expect(status.schema.enum).toEqual(['live'])
    const list = (version: string, query: string) => app.request(`/items?${query}`, { headers: { 'Api-Version': version } })
    expect((await list('1', 'status=live')).status).toBe(200)
    expect((await list('1', 'status=archived')).status).toBe(422)
    expect((await list('2', 'status=archived')).status).toBe(200)
  })
})
