/**
 * The HTTP QUERY method in the documents: OpenAPI 3.2 gives a path item a
 * `query` operation, which a 3.1 document has no key for, so each version's
 * document describes a served QUERY as the path item's `x-query`, made as
 * its GET and POST operations are (parameters, request body, responses,
 * lifecycle headers, the version's path and shapes). The `Allow` of the 405
 * names QUERY exactly where a path has `x-query`.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { validateResponses } from '../../src/contracts/index.ts'
import { mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument, OperationObject, PathItemObject } from '../../src/openapi/types.ts'
import { app, headDocument, history, queryDocs, routes, versioning } from '../support/query-api.ts'

const docs = queryDocs()
const methodsOf = (document: OpenAPIDocument): Record<string, string[]> =>
  Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item).filter((k) => k !== 'x-methodNotAllowed')]))
const queryAt = (document: OpenAPIDocument, path: string): OperationObject => (document.paths[path] as PathItemObject)['x-query'] as OperationObject

describe('a QUERY operation is documented as the path item’s x-query', () => {
  it('in every version that serves the route, at that version’s path; a path without QUERY has none', () => {
    expect(methodsOf(docs.document('v2'))).toEqual({ '/items/search': ['x-query'], '/items': ['get'], '/items/count': ['x-query'] })
    expect(methodsOf(docs.document('v1'))).toEqual({ '/search': ['x-query'], '/items': ['get'] })
    expect(queryAt(docs.document('v2'), '/items/search').operationId).toBe('item-search')
    expect(queryAt(docs.document('v1'), '/search').operationId).toBe('item-search')
    for (const version of ['v1', 'v2']) expect(docs.document(version).paths['/items']).not.toHaveProperty('x-query')
  })

  it('built as the other operations are: the version parameter, the toolkit’s answers, the lifecycle headers, deprecated', () => {
    const v1 = queryAt(docs.document('v1'), '/search')
    expect(v1.parameters).toEqual([{ name: 'Api-Version', in: 'header', required: true, description: 'The API version: v1.', schema: { type: 'string', enum: ['v1'] }, example: 'v1' }])
    expect(Object.keys(v1.responses)).toEqual(['400', '404', '413', '415', '422', 'default'])
    expect(Object.keys(v1.responses['default']?.headers ?? {})).toEqual(['Deprecation', 'Sunset'])
    expect(v1.deprecated).toBe(true)
    const v2 = queryAt(docs.document('v2'), '/items/search')
    expect(Object.keys(v2.responses)).toEqual(['400', '404', 'default'])
    expect(v2).not.toHaveProperty('deprecated')
  })

  it('with each version’s request shape: what v1’s schema refuses, the server refuses; what it accepts, it accepts', async () => {
    const shapeOf = (version: string): unknown => docs.document(version).components?.schemas?.['ItemRequest']?.properties?.['size']
    expect(shapeOf('v1')).toEqual({ type: 'string', pattern: '^[0-9]+ cm$', examples: ['12 cm'] })
    expect(shapeOf('v2')).toEqual({ type: 'object', properties: { cm: { type: 'integer', minimum: 1 } }, required: ['cm'] })
    const v1 = docs.document('v1')
    expect(queryAt(v1, '/search')['requestBody']).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemRequest' } } } })
    const schema = { $ref: '#/$defs/ItemRequest', $defs: JSON.parse(JSON.stringify(v1.components?.schemas).replace(/#\/components\/schemas\//g, '#/$defs/')) as object }
    const validator = new Validator(schema as never, '2020-12', false)
    for (const body of [{ size: '12 cm' }, { size: 12 }, { size: { cm: 12 } }, {}]) {
      const res = await app.request('/search', { method: 'QUERY', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status === 422, JSON.stringify(body)).toBe(!validator.validate(body).valid)
      if (res.status === 200) expect(await res.json()).toEqual({ id: 1, size: '12 cm' })
    }
  })

  it('the 405’s Allow names QUERY exactly where the path has x-query, as the app answers', async () => {
    let checked = 0
    for (const version of ['v1', 'v2']) {
      for (const [path, item] of Object.entries(docs.document(version).paths)) {
        const allow = (item['x-methodNotAllowed']?.headers?.['Allow']?.schema?.['examples'] as string[])[0] as string
        const res = await app.request(path, { method: 'DELETE', headers: { 'Api-Version': version } })
        expect([res.status, res.headers.get('allow')]).toEqual([405, allow])
        const documented = Object.keys(item).filter((k) => k !== 'x-methodNotAllowed').map((k) => k.replace(/^x-/, '').toUpperCase())
        expect(allow.split(', ').filter((m) => m !== 'HEAD')).toEqual(documented)
        checked++
      }
    }
    expect(checked).toBe(5)
  })

  it('methods may say a route serves QUERY, and hide leaves one out by "QUERY name"', () => {
    const listed = versionedOpenAPI({ scheme: versioning.scheme, routes, changelog: history, methods: { 'item-search': ['get', 'query'], 'item-list': ['get'], 'item-count': ['query'] } })
    expect(methodsOf(listed.document('v2'))).toEqual({ '/items/search': ['get', 'x-query'], '/items': ['get'], '/items/count': ['x-query'] })
    expect(queryAt(listed.document('v1'), '/search').operationId).toBe('item-search-query')
    const hidden = queryDocs({ hide: ['QUERY item-count'] })
    expect(methodsOf(hidden.document('v2'))).toEqual({ '/items/search': ['x-query'], '/items': ['get'] })
  })

  it('from a head document: its x-query operations are kept, with the older version’s component schemas; one the app serves is added', () => {
    // The count with a get in the document, which the app serves by QUERY alone.
    const countByGet = { ...headDocument, paths: { ...headDocument.paths, '/items/count': { get: { responses: { '200': { description: 'The count' } } } } } }
    const fromHead = queryDocs({ document: countByGet })
    const v1 = fromHead.document('v1')
    expect(methodsOf(v1)).toEqual({ '/search': ['x-query'], '/items': ['get'] })
    expect(queryAt(v1, '/search').summary).toBe('Finds items like the one sent')
    expect(queryAt(v1, '/search').responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Item' })
    expect(v1.components?.schemas?.['Item']?.properties?.['size']).toEqual({ type: 'string', pattern: '^[0-9]+ cm$', examples: ['12 cm'] })
    expect(fromHead.document('v2').components?.schemas?.['Item']?.properties?.['size']).toEqual({ type: 'object', properties: { cm: { type: 'integer' } } })
    // A bare x-query for the count (any status: QUERY is not a GET), and no get.
    expect(methodsOf(fromHead.document('v2'))['/items/count']).toEqual(['x-query'])
    expect(queryAt(fromHead.document('v2'), '/items/count').responses).toMatchObject({ default: { description: 'The answer; its status is not documented.' } })
  })

  it('validateResponses checks a QUERY answer against the x-query of its version', async () => {
    const fromHead = queryDocs({ document: headDocument })
    const problems: string[] = []
    const checked = new Hono()
    checked.use('*', validateResponses(fromHead, { enabled: true, onInvalid: (p) => void problems.push(`${p.method} ${p.path} ${p.version} ${p.status}`) }), versioning)
    mountRoutes(checked, versioning, { 'item-search': { query: async (c) => c.json({ id: 1, ...((await c.req.json()) as object) }) } })
    const search = async (path: string, version: string, body: unknown): Promise<Response> =>
      checked.request(path, { method: 'QUERY', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect((await search('/items/search', 'v2', { size: { cm: 12 } })).status).toBe(200)
    expect((await search('/search', 'v1', { size: '12 cm' })).status).toBe(200)
    expect(problems).toEqual([])
    // The head's body is the app's to check: an answer its document does not allow is reported.
    expect((await search('/items/search', 'v2', { size: 'large' })).status).toBe(200)
    expect(problems).toEqual(['QUERY /items/search v2 200'])
  })

  it('a plain Hono route registered for QUERY (app.on) is documented as x-query too', () => {
    const plain = new Hono()
    plain.get('/notes', (c) => c.json([]))
    plain.on('QUERY', '/notes', async (c) => c.json([await c.req.json()]))
    const head = { openapi: '3.1.0', info: { title: 'Notes', version: 'v2' }, paths: { '/notes': { get: { responses: { '200': { description: 'The notes' } } } } } }
    const notes = versionedOpenAPI({ scheme: versioning.scheme, document: head, app: plain })
    expect(methodsOf(notes.document('v1'))).toEqual({ '/notes': ['get', 'x-query'] })
    expect(queryAt(notes.document('v1'), '/notes').operationId).toBe('query-notes')
  })
})
