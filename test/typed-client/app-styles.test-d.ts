/**
 * Types of the typed client in each app style: a route table with
 * `mountRoutes`, plain Hono routes (`app.get`) and @hono/zod-openapi routes
 * read the same declarations of the history (`bodies` by table name or by
 * `'METHOD /path'`, `routeAdded`), so each version's client has its own
 * shapes, its own routes, and its own request bodies only (not the head
 * validator's input intersected with them).
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc, type ClientResponse } from 'hono/client'
import { createFactory } from 'hono/factory'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { change, fieldAdded, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { pathApp, pathHistory, plainApp, plainHistory, tableApp, tableHistory, zodOpenAPIApp } from '../support/app-styles.ts'

interface Person {
  id: number
  fullName: string
  email: string | null
}
interface NewPerson {
  fullName: string
  email: string | null
}
const PersonShape = shape<Person>('Person')
const NewPersonShape = shape<NewPerson>('NewPerson')
const changes = [
  change('People have a fullName instead of a name.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' }), fieldRenamed(NewPersonShape, { older: 'name', newer: 'fullName' })]),
  change('People have an email.', [fieldAdded(PersonShape, 'email'), fieldAdded(NewPersonShape, 'email', { default: null })]),
] as const

/** What version 1 has: a name, no email. */
interface PersonV1 {
  id: number
  name: string
}
interface NewPersonV1 {
  name: string
}

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const NewPerson = z.object({ fullName: z.string().min(1), email: z.string().nullable() })

/** What a successful response of a client call gives. */
type Ok<F extends (...args: never[]) => Promise<{ ok: boolean; json(): unknown }>> = Awaited<ReturnType<Extract<Awaited<ReturnType<F>>, { ok: true }>['json']>>
/** The request a client call takes. */
type Sent<F extends (...args: never[]) => unknown> = Parameters<F>[0]

describe('a plain Hono app: bodies and route changes by METHOD /path', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes, change('People have an avatar.', [routeAdded('GET /people/:id/avatar')])] }],
    bodies: { 'GET /people/:id': { response: PersonShape }, 'POST /people': { request: NewPersonShape, response: PersonShape } },
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme, changes: history }))
  const app = base
    .get('/people/:id', (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada', email: null }))
    .post('/people', zValidator('json', NewPerson), (c) => c.json({ id: 2, ...c.req.valid('json') }, 201))
    .get('/people/:id/avatar', (c) => c.text('png'))
  const clients = versionedClient<typeof app, typeof history>('https://people.test', { scheme: { in: 'header' } })

  it('an older client gets its own response shape, the head client the head one', () => {
    expectTypeOf<Ok<ReturnType<typeof clients<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonV1>()
    expectTypeOf<Ok<ReturnType<typeof clients<'2'>>['people'][':id']['$get']>>().toEqualTypeOf<{ id: number; fullName: string; email: string | null }>()
  })

  it('an older client sends its own request body only', () => {
    const v1 = clients('1')
    expectTypeOf<Sent<typeof v1.people.$post>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    void v1.people.$post({ json: { name: 'Ada' } })
    // @ts-expect-error version 1 sends a name, not the head's fullName
    void v1.people.$post({ json: { fullName: 'Ada', email: null } })
  })

  it('a route added in version 2 is not in version 1\'s client', () => {
    void clients('2').people[':id'].avatar.$get({ param: { id: '1' } })
    // @ts-expect-error the avatar came in version 2
    void clients('1').people[':id'].avatar
  })

  it('c.req.param is typed from the path', () => {
    new Hono().get('/people/:id', (c) => {
      expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
      return c.text('')
    })
  })
})

