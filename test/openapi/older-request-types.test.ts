/**
 * An older version's document lists the request media types the toolkit
 * reads where it migrates the body: JSON, and forms where the route says
 * `forms: true`, and those the route lists in `unmigrated` (passed to the
 * handler as sent); the others (a form without it, text/plain, a JSON Patch)
 * are answered 415 there, so they are left out. The head's document keeps
 * every type the app declares. An @hono/zod-openapi app documented from its
 * own document, without `requests` and with it. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const Note = z.object({ title: z.string(), body: z.string() }).openapi('Note')
const NoteShape = shape<z.infer<typeof Note>>('Note')
// text/vnd.notes+json: a +json suffix outside application/, which the server does not read as JSON (415 to older clients).
const TYPES = ['application/json', 'application/merge-patch+json', 'application/json-patch+json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'text/vnd.notes+json']

function notesApi(forms: boolean, derived = false, unmigrated?: readonly string[]) {
  const bodies = { 'POST /notes': { request: NoteShape, response: NoteShape, forms, ...(unmigrated === undefined ? {} : { unmigrated }) } }
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Titles.', [fieldRenamed(NoteShape, { older: 'subject', newer: 'title' })])] }],
    bodies,
  })
  const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
  const app = new OpenAPIHono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  const createNote = createRoute({
    operationId: 'createNote',
    method: 'post',
    path: '/notes',
    request: { body: { content: Object.fromEntries(TYPES.map((type) => [type, { schema: type === 'text/plain' ? z.string() : Note }])), required: false } },
    responses: { 200: { description: 'The note', content: { 'application/json': { schema: Note } } } },
  })
  app.openapi(createNote, async (c) => {
    const type = c.req.header('Content-Type') ?? ''
    const note = type.includes('json') ? await c.req.json() : await c.req.parseBody()
    return c.json({ title: String(note['title']), body: String(note['body']) }, 200)
  })
  const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Notes', version: '2' } }), changelog: history, ...(derived ? { requests: { schemas: { Note }, bodies } } : {}) })
  return { app, docs }
}

const requestTypes = (docs: ReturnType<typeof notesApi>['docs'], version: string) => Object.keys((docs.document(version).paths['/notes']?.post?.['requestBody'] as { content?: object } | undefined)?.content ?? {})
const send = (app: OpenAPIHono, type: string, body: string) => app.request('/notes', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': type }, body })

describe('the request media types of an older document, where the toolkit migrates the body', () => {
  it('without forms: JSON alone (a JSON Patch neither), as the server answers the others 415', async () => {
    const { app, docs } = notesApi(false)
    expect(requestTypes(docs, '1')).toEqual(['application/json', 'application/merge-patch+json'])
    expect(requestTypes(docs, '2')).toEqual(TYPES)
    expect(await (await send(app, 'application/json', '{"subject":"A","body":"B"}')).json()).toEqual({ subject: 'A', body: 'B' })
    expect((await send(app, 'application/x-www-form-urlencoded', 'subject=A&body=B')).status).toBe(415)
    expect((await send(app, 'text/plain', 'A')).status).toBe(415)
    expect((await send(app, 'application/json-patch+json', '[]')).status).toBe(415)
    expect((await send(app, 'text/vnd.notes+json', '{"subject":"A","body":"B"}')).status).toBe(415)
  })

  it('with forms: true, the forms too, as the server migrates them', async () => {
    const { app, docs } = notesApi(true)
    expect(requestTypes(docs, '1')).toEqual(['application/json', 'application/merge-patch+json', 'application/x-www-form-urlencoded', 'multipart/form-data'])
    expect(requestTypes(docs, '2')).toEqual(TYPES)
    expect(await (await send(app, 'application/x-www-form-urlencoded', 'subject=A&body=B')).json()).toEqual({ subject: 'A', body: 'B' })
    expect((await send(app, 'text/plain', 'A')).status).toBe(415)
  })

  it("with unmigrated: ['text/plain'], text/plain too, as the server passes it to the handler as sent", async () => {
    for (const derived of [false, true]) {
      const { app, docs } = notesApi(false, derived, ['text/plain'])
      expect(requestTypes(docs, '1')).toEqual(['application/json', 'application/merge-patch+json', 'text/plain'])
      expect(requestTypes(docs, '2')).toEqual(TYPES)
      expect((await send(app, 'text/plain', 'A')).status).toBe(200)
      expect((await send(app, 'application/x-www-form-urlencoded', 'subject=A&body=B')).status).toBe(415)
    }
  })

  it('with requests (each version\'s body derived), a JSON Patch is left out too', () => {
    const { docs } = notesApi(false, true)
    expect(requestTypes(docs, '1')).toEqual(['application/json', 'application/merge-patch+json'])
    expect(requestTypes(docs, '2')).toEqual(TYPES)
  })
  it("with unmigrated: ['application/*'], a JSON Patch is still left out, as the server answers it 415", async () => {
    for (const derived of [false, true]) {
      const { app, docs } = notesApi(false, derived, ['application/*'])
      expect((await send(app, 'application/json-patch+json', '[]')).status).toBe(415)
      expect(requestTypes(docs, '1')).toEqual(['application/json', 'application/merge-patch+json', 'application/x-www-form-urlencoded'])
    }
  })
})
