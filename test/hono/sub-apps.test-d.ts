/**
 * Types of the typed client of a sub-app mounted under a prefix given the
 * sub-app's type and the prefix in the base URL: each older version with its
 * own shapes. A route table's sub-app needs it (the merged app's type has lost
 * the table route's name); plain routes are typed from the root app's type too
 * (test/typed-client/composed-apps.test-d.ts).
 */
import { Hono } from 'hono'
import { describe, expectTypeOf, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

interface Person {
  id: number
  fullName: string
}
const Person = shape<Person>('Person')
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const versions = <const R extends string>(route: R) =>
  versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('People have a fullName.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
    bodies: { [route]: { response: Person } } as { [K in R]: { response: typeof Person } },
  })

describe('the typed client of a sub-app, given its type and the prefix in the base URL', () => {
  it("types an older version's response of a table route", async () => {
    const history = versions('person-detail')
    const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-detail', '/people/:id')]), changes: history })
    const people = mountRoutes(new Hono(), versioning, { 'person-detail': (c) => c.json({ id: 1, fullName: 'Ada' }) })
    const v1 = versionedClient<typeof people, typeof history>('https://api.example.com/api', { scheme: { in: 'header', name: 'Api-Version' } })('1')
    const res = await v1.people[':id'].$get({ param: { id: '1' } })
    if (res.ok) expectTypeOf(await res.json()).toEqualTypeOf<{ id: number; name: string }>()
  })
  it("types an older version's response of a plain route", async () => {
    const history = versions('GET /people/:id')
    const base = new Hono()
    base.use('*', versionMiddleware({ scheme, changes: history }))
    const people = base.get('/people/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
    const v1 = versionedClient<typeof people, typeof history>('https://api.example.com/api', { scheme: { in: 'header', name: 'Api-Version' } })('1')
    const res = await v1.people[':id'].$get({ param: { id: '1' } })
    if (res.ok) expectTypeOf(await res.json()).toEqualTypeOf<{ id: number; name: string }>()
  })
})
