/**
 * The head's examples an older document would show in the head's shape
 * (src/openapi/stale-examples.ts): inside component schemas, response
 * components and `components.examples`, and an operation's parameters',
 * left out in a version that changes a shape they hold. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

describe('component-level examples in older documents', () => {
  it("component-level examples holding a shape the version changes are left out there: components.examples, a response component's, an enclosing schema's", () => {
    const Line = shape<{ code: string }>('Line')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Codes.', [fieldRenamed(Line, { older: 'sku', newer: 'code' })])] }] })
    const line = { type: 'object', properties: { code: { type: 'string' } }, required: ['code'], examples: [{ code: 'A' }] }
    const order = { type: 'object', properties: { id: { type: 'integer' }, lines: { type: 'array', items: { $ref: '#/components/schemas/Line' }, examples: [[{ code: 'A' }]] } }, examples: [{ id: 1, lines: [{ code: 'A' }] }] }
    const tag = { type: 'object', properties: { label: { type: 'string' } }, examples: [{ label: 'sale' }] }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: {
        '/orders/{id}': { get: { responses: { '200': { $ref: '#/components/responses/OrderFound' } } } },
        '/lines/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Line' }, examples: { a: { $ref: '#/components/examples/LineA' } } } } } } } },
        '/tags/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Tag' }, examples: { sale: { $ref: '#/components/examples/Sale' } } } } } } } },
      },
      components: {
        schemas: { Line: line, Order: order, Tag: tag },
        examples: { LineA: { value: { code: 'A' } }, Sale: { value: { label: 'sale' } } },
        responses: { OrderFound: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' }, example: { id: 1, lines: [{ code: 'A' }] } } } } },
      },
    }
    const docs = versionedOpenAPI({ scheme, document, changelog: history })
    const v1 = (docs.document('1').components ?? {}) as Record<string, Record<string, Record<string, unknown>>>
    expect(Object.keys(v1['examples'] ?? {})).toEqual(['Sale'])
    expect(v1['responses']?.['OrderFound']).toEqual({ description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } })
    expect(v1['schemas']?.['Order']).toEqual({ type: 'object', properties: { id: { type: 'integer' }, lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } })
    // The changed shape's own examples are migrated with it; a schema that holds no changed shape keeps its own.
    expect([v1['schemas']?.['Line']?.['examples'], v1['schemas']?.['Tag']]).toEqual([[{ sku: 'A' }], tag])
    const v2 = (docs.document('2').components ?? {}) as Record<string, Record<string, Record<string, unknown>>>
    expect([Object.keys(v2['examples'] ?? {}), v2['schemas']?.['Order'], v2['responses']?.['OrderFound']]).toEqual([['LineA', 'Sale'], order, document.components.responses.OrderFound])
  })
  it("a parameter's examples are left out where its schema refers to a component the version changes", () => {
    const P = shape<{ status: string }>('P')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Drafts.', [enumValuesAdded(P, 'status', ['draft'], { fallback: 'active' })])] }] })
    const status = { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' }, example: 'draft' }
    const limit = { name: 'limit', in: 'query', schema: { type: 'integer' }, example: 10 }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/p': { get: { parameters: [status, limit], responses: { '200': { description: 'ok' } } } } },
      components: { schemas: { P: { type: 'object', properties: { status: { $ref: '#/components/schemas/Status' } } }, Status: { type: 'string', enum: ['active', 'draft'] } } },
    }
    const withComponent = { ...document, components: { ...document.components, parameters: { Status: status } } }
    const docs = versionedOpenAPI({ scheme, document: withComponent, changelog: history })
    const parameters = (version: string) => docs.document(version).paths?.['/p']?.get?.parameters
    // A parameter component too.
    expect([docs.document('1').components?.['parameters'], docs.document('2').components?.['parameters']]).toEqual([{ Status: { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } } }, { Status: status }])
    expect(parameters('1')).toEqual([{ name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } }, limit, expect.objectContaining({ name: 'Api-Version' })])
    expect(parameters('2')?.slice(0, 2)).toEqual([status, limit])
  })

  it("a stream's examples are left out where its items hold a shape the version changes", () => {
    const Person = shape<{ fullName: string }>('Person')
    const bodies = { 'GET /people': { items: Person } }
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }], bodies })
    const stream = { schema: { type: 'string' }, example: '{"fullName":"Ada"}\n' }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/people': { get: { responses: { '200': { description: 'ok', content: { 'application/x-ndjson': stream } } } } } },
      components: { schemas: { Person: { type: 'object', properties: { fullName: { type: 'string' } } } } },
    }
    const docs = versionedOpenAPI({ scheme, document, changelog: history, bodies })
    const media = (version: string) => (docs.document(version).paths?.['/people']?.get?.responses?.['200']?.content ?? {})['application/x-ndjson']
    expect([media('1')?.['example'], media('1')?.['x-itemSchema'], media('2')?.['example']]).toEqual([undefined, { $ref: '#/components/schemas/Person' }, stream.example])
  })
})
