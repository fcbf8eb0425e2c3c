/**
 * `bodies[route].unmigrated` covers request bodies too: an older client's
 * body whose Content-Type it lists is passed to the handler as sent (not
 * read, not migrated, not refused; its stream kept), where before a route
 * with a request layout refused it with 415 while the head took it. Listing
 * a media type the request layout migrates (JSON, a form with `forms: true`)
 * fails when the history is made, as it does beside a response layout.
 * `check(app)` names an @hono/zod-openapi route declaring a request body
 * media type its request layout refuses for older clients; the older
 * documents list the request media types each version takes. A portable
 * suite: Node, workerd, Bun and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const NoteSchema = z.object({ title: z.string() }).openapi('Note')
const Note = shape('Note', NoteSchema)
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** A PUT taking JSON (laid out: version 1 calls title name) and text/plain; `entry` adds to its bodies entry. */
function appWith(entry: { readonly unmigrated?: readonly string[]; readonly forms?: boolean } = {}) {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a title.', [fieldRenamed(Note, { older: 'name', newer: 'title' })])] }],
    bodies: { 'PUT /notes/:id': { request: Note, ...entry } },
    maxBodySize: 64,
  })
  const versioning = versionMiddleware({ scheme, changes: history })
  const app = new OpenAPIHono()
  app.use('*', versioning)
  const route = createRoute({
    method: 'put',
    path: '/notes/{id}',
    request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: NoteSchema }, 'text/plain': { schema: z.string() } } } },
    responses: { 200: { description: 'Stored', content: { 'application/json': { schema: z.object({ type: z.string(), body: z.unknown(), stream: z.boolean() }) } } } },
  })
  app.openapi(route, async (c) => {
    const type = c.req.header('content-type') ?? ''
    const stream = c.req.raw.body instanceof ReadableStream
    return c.json({ type, body: type.startsWith('application/json') ? c.req.valid('json') : await c.req.text(), stream }, 200)
  })
  return { app, versioning, history }
}
const put = (app: OpenAPIHono, version: string, type: string, body: string) => app.request('/notes/1', { method: 'PUT', headers: { 'Api-Version': version, 'Content-Type': type }, body })
const TEXT = 'a note, longer than the sixty-four bytes maxBodySize lets the history read'

describe('without unmigrated: an older client is refused what the head takes, and check(app) says so', () => {
  const { app, versioning, history } = appWith()

  it('answers version 1 415 on text/plain, version 2 200', async () => {
    expect((await put(app, '1', 'text/plain', 'hello')).status).toBe(415)
    expect((await put(app, '2', 'text/plain', 'hello')).status).toBe(200)
  })

  it('names the route, the media type and the fix', () => {
    const expected = [
      `versionHistory: "PUT /notes/:id" declares its request body as text/plain, which older clients are refused with 415 while the head takes it: its request layout reads JSON only; list 'text/plain' in bodies["PUT /notes/:id"].unmigrated (passed to the handler as sent in every version), or leave it out of the route's request body.`,
    ]
    expect(versioning.check(app)).toEqual(expected)
    expect(history.check(app)).toEqual(expected)
  })

  it("leaves text/plain out of version 1's document, as the server refuses it there", () => {
    const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '2' } }), changelog: history })
    const typesIn = (version: string) => Object.keys((docs.document(version).paths?.['/notes/{id}']?.put?.['requestBody'] as { content?: object } | undefined)?.content ?? {})
    expect(typesIn('2')).toEqual(['application/json', 'text/plain'])
    expect(typesIn('1')).toEqual(['application/json'])
  })
})

describe("unmigrated: ['text/plain'] beside a request layout", () => {
  const { app, versioning, history } = appWith({ unmigrated: ['text/plain'] })

  it("passes an older client's text/plain body to the handler as sent: not read (longer than maxBodySize), its stream kept", async () => {
    const res = await put(app, '1', 'text/plain; charset=utf-8', TEXT)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ type: 'text/plain; charset=utf-8', body: TEXT, stream: true })
  })

  it('still migrates JSON, and refuses a media type it does not list', async () => {
    expect(await (await put(app, '1', 'application/json', '{"name":"Ada"}')).json()).toEqual({ type: 'application/json', body: { title: 'Ada' }, stream: true })
    expect((await put(app, '1', 'text/csv', 'a,b')).status).toBe(415)
  })

  it('check(app) says nothing, and version 1 documents text/plain', () => {
    expect(versioning.check(app)).toEqual([])
    const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '2' } }), changelog: history })
    const content = (docs.document('1').paths?.['/notes/{id}']?.put?.['requestBody'] as { content?: Record<string, unknown> } | undefined)?.content ?? {}
    expect(Object.keys(content)).toEqual(['application/json', 'text/plain'])
  })

  it("a range covers the types it names ('text/*')", async () => {
    const ranged = appWith({ unmigrated: ['text/*'] })
    expect((await put(ranged.app, '1', 'text/plain', 'hello')).status).toBe(200)
    expect(ranged.versioning.check(ranged.app)).toEqual([])
  })

  it("a body of no Content-Type is none of them, '*/*' included: JSON sent without a type is refused, never read unmigrated", async () => {
    const any = appWith({ unmigrated: ['*/*'] })
    const untyped = await any.app.request('/notes/1', { method: 'PUT', headers: { 'Api-Version': '1' }, body: new TextEncoder().encode('{"name":"a"}') })
    expect(untyped.status).toBe(415)
    expect(await untyped.json()).toEqual({ detail: 'Unsupported media type in request; send the body as application/json.' })
    expect((await put(any.app, '1', 'text/plain', 'hello')).status).toBe(200)
  })
})

