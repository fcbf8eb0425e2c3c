/**
 * An older version's document says what the server does in that version,
 * for the version changes the documents read from the history: a route
 * change named for one method of a table route (`POST products`), renamed
 * query parameters and request headers, a response header a version
 * changes. A portable suite: Node, workerd, Bun and Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { requestValidation } from '../../src/validation/index.ts'
import { change, enumValuesAdded, fieldChanged, fieldRenamed, headerChanged, pathChanged, queryParamRenamed, requestHeaderRenamed, routeAdded, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const head: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '2' },
  paths: { '/products': { get: { responses: { '200': { description: 'l' } } }, post: { responses: { '201': { description: 'c' } } }, delete: { responses: { '204': { description: 'd' } } } } },
}
const methodsOf = (document: OpenAPIDocument, path: string) => Object.keys(document.paths?.[path] ?? {}).filter((key) => !key.startsWith('x-'))

/** A table route whose POST answers 201 since version 2 (`statusChanged('POST products')`), served by mountRoutes. */
function createdWith201() {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Create answers 201.', [statusChanged('POST products', { older: 200, newer: 201 })])] }] })
  const routes = defineRoutes([route('products', '/products')])
  const versioning = apiVersioning({ scheme, routes, changes: history })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { products: { get: (c) => c.json([]), post: (c) => c.json({ id: 1 }, 201), delete: (c) => c.body(null, 204) } })
  return { history, routes, app }
}

describe('a route change named for one method of a table route', () => {
  it("statusChanged('POST products') gives the older status back in the older document, as the server does", async () => {
    const { history, routes, app } = createdWith201()
    const docs = versionedOpenAPI({ scheme, routes, app, document: head, changelog: history })
    const statuses = (version: string, method: 'post' | 'delete') => Object.keys(docs.document(version).paths?.['/products']?.[method]?.responses ?? {}).filter((s) => s.startsWith('2'))
    const served = await app.request('/products', { method: 'POST', headers: { 'Api-Version': '1' } })
    expect([served.status, statuses('1', 'post'), statuses('2', 'post')]).toEqual([200, ['200'], ['201']])
    // The other methods keep theirs.
    expect(statuses('1', 'delete')).toEqual(['204'])
  })

  it('statusChanged to an older 204 documents the older answer without content, as the server sends it', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Updates answer the product.', [statusChanged('PUT products', { older: 204, newer: 200 })])] }] })
    const routes = defineRoutes([route('products', '/products')])
    const versioning = apiVersioning({ scheme, routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { products: { put: (c) => c.json({ id: 1 }) } })
    const product = { description: 'The product.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Product' } } } }
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/products': { put: { responses: { '200': { $ref: '#/components/responses/Product' } } } } },
      components: { responses: { Product: product }, schemas: { Product: { type: 'object' } } },
    }
    const docs = versionedOpenAPI({ scheme, routes, app, document, changelog: history })
    const served = await app.request('/products', { method: 'PUT', headers: { 'Api-Version': '1' } })
    expect([served.status, await served.text()]).toEqual([204, ''])
    const older = docs.document('1').paths?.['/products']?.put?.responses ?? {}
    expect([older['204'], Object.keys(older).filter((status) => status.startsWith('2'))]).toEqual([{ description: 'The product.' }, ['204']])
    expect(docs.document('2').paths?.['/products']?.put?.responses?.['200']).toEqual({ $ref: '#/components/responses/Product' })
  })

  it("routeAdded('DELETE products') leaves DELETE out of the older document, which the server answers 405 (GET is there)", async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Products can be deleted.', [routeAdded('DELETE products')])] }] })
    const routes = defineRoutes(history.routes([route('products', '/products')]))
    const versioning = apiVersioning({ scheme, routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { products: { get: (c) => c.json([]), delete: (c) => c.body(null, 204) } })
    const docs = versionedOpenAPI({ scheme, routes, app, changelog: history })
    const served = await app.request('/products', { method: 'DELETE', headers: { 'Api-Version': '1' } })
    expect([served.status, methodsOf(docs.document('1'), '/products'), methodsOf(docs.document('2'), '/products')]).toEqual([405, ['get'], ['get', 'delete']])
    expect(served.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('renamed query parameters and request headers', () => {
  it('an older document lists the names that version sends, which the server reads', async () => {
    const renames = change('Renames.', [queryParamRenamed('product-list', { older: 'q', newer: 'search' }), requestHeaderRenamed('product-list', { older: 'X-Tenant', newer: 'X-Account' })])
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [renames] }] })
    const routes = defineRoutes([route('product-list', '/products')])
    const versioning = apiVersioning({ scheme, routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'product-list': (c) => c.json({ search: c.req.query('search') ?? null, account: c.req.header('X-Account') ?? null }) })
    const parameters = [
      { name: 'search', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'x-account', in: 'header', required: true, schema: { type: 'string' } },
    ]
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/products': { get: { parameters, responses: { '200': { description: 'ok' } } } } } }
    const docs = versionedOpenAPI({ scheme, routes, app, document, changelog: history })
    const names = (version: string) => (docs.document(version).paths?.['/products']?.get?.parameters ?? []).map((p) => `${(p as { in: string }).in} ${(p as { name: string }).name}`)
    expect(names('1')).toEqual(['query q', 'header X-Tenant', 'header Api-Version'])
    expect(names('2')).toEqual(['query search', 'header x-account', 'header Api-Version'])
    const served = await app.request('/products?q=lamp', { headers: { 'Api-Version': '1', 'X-Tenant': 't1' } })
    expect(await served.json()).toEqual({ search: 'lamp', account: 't1' })
  })
})

