/**
 * `check(app)` names an @hono/zod-openapi route whose declared success
 * response or request body refers to a shape a version changes (by its
 * component name, however deep) while the history lays out no such body for
 * the route: before, an older client got the head's shape there (a list of
 * people in `title` where its version has `name`) and the check said
 * nothing; only documents made from the app refused it. Not named: a route
 * with its layout, a route no older version serves, a schema that reaches no
 * changed shape, an error response. Under a sub-app with its own middleware,
 * a route is named by its path there. A portable suite: it runs on Node,
 * inside workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const PersonSchema = z.object({ id: z.number(), title: z.string() }).openapi('Person')
const TeamSchema = z.object({ name: z.string(), members: z.array(PersonSchema) }).openapi('Team')
const Problem = z.object({ detail: z.string() }).openapi('Problem')
const Person = shape('Person', PersonSchema)
const ada = { id: 1, title: 'Ada' }
const json = <S extends z.ZodType>(schema: S) => ({ content: { 'application/json': { schema } } })

/** An app whose history renames Person's name to title in version 2; `bodies` lays out what each case needs. */
function appWith(bodies: Parameters<typeof versionHistory>[0]['bodies'], extra: Parameters<typeof change>[1] = []) {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('People have a title.', [fieldRenamed(Person, { older: 'name', newer: 'title' }), ...extra])] }],
    bodies,
  })
  const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
  const app = new OpenAPIHono()
  app.use('*', versioning)
  return { app, versioning, history }
}

