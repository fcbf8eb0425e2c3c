/**
 * `olderRequired` of queryParamChanged and requestHeaderChanged: whether the
 * versions before the change require the parameter. With `false`, an older
 * client may leave out what the head requires (`up(null)` gives the head's
 * value): its request is valid in its own version, its document lists the
 * parameter as optional. With `true`, an older client must send what the
 * head may leave out: its validation refuses the absence (422, naming the
 * client's own name), its document says required. Renamed parameters carry
 * the older requiredness under their older names. Without it, the newer
 * version's requiredness, as before. A portable suite: Node, workerd, Bun
 * and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, changelog, queryParamChanged, queryParamRenamed, requestHeaderChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Filter = shape<{ status: 'active' | 'archived'; page?: number }>('Filter')
const Flags = shape<{ 'X-Region'?: string }>('Flags')
const schemas = {
  // The head requires status; it may leave out X-Region.
  Filter: { type: 'object', properties: { status: { type: 'string', enum: ['active', 'archived'] }, page: { type: 'integer' } }, required: ['status'] },
  Flags: { type: 'object', properties: { 'X-Region': { type: 'string' } } },
}
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
const statusUp = (older: string | null) => older ?? 'active'

/** Version 2 renames ?state to ?status; version 3 changes status's values (older clients may leave it out) and X-Region's (older clients must send it). */
function history(olderRequired: { status?: boolean; region?: boolean } = { status: false, region: true }) {
  return versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Filtered by status.', [queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] },
      {
        version: '3',
        changes: [
          change('A status by default; the region always optional.', [
            queryParamChanged('GET /products', 'status', { up: statusUp, olderSchema: { type: 'string', enum: ['active', 'archived'] }, ...(olderRequired.status === undefined ? {} : { olderRequired: olderRequired.status }) }),
            requestHeaderChanged('GET /products', 'X-Region', { up: (older) => older, olderSchema: { type: 'string' }, ...(olderRequired.region === undefined ? {} : { olderRequired: olderRequired.region }) }),
          ]),
        ],
      },
    ],
    validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter, headers: Flags } } }),
  })
}

function appOf(made: NonNullable<Parameters<typeof versionMiddleware>[0]['changes']>): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: made }))
  app.get('/products', (c) => c.json({ status: c.req.query('status') ?? null, region: c.req.header('x-region') ?? null }))
  return app
}
const list = (app: Hono, version: string, query: string, headers: Record<string, string> = {}) => app.request(`/products${query}`, { headers: { 'Api-Version': version, ...headers } })

describe('olderRequired with requestValidation', () => {
  const app = appOf(history())

  it('false: an older client that leaves out what the head requires is valid in its own version, and the handler reads up(null)', async () => {
    for (const version of ['1', '2']) {
      const res = await list(app, version, '', { 'X-Region': 'eu' })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ status: 'active', region: 'eu' })
    }
    // What it sends is still read under its own name.
    expect(await (await list(app, '1', '?state=archived', { 'X-Region': 'eu' })).json()).toEqual({ status: 'archived', region: 'eu' })
  })

  it("true: an older client that leaves out what the head may leave out is refused with 422, naming its own names", async () => {
    const res = await list(app, '1', '?state=active')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['header', 'X-Region'], msg: 'Field required.', type: 'missing' }] })
  })

  it("without it, the newer version's requiredness: a version 1 client must send ?state, refused under that name", async () => {
    const res = await list(appOf(history({})), '1', '')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['query', 'state'], msg: 'Field required.', type: 'missing' }] })
  })

  it('renamed: the older name carries the older requiredness (true on a parameter renamed in version 2)', async () => {
    const made = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Filtered by status.', [queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] },
        { version: '3', changes: [change('A page by default.', [queryParamChanged('GET /products', 'page', { up: (older) => older ?? '1', olderSchema: { type: 'integer' }, olderRequired: true })])] },
      ],
      validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter } } }),
    })
    const res = await list(appOf(made), '1', '?state=active')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['query', 'page'], msg: 'Field required.', type: 'missing' }] })
    expect((await list(appOf(made), '1', '?page=2')).status).toBe(422)
    expect((await list(appOf(made), '1', '?state=active&page=2')).status).toBe(200)
  })

  it("gives each older version's document the requiredness its validation checks, under its own names", () => {
    const made = history()
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '3' },
      paths: {
        '/products': {
          get: {
            parameters: [
              { name: 'status', in: 'query', required: true, schema: schemas.Filter.properties.status },
              { name: 'X-Region', in: 'header', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }
    const docs = versionedOpenAPI({ scheme, app: appOf(made), document, changelog: made })
    const requiredOf = (version: string) => Object.fromEntries((docs.document(version).paths?.['/products']?.get?.parameters ?? []).map((p) => [(p as { name: string }).name, (p as { required?: boolean }).required === true]))
    expect(requiredOf('3')).toMatchObject({ status: true, 'X-Region': false })
    expect(requiredOf('2')).toMatchObject({ status: false, 'X-Region': true })
    expect(requiredOf('1')).toMatchObject({ state: false, 'X-Region': true })
  })
})

describe('olderRequired on an @hono/zod-openapi route, without requestValidation', () => {
  const made = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('A status by default.', [queryParamChanged('GET /items', 'status', { up: statusUp, olderRequired: false })])] }],
  })
  const app = new OpenAPIHono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: made }))
  const query = z.object({ status: z.enum(['active', 'archived']) })
  app.openapi(createRoute({ method: 'get', path: '/items', request: { query }, responses: { 200: { description: 'Items', content: { 'application/json': { schema: z.object({ status: z.string() }) } } } } }), (c) => c.json({ status: c.req.valid('query').status }, 200))

  it('serves a version 1 client that leaves it out, and lists it as not required in version 1 only', async () => {
    const res = await app.request('/items', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'active' })
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '2' } }), changelog: made })
    const statusIn = (version: string) => (docs.document(version).paths?.['/items']?.get?.parameters ?? []).find((p) => (p as { name: string }).name === 'status') as { required?: boolean } | undefined
    expect(statusIn('2')?.required).toBe(true)
    expect(statusIn('1')?.required).toBeUndefined()
  })
})

describe('olderRequired, checked and said', () => {
  it('refuses at construction a value that is not true or false', () => {
    expect(() => queryParamChanged('GET /products', 'status', { up: statusUp, olderRequired: 'no' as never })).toThrow(
      'queryParamChanged: olderRequired must be true or false (whether versions before the change require the parameter), got "no"; leave it out to keep the newer version\'s.',
    )
    expect(() => requestHeaderChanged('GET /products', 'X-Region', { up: statusUp, olderRequired: null as never })).toThrow(
      'requestHeaderChanged: olderRequired must be true or false (whether versions before the change require the header), got null; leave it out to keep the newer version\'s.',
    )
  })

  it('is in the changelog, its JSON and its text', () => {
    const made = history()
    expect(made.changelog().versions.find((v) => v.version === '3')?.changes[0]?.instructions).toEqual([
      { type: 'route.query.changed', route: 'GET /products', name: 'status', olderSchema: { type: 'string', enum: ['active', 'archived'] }, olderRequired: false },
      { type: 'route.request.header.changed', route: 'GET /products', header: 'X-Region', olderSchema: { type: 'string' }, olderRequired: true },
    ])
    const text = changelog(made, { format: 'markdown' })
    expect(text).toContain('Route `GET /products`: query parameter `status` takes other values. Older versions may leave it out.')
    expect(text).toContain('Route `GET /products`: request header `X-Region` takes other values. Older versions require it.')
  })
})
