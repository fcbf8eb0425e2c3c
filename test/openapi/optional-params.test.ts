/**
 * A plain Hono route with an optional last param (`app.get('/files/:name?')`)
 * serves its path with and without it; a head document gives both paths
 * (OpenAPI path params are required, so `/files` and `/files/{name}` are two
 * paths), and the documents of each version keep both, with the version's
 * shapes: the history names the route once, as Hono registers it, and the
 * server migrates both.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const FileShape = shape<{ name: string; size: number }>('File')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Files have a size.', [fieldRenamed(FileShape, { older: 'bytes', newer: 'size' })]), change('Listing by folder.', [routeAdded('GET /folders/:id?')])] }],
  bodies: { 'GET /files/:name?': { response: FileShape } },
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/files/:name?', (c) => c.json({ name: c.req.param('name') ?? 'index', size: 12 }))
app.get('/folders/:id?', (c) => c.json({ id: c.req.param('id') ?? null }))
const file = { 'application/json': { schema: { $ref: '#/components/schemas/File' } } }
const name = { name: 'name', in: 'path', required: true, schema: { type: 'string' } }
const document = {
  openapi: '3.1.0',
  info: { title: 'Files', version: '2' },
  paths: {
    '/files': { get: { operationId: 'index', responses: { '200': { description: 'The index.', content: file } } } },
    '/files/{name}': { get: { operationId: 'file', parameters: [name], responses: { '200': { description: 'A file.', content: file } } } },
    '/folders': { get: { operationId: 'folders', responses: { '200': { description: 'The root folder.' } } } },
  },
  components: { schemas: { File: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } }, required: ['name', 'size'] } } },
}
const docs = versionedOpenAPI({ scheme, app, document, changelog: history })

describe('a plain route with an optional last param', () => {
  it('is documented at both its paths in each version, where that version serves it', () => {
    expect(Object.keys(docs.document('2').paths)).toEqual(['/files', '/files/{name}', '/folders'])
    expect(Object.keys(docs.document('1').paths)).toEqual(['/files', '/files/{name}'])
  })

  it("each path is answered in version 1's shape, as its document says", async () => {
    expect(Object.keys(docs.document('1').components?.schemas?.['File']?.properties ?? {})).toEqual(['name', 'bytes'])
    for (const path of ['/files', '/files/a.txt']) {
      const res = await app.request(path, { headers: { 'Api-Version': '1' } })
      expect(Object.keys((await res.json()) as object)).toEqual(['name', 'bytes'])
    }
    expect((await app.request('/folders', { headers: { 'Api-Version': '1' } })).status).toBe(404)
  })
})
