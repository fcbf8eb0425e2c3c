/**
 * `check(app)` names a handler that can answer text or HTML its route's
 * layouts cannot migrate, and not one whose `c.text(...)` / `c.html(...)`
 * calls all give a literal error or redirect status (`c.text('No such
 * person', 404)`): such a body is sent to every version as it is, since a
 * non-JSON error or redirect body is not migrated. Plain Hono and
 * @hono/zod-openapi routes. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const PersonShape = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /people/:id': { response: PersonShape }, 'GET /pages/:id': { response: PersonShape } },
})
const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
const v1 = { headers: { 'Api-Version': '1' } }

describe('handlers answering text or HTML with a literal error or redirect status', () => {
  it('plain Hono: not named, and the older client gets the text as it is', async () => {
    const app = new Hono()
    const versioning = versionMiddleware({ scheme, changes: history })
    app.use('*', versioning)
    app.get('/people/:id', (c) => (c.req.param('id') === '1' ? c.json({ id: 1, fullName: 'Ada' }) : c.text(`No person ${c.req.param('id')}, (sorry)`, 404)))
    app.get('/pages/:id', (c) => (c.req.param('id') === '1' ? c.json({ id: 1, fullName: 'Ada' }) : c.req.param('id') === '2' ? c.html('<p>gone</p>', 410) : c.text('Moved', 302, { Location: '/pages/1' })))
    expect(versioning.check(app)).toEqual([])
    const missing = await app.request('/people/2', v1)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('No person 2, (sorry)')
    expect((await app.request('/pages/2', v1)).status).toBe(410)
    expect((await app.request('/pages/3', v1)).status).toBe(302)
    expect(await (await app.request('/people/1', v1)).json()).toEqual({ id: 1, name: 'Ada' })
  })

  it('@hono/zod-openapi: not named', () => {
    const app = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme, changes: history })
    app.use('*', versioning)
    const Person = z.object({ id: z.number(), fullName: z.string() }).openapi('Person')
    const getPerson = createRoute({
      method: 'get',
      path: '/people/{id}',
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: { description: 'The person', content: { 'application/json': { schema: Person } } }, 404: { description: 'None', content: { 'text/plain': { schema: z.string() } } } },
    })
    app.openapi(getPerson, (c) => (c.req.valid('param').id === '1' ? c.json({ id: 1, fullName: 'Ada' }, 200) : c.text('No such person', 404)))
    app.get('/pages/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
    expect(versioning.check(app)).toEqual([])
  })

  it("a body read as text (c.req.text(), an upstream's res.text()) is no answer: not named", () => {
    const app = new Hono()
    const versioning = versionMiddleware({ scheme, changes: history })
    app.use('*', versioning)
    // Context#text and #html take the body: a call without arguments is a Body's (the request's, a fetch's, a Blob's).
    app.get('/people/:id', async (c) => c.json({ id: Number((await c.req.text()).length), fullName: await (await fetch('https://example.com/')).text() }))
    app.get('/pages/:id', async (c) => c.json({ id: 1, fullName: await new Blob(['Ada']).text( ) }))
    expect(versioning.check(app)).toEqual([])
  })

  it('a success status, none, or a status read at run time: named', () => {
    const app = new Hono()
    const versioning = versionMiddleware({ scheme, changes: history })
    app.use('*', versioning)
    app.get('/people/:id', (c) => (c.req.param('id') === '1' ? c.text('Ada', 404) : c.text('Ada', 200)))
    const status = Number('404') as 404
    app.get('/pages/:id', (c) => (c.req.param('id') === '1' ? c.json({ id: 1, fullName: 'Ada' }) : c.html('<p>gone</p>', status)))
    expect(versioning.check(app)).toEqual([
      `versionHistory: the handler of "GET /people/:id" can answer plain text (c.text), which its layouts cannot migrate (older clients would get a 500); list 'text/plain' in its unmigrated.`,
      `versionHistory: the handler of "GET /pages/:id" can answer HTML (c.html), which its layouts cannot migrate (older clients would get a 500); list 'text/html' in its unmigrated.`,
    ])
  })
})