describe("a route's request layout in the documents", () => {
  const Product = shape<{ title: string }>('Product')
  const ProductSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }
  const title = change('title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])

  it.each([
    // A route's layout is not a DELETE's body (the server neither checks nor migrates it): no body in any version.
    ['the route', { 'product-detail': { request: Product, response: Product } }, undefined],
    // Named for the method: an older DELETE's body is checked and migrated, so its document has one, optional.
    ['DELETE alone', { 'product-detail': { request: Product, response: Product }, 'DELETE product-detail': { request: Product } }, false],
  ] as const)('a layout for %s gives DELETE the body the server reads', async (_name, bodies, olderDelete) => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [title] }], bodies })
    const routes = defineRoutes([route('product-detail', '/products/:id')])
    const versioning = apiVersioning({ scheme, routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'product-detail': { put: async (c) => c.json(await c.req.json()), delete: (c) => c.body(null, 204) } })
    const ref = { $ref: '#/components/schemas/Product' }
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/products/{id}': { put: { requestBody: { content: { 'application/json': { schema: ref } } }, responses: { '200': { description: 'ok' } } }, delete: { responses: { '204': { description: 'gone' } } } } },
      components: { schemas: { Product: ProductSchema } },
    }
    const docs = versionedOpenAPI({ scheme, routes, app, document, changelog: history, requests: { schemas: { Product: ProductSchema }, bodies } })
    const body = (version: string, method: 'put' | 'delete') => docs.document(version).paths?.['/products/{id}']?.[method]?.['requestBody'] as { required?: boolean } | undefined
    expect([body('2', 'delete'), body('1', 'delete')?.required, body('1', 'put')?.required, body('2', 'put')?.required]).toEqual([undefined, olderDelete, true, true])
    expect((await app.request('/products/1', { method: 'DELETE', headers: { 'Api-Version': '1' } })).status).toBe(204)
  })

  it("a route that takes forms keeps the document's form media type, with each version's schema under it", async () => {
    const bodies = { 'POST /uploads': { request: Product, forms: true } }
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [title] }], bodies })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.post('/uploads', async (c) => c.json({ title: String((await c.req.parseBody())['title']) }, 201))
    const form = { schema: { $ref: '#/components/schemas/Product' }, encoding: { title: { contentType: 'text/plain' } } }
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/uploads': { post: { requestBody: { required: true, content: { 'multipart/form-data': form, 'text/csv': { schema: { type: 'string' } } } }, responses: { '201': { description: 'ok' } } } } },
      components: { schemas: { Product: ProductSchema } },
    }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history, requests: { schemas: { Product: ProductSchema }, bodies } })
    const content = (version: string) => (docs.document(version).paths?.['/uploads']?.post?.['requestBody'] as { content: Record<string, { schema: unknown; encoding?: unknown }> }).content
    // The head keeps every media type; an older version the ones the toolkit reads and migrates (a CSV it refuses with 415).
    expect(Object.keys(content('2'))).toEqual(['multipart/form-data', 'text/csv'])
    expect(content('1')).toEqual({ 'multipart/form-data': { schema: { $ref: '#/components/schemas/ProductRequest' }, encoding: form.encoding } })
    expect((docs.document('1').components?.schemas?.['ProductRequest'] as { required: string[] }).required).toEqual(['name'])
    const sent = new FormData()
    sent.append('name', 'Report')
    const served = await app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1' }, body: sent })
    expect([served.status, await served.json()]).toEqual([201, { title: 'Report' }])
  })
})

