/**
 * Documents with QUERY operations (`x-query`, test/support/query-api.ts)
 * for the tools that read them: each validates against the official
 * OpenAPI 3.1 schema, which a bare `query` key (OpenAPI 3.2's) would fail;
 * openapi-typescript reads them as it reads any, the extension left out.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import openapiTS, { astToString } from 'openapi-typescript'
import { describe, expect, it } from 'vitest'
import { checkDocuments } from '../../../scripts/lib/document-check.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'
import { app, headDocument, queryDocs } from '../../support/query-api.ts'

type Json = Record<string, any>

const docs = queryDocs()

describe('documents with x-query stay OpenAPI 3.1', () => {
  it('every version’s document validates against the official 3.1 schema, from the table and from a head document', async () => {
    for (const documents of [docs, queryDocs({ document: headDocument })]) {
      for (const { version } of documents.versions) await expectValidOpenAPI31(documents.document(version))
    }
  })

  it('the same document with a bare query key (OpenAPI 3.2’s) does not', async () => {
    const copy = JSON.parse(JSON.stringify(docs.document('v2'))) as Json
    const item = copy['paths']['/items/search'] as Json
    item['query'] = item['x-query']
    delete item['x-query']
    const result = await new Validator().validate(copy)
    expect(result.valid).toBe(false)
    expect(result.errors).toEqual([expect.objectContaining({ instancePath: '/paths/~1items~1search', params: { unevaluatedProperty: 'query' } })])
  })

  it('openapi-typescript generates the types of the other operations, without the QUERY one', async () => {
    const source = astToString(await openapiTS(JSON.parse(JSON.stringify(docs.document('v2'))) as never))
    expect(source).toContain('"/items": {')
    expect(source).toContain('"/items/search": {')
    expect(source).not.toContain('x-query')
  })
})

describe('npm run contracts’ check of documents against the app', () => {
  it('from the head document: calls each x-query operation by QUERY, with a body from its version’s request schema, and each answer agrees with its document', async () => {
    const result = await checkDocuments(app, [queryDocs({ document: headDocument })])
    expect(result.problems).toEqual([])
    // v2: the search, the list, the count; v1: the search (at /search) and the list.
    expect(result.calls).toBe(5)
  })
})
