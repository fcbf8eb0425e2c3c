// Route table style (mountRoutes, with and without app.use), URL path versions, streams, PATCH, forms, query rename.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { streamSSE } from 'hono/streaming'
import { defineRoutes, include, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, fieldAdded, fieldRenamed, queryParamRenamed, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'

interface Person { id: number; fullName: string; category: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: 'v1' }, {
    version: 'v2', changes: [change('Renames.', [
      fieldRenamed(Person, { older: 'name', newer: 'fullName' }), fieldAdded(Person, 'category', { default: 'general' }),
      statusChanged('POST people', { older: 200, newer: 201 }), queryParamRenamed('GET people', { older: 'q', newer: 'search' }),
    ])],
  }],
  bodies: {
    'GET people': { response: { items: [Person] } }, 'POST people': { request: Person, response: Person, forms: true },
    'person': { request: Person, response: Person }, 'feed': { items: Person },
  },
})
const routes = defineRoutes([include('/:version{v[0-9]+}', [route('people', '/people'), route('person', '/people/:id'), route('feed', '/feed')])])
const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes, changes: history, allowedHosts: ['localhost'] })
let got: unknown
const handlers = {
  people: {
    get: (c: any) => { got = c.req.query(); return c.json({ items: [{ id: 1, fullName: 'Ada L', category: 'x' }] }) },
    post: async (c: any) => { const ct = c.req.header('content-type') ?? ''; got = ct.includes('json') ? await c.req.json() : await c.req.parseBody(); return c.json({ id: 2, ...(got as object) }, 201) },
  },
  person: {
    get: (c: any) => c.json({ id: 1, fullName: 'Ada L', category: 'x' }),
    patch: async (c: any) => { got = await c.req.json(); return c.json({ id: 1, fullName: 'Ada L', category: 'x', ...(got as object) }) },
    put: async (c: any) => { got = await c.req.json(); return c.json({ id: 1, ...(got as object) }) },
  },
  feed: (c: any) => streamSSE(c, async (s) => { await s.writeSSE({ data: JSON.stringify({ id: 1, fullName: 'Ada L', category: 'x' }), event: 'p' }) }),
}
for (const mode of ['use', 'alone']) {
  const app = new Hono()
  app.onError((e, c) => (e instanceof HTTPException ? e.getResponse() : c.text(`500 ${e.message}`, 500)))
  if (mode === 'use') app.use('*', versioning)
  mountRoutes(app, versioning, handlers as never)
  const show = async (label: string, path: string, init: RequestInit = {}) => {
    got = undefined
    const res = await app.request(`http://localhost${path}`, init)
    console.log(`[${mode}] ${label}: ${res.status} ${(await res.text()).slice(0, 200)}${got !== undefined ? ` handler got ${JSON.stringify(got)}` : ''}`)
  }
  await show('GET list v1 q', '/v1/people?q=ada')
  await show('POST v1', '/v1/people', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Bob"}' })
  await show('POST v1 form', '/v1/people', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Bob&category=evil' })
  await show('PATCH v1', '/v1/people/1', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Bob"}' })
  await show('PUT v1', '/v1/people/1', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Bob"}' })
  await show('PUT v1 empty', '/v1/people/1', { method: 'PUT', headers: { 'Content-Type': 'application/json' } })
  await show('DELETE v1 (no handler)', '/v1/people/1', { method: 'DELETE' })
  await show('feed v1', '/v1/feed')
  await show('HEAD feed v1', '/v1/feed', { method: 'HEAD' })
  await show('OPTIONS v1', '/v1/people', { method: 'OPTIONS' })
  await show('v3', '/v3/people')
}