describe('a response header a newer version changed', () => {
  it('is optional in the older document, where the server may leave it out', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Sizes.', [headerChanged('GET /avatar', { header: 'X-Size', down: () => null })])] }] })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/avatar', (c) => c.body('png', 200, { 'Content-Type': 'image/png', 'X-Size': '64' }))
    const size = { required: true, schema: { type: 'string' } }
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/avatar': { get: { responses: { '200': { description: 'ok', headers: { 'X-Size': size }, content: { 'image/png': {} } } } } } } }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    const header = (version: string) => (docs.document(version).paths?.['/avatar']?.get?.responses?.['200'] as { headers: Record<string, { required?: boolean }> }).headers['X-Size']
    expect([header('1')?.required, header('2')]).toEqual([false, size])
    expect((await app.request('/avatar', { headers: { 'Api-Version': '1' } })).headers.get('X-Size')).toBeNull()
  })
})

describe("the toolkit's answers to what the history reads", () => {
  it('an older body the history migrates documents 400, 413 and 415 without `requests`', async () => {
    const Upload = shape<{ title: string }>('Upload')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('title.', [fieldRenamed(Upload, { older: 'name', newer: 'title' })])] }], bodies: { 'POST /uploads': { request: Upload } }, maxBodySize: 16 })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.post('/uploads', async (c) => c.json(await c.req.json(), 201))
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/uploads': { post: { responses: { '201': { description: 'ok' } } } } } }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    const statuses = (version: string) => Object.keys(docs.document(version).paths?.['/uploads']?.post?.responses ?? {})
    expect([statuses('1'), statuses('2')]).toEqual([['201', '400', '404', '413', '415'], ['201', '400', '404']])
    const send = (body: string, type: string) => app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': type }, body })
    expect([(await send('{', 'application/json')).status, (await send(JSON.stringify({ name: 'x'.repeat(40) }), 'application/json')).status, (await send('x', 'text/plain')).status]).toEqual([400, 413, 415])
  })
  it('older query parameters the history checks document 422 and go by their older name', async () => {
    const Filter = shape('ProductFilter')
    const filter = { type: 'object', properties: { status: { type: 'string' } }, additionalProperties: false }
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('status.', [queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] }],
      validation: requestValidation({ schemas: { ProductFilter: filter }, parameters: { 'GET /products': { query: Filter } } }),
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/products', (c) => c.json({ status: c.req.query('status') ?? null }))
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/products': { get: { parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } } } }
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    const get = (version: string) => docs.document(version).paths?.['/products']?.get
    expect([Object.keys(get('1')?.responses ?? {}), Object.keys(get('2')?.responses ?? {})]).toEqual([['200', '400', '404', '422'], ['200', '400', '404']])
    expect((get('1')?.parameters?.[0] as { name: string }).name).toBe('state')
    const served = await app.request('/products?status=a', { headers: { 'Api-Version': '1' } })
    expect([served.status, await (await app.request('/products?state=a', { headers: { 'Api-Version': '1' } })).json()]).toEqual([422, { status: 'a' }])
  })
})

