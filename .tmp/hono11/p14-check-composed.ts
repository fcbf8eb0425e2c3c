// Probe 14: versioning.check(app) on composed apps (sub-app with onError, mounted under a prefix).
import { Hono } from 'hono'
import { HeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { check, report } from './harness.ts'
interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }], bodies: { 'person-detail': { response: Person } } })
for (const onError of [false, true]) for (const mount of ['/', '/api']) {
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('person-detail', '/people/:id')]), changes: history, origin: 'https://a.test' })
  const sub = new Hono()
  if (onError) sub.onError((e, c) => c.text('x', 500))
  mountRoutes(sub, versioning, { 'person-detail': (c) => c.text('plain text') })
  const root = new Hono().route(mount, sub)
  const own = versioning.check(sub)
  await check(`check(root) names the c.text handler like check(sub), onError=${onError} mount=${mount}`, () => [versioning.check(root).length, own.length])
  await check(`check(sub) names it, onError=${onError}`, () => [own.length > 0, true])
}
report('p14-check-composed')
