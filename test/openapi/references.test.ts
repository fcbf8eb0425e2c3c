/**
 * The toolkit's own answers beside the application's, and the parts an
 * application documents by reference (`$ref` to `#/components/responses/...`,
 * `requestBodies` or `parameters`), in each version's document as the server
 * answers and reads them. Where the toolkit answers a status the
 * application documents in the same media type, the schema is an `anyOf`
 * of both bodies; given by reference, on a copy of the response component
 * (src/openapi/responses.ts); given only by its class (`4XX`) or `default`,
 * which the toolkit's own status would shadow, the application's body
 * stays beside the toolkit's. Where a newer version changed a header of a
 * response component, the older document's operation gets a copy with that
 * header optional (older-responses.ts); a request body the toolkit checks is
 * that version's schema on a copy of the body component
 * (operation-contracts.ts), never a `$ref` whose siblings tools ignore; a
 * parameter a newer version renamed goes by its older name on a copy of its
 * component. The shared components stay as other operations have them. A
 * portable suite: Node, workerd, Bun and Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, headerChanged, queryParamRenamed, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

describe("the toolkit's own answer where the application documents the status by reference", () => {
  it("the operation gets a copy of the response component with both bodies; the component stays as other operations have it", async () => {
    const routes = defineRoutes([route('user-detail', '/users/:id'), route('team-detail', '/teams/:id')])
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ message: 'no such user' }, 404), 'team-detail': (c) => c.text('no such team', 404) })
    const missing = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
    const notFound = { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } }
    const plain = { description: 'Not found', content: { 'text/plain': { schema: { type: 'string' } } } }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: {
        '/users/{id}': { get: { responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/NotFound' } } } },
        '/teams/{id}': { get: { responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/PlainNotFound' } } } },
      },
      components: { schemas: { Missing: missing }, responses: { NotFound: notFound, PlainNotFound: plain } },
    }
    const v1 = versionedOpenAPI({ scheme, routes, app, document }).document('1')
    const user = v1.paths?.['/users/{id}']?.get?.responses?.['404'] as { description: string; content: Record<string, { schema: object }> }
    expect(user).toEqual({ description: 'Not found', content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/Missing' }, { $ref: '#/components/schemas/VersioningError' }] } } } })
    // A component without the toolkit's media type gains it in the copy.
    expect(Object.keys((v1.paths?.['/teams/{id}']?.get?.responses?.['404'] as { content: object }).content)).toEqual(['text/plain', 'application/json'])
    expect(v1.components?.['responses']).toEqual({ NotFound: notFound, PlainNotFound: plain })
    const validator = new Validator(structuredClone({ ...user.content['application/json']?.schema, components: v1.components }) as never, '2020-12')
    for (const version of ['7', '1']) {
      const served = await app.request('/users/1', { headers: { 'Api-Version': version } })
      expect([served.status, validator.validate(await served.json()).valid]).toEqual([404, true])
    }
    const team = await app.request('/teams/1', { headers: { 'Api-Version': '7' } })
    expect([team.status, team.headers.get('Content-Type')]).toEqual([404, 'application/json'])
  })
})

/** A table route whose handler answers 404 with its own body (`{ message }`), behind the middleware. */
function userApp() {
  const routes = defineRoutes([route('user-detail', '/users/:id')])
  const versioning = apiVersioning({ scheme, routes })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ message: 'no such user' }, 404) })
  const missing = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
  return { routes, app, missing }
}

describe("the toolkit's own answer where the application documents the same status", () => {
  it('is an anyOf of both bodies, so an unknown version\'s 404 is documented beside the app\'s', async () => {
    const { routes, app, missing } = userApp()
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/users/{id}': { get: { responses: { '200': { description: 'ok' }, '404': { description: 'No such user', content: { 'application/json': { schema: missing } } } } } } } }
    const v1 = versionedOpenAPI({ scheme, routes, app, document }).document('1')
    const schema = (v1.paths?.['/users/{id}']?.get?.responses?.['404'] as { content: Record<string, { schema: object }> }).content['application/json']?.schema
    expect(schema).toEqual({ anyOf: [missing, { $ref: '#/components/schemas/VersioningError' }] })
    const validator = new Validator(structuredClone({ ...schema, components: v1.components }) as never, '2020-12')
    for (const [url, version] of [['/users/1', '7'], ['/users/1', '1']] as const) {
      const served = await app.request(url, { headers: { 'Api-Version': version } })
      expect([served.status, validator.validate(await served.json()).valid]).toEqual([404, true])
    }
  })
})