describe('shape changes the older component schemas undo', () => {
  const Person = shape<{ id: number; fullName: string; total: number }>('PersonDetail')
  const base = { type: 'object', properties: { id: { type: 'number' }, fullName: { type: 'string' }, total: { type: 'number' } }, required: ['id', 'fullName'] }
  const detail = { allOf: [{ $ref: '#/components/schemas/PersonBase' }, { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] }] }
  const changes = [change('fullName.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' }), fieldChanged(Person, 'total', { down: (n) => String(n), up: (t) => Number(t) })])]
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }] })
  const document: OpenAPIDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '2' },
    paths: { '/people/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/PersonDetail' } } } } } } } },
    components: { schemas: { PersonBase: base, PersonDetail: detail } },
  }
  const docs = versionedOpenAPI({ scheme, document, changelog: history })
  const v1 = docs.document('1').components?.schemas ?? {}

  it('a field the shape inherits through allOf is undone on a copy of the base, in the shape alone', () => {
    const members = (v1['PersonDetail'] as { allOf: { properties?: Record<string, unknown>; required?: string[] }[] }).allOf
    expect([Object.keys(members[0]?.properties ?? {}), members[0]?.required]).toEqual([['id', 'name', 'total'], ['id', 'name']])
    expect(docs.document('2').components?.schemas?.['PersonBase']).toEqual(base)
  })

  it('a field changed without olderSchema is not described in the older version, never given the newer schema', () => {
    const members = (v1['PersonDetail'] as { allOf: { properties?: Record<string, { type?: unknown }> }[] }).allOf
    expect(members[0]?.properties?.['total']?.type).toBeUndefined()
    const validator = new Validator(structuredClone({ ...(v1['PersonDetail'] as object), components: { schemas: v1 } }) as never, '2020-12')
    expect(validator.validate({ id: 1, name: 'Ada', total: '12.50', team: 'x' }).valid).toBe(true)
  })
})

describe('the statuses of documents made from the table and the app', () => {
  it("a method other than GET answers `default` where its status is unknown, and the history's status where statusChanged tells it", async () => {
    const { history, routes, app } = createdWith201()
    const docs = versionedOpenAPI({ scheme, routes, app, changelog: history })
    const own = (version: string, method: 'get' | 'post' | 'delete') => Object.keys(docs.document(version).paths?.['/products']?.[method]?.responses ?? {}).filter((s) => !/^4/.test(s))
    expect([own('2', 'get'), own('2', 'post'), own('1', 'post'), own('2', 'delete')]).toEqual([['200'], ['201'], ['200'], ['default']])
    const served = async (method: string, version: string) => (await app.request('/products', { method, headers: { 'Api-Version': version } })).status
    expect([await served('POST', '2'), await served('POST', '1'), await served('DELETE', '2')]).toEqual([201, 200, 204])
  })
})

