/**
 * A notes API whose version 2 renames a note's `subject` to `title`, and
 * whose POST /notes lists the form type in `unmigrated`: an older client's
 * form reaches the handler as sent, and the handler (through
 * @hono/zod-openapi's validator of the head's Note) reads the head's fields.
 * Documented from the app's own document, with `requests` or without
 * (test/openapi/as-sent-request-bodies.test.ts,
 * test/node/openapi/as-sent-request-bodies-ajv.test.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

export const FORM = 'application/x-www-form-urlencoded'
const Note = z.object({ title: z.string(), body: z.string() }).openapi('Note')
const NoteShape = shape<z.infer<typeof Note>>('Note')

export function asSentNotes(derived: boolean) {
  const bodies = { 'POST /notes': { request: NoteShape, response: NoteShape, unmigrated: [FORM] } }
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
    request: { body: { content: { 'application/json': { schema: Note }, [FORM]: { schema: Note } }, required: false } },
    responses: { 200: { description: 'The note', content: { 'application/json': { schema: Note } } } },
  })
  app.openapi(createNote, (c) => {
    const note = c.req.header('Content-Type')?.startsWith(FORM) === true ? c.req.valid('form') : c.req.valid('json')
    return c.json({ title: note.title, body: note.body }, 200)
  })
  const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Notes', version: '2' } }), changelog: history, ...(derived ? { requests: { schemas: { Note }, bodies } } : {}) })
  const send = (type: string, body: string) => app.request('/notes', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': type }, body })
  return { app, docs, send }
}
