// Probe 15: one versioning middleware registered twice on a request's way (root and sub-app, or twice in one app).
import { Hono } from 'hono'
import { HeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { check, res, report } from './harness.ts'
interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const ch = [change('fullName', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])]
const tableHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: ch }], bodies: { 'person-detail': { response: Person }, 'POST person-list': { request: Person, response: Person } } })
const plainHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: ch }], bodies: { 'GET /api/people/:id': { response: Person }, 'POST /api/people': { request: Person, response: Person } } })
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const policy = versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } })
const h = { 'Api-Version': '1', 'Content-Type': 'application/json' }
for (const layout of ['root+sub', 'twice-in-root'] as const) {
  const versioning = apiVersioning({ scheme: scheme(), routes: defineRoutes([route('person-detail', '/people/:id'), route('person-list', '/people')]), changes: tableHistory, origin: 'https://a.test', policy })
  const sub = new Hono()
  if (layout === 'root+sub') sub.use('*', versioning)
  mountRoutes(sub, versioning, { 'person-detail': (c) => c.json({ id: 1, fullName: 'Ada' }), 'person-list': { post: async (c) => c.json(await c.req.json(), 201) } })
  const app = new Hono()
  app.use('*', versioning)
  if (layout === 'twice-in-root') app.use('*', versioning)
  app.route(layout === 'root+sub' ? '/api' : '/api', sub)
  await check(`table ${layout}: older GET`, async () => [await res(await app.request('https://a.test/api/people/1', { headers: h })).then((r) => [r.status, r.body, r.headers['deprecation'], r.headers['vary']]), [200, '{"id":1,"name":"Ada"}', '@1767225600', 'Api-Version']])
  await check(`table ${layout}: older POST`, async () => [await res(await app.request('https://a.test/api/people', { method: 'POST', headers: h, body: '{"id":2,"name":"Bo"}' })).then((r) => [r.status, r.body]), [201, '{"id":2,"name":"Bo"}']])
}
{
  const vm = versionMiddleware({ scheme: scheme(), changes: plainHistory, policy })
  const sub = new Hono()
  sub.use('*', vm)
  sub.get('/people/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
  sub.post('/people', async (c) => c.json(await c.req.json(), 201))
  const app = new Hono()
  app.use('*', vm)
  app.route('/api', sub)
  await check('plain root+sub: older GET', async () => [await res(await app.request('https://a.test/api/people/1', { headers: h })).then((r) => [r.status, r.body, r.headers['deprecation'], r.headers['vary']]), [200, '{"id":1,"name":"Ada"}', '@1767225600', 'Api-Version']])
  await check('plain root+sub: older POST', async () => [await res(await app.request('https://a.test/api/people', { method: 'POST', headers: h, body: '{"id":2,"name":"Bo"}' })).then((r) => [r.status, r.body]), [201, '{"id":2,"name":"Bo"}']])
}
report('p15-twice')
