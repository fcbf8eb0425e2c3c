/**
 * `versioning.check(app)` names a route the history lays out or changes
 * (`'GET /people'`) that the app registers but the versioning middleware
 * does not run for: registered at a path that does not cover the route's
 * (`app.use('/people/:id', versioning)` beside `app.get('/people', ...)`),
 * its requests get no version and nothing migrated, so an older client
 * would get the head's answer. Registered where it covers every such route
 * (`'*'`, a prefix `/people/*`, among the route's own handlers, in a
 * sub-app mounted with `app.route()`), nothing is said; registered nowhere in
 * the app (`app.use` forgotten), the routes are named too, the sentence saying
 * that a function of the app's own that runs it hides it from the check. A
 * portable suite: Node, workerd, Bun and Deno.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { except } from 'hono/combine'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

interface Person {
  fullName: string
}
const Person = shape<Person>('Person')
const renamed = change('People have a fullName instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [renamed] }],
  bodies: { 'GET /people': { response: [Person] }, 'GET /people/:id': { response: Person } },
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const v1 = { headers: { 'Api-Version': '1' } }

function people(app: Hono, before?: MiddlewareHandler): Hono {
  if (before === undefined) app.get('/people', (c) => c.json([{ fullName: 'Ada' }]))
  else app.get('/people', before, (c) => c.json([{ fullName: 'Ada' }]))
  app.get('/people/:id', (c) => c.json({ fullName: 'Ada' }))
  return app
}

describe('a route the versioning middleware does not run for', () => {
  it('registered at a path that does not cover it: check(app) names it', async () => {
    const versioning = versionMiddleware({ scheme, changes: history })
    const app = new Hono()
    app.use('/people/:id', versioning)
    people(app)
    expect(versioning.check(app)).toEqual([
      `versionHistory: "GET /people" is a route the versioning middleware does not run for (it is registered at /people/:id), so its older clients get the head's answer; register the middleware where it covers the route (app.use('*', versioning), or a prefix such as '/people/*').`,
    ])
    // What check(app) warns of: the route runs without the middleware.
    expect(await (await app.request('/people', v1)).json()).toEqual([{ fullName: 'Ada' }])
    expect(await (await app.request('/people/1', v1)).json()).toEqual({ name: 'Ada' })
  })

  it.each([
    ['registered nowhere (app.use(versioning) forgotten)', (app: Hono) => app],
    ["run by a function of the app's own (hono/combine's except())", (app: Hono, versioning: MiddlewareHandler) => (app.use('*', except('/health', versioning)), app)],
  ])('%s: check(app) names the routes it would run for, once, and says a function of yours hides it', async (_how, register) => {
    const versioning = versionMiddleware({ scheme, changes: history })
    const app = people(register(new Hono(), versioning))
    expect(versioning.check(app)).toEqual([
      `versionHistory: the versioning middleware is registered nowhere in the app that check can read (no app.use(versioning), nor among a route's handlers), so unless it runs inside a function of yours (hono/combine's except(), every() or some()), it does not run for "GET /people", "GET /people/:id", which the history lays out or changes, and their older clients get the head's answer; register it before the routes (app.use('*', versioning)).`,
    ])
  })

  it('registered nowhere: what check(app) warns of, an older client getting the head\'s answer', async () => {
    const app = people(new Hono())
    expect(await (await app.request('/people/1', v1)).json()).toEqual({ fullName: 'Ada' })
  })

  it.each([
    ["app.use('*')", (app: Hono, versioning: MiddlewareHandler) => people((app.use('*', versioning), app))],
    ['app.use(versioning)', (app: Hono, versioning: MiddlewareHandler) => people((app.use(versioning), app))],
    ["app.use('/people/*'), which Hono runs for /people too", (app: Hono, versioning: MiddlewareHandler) => people((app.use('/people/*', versioning), app))],
    ["app.use('/people/:id') and among /people's own handlers", (app: Hono, versioning: MiddlewareHandler) => people((app.use('/people/:id', versioning), app), versioning)],
  ])('registered with %s: nothing is said, and version 1 gets its shape', async (_how, register) => {
    const versioning = versionMiddleware({ scheme, changes: history })
    const app = register(new Hono(), versioning)
    expect(versioning.check(app)).toEqual([])
    expect(await (await app.request('/people', v1)).json()).toEqual([{ name: 'Ada' }])
  })

  it('in a sub-app mounted with app.route(): nothing is said, from the sub-app or the root', () => {
    const versioning = versionMiddleware({ scheme, changes: history })
    const sub = new Hono()
    sub.use('*', versioning)
    people(sub)
    const app = new Hono().route('/api', sub)
    expect(versioning.check(sub)).toEqual([])
    expect(versioning.check(app)).toEqual([])
  })

  it("a route table's handlers, which run the versioning themselves: nothing is said", () => {
    const tableHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [renamed] }], bodies: { 'person-list': { response: [Person] } } })
    const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-list', '/people')]), changes: tableHistory, origin: 'https://api.example.com' })
    const app = mountRoutes(new Hono(), versioning, { 'person-list': (c) => c.json([{ fullName: 'Ada' }]) })
    expect(versioning.check(app)).toEqual([])
  })
})