describe('a @hono/zod-openapi app: bodies and route changes by METHOD /path, its paths as Hono registers them', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes, change('People have an avatar.', [routeAdded('GET /people/:id/avatar')])] }],
    bodies: { 'GET /people/:id': { response: PersonShape }, 'POST /people': { request: NewPersonShape, response: PersonShape } },
  })
  const PersonSchema = zo.object({ id: zo.number(), fullName: zo.string(), email: zo.string().nullable() })
  const getPerson = createRoute({
    method: 'get',
    path: '/people/{id}',
    request: { params: zo.object({ id: zo.string() }) },
    responses: { 200: { description: 'A person', content: { 'application/json': { schema: PersonSchema } } } },
  })
  const createPerson = createRoute({
    method: 'post',
    path: '/people',
    request: { body: { content: { 'application/json': { schema: zo.object({ fullName: zo.string(), email: zo.string().nullable() }) } }, required: true } },
    responses: { 201: { description: 'Created', content: { 'application/json': { schema: PersonSchema } } } },
  })
  const getAvatar = createRoute({
    method: 'get',
    path: '/people/{id}/avatar',
    request: { params: zo.object({ id: zo.string() }) },
    responses: { 200: { description: 'The avatar', content: { 'text/plain': { schema: zo.string() } } } },
  })
  const base = new OpenAPIHono()
  base.use('*', versionMiddleware({ scheme, changes: history }))
  const app = base
    .openapi(getPerson, (c) => {
      expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
      return c.json({ id: Number(c.req.valid('param').id), fullName: 'Ada', email: null }, 200)
    })
    .openapi(createPerson, (c) => c.json({ id: 2, ...c.req.valid('json') }, 201))
    .openapi(getAvatar, (c) => c.text('png', 200))
  const clients = versionedClient<typeof app, typeof history>('https://people.test', { scheme: { in: 'header' } })

  it('an older client gets its own response shape', () => {
    expectTypeOf<Ok<ReturnType<typeof clients<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonV1>()
  })

  it('an older client sends its own request body only', () => {
    const v1 = clients('1')
    expectTypeOf<Sent<typeof v1.people.$post>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    // @ts-expect-error version 1 sends a name, not the head's fullName
    void v1.people.$post({ json: { fullName: 'Ada', email: null } })
  })

  it('a route added in version 2 is not in version 1\'s client', () => {
    void clients('2').people[':id'].avatar.$get({ param: { id: '1' } })
    // @ts-expect-error the avatar came in version 2
    void clients('1').people[':id'].avatar
  })
})

describe('a route table with mountRoutes: a validator in a chain', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes] }],
    bodies: { 'person-detail': { response: PersonShape }, 'POST person-list': { request: NewPersonShape, response: PersonShape } },
  })
  const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-list', '/people'), route('person-detail', '/people/:id')]), changes: history })
  const app = mountRoutes(new Hono(), versioning, {
    'person-list': { post: [zValidator('json', NewPerson), (c) => c.json({ id: 2, fullName: 'Ada', email: null }, 201)] },
    'person-detail': (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada', email: null }),
  })
  const clients = versionedClient<typeof app, typeof history>('https://people.test', { scheme: { in: 'header' } })

  it('an older client sends its own request body only, the head client the head one', () => {
    const v1 = clients('1')
    expectTypeOf<Sent<typeof v1.people.$post>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    // @ts-expect-error version 1 sends a name, not the head's fullName
    void v1.people.$post({ json: { fullName: 'Ada', email: null } })
    expectTypeOf<Sent<ReturnType<typeof clients<'2'>>['people']['$post']>>().toEqualTypeOf<{ json: { fullName: string; email: string | null } }>()
  })

  it('an older client gets its own response shape', () => {
    expectTypeOf<Ok<ReturnType<typeof clients<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonV1>()
  })
})

