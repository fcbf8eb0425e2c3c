/**
 * `olderSchema` / `olderRequired` of queryParamChanged and
 * requestHeaderChanged on a parameter the route's request validation does
 * not list for the head (its parameter shape lacks it, or the route has no
 * parameter shape at all): the older versions get the parameter as the
 * change declares it, validated there (required with `olderRequired: true`,
 * against `olderSchema`) and listed in their documents, under its older
 * name where a rename applies. Without any validation, `olderRequired: true`
 * (which nothing else could check) fails when the history is made. A
 * portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, queryParamChanged, queryParamRenamed, requestHeaderChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Filter = shape<{ status?: 'active' | 'archived' }>('Filter')
const schemas = { Filter: { type: 'object', properties: { status: { type: 'string', enum: ['active', 'archived'] } } } }
const digits = { type: 'string', pattern: '^[0-9]+$' }
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
type Made = ReturnType<typeof versionHistory>

function appOf(made: Made): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: made }))
  app.get('/products', (c) => c.json({ page: c.req.query('page') ?? null, region: c.req.header('x-region') ?? null }))
  return app
}
const list = (app: Hono, version: string, query: string, headers: Record<string, string> = {}) => app.request(`/products${query}`, { headers: { 'Api-Version': version, ...headers } })
const document: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '3' },
  paths: { '/products': { get: { parameters: [{ name: 'status', in: 'query', schema: schemas.Filter.properties.status }], responses: { '200': { description: 'ok' } } } } },
}
const parametersOf = (made: Made, version: string) => (versionedOpenAPI({ scheme, app: appOf(made), document, changelog: made }).document(version).paths?.['/products']?.get?.parameters ?? []).filter((p) => (p as { name: string }).name !== 'Api-Version')

describe("a changed query parameter the route's parameter shape does not list", () => {
  // Version 3 reads ?page as it likes; versions 1 and 2 had to send digits.
  const made = versionHistory({
    versions: [
      { version: '1' },
      { version: '2' },
      { version: '3', changes: [change('Any page.', [queryParamChanged('GET /products', 'page', { up: (older) => older, olderSchema: digits, olderRequired: true })])] },
    ],
    validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter } } }),
  })
  const app = appOf(made)

  it('is required and checked against olderSchema in the older versions', async () => {
    for (const version of ['1', '2']) {
      const missing = await list(app, version, '')
      expect(missing.status).toBe(422)
      expect(await missing.json()).toEqual({ detail: [{ loc: ['query', 'page'], msg: 'Field required.', type: 'missing' }] })
      const letters = await list(app, version, '?page=x')
      expect(letters.status).toBe(422)
      expect(await letters.json()).toMatchObject({ detail: [{ loc: ['query', 'page'], type: 'pattern' }] })
      const given = await list(app, version, '?page=12&status=active')
      expect(given.status).toBe(200)
      expect(await given.json()).toEqual({ page: '12', region: null })
    }
  })

  it("is the head's own in the head: not required, any value", async () => {
    expect((await list(app, '3', '')).status).toBe(200)
    expect(await (await list(app, '3', '?page=x')).json()).toEqual({ page: 'x', region: null })
  })

  it("is listed in the older versions' documents as checked, not in the head's", () => {
    expect(parametersOf(made, '1')).toEqual([
      { name: 'status', in: 'query', schema: schemas.Filter.properties.status },
      { name: 'page', in: 'query', required: true, schema: digits },
    ])
    expect(parametersOf(made, '3')).toEqual([{ name: 'status', in: 'query', schema: schemas.Filter.properties.status }])
  })
})

describe('a changed query parameter renamed in the older range, on a route with no parameter shape', () => {
  // Version 2 renames ?p to ?page; version 3 makes it optional and any text.
  const made = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Pages are ?page.', [queryParamRenamed('GET /products', { older: 'p', newer: 'page' })])] },
      { version: '3', changes: [change('Any page.', [queryParamChanged('GET /products', 'page', { up: (older) => older, olderSchema: digits, olderRequired: true })])] },
    ],
    validation: requestValidation({ schemas: {} }),
  })
  const app = appOf(made)

  it('is required under the name each older version gives it', async () => {
    // The newer name is refused to an older client, as for any renamed parameter.
    expect(await (await list(app, '1', '?page=1')).json()).toEqual({
      detail: [
        { loc: ['query', 'p'], msg: 'Field required.', type: 'missing' },
        { loc: ['query', 'page'], msg: 'Unknown field in this version.', type: 'extra_forbidden' },
      ],
    })
    expect(await (await list(app, '1', '?p=1')).json()).toEqual({ page: '1', region: null })
    expect(await (await list(app, '2', '?p=1')).json()).toEqual({ detail: [{ loc: ['query', 'page'], msg: 'Field required.', type: 'missing' }] })
    expect(await (await list(app, '2', '?page=1')).json()).toEqual({ page: '1', region: null })
    expect((await list(app, '3', '')).status).toBe(200)
  })

  it('is listed in each older document under that name', () => {
    const page = (version: string) => parametersOf(made, version).filter((p) => (p as { in: string }).in === 'query' && (p as { name: string }).name !== 'status')
    expect(page('1')).toEqual([{ name: 'p', in: 'query', required: true, schema: digits }])
    expect(page('2')).toEqual([{ name: 'page', in: 'query', required: true, schema: digits }])
    expect(page('3')).toEqual([])
  })
})

describe('a changed request header on a route the validation lists no parameters of', () => {
  const regions = { type: 'string', enum: ['eu', 'us'] }
  const made = versionHistory({
    versions: [
      { version: '1' },
      { version: '2' },
      { version: '3', changes: [change('Any region, or none.', [requestHeaderChanged('GET /products', 'X-Region', { up: (older) => older, olderSchema: regions, olderRequired: true })])] },
    ],
    validation: requestValidation({ schemas }),
  })
  const app = appOf(made)

  it('is required and checked in the older versions', async () => {
    expect(await (await list(app, '1', '')).json()).toEqual({ detail: [{ loc: ['header', 'X-Region'], msg: 'Field required.', type: 'missing' }] })
    const other = await list(app, '2', '', { 'X-Region': 'asia' })
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({ detail: [{ loc: ['header', 'X-Region'], type: 'enum' }] })
    expect(await (await list(app, '1', '', { 'x-region': 'eu' })).json()).toEqual({ page: null, region: 'eu' })
    expect(await (await list(app, '3', '', { 'X-Region': 'asia' })).json()).toEqual({ page: null, region: 'asia' })
  })

  it("is listed in the older versions' documents", () => {
    expect(parametersOf(made, '2')).toContainEqual({ name: 'X-Region', in: 'header', required: true, schema: regions })
    expect(parametersOf(made, '3').some((p) => (p as { in: string }).in === 'header')).toBe(false)
  })
})

describe('without validation', () => {
  it('refuses olderRequired: true, which nothing could check, saying what to add', () => {
    expect(() =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Any page.', [queryParamChanged('GET /products', 'page', { up: (older) => older, olderRequired: true })])] }],
      }),
    ).toThrow(
      'versionHistory: queryParamChanged("GET /products", "page", { olderRequired: true }) in version "2" says that older clients must send it, which only request validation checks: without it, an older request that leaves it out is served. Give the history validation: requestValidation({ schemas: {} }) (hono-api-versioning/validation), which refuses it in the older versions with 422 (and checks the change\'s olderSchema), or leave olderRequired out.',
    )
    expect(() =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Any region.', [requestHeaderChanged('GET /products', 'X-Region', { up: (older) => older, olderSchema: {}, olderRequired: true })])] }],
      }),
    ).toThrow('versionHistory: requestHeaderChanged("GET /products", "X-Region", { olderRequired: true }) in version "2"')
  })

  it('takes an olderSchema (the documents describe it) and olderRequired: false (up(null) gives the value)', () => {
    expect(() =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Any page.', [queryParamChanged('GET /products', 'page', { up: (older) => older ?? '1', olderSchema: digits, olderRequired: false })])] }],
      }),
    ).not.toThrow()
  })
})
