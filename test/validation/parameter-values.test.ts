/**
 * A query parameter or request header whose values changed
 * (`queryParamChanged`, `requestHeaderChanged`) is validated in the older
 * client's own version against the change's `olderSchema`, before `up`
 * makes its value the head's; the errors name what the client sent; the
 * version's document gives that schema, and the model's migration names the
 * change. A parameter schema listing the parameter without an `olderSchema`
 * fails at construction. A portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, queryParamChanged, queryParamRenamed, requestHeaderChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Filter = shape<{ status?: 'active' | 'archived'; page?: number }>('Filter')
const Flags = shape<{ 'X-Dry-Run'?: 'true' | 'false' }>('Flags')
const schemas = {
  Filter: { type: 'object', properties: { status: { type: 'string', enum: ['active', 'archived'] }, page: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  Flags: { type: 'object', properties: { 'X-Dry-Run': { type: 'string', enum: ['true', 'false'] } } },
}
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
const statusUp = (older: string | null) => (older === 'available' ? 'active' : older)
const flagUp = (older: string | null) => (older === null ? null : older === 'yes' ? 'true' : 'false')

function history(withSchema = true) {
  return versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Filters by status.', [queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] },
      {
        version: '3',
        changes: [
          change('Statuses and flags read as the head writes them.', [
            queryParamChanged('GET /products', 'status', { up: statusUp, ...(withSchema ? { olderSchema: { type: 'string', enum: ['available', 'archived'] } } : {}) }),
            requestHeaderChanged('GET /products', 'X-Dry-Run', { up: flagUp, olderSchema: { type: 'string', enum: ['yes', 'no'] } }),
          ]),
        ],
      },
    ],
    validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter, headers: Flags } } }),
  })
}

const made = history()
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: made }))
app.get('/products', (c) => c.json({ status: c.req.query('status') ?? null, dryRun: c.req.header('x-dry-run') ?? null }))
const list = (version: string, query: string, headers: Record<string, string> = {}) => app.request(`/products${query}`, { headers: { 'Api-Version': version, ...headers } })

describe("an older client's changed values, validated in its own version", () => {
  it('accepts the older values, which reach the handler as the head reads them', async () => {
    expect(await (await list('1', '?state=available', { 'X-Dry-Run': 'yes' })).json()).toEqual({ status: 'active', dryRun: 'true' })
    expect(await (await list('2', '?status=available', { 'X-Dry-Run': 'no' })).json()).toEqual({ status: 'active', dryRun: 'false' })
  })

  it("refuses a value of the head's that its version does not have, naming what the client sent", async () => {
    const res = await list('1', '?state=active', { 'X-Dry-Run': 'true' })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      detail: [
        { loc: ['query', 'state'], msg: 'Expected any of ["available","archived"].', type: 'enum' },
        { loc: ['header', 'X-Dry-Run'], msg: 'Expected any of ["yes","no"].', type: 'enum' },
      ],
    })
  })

  it("leaves the head's requests to the head's schema", async () => {
    expect(await (await list('3', '?status=active', { 'X-Dry-Run': 'true' })).json()).toEqual({ status: 'active', dryRun: 'true' })
  })

  it('fails at construction when the parameter schema lists the parameter and the change gives no olderSchema', () => {
    expect(() => history(false)).toThrow(
      'requestValidation: Filter (the query of "GET /products") declares "status", whose values queryParamChanged changes; give that change an olderSchema (the schema of the values older clients send), so that they are checked in their own version rather than refused by the head\'s.',
    )
  })

  it('points a fieldChanged on a parameter shape at queryParamChanged', () => {
    expect(() =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Status values.', [fieldChanged(Filter, 'status', { down: (v) => v, up: (v) => v as 'active' })])] }],
        validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter } } }),
      }),
    ).toThrow('declare queryParamChanged("GET /products", name, { up, olderSchema }) for the parameter instead.')
  })
})

describe("the older version's document and migration", () => {
  const document: OpenAPIDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '3' },
    paths: {
      '/products': {
        get: {
          parameters: [
            { name: 'status', in: 'query', schema: schemas.Filter.properties.status },
            { name: 'X-Dry-Run', in: 'header', schema: schemas.Flags.properties['X-Dry-Run'] },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  }
  const docs = versionedOpenAPI({ scheme, app, document, changelog: made })
  const parametersOf = (version: string) => (docs.document(version).paths?.['/products']?.get?.parameters ?? []) as unknown as Record<string, unknown>[]

  it("gives each version's parameters the schema its values are checked against", () => {
    const schemaOf = (version: string, name: string) => parametersOf(version).find((p) => p['name'] === name)?.['schema']
    expect(schemaOf('1', 'state')).toEqual({ type: 'string', enum: ['available', 'archived'] })
    expect(schemaOf('2', 'status')).toEqual({ type: 'string', enum: ['available', 'archived'] })
    expect(schemaOf('1', 'X-Dry-Run')).toEqual({ type: 'string', enum: ['yes', 'no'] })
    expect(schemaOf('3', 'status')).toEqual({ type: 'string', enum: ['active', 'archived'] })
  })

  it("names the changed values in the model's migration", () => {
    const up = docs.model?.operations.find((o) => o.method === 'GET')?.at('1')?.migration?.up
    expect([up?.query, up?.queryValues, up?.headerValues]).toEqual([[['state', 'status']], ['status'], ['X-Dry-Run']])
  })
})