describe('a route table with mountRoutes: chains typed as app.post(path, validator, handler)', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes] }],
    bodies: { 'person-detail': { request: NewPersonShape, response: PersonShape }, 'POST person-list': { request: NewPersonShape, response: PersonShape } },
  })
  const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-list', '/people'), route('person-detail', '/people/:id')]), changes: history })
  const newPerson = zValidator('json', NewPerson)
  const app = mountRoutes(new Hono(), versioning, {
    'person-list': {
      // The validator held in a variable: the handler's c.req.valid('json') is its output.
      post: [newPerson, (c) => c.json({ id: 2, ...c.req.valid('json') }, 201)],
    },
    'person-detail': {
      get: (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada', email: null }),
      // The validator called inline: the handler's param and variables are typed, the client reads the validator.
      put: [zValidator('json', NewPerson), (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada', email: null }, 200)],
      // A chain of Hono's factory.
      patch: createFactory().createHandlers(zValidator('json', NewPerson.partial()), (c) => c.json({ id: 1, fullName: c.req.valid('json').fullName ?? 'Ada', email: null }, 200)),
    },
  })
  const clients = versionedClient<typeof app, typeof history>('https://people.test', { scheme: { in: 'header' } })

  it('the head client sends the validator\'s input and gets the handler\'s output', () => {
    const v2 = clients('2')
    expectTypeOf<Sent<typeof v2.people.$post>>().toEqualTypeOf<{ json: { fullName: string; email: string | null } }>()
    expectTypeOf<Ok<typeof v2.people.$post>>().toEqualTypeOf<{ id: number; fullName: string; email: string | null }>()
    expectTypeOf<Sent<(typeof v2.people)[':id']['$put']>>().toEqualTypeOf<{ json: { fullName: string; email: string | null }; param: { id: string } }>()
  })

  it('an older client sends its own request body only, in either chain, and gets its own shape', () => {
    const v1 = clients('1')
    expectTypeOf<Sent<typeof v1.people.$post>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    expectTypeOf<Sent<(typeof v1.people)[':id']['$put']>>().toEqualTypeOf<{ json: NewPersonV1; param: { id: string } }>()
    expectTypeOf<Ok<typeof v1.people.$post>>().toEqualTypeOf<PersonV1>()
    void v1.people.$post({ json: { name: 'Ada' } })
    // @ts-expect-error version 1 sends a name, not the head's fullName
    void v1.people.$post({ json: { fullName: 'Ada', email: null } })
    // @ts-expect-error nor the head's fields beside its own
    void v1.people[':id'].$put({ param: { id: '1' }, json: { name: 'Ada', email: null } })
    // @ts-expect-error a name is a string
    void v1.people[':id'].$put({ param: { id: '1' }, json: { name: 1 } })
  })

  it('a chain of Hono\'s factory: the same, its PATCH body a partial update of the version\'s shape', () => {
    expectTypeOf<Sent<ReturnType<typeof clients<'1'>>['people'][':id']['$patch']>>().toEqualTypeOf<{ json: { name?: string }; param: { id: string } }>()
    // @ts-expect-error version 1 has no fullName
    void clients('1').people[':id'].$patch({ param: { id: '1' }, json: { fullName: 'Ada' } })
  })
})

describe('the API of test/behaviour/app-styles.test.ts in each style: the same client types', () => {
  interface PersonAt1 {
    id: number
    name: string
    self: string
  }
  interface PersonAt2 {
    id: number
    fullName: string
    email: string | null
    self: string
  }
  const options = { scheme: { in: 'header' } } as const
  const table = versionedClient<ReturnType<typeof tableApp>['app'], typeof tableHistory>('https://people.test', options)
  const plain = versionedClient<ReturnType<typeof plainApp>['app'], typeof plainHistory>('https://people.test', options)
  const zod = versionedClient<ReturnType<typeof zodOpenAPIApp>['app'], typeof plainHistory>('https://people.test', options)

  it('version 1 and version 2 of GET /people/:id', () => {
    expectTypeOf<Ok<ReturnType<typeof table<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt1>()
    expectTypeOf<Ok<ReturnType<typeof plain<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt1>()
    expectTypeOf<Ok<ReturnType<typeof zod<'1'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt1>()
    expectTypeOf<Ok<ReturnType<typeof table<'2'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt2>()
    expectTypeOf<Ok<ReturnType<typeof plain<'2'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt2>()
    expectTypeOf<Ok<ReturnType<typeof zod<'2'>>['people'][':id']['$get']>>().toEqualTypeOf<PersonAt2>()
  })

  it('version 1 sends its own POST body; its client has no avatar route', () => {
    expectTypeOf<Sent<ReturnType<typeof table<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: { name: string } }>()
    expectTypeOf<Sent<ReturnType<typeof plain<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: { name: string } }>()
    expectTypeOf<Sent<ReturnType<typeof zod<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: { name: string } }>()
    expectTypeOf<ReturnType<typeof table<'1'>>['people'][':id']>().not.toHaveProperty('avatar')
    expectTypeOf<ReturnType<typeof plain<'1'>>['people'][':id']>().not.toHaveProperty('avatar')
    expectTypeOf<ReturnType<typeof zod<'1'>>['people'][':id']>().not.toHaveProperty('avatar')
    expectTypeOf<ReturnType<typeof zod<'2'>>['people'][':id']>().toHaveProperty('avatar')
  })
})

describe('a plain Hono app versioned by a patterned path param', () => {
  const clients = versionedClient<ReturnType<typeof pathApp>, typeof pathHistory>('https://people.test', { scheme: { in: 'path' } })

  it('the client\'s path has no patterns, the version param is the client\'s to fill, the shape is the version\'s', () => {
    expectTypeOf<Ok<ReturnType<typeof clients<'v1'>>[':version']['people'][':id']['$get']>>().toEqualTypeOf<{ id: string; name: string }>()
    expectTypeOf<Sent<ReturnType<typeof clients<'v1'>>[':version']['people'][':id']['$get']>>().toEqualTypeOf<{ param: { id: string } }>()
  })
})