describe('check(app) names @hono/zod-openapi routes declaring a changed shape with no layout for it', () => {
  it('a response: a list of the shape, and a shape inside another, named; the laid-out route and an error response not', async () => {
    const { app, versioning, history } = appWith({ 'GET /people/:id': { response: Person } })
    app.openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'One', ...json(PersonSchema) }, 404: { description: 'None', ...json(Problem) } } }), (c) => c.json(ada, 200))
    app.openapi(createRoute({ method: 'get', path: '/people', responses: { 200: { description: 'All', ...json(z.array(PersonSchema)) } } }), (c) => c.json([ada], 200))
    app.openapi(createRoute({ method: 'get', path: '/teams/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'A team', ...json(TeamSchema) } } }), (c) => c.json({ name: 'Core', members: [ada] }, 200))
    app.openapi(createRoute({ method: 'get', path: '/problems', responses: { 200: { description: 'Plain', ...json(z.array(Problem)) }, 500: { description: 'Oops', ...json(PersonSchema) } } }), (c) => c.json([], 200))
    const expected = [
      `versionHistory: "GET /people" declares its 200 response (application/json) with "Person", which an older version it serves has in another shape, but the history lays out no response for it, so those clients get the head's shape; declare bodies["GET /people"].response.`,
      `versionHistory: "GET /teams/:id" declares its 200 response (application/json) with "Person", which an older version it serves has in another shape, but the history lays out no response for it, so those clients get the head's shape; declare bodies["GET /teams/:id"].response.`,
    ]
    expect(versioning.check(app)).toEqual(expected)
    expect(history.check(app)).toEqual(expected)
    // What the sentence says: version 1 gets the head's field there, its own where the route is laid out.
    const list = await app.request('/people', { headers: { 'Api-Version': '1' } })
    expect(await list.json()).toEqual([ada])
    const one = await app.request('/people/1', { headers: { 'Api-Version': '1' } })
    expect(await one.json()).toEqual({ id: 1, name: 'Ada' })
  })

  it('a request body: JSON with no request layout, a form where the history migrates JSON alone', () => {
    const { app, versioning } = appWith({ 'PUT /people/:id': { response: Person }, 'POST /people': { request: Person, response: Person } })
    const params = z.object({ id: z.string() })
    app.openapi(
      createRoute({ method: 'put', path: '/people/{id}', request: { params, body: json(PersonSchema) }, responses: { 200: { description: 'Stored', ...json(PersonSchema) } } }),
      (c) => c.json({ ...c.req.valid('json'), id: 1 }, 200),
    )
    app.openapi(
      createRoute({ method: 'post', path: '/people', request: { body: { content: { 'application/x-www-form-urlencoded': { schema: PersonSchema } } } }, responses: { 200: { description: 'Made', ...json(PersonSchema) } } }),
      (c) => c.json(ada, 200),
    )
    expect(versioning.check(app)).toEqual([
      `versionHistory: the handler of "PUT /people/:id" reads a request body, and its route declares no request layout though its responses change between versions, so older clients' bodies reach it in their own version's fields; declare the layout (bodies["PUT /people/:id"].request), or a shape no change names if the body is the same in every version.`,
      `versionHistory: "PUT /people/:id" declares its request body (application/json) with "Person", which an older version it serves has in another shape, but the history lays out no request body for it, so those clients' bodies reach the handler in their own version's fields; declare bodies["PUT /people/:id"].request.`,
      `versionHistory: "POST /people" declares its request body as a form (application/x-www-form-urlencoded) with "Person", which an older version it serves has in another shape, and the history migrates its JSON bodies only, so those clients' forms are refused with 415; set forms: true in bodies["POST /people"].`,
    ])
  })

  it("a form of a changed shape whose type unmigrated lists: named as passed to the handler unmigrated, not as refused", async () => {
    const { app, versioning } = appWith({ 'POST /uploads': { request: Person, response: Person, unmigrated: ['application/x-www-form-urlencoded'] } })
    app.openapi(
      createRoute({ method: 'post', path: '/uploads', request: { body: { content: { 'application/x-www-form-urlencoded': { schema: PersonSchema } } } }, responses: { 200: { description: 'Made', ...json(PersonSchema) } } }),
      (c) => c.json(ada, 200),
    )
    expect(versioning.check(app)).toEqual([
      `versionHistory: "POST /uploads" declares its request body as a form (application/x-www-form-urlencoded) with "Person", which an older version it serves has in another shape, and its unmigrated passes those clients' forms to the handler as sent, unmigrated; take the form out of bodies["POST /uploads"].unmigrated and set forms: true there to migrate them.`,
    ])
    // What it says: version 1's form is not refused (415) but reaches the head's validator as sent (its name, 400).
    const res = await app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'id=1&name=Ada' })
    expect(res.status).toBe(400)
  })

  it('a request body of a shape whose only change is an added enum value: not named, as an older body is already valid for the head (its responses are)', async () => {
    const ItemSchema = z.object({ id: z.number(), status: z.enum(['active', 'draft']) }).openapi('Item')
    const Item = shape('Item', ItemSchema)
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Items may be drafts.', [enumValuesAdded(Item, 'status', ['draft'], { fallback: 'active' })])] }],
      bodies: { 'PUT /items/:id': { response: Item } },
    })
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
    const app = new OpenAPIHono()
    app.use('*', versioning)
    let stored: unknown
    app.openapi(
      createRoute({ method: 'put', path: '/items/{id}', request: { params: z.object({ id: z.string() }), body: json(ItemSchema) }, responses: { 200: { description: 'Stored', ...json(ItemSchema) } } }),
      (c) => {
        stored = c.req.valid('json')
        return c.json({ id: 1, status: 'draft' as const }, 200)
      },
    )
    expect(versioning.check(app)).toEqual([])
    // An older client's body is the head's as it is; its answer is its own version's.
    const older = await app.request('/items/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 1, status: 'active' }) })
    expect(stored).toEqual({ id: 1, status: 'active' })
    expect(await older.json()).toEqual({ id: 1, status: 'active' })
    // A rename of the same shape in a later version makes its older requests differ again: both checks name the route.
    const renamed = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Items may be drafts.', [enumValuesAdded(Item, 'status', ['draft'], { fallback: 'active' })])] },
        { version: '3', changes: [change('Items have an id.', [fieldRenamed(Item, { older: 'number', newer: 'id' })])] },
      ],
      bodies: { 'PUT /items/:id': { response: Item } },
    })
    expect(renamed.check(app)).toHaveLength(2)
  })

  it('under a sub-app with its own middleware, mounted with app.route(): named by its path there, as the history names it', () => {
    const { app: sub, versioning } = appWith({ 'GET /people/:id': { response: Person } })
    sub.openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'One', ...json(PersonSchema) } } }), (c) => c.json(ada, 200))
    sub.openapi(createRoute({ method: 'get', path: '/people', responses: { 200: { description: 'All', ...json(z.array(PersonSchema)) } } }), (c) => c.json([ada], 200))
    const app = new OpenAPIHono()
    app.route('/api', sub)
    expect(versioning.check(app)).toEqual([
      `versionHistory: "GET /people" declares its 200 response (application/json) with "Person", which an older version it serves has in another shape, but the history lays out no response for it, so those clients get the head's shape; declare bodies["GET /people"].response.`,
    ])
  })

  it('under an OpenAPIHono root whose middleware runs for a sub-app mounted with app.route(): named by its full path', () => {
    const { app: root, versioning } = appWith({ 'GET /api/people/:id': { response: Person } })
    const sub = new OpenAPIHono()
    sub.openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'One', ...json(PersonSchema) } } }), (c) => c.json(ada, 200))
    sub.openapi(createRoute({ method: 'get', path: '/people', responses: { 200: { description: 'All', ...json(z.array(PersonSchema)) } } }), (c) => c.json([ada], 200))
    root.route('/api', sub)
    expect(versioning.check(root)).toEqual([
      `versionHistory: "GET /api/people" declares its 200 response (application/json) with "Person", which an older version it serves has in another shape, but the history lays out no response for it, so those clients get the head's shape; declare bodies["GET /api/people"].response.`,
    ])
  })

  it('a stream of the shape without an items layout; a route no older version serves is not named', () => {
    const { app, versioning } = appWith({}, [routeAdded('GET /new-people')])
    app.openapi(createRoute({ method: 'get', path: '/export', responses: { 200: { description: 'Lines', content: { 'application/x-ndjson': { schema: PersonSchema } } } } }), // The handler's type is the declared JSON's; this one answers lines.
    ((c: { body(text: string, status: 200): Response }) => c.body(`${JSON.stringify(ada)}\n`, 200)) as never)
    app.openapi(createRoute({ method: 'get', path: '/new-people', responses: { 200: { description: 'New', ...json(z.array(PersonSchema)) } } }), (c) => c.json([ada], 200))
    expect(versioning.check(app)).toEqual([
      `versionHistory: "GET /export" declares its 200 response (application/x-ndjson) with "Person", which an older version it serves has in another shape, but the history lays out no stream items for it, so those clients get the head's shape; declare bodies["GET /export"].items.`,
    ])
  })
})