describe('a response the history does not migrate', () => {
  it("refuses to document an older shape for a route the app's history leaves unmigrated, naming the route and the fix", () => {
    const User = shape<{ id: number; fullName: string }>('User')
    const make = (bodies: Record<string, { response: typeof User | readonly [typeof User] }>) => {
      const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }], bodies })
      const routes = defineRoutes([route('user-detail', '/users/:id'), route('user-list', '/users')])
      const versioning = apiVersioning({ scheme, routes, changes: history })
      const app = new Hono()
      app.use('*', versioning)
      mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ id: 1, fullName: 'Ada' }), 'user-list': (c) => c.json([{ id: 1, fullName: 'Ada' }]) })
      const ref = { $ref: '#/components/schemas/User' }
      const document: OpenAPIDocument = {
        openapi: '3.1.0',
        info: { title: 'u', version: '2' },
        paths: { '/users': { get: { responses: { '200': { description: 'l', content: { 'application/json': { schema: { type: 'array', items: ref } } } } } } }, '/users/{id}': { get: { responses: { '200': { description: 'o', content: { 'application/json': { schema: ref } } } } } } },
        components: { schemas: { User: { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' } }, required: ['id', 'fullName'] } } },
      }
      return () => versionedOpenAPI({ scheme, routes, app, document, changelog: history })
    }
    expect(make({ 'user-detail': { response: User } })).toThrow(
      "versionedOpenAPI: GET /users answers 200 with User, whose shape in version 1 differs from the head's, but the history migrates no response body of that route there: version 1 would get the head's shape while its document shows the older one. Give the route a bodies entry in versionHistory ({ bodies: { 'user-list': { response: <the shape> } } }).",
    )
    // A layout that does not put the shape where the body holds it (a list of users answered under `User`): version 1 gets no older user there.
    expect(make({ 'user-detail': { response: User }, 'user-list': { response: User } })).toThrow(
      "versionedOpenAPI: GET /users answers 200 with User at $[*], whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's User while its document shows the older one. Give the route the layout that holds it: versionHistory({ bodies: { 'user-list': { response: [User] } } }).",
    )
    expect(make({ 'user-detail': { response: User }, 'user-list': { response: [User] } })).not.toThrow()
  })
  it('names a plain route in the bodies entry it asks for as the app registers it, so the entry it gives is taken', () => {
    // Before, the sentence gave the OpenAPI path ('GET /users/{id}'), which versionHistory refuses.
    const User = shape<{ id: number; fullName: string }>('User')
    const ref = { $ref: '#/components/schemas/User' }
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 'u', version: '2' },
      paths: { '/users/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'o', content: { 'application/json': { schema: ref } } } } } } },
      components: { schemas: { User: { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' } }, required: ['id', 'fullName'] } } },
    }
    const make = (bodies: Record<string, { response: typeof User }>) => {
      const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }], bodies })
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme, changes: history }))
      app.get('/users/:id{[0-9]+}', (c) => c.json({ id: 1, fullName: 'Ada' }))
      return () => versionedOpenAPI({ scheme, app, document, changelog: history })
    }
    let sentence = ''
    try {
      make({})()
    } catch (error) {
      sentence = (error as Error).message
    }
    expect(sentence).toContain("Give the route a bodies entry in versionHistory ({ bodies: { 'GET /users/:id{[0-9]+}': { response: <the shape> } } }).")
    const key = /bodies: \{ '([^']+)'/.exec(sentence)?.[1] as string
    expect(make({ [key]: { response: User } })).not.toThrow()
  })
  it('refuses a history that names a plain route other than as the app registers it, as check(app) warns', () => {
    const User = shape<{ id: number; fullName: string }>('User')
    const make = (key: string) => {
      const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }], bodies: { [`GET ${key}`]: { response: User } } })
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme, changes: history }))
      app.get('/users/:id{[0-9]+}', (c) => c.json({ id: 1, fullName: 'Ada' }))
      const document: OpenAPIDocument = {
        openapi: '3.1.0',
        info: { title: 't', version: '2' },
        paths: { '/users/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } },
        components: { schemas: { User: { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' } } } } },
      }
      return () => versionedOpenAPI({ scheme, app, document, changelog: history })
    }
    expect(make('/users/:id')).toThrow('versionedOpenAPI: the documents would show older shapes or paths the app does not serve. versionHistory: "GET /users/:id" names no route of the app (its routes: GET /users/:id{[0-9]+})')
    expect(make('/users/:id{[0-9]+}')).not.toThrow()
  })
  it("refuses a plain route's pathChanged whose older path the app does not register (the older document would list a 404)", async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Items are products.', [pathChanged('GET /products/:id', { older: '/items/:id', newer: '/products/:id' })])] }] })
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/products/{id}': { get: { responses: { '200': { description: 'one' } } } } } }
    const appWith = (older: boolean) => {
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme, changes: history }))
      app.get('/products/:id', (c) => c.json({ id: c.req.param('id') }))
      if (older) app.get('/items/:id', (c) => c.json({ id: c.req.param('id') }))
      return app
    }
    expect((await appWith(false).request('/items/1', { headers: { 'Api-Version': '1' } })).status).toBe(404)
    expect(() => versionedOpenAPI({ scheme, app: appWith(false), document, changelog: history })).toThrow('register that path on the app too')
    const app = appWith(true)
    expect((await app.request('/items/1', { headers: { 'Api-Version': '1' } })).status).toBe(200)
    expect(Object.keys(versionedOpenAPI({ scheme, app, document, changelog: history }).document('1').paths ?? {})).toEqual(['/items/{id}'])
  })
  it("a plain route's older path your document lists too (an @hono/zod-openapi app registers both) is in the older documents only, as the server answers it", async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Items are products.', [pathChanged('GET /products/:id', { older: '/items/:id', newer: '/products/:id' })])] }] })
    const one = { get: { responses: { '200': { description: 'one' } } } }
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/items/{id}': one, '/products/{id}': one } }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/items/:id', (c) => c.json({ id: c.req.param('id') }))
    app.get('/products/:id', (c) => c.json({ id: c.req.param('id') }))
    const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
    for (const [version, served, gone] of [['1', '/items', '/products'], ['2', '/products', '/items']] as const) {
      expect(Object.keys(docs.document(version).paths ?? {})).toEqual([`${served}/{id}`])
      expect((await app.request(`${served}/1`, { headers: { 'Api-Version': version } })).status).toBe(200)
      expect((await app.request(`${gone}/1`, { headers: { 'Api-Version': version } })).status).toBe(404)
    }
    // Without the app, the documents read the same history alike.
    expect(Object.keys(versionedOpenAPI({ scheme, document, changelog: history }).document('2').paths ?? {})).toEqual(['/products/{id}'])
  })
})