describe('what each method of a route sends and answers, as the server reads and sends it', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes] }],
    bodies: { 'person-detail': { request: NewPersonShape, response: PersonShape }, 'PUT /people/:id': { request: NewPersonShape, response: PersonShape } },
  })
  const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-detail', '/people/:id')]), changes: history })
  const newPerson = zValidator('json', NewPerson)
  const table = mountRoutes(new Hono(), versioning, {
    'person-detail': {
      get: (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada', email: null }, 200),
      put: [newPerson, (c) => c.json({ id: Number(c.req.param('id')), ...c.req.valid('json') }, 200)],
      delete: (c) => c.body(null, 204),
    },
  })
  const tableClients = versionedClient<typeof table, typeof history>('https://people.test', { scheme: { in: 'header' } })
  type TableV1 = ReturnType<typeof tableClients<'1'>>['people'][':id']

  it("a table route's request layout is a body of the methods that carry one: GET and DELETE send none", () => {
    expectTypeOf<Sent<TableV1['$get']>>().toEqualTypeOf<{ param: { id: string } }>()
    expectTypeOf<Sent<TableV1['$delete']>>().toEqualTypeOf<{ param: { id: string } }>()
    expectTypeOf<Sent<TableV1['$put']>>().toEqualTypeOf<{ json: NewPersonV1; param: { id: string } }>()
  })

  it('an answer typed without JSON (c.body(null, 204)) is typed so, not in the layout\'s shape: the server migrates no such body', () => {
    expectTypeOf<Awaited<ReturnType<TableV1['$delete']>>>().toEqualTypeOf<ClientResponse<null, 204, 'body'>>()
    const base = new Hono()
    base.use('*', versionMiddleware({ scheme, changes: history }))
    const plain = base.put('/people/:id', newPerson, (c) => (c.req.header('Prefer') === 'return=minimal' ? c.body(null, 204) : c.json({ id: Number(c.req.param('id')), ...c.req.valid('json') }, 200)))
    const v1 = versionedClient<typeof plain, typeof history>('https://people.test', { scheme: { in: 'header' } })('1')
    type Put = Awaited<ReturnType<typeof v1.people[':id']['$put']>>
    expectTypeOf<Extract<Put, { status: 204 }>>().toEqualTypeOf<ClientResponse<null, 204, 'body'>>()
    expectTypeOf<Awaited<ReturnType<Extract<Put, { status: 200 }>['json']>>>().toEqualTypeOf<PersonV1>()
  })

  it('hc over mountRoutes types a bodiless or text answer as over app.delete(path, handler)', () => {
    const plain = new Hono().delete('/people/:id', (c) => c.body(null, 204)).get('/people/:id/name', (c) => c.text('Ada', 200))
    const texts = mountRoutes(new Hono(), apiVersioning({ scheme, routes: defineRoutes([route('person-name', '/people/:id/name')]) }), { 'person-name': (c) => c.text('Ada', 200) })
    type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>
    expectTypeOf<Answer<ReturnType<typeof hc<typeof table>>['people'][':id']['$delete']>>().toEqualTypeOf<Answer<ReturnType<typeof hc<typeof plain>>['people'][':id']['$delete']>>()
    expectTypeOf<Answer<ReturnType<typeof hc<typeof table>>['people'][':id']['$delete']>['status']>().toEqualTypeOf<204>()
    expectTypeOf<Answer<ReturnType<typeof hc<typeof texts>>['people'][':id']['name']['$get']>>().toEqualTypeOf<Answer<ReturnType<typeof hc<typeof plain>>['people'][':id']['name']['$get']>>()
  })
})

describe("an error layout (a route's bodies error, or the history's errors)", () => {
  const Problem = shape<{ detail: string }>('Problem')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [...changes, change('Problems have a detail.', [fieldRenamed(Problem, { older: 'message', newer: 'detail' })])] }],
    bodies: { 'GET /people/:id': { response: PersonShape, error: Problem } },
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme, changes: history }))
  const app = base.get('/people/:id', zValidator('query', z.object({ fields: z.string().optional() })), (c) =>
    c.req.param('id') === '1' ? c.json({ id: 1, fullName: 'Ada', email: null }, 200) : c.json({ detail: 'No such person.' }, 404),
  )
  const clients = versionedClient<typeof app, typeof history>('https://people.test', { scheme: { in: 'header' } })
  type Got<F extends (...args: never[]) => Promise<unknown>, S extends number> = Extract<Awaited<ReturnType<F>>, { status: S }> extends { json(): Promise<infer J> } ? J : never
  type V1 = ReturnType<typeof clients<'1'>>['people'][':id']['$get']
  type V2 = ReturnType<typeof clients<'2'>>['people'][':id']['$get']

  it("an older client's error body is in its version's shape, as the server migrates it; the head's as the handler types it", () => {
    expectTypeOf<Got<V1, 404>>().toEqualTypeOf<{ message: string }>()
    expectTypeOf<Got<V2, 404>>().toEqualTypeOf<{ detail: string }>()
    expectTypeOf<Got<V1, 200>>().toEqualTypeOf<PersonV1>()
  })

  it("an error body not of the layout's type (the validator's 400) is the handler's, as the server sends it", () => {
    expectTypeOf<Got<V1, 400>>().toEqualTypeOf<Got<V2, 400>>()
    expectTypeOf<Got<V1, 400>>().toHaveProperty('success')
  })
})
