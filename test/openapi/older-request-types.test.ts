/**
 * An older version's document lists the request media types the toolkit
 * reads where it migrates the body: JSON, and forms where the route says
 * `forms: true`, and those the route lists in `unmigrated` (passed to the
 * handler as sent); the others (a form without it, text/plain, a JSON Patch)
 * are answered 415 there, so they are left out. The head's document keeps
 * every type the app declares. An @hono/zod-openapi app documented from its
 * own document (the notes app of test/support/as-sent-notes.ts), without
 * `requests` and with it. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno.
 */
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createNote, Note, notesApp, sendNote as send } from '../support/as-sent-notes.ts'

// text/vnd.notes+json: a +json suffix outside application/, which the server does not read as JSON (415 to older clients).
const TYPES = ['application/json', 'application/merge-patch+json', 'application/json-patch+json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'text/vnd.notes+json']

function notesApi(forms: boolean, derived = false, unmigrated?: readonly string[]) {
  const { app, documents } = notesApp({ forms, ...(unmigrated === undefined ? {} : { unmigrated }) })
  app.openapi(createNote(Object.fromEntries(TYPES.map((type) => [type, { schema: type === 'text/plain' ? z.string() : Note }]))), async (c) => {
    const type = c.req.header('Content-Type') ?? ''
    const note = type.includes('json') ? await c.req.json() : await c.req.parseBody()
    return c.json({ title: String(note['title']), body: String(note['body']) }, 200)
  })
  return { app, docs: documents(derived) }
}

const requestTypes = (docs: ReturnType<typeof notesApi>['docs'], version: string) => Object.keys((docs.document(version).paths['/notes']?.post?.['requestBody'] as { content?: object } | undefined)?.content ?? {})

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