describe('examples in older documents', () => {
  it("a media type's examples of a shape the version changes are left out there; an enum property's examples lose the added values", () => {
    const P = shape<{ title: string; status: string }>('P')
    const changes = [change('Titles; status c.', [fieldRenamed(P, { older: 'name', newer: 'title' }), enumValuesAdded(P, 'status', ['c'], { fallback: 'a' })])]
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes }] })
    const example = { title: 'Lamp', status: 'c' }
    const media = { schema: { $ref: '#/components/schemas/P' }, example, examples: { lamp: { value: example } } }
    const plain = { schema: { type: 'string' }, example: 'ok' }
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/p': { get: { responses: { '200': { description: 'ok', content: { 'application/json': media, 'text/plain': plain } } } } } },
      components: { schemas: { P: { type: 'object', properties: { title: { type: 'string' }, status: { type: 'string', enum: ['a', 'b', 'c'], examples: ['c', 'a'] } } } } },
    }
    const docs = versionedOpenAPI({ scheme, document, changelog: history })
    const content = (version: string) => (docs.document(version).paths?.['/p']?.get?.responses?.['200'] as { content: Record<string, object> }).content
    expect(content('1')).toEqual({ 'application/json': { schema: media.schema }, 'text/plain': plain })
    expect(content('2')).toEqual({ 'application/json': media, 'text/plain': plain })
    const status = (docs.document('1').components?.schemas?.['P'] as { properties: Record<string, unknown> }).properties['status']
    expect(status).toEqual({ type: 'string', enum: ['a', 'b'], examples: ['a'] })
  })
  it('refuses an inline response schema of a body the history migrates (the older document would show the head shape)', () => {
    const User = shape<{ id: number; fullName: string }>('User')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }], bodies: { 'GET /users/:id': { response: User } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/users/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
    const schema = { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' } } }
    const document: OpenAPIDocument = { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/users/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } } }
    expect(() => versionedOpenAPI({ scheme, app, document, changelog: history })).toThrow(
      "versionedOpenAPI: GET /users/{id} answers 200 with a schema that refers to no shape version 1 changes, but the history migrates that body there: its document would show the head's shape to version 1.",
    )
    const named: OpenAPIDocument = { ...document, paths: { '/users/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } }, components: { schemas: { User: schema } } }
    expect(Object.keys(versionedOpenAPI({ scheme, app, document: named, changelog: history }).document('1').components?.schemas?.['User']?.properties ?? {})).toEqual(['id', 'name'])
  })
  it('refuses a changed shape the document has inline inside a component (no component of its own)', () => {
    const Line = shape<{ code: string }>('Line')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Codes.', [fieldRenamed(Line, { older: 'sku', newer: 'code' })])] }], bodies: { 'GET /orders/:id': { response: { lines: [Line] } } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.get('/orders/:id', (c) => c.json({ lines: [{ code: 'A' }] }))
    const lines = { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } }
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '2' },
      paths: { '/orders/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } } } } },
      components: { schemas: { Order: { type: 'object', properties: { lines } } } },
    }
    expect(() => versionedOpenAPI({ scheme, app, document, changelog: history })).toThrow('changes shape Line, which the document has no component schema of (an inline schema, whose older form cannot be written): make Line a component schema')
  })
})