describe("the toolkit's own answer where the application documents the status by its class or default alone", () => {
  it.each(['4XX', 'default'])('%s: the status gets that body beside the toolkit\'s, so the application\'s own 404 still fits', async (range) => {
    const { routes, app, missing } = userApp()
    const document = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/users/{id}': { get: { responses: { '200': { description: 'ok' }, [range]: { description: 'An error', content: { 'application/json': { schema: missing } } } } } } } }
    const v1 = versionedOpenAPI({ scheme, routes, app, document }).document('1')
    const responses = v1.paths?.['/users/{id}']?.get?.responses ?? {}
    const schema = (responses['404'] as { content: Record<string, { schema: object }> }).content['application/json']?.schema
    expect([schema, responses[range]]).toEqual([{ anyOf: [missing, { $ref: '#/components/schemas/VersioningError' }] }, document.paths['/users/{id}'].get.responses[range]])
    const validator = new Validator(structuredClone({ ...schema, components: v1.components }) as never, '2020-12')
    for (const version of ['7', '1']) {
      const served = await app.request('/users/1', { headers: { 'Api-Version': version } })
      expect([served.status, validator.validate(await served.json()).valid]).toEqual([404, true])
    }
  })
})

describe('a response header a newer version changed, in a response component', () => {
  it("the older document's operation gets a copy where the header is optional; the component stays", async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Sizes.', [headerChanged('GET /avatar', { header: 'X-Size', down: () => null })])] }] })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/avatar', (c) => c.body('png', 200, { 'Content-Type': 'image/png', 'X-Size': '64' }))
    app.get('/icon', (c) => c.body('png', 200, { 'Content-Type': 'image/png', 'X-Size': '16' }))
    const image = { description: 'ok', headers: { 'X-Size': { required: true, schema: { type: 'string' } } }, content: { 'image/png': {} } }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/avatar': { get: { responses: { '200': { $ref: '#/components/responses/Image' } } } }, '/icon': { get: { responses: { '200': { $ref: '#/components/responses/Image' } } } } },
      components: { responses: { Image: image } },
    }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    const response = (version: string, path: string) => docs.document(version).paths?.[path]?.get?.responses?.['200'] as { $ref?: string; headers?: Record<string, { required?: boolean }> }
    expect([response('1', '/avatar').headers?.['X-Size']?.required, response('2', '/avatar'), response('1', '/icon'), docs.document('1').components?.['responses']]).toEqual([false, { $ref: '#/components/responses/Image' }, { $ref: '#/components/responses/Image' }, { Image: image }])
    expect((await app.request('/avatar', { headers: { 'Api-Version': '1' } })).headers.get('X-Size')).toBeNull()
  })
})

describe('a request body given by reference', () => {
  it("an older version's document has that version's schema on a copy of the component, which the server accepts", async () => {
    const Product = shape<{ title: string }>('Product')
    const bodies = { 'POST /products': { request: Product } }
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }], bodies })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.post('/products', async (c) => c.json(await c.req.json(), 201))
    const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }
    const newProduct = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Product' }, example: { title: 'Lamp' } } } }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/products': { post: { requestBody: { $ref: '#/components/requestBodies/NewProduct' }, responses: { '201': { description: 'ok' } } } } },
      components: { schemas: { Product: schema }, requestBodies: { NewProduct: newProduct } },
    }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history, requests: { schemas: { Product: schema }, bodies } })
    const v1 = docs.document('1')
    const body = v1.paths?.['/products']?.post?.['requestBody'] as { $ref?: string; content: Record<string, { schema: object }> }
    expect(body).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ProductRequest' } } } })
    // The component stays, for other operations (without its example of the head's shape, in this version).
    expect([(v1.components?.schemas?.['ProductRequest'] as { required: string[] }).required, v1.components?.['requestBodies']]).toEqual([['name'], { NewProduct: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Product' } } } } }])
    const validator = new Validator(structuredClone({ ...body.content['application/json']?.schema, components: v1.components }) as never, '2020-12')
    const send = async (value: object) => (await app.request('/products', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(value) })).json()
    expect([validator.validate({ name: 'Lamp' }).valid, await send({ name: 'Lamp' })]).toEqual([true, { title: 'Lamp' }])
  })
})

describe('a renamed parameter given by reference', () => {
  it('goes by its older name in the older document, on a copy of the component', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Accounts.', [requestHeaderRenamed('GET /products', { older: 'X-Tenant', newer: 'X-Account' }), queryParamRenamed('GET /products', { older: 'q', newer: 'search' })])] }] })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/products', (c) => c.json({ account: c.req.header('X-Account') ?? null, search: c.req.query('search') ?? null }))
    const account = { name: 'X-Account', in: 'header', required: true, schema: { type: 'string' } }
    const search = { name: 'search', in: 'query', schema: { type: 'string' } }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/products': { get: { parameters: [{ $ref: '#/components/parameters/Account' }, { $ref: '#/components/parameters/Search' }], responses: { '200': { description: 'ok' } } } } },
      components: { parameters: { Account: account, Search: search } },
    }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    const parameters = (version: string) => docs.document(version).paths?.['/products']?.get?.parameters?.slice(0, 2)
    expect([parameters('1'), parameters('2'), docs.document('1').components?.['parameters']]).toEqual([[{ ...account, name: 'X-Tenant' }, { ...search, name: 'q' }], document.paths['/products'].get.parameters, { Account: account, Search: search }])
    const served = await app.request('/products?q=lamp', { headers: { 'Api-Version': '1', 'X-Tenant': 't1' } })
    expect(await served.json()).toEqual({ account: 't1', search: 'lamp' })
  })
})
