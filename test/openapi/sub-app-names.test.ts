/**
 * A plain Hono sub-app that runs its own `versionMiddleware`, mounted with
 * `app.route('/api', sub)`, whose history names its routes as the sub-app
 * registers them (`GET /items/:id`), as the middleware reads them
 * (docs/app-styles.md): the documents of the root app describe each version
 * as the server answers it (the older field names, the routes a version
 * adds, the older request body), and where the middleware runs at the root
 * instead, which then migrates nothing so named, they are refused.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Item = shape<{ id: number; title: string }>('Item')
const NewItem = shape<{ title: string }>('NewItem')
const NewItemSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }
const bodies = { 'GET /items/:id': { response: Item }, 'POST /items': { request: NewItem, response: Item } }
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), fieldRenamed(NewItem, { older: 'name', newer: 'title' })]), change('Tags.', [routeAdded('GET /tags')])] }],
  bodies,
  validation: requestValidation({ schemas: { NewItem: NewItemSchema } }),
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const ref = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } })
const document = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '2' },
  paths: {
    '/api/items': { post: { requestBody: { content: ref('NewItem') }, responses: { '201': { description: 'Created.', content: ref('Item') } } } },
    '/api/items/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'An item.', content: ref('Item') } } } },
    '/api/tags': { get: { responses: { '200': { description: 'Tags.', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } }, required: ['id', 'title'] }, NewItem: NewItemSchema } },
}

/** The app: the routes in a sub-app mounted at /api, the middleware in the sub-app or at the root. */
function appWith(where: 'sub' | 'root'): Hono {
  const sub = new Hono()
  const versioning = versionMiddleware({ scheme, changes: history })
  if (where === 'sub') sub.use('*', versioning)
  sub.get('/items/:id', (c) => c.json({ id: Number(c.req.param('id')), title: 'Kettle' }))
  sub.post('/items', async (c) => c.json({ id: 7, ...(await c.req.json<{ title: string }>()) }, 201))
  sub.get('/tags', (c) => c.json(['tea']))
  const app = new Hono()
  if (where === 'root') app.use('*', versioning)
  return app.route('/api', sub)
}

const documentsOf = (app: Hono) => versionedOpenAPI({ scheme, app, document, changelog: history, requests: { schemas: { NewItem: NewItemSchema }, bodies } })

describe('a sub-app with its own versionMiddleware, its history naming routes as the sub-app registers them', () => {
  const app = appWith('sub')
  const docs = documentsOf(app)
  const v1 = docs.document('1')

  it('version 1 is answered in its own shapes, and without the route version 2 adds', async () => {
    const got = await app.request('/api/items/1', { headers: { 'Api-Version': '1' } })
    expect(await got.json()).toEqual({ id: 1, name: 'Kettle' })
    const created = await app.request('/api/items', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Pot"}' })
    expect(await created.json()).toEqual({ id: 7, name: 'Pot' })
    expect((await app.request('/api/tags', { headers: { 'Api-Version': '1' } })).status).toBe(404)
  })

  it("the root app's documents say so: version 1's shapes and request body, no /api/tags", () => {
    expect(Object.keys(v1.paths)).toEqual(['/api/items', '/api/items/{id}'])
    expect(Object.keys(v1.components?.schemas?.['Item']?.properties ?? {})).toEqual(['id', 'name'])
    const body = v1.paths['/api/items']?.post?.['requestBody'] as { content: Record<string, { schema: { $ref: string } }> }
    const name = body.content['application/json']?.schema.$ref.split('/').pop() as string
    expect(Object.keys(v1.components?.schemas?.[name]?.properties ?? {})).toEqual(['name'])
    expect(Object.keys(v1.paths['/api/items']?.post?.responses ?? {})).toContain('422')
    expect(Object.keys(docs.document('2').paths)).toEqual(['/api/items', '/api/items/{id}', '/api/tags'])
  })
})

describe('the same history with the middleware at the root, which reads the full paths', () => {
  it('migrates nothing it names, and the documents are refused, naming the route as the root registers it', async () => {
    const app = appWith('root')
    expect(await (await app.request('/api/items/1', { headers: { 'Api-Version': '1' } })).json()).toEqual({ id: 1, title: 'Kettle' })
    expect(() => documentsOf(app)).toThrow('"GET /items/:id" names no route of the app (its routes: GET /api/items/:id')
  })
})