describe('unmigrated naming a media type the request layout migrates', () => {
  it('fails when the history is made, as beside a response layout', () => {
    expect(() => appWith({ unmigrated: ['application/json'] })).toThrow(
      `versionHistory: bodies["PUT /notes/:id"]: unmigrated lists 'application/json', which its request layout migrates; list only the media types no layout describes (a CSV export, an image).`,
    )
    expect(() => appWith({ unmigrated: ['application/x-www-form-urlencoded'], forms: true })).toThrow(
      `versionHistory: bodies["PUT /notes/:id"]: unmigrated lists 'application/x-www-form-urlencoded', which its request layout migrates (forms: true); list only the media types no layout describes (a CSV export, an image).`,
    )
  })

  it('refuses JSON Patch, whose operations name the older fields in their paths, with the type to send instead', () => {
    const sentence = `versionHistory: bodies["PUT /notes/:id"]: unmigrated lists 'application/json-patch+json', JSON Patch, whose operations name the older version's fields in their paths; older clients' JSON Patch is refused (415), so send changes as application/merge-patch+json, which the request layout migrates.`
    expect(() => appWith({ unmigrated: ['application/json-patch+json'] })).toThrow(sentence)
    // Beside a response layout too (before, 'which its response layout migrates', silent on what to send).
    expect(() => versionHistory({ versions: [{ version: '1' }], bodies: { 'PUT /notes/:id': { request: Note, response: Note, unmigrated: ['application/json-patch+json'] } } })).toThrow(sentence)
  })

  it('takes a form type where the route does not migrate forms: the form is passed as sent (a plain Hono route)', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a title.', [fieldRenamed(Note, { older: 'name', newer: 'title' })])] }],
      bodies: { 'PUT /notes/:id': { request: Note, unmigrated: ['application/x-www-form-urlencoded'] } },
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    app.put('/notes/:id', async (c) => c.text(await c.req.text()))
    const res = await app.request('/notes/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Ada' })
    expect([res.status, await res.text()]).toEqual([200, 'name=Ada'])
  })
})

describe('JSON Patch declared beside a request layout', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a title.', [fieldRenamed(Note, { older: 'name', newer: 'title' })])] }],
    bodies: { 'PATCH /notes/:id': { request: Note } },
  })
  const versioning = versionMiddleware({ scheme, changes: history })
  const app = new OpenAPIHono()
  app.use('*', versioning)
  const patchOps = z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown() }))
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/notes/{id}',
      request: { params: z.object({ id: z.string() }), body: { content: { 'application/merge-patch+json': { schema: NoteSchema.partial() }, 'application/json-patch+json': { schema: patchOps } } } },
      responses: { 200: { description: 'Stored', content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } } } },
    }),
    (c) => c.json({ ok: true }, 200),
  )

  it('is refused to version 1 (its paths name the older fields), and check(app) names it with the type to take instead', async () => {
    const patch = (version: string) => app.request('/notes/1', { method: 'PATCH', headers: { 'Api-Version': version, 'Content-Type': 'application/json-patch+json' }, body: '[{"op":"replace","path":"/name","value":"x"}]' })
    expect((await patch('1')).status).toBe(415)
    expect(versioning.check(app)).toEqual([
      `versionHistory: "PATCH /notes/:id" declares its request body as application/json-patch+json, which older clients are refused with 415 while the head takes it: JSON Patch names the older version's fields in its operations' paths, which no layout migrates; take changes as application/merge-patch+json, or leave it out of the route's request body.`,
    ])
  })

  it("is left out of version 1's document, as the server refuses it there", () => {
    const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '2' } }), changelog: history })
    const typesIn = (version: string) => Object.keys((docs.document(version).paths?.['/notes/{id}']?.patch?.['requestBody'] as { content?: object } | undefined)?.content ?? {})
    expect(typesIn('2')).toEqual(['application/merge-patch+json', 'application/json-patch+json'])
    expect(typesIn('1')).toEqual(['application/merge-patch+json'])
  })
})
