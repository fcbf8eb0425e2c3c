/**
 * `check(app)` names a handler that reads a request body (JSON or a form)
 * on a route whose responses migrate but which declares no `request` layout:
 * an older client's body reached such a handler in its own version's fields,
 * silently (a PUT of `{ "name": ... }` stored a missing title), and the
 * check said nothing. Not named: a route with a request layout, a body the
 * same in every version declared with a shape no change names, a GET, a
 * route whose responses do not change, a handler that reads no body. Also a
 * handler reading a form where the request layout migrates JSON alone (its
 * older clients' forms get 415, its head clients' are taken). Read through
 * `c.req`, a `req` destructured from the context, or `c.req.raw`; Hono's
 * validator middleware is not taken for a read (its one source reads JSON
 * whatever its target: a `param` validator on a DELETE). In each
 * style: plain routes, `mountRoutes` handlers, @hono/zod-openapi routes. A
 * portable suite: it runs on Node, inside workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { validator } from 'hono/validator'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

interface Person {
  id: number
  title: string
}
const Person = shape<Person>('Person')
const Login = shape<{ user: string }>('Login')
const titles = change('People have a title.', [fieldRenamed(Person, { older: 'name', newer: 'title' })])
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const sentence = (what: string, key: string) =>
  `versionHistory: the handler of ${what} reads a request body, and its route declares no request layout though its responses change between versions, so older clients' bodies reach it in their own version's fields; declare the layout (bodies[${JSON.stringify(key)}].request), or a shape no change names if the body is the same in every version.`

describe('check(app) names a handler reading a body its route lays out nowhere', () => {
  it('plain routes: c.req.json(), parseBody(), valid("json") named; a layout, an unchanged shape, GET, unchanged responses and no read are not', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: {
        'PUT /people/:id': { response: Person },
        'PATCH /people/:id': { response: Person },
        'POST /people/:id/form': { response: Person },
        'POST /people': { request: Person, response: Person },
        'POST /login': { request: Login, response: Person },
        'GET /people/:id': { response: Person },
        'POST /people/:id/touch': { response: Person },
        'POST /notes': { response: Login },
      },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    let stored: unknown
    app.put('/people/:id', async (c) => {
      stored = await c.req.json()
      return c.json({ id: 1, title: String((stored as Person).title) })
    })
    app.patch('/people/:id', validator('json', (value) => value as Partial<Person>), (c) => c.json({ id: 1, title: c.req.valid('json').title ?? '' }))
    app.post('/people/:id/form', async (c) => c.json({ id: 1, title: String((await c.req.parseBody())['title']) }))
    app.post('/people', async (c) => c.json({ ...(await c.req.json<Person>()), id: 1 }))
    app.post('/login', async (c) => c.json({ id: 1, title: (await c.req.json<{ user: string }>()).user }))
    app.get('/people/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    app.post('/people/:id/touch', (c) => c.json({ id: 1, title: 'Ada' }))
    app.post('/notes', async (c) => c.json(await c.req.json()))
    expect(versioning.check(app)).toEqual([
      sentence('"PUT /people/:id"', 'PUT /people/:id'),
      sentence('"PATCH /people/:id"', 'PATCH /people/:id'),
      sentence('"POST /people/:id/form"', 'POST /people/:id/form'),
    ])
    // What the sentence says: the older client's body reaches the handler in version 1's fields.
    const res = await app.request('/people/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect([res.status, await res.json(), stored]).toEqual([200, { id: 1, name: 'undefined' }, { name: 'Ada' }])
  })

  it("reads the body through a req taken from the context or its raw Request; a param or query validator on a POST or DELETE reads none", async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: {
        'POST /people/:id/raw': { response: Person },
        'PUT /people/:id': { response: Person },
        'POST /people/:id/form': { response: Person, request: Person },
        'POST /people/:id/archive': { response: Person },
        'DELETE /people/:id': { response: Person },
      },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    let stored: unknown
    app.post('/people/:id/raw', async (c) => {
      stored = await c.req.raw.json()
      return c.json({ id: 1, title: String((stored as Person).title) })
    })
    app.put('/people/:id', async ({ req, json }) => json({ id: 1, title: String((await req.json<Person>()).title) }))
    app.post('/people/:id/form', async ({ req, json }) => json({ id: 1, title: String((await req.raw.formData()).get('title')) }))
    // Hono's validator reads c.req.json() in its source whatever its target: these handlers read no body.
    app.post('/people/:id/archive', validator('param', (value) => value), (c) => c.json({ id: Number(c.req.valid('param')['id']), title: 'Ada' }))
    app.delete('/people/:id', validator('query', (value) => value), (c) => c.json({ id: 1, title: 'Ada' }))
    expect(versioning.check(app)).toEqual([
      sentence('"POST /people/:id/raw"', 'POST /people/:id/raw'),
      sentence('"PUT /people/:id"', 'PUT /people/:id'),
      `versionHistory: the handler of "POST /people/:id/form" reads a form, and its route's request layout migrates JSON bodies only, so its older clients' forms are refused with 415 where its head clients' are taken; set forms: true in bodies["POST /people/:id/form"] to migrate them.`,
    ])
    // What the first sentence says: the raw Request holds the older client's body, in version 1's fields.
    const res = await app.request('/people/1/raw', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect([res.status, stored]).toEqual([200, { name: 'Ada' }])
  })

  it('reads the body as text it parses as JSON (c.req.text(), c.req.raw.text()): named; text alone (a note, a CSV import) is not', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: { 'PUT /people/:id': { response: Person }, 'POST /people/:id/raw': { response: Person }, 'POST /people/:id/note': { response: Person } },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    let stored: unknown
    app.put('/people/:id', async (c) => {
      stored = JSON.parse(await c.req.text())
      return c.json({ id: 1, title: String((stored as Person).title) })
    })
    app.post('/people/:id/raw', async (c) => c.json({ id: 1, title: String((JSON.parse(await c.req.raw.text()) as Person).title) }))
    app.post('/people/:id/note', async (c) => c.json({ id: 1, title: (await c.req.text()).slice(0, 40) }))
    expect(versioning.check(app)).toEqual([sentence('"PUT /people/:id"', 'PUT /people/:id'), sentence('"POST /people/:id/raw"', 'POST /people/:id/raw')])
    // What the sentence says: the text the handler parses is version 1's.
    const res = await app.request('/people/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect([res.status, stored]).toEqual([200, { name: 'Ada' }])
  })

  it('a handler reading a form on a route whose request layout migrates JSON alone: named; with forms: true, not', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: {
        'POST /people': { request: Person, response: Person },
        'POST /members': { request: Person, response: Person, forms: true },
        'POST /logins': { request: Login, response: Person },
      },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    const fromForm = async (c: Context) => c.json({ id: 1, title: String((await c.req.parseBody())['title']) })
    app.post('/people', fromForm)
    app.post('/members', fromForm)
    app.post('/logins', async (c) => c.json({ id: 1, title: String((await c.req.formData()).get('user')) }))
    expect(versioning.check(app)).toEqual([
      `versionHistory: the handler of "POST /people" reads a form, and its route's request layout migrates JSON bodies only, so its older clients' forms are refused with 415 where its head clients' are taken; set forms: true in bodies["POST /people"] to migrate them.`,
    ])
    // What the sentence says: the head's form is taken, an older client's refused; with forms: true, migrated.
    const form = (version: string, path: string, field: string) =>
      app.request(path, { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `${field}=Ada` })
    expect((await form('2', '/people', 'title')).status).toBe(200)
    expect((await form('1', '/people', 'name')).status).toBe(415)
    const member = await form('1', '/members', 'name')
    expect([member.status, await member.json()]).toEqual([200, { id: 1, name: 'Ada' }])
  })

  it('a handler reading a form whose types unmigrated lists (passed to it as sent): not named; one type listed, the other named', async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: {
        'POST /uploads': { request: Person, response: Person, unmigrated: ['multipart/form-data', 'application/x-www-form-urlencoded'] },
        'POST /files': { request: Person, response: Person, unmigrated: ['multipart/form-data'] },
      },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    const fromForm = async (c: Context) => c.json({ id: 1, title: String((await c.req.parseBody())['title']) })
    app.post('/uploads', fromForm)
    app.post('/files', fromForm)
    expect(versioning.check(app)).toEqual([
      `versionHistory: the handler of "POST /files" reads a form, and its route's request layout migrates JSON bodies only, so its older clients' forms sent as application/x-www-form-urlencoded are refused with 415 where its head clients' are taken (those unmigrated lists are passed to it as sent); list 'application/x-www-form-urlencoded' in bodies["POST /files"].unmigrated too.`,
    ])
    // What it says: an older client's form of a listed type reaches the handler as sent, of the other type 415.
    const multipart = (path: string) => {
      const body = new FormData()
      body.set('title', 'Ada')
      return app.request(path, { method: 'POST', headers: { 'Api-Version': '1' }, body })
    }
    const urlencoded = (path: string) => app.request(path, { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'title=Ada' })
    expect([(await multipart('/uploads')).status, (await urlencoded('/uploads')).status]).toEqual([200, 200])
    expect([(await multipart('/files')).status, (await urlencoded('/files')).status]).toEqual([200, 415])
  })

  it('the handlers mountRoutes mounts, by their table route and method', () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: { person: { response: Person }, 'POST people': { request: Person, response: Person } },
    })
    const routes = defineRoutes([route('person', '/people/:id'), route('people', '/people')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      person: {
        get: (c) => c.json({ id: 1, title: 'Ada' }),
        put: async (c) => c.json({ id: 1, title: String((await c.req.json<Person>()).title) }),
      },
      people: { post: async (c) => c.json({ ...(await c.req.json<Person>()), id: 1 }) },
    })
    expect(versioning.check(app)).toEqual([sentence('route "person" (PUT)', 'PUT person')])
  })

  it('a middleware before the handler that reads the body: in a mountRoutes chain as on a plain route; a validator there reads none', () => {
    const reading = async (c: Context, next: () => Promise<void>) => {
      c.set('person' as never, (await c.req.json()) as never)
      await next()
    }
    const handler = (c: Context) => c.json({ id: 1, title: String((c.get('person' as never) as Person).title) })
    const plainHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { 'PUT /people/:id': { response: Person } } })
    const plainVersioning = versionMiddleware({ scheme: scheme(), changes: plainHistory })
    const plain = new Hono()
    plain.use('*', plainVersioning)
    plain.put('/people/:id', reading, handler)
    expect(plainVersioning.check(plain)).toEqual([sentence('"PUT /people/:id"', 'PUT /people/:id')])
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { person: { response: Person } } })
    const routes = defineRoutes([route('person', '/people/:id')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { person: { put: [reading, handler], delete: [validator('param', (value) => value), (c) => c.json({ id: 1, title: 'Ada' })] } })
    // Before, the chain's middleware was not read: the table route was not named where the plain one was.
    expect(versioning.check(app)).toEqual([sentence('route "person" (PUT)', 'PUT person')])
  })

  it("a middleware registered with app.use after the versioning middleware, for each route it covers; one before it, or covering none, is not named", async () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [titles] }],
      bodies: { 'PUT /people/:id': { response: Person }, 'POST /people': { request: Person, response: Person }, 'GET /people/:id': { response: Person }, 'PUT /notes/:id': { response: Person } },
    })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    let audited: unknown
    const audit = async (c: Context, next: () => Promise<void>) => {
      if (c.req.method !== 'GET') audited = await c.req.json()
      await next()
    }
    // Before the versioning middleware: it reads every version's body as sent, knowing no version.
    app.use('/notes/*', audit)
    app.use('*', versioning)
    app.use('/people/*', audit)
    app.use('/people', audit)
    app.put('/people/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    app.post('/people', async (c) => c.json({ ...(await c.req.json<Person>()), id: 1 }))
    app.get('/people/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    app.put('/notes/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    // After the route's handler, which answers without calling next(): it never runs for the route.
    app.use('/notes/*', audit)
    const who = `the middleware registered at '/people/*' after the versioning middleware, run for "PUT /people/:id",`
    expect(versioning.check(app)).toEqual([sentence('"PUT /people/:id"', 'PUT /people/:id').replace('the handler of "PUT /people/:id"', who)])
    // What the sentence says: the middleware reads the older client's body in version 1's fields.
    await app.request('/people/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"name":"Ada"}' })
    expect(audited).toEqual({ name: 'Ada' })
  })

  it('a middleware registered after the versioning middleware where it covers other routes, before it where it covers the route: not named', () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { 'PUT /people/:id': { response: Person }, 'PUT /notes/:id': { response: Person } } })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new Hono()
    app.use('/notes/*', versioning)
    app.use('/people/*', async (c, next) => {
      c.set('person' as never, (await c.req.json()) as never)
      await next()
    })
    app.use('/people/*', versioning)
    app.put('/people/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    app.put('/notes/:id', (c) => c.json({ id: 1, title: 'Ada' }))
    expect(versioning.check(app)).toEqual([])
  })

  it('a middleware registered with app.use after the versioning middleware, for each handler mountRoutes mounts that it runs for', () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { person: { response: Person } } })
    const routes = defineRoutes([route('person', '/people/:id')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    app.use('/people/*', async (c, next) => {
      if (c.req.method === 'PUT') c.set('person' as never, (await c.req.json()) as never)
      await next()
    })
    mountRoutes(app, versioning, { person: { get: (c) => c.json({ id: 1, title: 'Ada' }), put: (c) => c.json({ id: 1, title: String((c.get('person' as never) as Person).title) }) } })
    expect(versioning.check(app)).toEqual([sentence('route "person" (PUT)', 'PUT person').replace('the handler of route "person" (PUT)', `the middleware registered at '/people/*' after the versioning middleware, run for route "person" (PUT),`)])
  })

  it('@hono/zod-openapi routes: a body the handler reads through c.req.valid("json")', () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [titles] }], bodies: { 'PUT /people/:id': { response: Person }, 'DELETE /people/:id': { response: Person } } })
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    const app = new OpenAPIHono()
    app.use('*', versioning)
    const body = z.object({ title: z.string() })
    const put = createRoute({
      method: 'put',
      path: '/people/{id}',
      request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: body } } } },
      responses: { 200: { description: 'The person', content: { 'application/json': { schema: z.object({ id: z.number(), title: z.string() }) } } } },
    })
    app.openapi(put, (c) => c.json({ id: 1, title: c.req.valid('json').title }, 200))
    // A route whose request declares params and a query alone: its validators read no body, nor does its handler.
    const remove = createRoute({
      method: 'delete',
      path: '/people/{id}',
      request: { params: z.object({ id: z.string() }), query: z.object({ hard: z.string().optional() }) },
      responses: { 200: { description: 'The person removed', content: { 'application/json': { schema: z.object({ id: z.number(), title: z.string() }) } } } },
    })
    app.openapi(remove, (c) => c.json({ id: Number(c.req.valid('param').id), title: 'Ada' }, 200))
    expect(versioning.check(app)).toEqual([sentence('"PUT /people/:id"', 'PUT /people/:id')])
  })
})
