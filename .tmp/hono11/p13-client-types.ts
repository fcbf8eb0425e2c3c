// Probe 13 (types, tsc): versionedClient over apps composed with app.route('/api', sub).
import { Hono } from 'hono'
import { HeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const expectType = <T extends true>(_: T) => {}
interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

// Table in a sub-app mounted at /api.
const tableHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }], bodies: { 'person-detail': { response: Person } } })
const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-detail', '/people/:id')]), changes: tableHistory })
const tableSub = mountRoutes(new Hono(), versioning, { 'person-detail': (c) => c.json({ id: 1, fullName: 'Ada' }) })
const tableApp = new Hono().route('/api', tableSub)
const t1 = versionedClient<typeof tableApp, typeof tableHistory>('https://a.test', { scheme: { in: 'header', name: 'Api-Version' } })('1')
export async function tableClient() {
  const r = await t1.api.people[':id'].$get({ param: { id: '1' } })
  if (!r.ok) return
  const body = await r.json()
  const shown: { a: 1 } = body
  void shown
  expectType<Equal<typeof body, { readonly id: number; readonly name: string }>>(true)
}

// Plain routes in a sub-app, history by the sub-app's paths (served since the middleware is in the sub-app).
const plainHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }], bodies: { 'GET /people/:id': { response: Person } } })
const base = new Hono()
base.use('*', versionMiddleware({ scheme, changes: plainHistory }))
const plainSub = base.get('/people/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
const plainApp = new Hono().route('/api', plainSub)
const p1 = versionedClient<typeof plainApp, typeof plainHistory>('https://a.test', { scheme: { in: 'header', name: 'Api-Version' } })('1')
export async function plainClient() {
  const r = await p1.api.people[':id'].$get({ param: { id: '1' } })
  if (!r.ok) return
  const body = await r.json()
  const shown: { a: 1 } = body
  void shown
  expectType<Equal<typeof body, { id: number; name: string }>>(true)
}
export {}
// Workaround: the sub-app's type, the prefix in the base URL.
const t1b = versionedClient<typeof tableSub, typeof tableHistory>('https://a.test/api', { scheme: { in: 'header', name: 'Api-Version' } })('1')
export async function tableSubClient() {
  const r = await t1b.people[':id'].$get({ param: { id: '1' } })
  if (!r.ok) return
  const body = await r.json()
  const shown: { a: 1 } = body
  void shown
  expectType<Equal<typeof body, { readonly id: number; readonly name: string }>>(true)
}
const p1b = versionedClient<typeof plainSub, typeof plainHistory>('https://a.test/api', { scheme: { in: 'header', name: 'Api-Version' } })('1')
export async function plainSubClient() {
  const r = await p1b.people[':id'].$get({ param: { id: '1' } })
  if (!r.ok) return
  const body = await r.json()
  const shown: { a: 1 } = body
  void shown
  expectType<Equal<typeof body, { id: number; name: string }>>(true)
}
