/**
 * An older document's request body under a media type the route lists in
 * `unmigrated` (passed to the handler as sent, never migrated) is the
 * head's: the body the handler really reads, not the older version's (whose
 * component, in the older document, has the older fields). JSON, which the
 * toolkit migrates, keeps the older version's. With `requests` and
 * without. (Ajv on the document against what the server takes:
 * test/node/openapi/as-sent-request-bodies-ajv.test.ts.) A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { asSentNotes, FORM } from '../support/as-sent-notes.ts'

type Doc = OpenAPIDocument
const mediaOf = (document: Doc, type: string) => ((document.paths['/notes']?.post?.['requestBody'] as { content: Record<string, { schema: unknown }> }).content[type] as { schema: unknown }).schema
/** A schema with its component references written in from `document` (no recursion here). */
function resolved(document: Doc, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolved(document, item))
  if (schema === null || typeof schema !== 'object') return schema
  const ref = (schema as { $ref?: unknown }).$ref
  if (typeof ref === 'string') return resolved(document, (document.components?.schemas as Record<string, unknown>)[ref.split('/').pop() as string])
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(document, value)]))
}
const fields = (document: Doc, type: string) => Object.keys((resolved(document, mediaOf(document, type)) as { properties: object }).properties)

describe('an older request body the toolkit passes to the handler as sent', () => {
  for (const derived of [false, true]) {
    it(`is documented with the head's schema${derived ? ', with requests' : ''}; JSON with the older one`, async () => {
      const { docs, send } = asSentNotes(derived)
      const older = docs.document('1')
      expect(fields(older, FORM)).toEqual(['title', 'body'])
      expect(resolved(older, mediaOf(older, FORM))).toEqual(resolved(docs.document('2'), mediaOf(docs.document('2'), FORM)))
      expect(fields(older, 'application/json')).toEqual(['subject', 'body'])
      // What the server takes from version 1: the head's fields as a form, the older ones as JSON (answered in version 1's shape).
      expect(await (await send(FORM, 'title=A&body=B')).json()).toEqual({ subject: 'A', body: 'B' })
      expect((await send(FORM, 'subject=A&body=B')).status).toBe(400)
      expect(await (await send('application/json', '{"subject":"A","body":"B"}')).json()).toEqual({ subject: 'A', body: 'B' })
    })
  }
})

describe('an as-sent body whose head schema is recursive', () => {
  const Reply = shape('Note')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Titles.', [fieldRenamed(Reply, { older: 'subject', newer: 'title' })])] }],
    bodies: { 'POST /notes': { request: Reply, unmigrated: [FORM] } },
  })
  const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  app.post('/notes', (c) => c.body(null, 204))
  const note = { type: 'object', properties: { title: { type: 'string' }, replies: { type: 'array', items: { $ref: '#/components/schemas/Note' } } }, required: ['title'] }
  const document: OpenAPIDocument = {
    openapi: '3.1.0',
    info: { title: 'Notes', version: '2' },
    paths: { '/notes': { post: { requestBody: { content: { [FORM]: { schema: { $ref: '#/components/schemas/Note' } } } }, responses: { '204': { description: 'Taken' } } } } },
    components: { schemas: { Note: note } },
  }
  const docs = versionedOpenAPI({ scheme, app, document, changelog: history })

  it("gives the head's form as a component <Name>AsSent", () => {
    const older = docs.document('1')
    const asSent = { ...note, properties: { ...note.properties, replies: { type: 'array', items: { $ref: '#/components/schemas/NoteAsSent' } } } }
    expect(mediaOf(older, FORM)).toEqual(asSent)
    expect(older.components?.schemas?.['NoteAsSent']).toEqual(asSent)
    // Nothing of version 1 refers to its own (older) Note: left out, as an unused component is.
    expect(older.components?.schemas?.['Note']).toBeUndefined()
    expect(mediaOf(docs.document('2'), FORM)).toEqual({ $ref: '#/components/schemas/Note' })
  })
})
