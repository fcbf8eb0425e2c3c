/**
 * The notes API the OpenAPI request-body tests share: version 2 renames a
 * note's `subject` to `title`; POST /notes takes and answers a Note
 * (@hono/zod-openapi), documented from the app's own document, with
 * `requests` (each version's body derived) or without.
 * - `notesApp(options)`: the history, the scheme and the app with its
 *   versioning middleware, for a test to add its own POST /notes to
 *   (test/openapi/older-request-types.test.ts).
 * - `asSentNotes(derived)`: that app whose POST /notes lists the form type in
 *   `unmigrated`: an older client's form reaches the handler as sent, and the
 *   handler (through @hono/zod-openapi's validator of the head's Note) reads
 *   the head's fields (test/openapi/as-sent-request-bodies.test.ts,
 *   test/node/openapi/as-sent-request-bodies-ajv.test.ts).
 */
import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

export const FORM = 'application/x-www-form-urlencoded'
export const Note = z.object({ title: z.string(), body: z.string() }).openapi('Note')
const NoteShape = shape<z.infer<typeof Note>>('Note')

/** What POST /notes says of its bodies besides their shape: `forms`, `unmigrated`. */
export interface NoteBodies {
  readonly forms?: boolean
  readonly unmigrated?: readonly string[]
}

/**
 * The notes app without its route: the caller adds POST /notes to `app`
 * (`createNote` gives the route), then reads `documents(derived)`.
 */
export function notesApp(options: NoteBodies = {}) {
  const bodies = { 'POST /notes': { request: NoteShape, response: NoteShape, ...options } }
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Titles.', [fieldRenamed(NoteShape, { older: 'subject', newer: 'title' })])] }],
    bodies,
  })
  const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
  const app = new OpenAPIHono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  /** The versions' documents, made from the app's own document (read now: add the route first). */
  const documents = (derived: boolean) => versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Notes', version: '2' } }), changelog: history, ...(derived ? { requests: { schemas: { Note }, bodies } } : {}) })
  return { app, documents }
}

type Content = NonNullable<NonNullable<RouteConfig['request']>['body']>['content']

/** POST /notes (operationId createNote), taking `content` (not required) and answering a Note. */
export function createNote<C extends Content>(content: C) {
  return createRoute({
    operationId: 'createNote',
    method: 'post',
    path: '/notes',
    request: { body: { content, required: false } },
    responses: { 200: { description: 'The note', content: { 'application/json': { schema: Note } } } },
  })
}

/** Sends `body` as `type` to POST /notes, as a version 1 client. */
export const sendNote = (app: OpenAPIHono, type: string, body: string) => app.request('/notes', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': type }, body })

export function asSentNotes(derived: boolean) {
  const { app, documents } = notesApp({ unmigrated: [FORM] })
  app.openapi(createNote({ 'application/json': { schema: Note }, [FORM]: { schema: Note } }), (c) => {
    const note = c.req.header('Content-Type')?.startsWith(FORM) === true ? c.req.valid('form') : c.req.valid('json')
    return c.json({ title: note.title, body: note.body }, 200)
  })
  const docs = documents(derived)
  const send = (type: string, body: string) => sendNote(app, type, body)
  return { app, docs, send }
}
