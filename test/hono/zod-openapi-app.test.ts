/**
 * A complete @hono/zod-openapi app, each route declared once (docs/hono-apps.md
 * has the same app): `versionMiddleware` with a query scheme, request
 * validation from `createRoute`'s request schemas, version changes (a renamed
 * field, an added field, a route added in the newest version), one OpenAPI
 * document per version from the app's own, and links by operationId
 * (`c.var.reverse('getUser', { params: { id } })`). A portable suite: it runs
 * on Node, inside workerd, on Bun and on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { QueryParameterVersioning } from '../../src/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'

function usersApi() {
  // The newest version, as @hono/zod-openapi describes it.
  const User = z.object({ id: z.number(), fullName: z.string(), email: z.string().nullable(), self: z.string() }).openapi('User')
  const NewUser = z.object({ fullName: z.string().min(1), email: z.email().nullable() }).openapi('NewUser')
  const Avatar = z.object({ url: z.string() }).openapi('Avatar')

  // What changed in version 2, and where users sit in each route's bodies.
  const UserShape = shape<z.infer<typeof User>>('User')
  const NewUserShape = shape<z.infer<typeof NewUser>>('NewUser')
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Users have a `fullName` instead of a `name`.', [
            fieldRenamed(UserShape, { older: 'name', newer: 'fullName' }),
            fieldRenamed(NewUserShape, { older: 'name', newer: 'fullName' }),
          ]),
          change('Users have an `email`.', [fieldAdded(UserShape, 'email'), fieldAdded(NewUserShape, 'email', { default: null })]),
          change('Users have an avatar.', [routeAdded('GET /users/:id/avatar')]),
        ],
      },
    ],
    bodies: { 'GET /users/:id': { response: UserShape }, 'POST /users': { request: NewUserShape, response: UserShape } },
  })
  const scheme = new QueryParameterVersioning({ allowedVersions: history.versions, defaultVersion: '1' })

  const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(app), origin: 'https://api.example.com' })
  app.use('*', versioning)

  const getUser = createRoute({
    operationId: 'getUser',
    method: 'get',
    path: '/users/{id}',
    request: { params: z.object({ id: z.string().regex(/^[0-9]+$/) }) },
    responses: { 200: { description: 'The user', content: { 'application/json': { schema: User } } } },
  })
  const createUser = createRoute({
    operationId: 'createUser',
    method: 'post',
    path: '/users',
    request: { body: { content: { 'application/json': { schema: NewUser } }, required: true } },
    responses: { 201: { description: 'Created', content: { 'application/json': { schema: User } } } },
  })
  const getAvatar = createRoute({
    operationId: 'getAvatar',
    method: 'get',
    path: '/users/{id}/avatar',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: 'The avatar', content: { 'application/json': { schema: Avatar } } } },
  })

  app.openapi(getUser, (c) => {
    const id = Number(c.req.valid('param').id)
    return c.json({ id, fullName: 'Ada Lovelace', email: 'ada@example.com', self: c.var.reverse('getUser', { params: { id } }) }, 200)
  })
  app.openapi(createUser, (c) => {
    const self = c.var.reverse('getUser', { params: { id: 7 } })
    c.header('Location', self)
    return c.json({ id: 7, ...c.req.valid('json'), self }, 201)
  })
  app.openapi(getAvatar, (c) => c.json({ url: `https://cdn.example.com/avatars/${c.req.valid('param').id}.png` }, 200))

  // One OpenAPI document per version, from the app's own.
  const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Users API', version: '2' } }), changelog: history })
  app.route('/docs', openAPIRoutes(docs))
  return { app, versioning, docs }
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe('a @hono/zod-openapi app, each route declared once', () => {
  const { app, versioning, docs } = usersApi()

  it('passes its own check', () => {
    expect(versioning.check(app)).toEqual([])
  })

  it.each([
    ['1', { id: 1, name: 'Ada Lovelace', self: 'https://api.example.com/users/1?version=1' }],
    ['2', { id: 1, fullName: 'Ada Lovelace', email: 'ada@example.com', self: 'https://api.example.com/users/1?version=2' }],
  ])('GET a user in version %s: its shape, and its link carrying the version where the scheme reads it', async (version, body) => {
    const res = await app.request(`https://api.example.com/users/1?version=${version}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(body)
  })

  it('a client that sends no version gets the default, 1', async () => {
    expect(await (await app.request('https://api.example.com/users/1')).json()).toEqual({ id: 1, name: 'Ada Lovelace', self: 'https://api.example.com/users/1?version=1' })
  })

  it('POST in version 1: the body is migrated up, validated by createRoute\'s schema, answered in version 1', async () => {
    const res = await app.request('https://api.example.com/users?version=1', post({ name: 'Grace Hopper' }))
    expect(res.status).toBe(201)
    expect(res.headers.get('Location')).toBe('https://api.example.com/users/7?version=1')
    expect(await res.json()).toEqual({ id: 7, name: 'Grace Hopper', self: 'https://api.example.com/users/7?version=1' })
  })

  it('POST in version 2: the validator\'s own body; a body it refuses is its 400', async () => {
    const res = await app.request('https://api.example.com/users?version=2', post({ fullName: 'Grace Hopper', email: 'grace@example.com' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, fullName: 'Grace Hopper', email: 'grace@example.com', self: 'https://api.example.com/users/7?version=2' })
    expect((await app.request('https://api.example.com/users?version=2', post({ name: 'Grace Hopper' }))).status).toBe(400)
    expect((await app.request('https://api.example.com/users?version=1', post({ name: '' }))).status).toBe(400)
  })

  it('the route added in version 2 is not in version 1', async () => {
    expect((await app.request('https://api.example.com/users/1/avatar?version=1')).status).toBe(404)
    const res = await app.request('https://api.example.com/users/1/avatar?version=2')
    expect(await res.json()).toEqual({ url: 'https://cdn.example.com/avatars/1.png' })
  })

  it('a version the scheme does not allow is its 404', async () => {
    const res = await app.request('https://api.example.com/users/1?version=3')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Invalid version in query parameter.' })
  })

  it('one document per version, served at /docs/openapi', async () => {
    expect(Object.keys(docs.document('1').paths)).toEqual(['/users/{id}', '/users'])
    expect(Object.keys(docs.document('2').paths)).toEqual(['/users/{id}', '/users', '/users/{id}/avatar'])
    expect(Object.keys(docs.document('1').components?.schemas?.['User']?.properties ?? {}).sort()).toEqual(['id', 'name', 'self'])
    expect(Object.keys(docs.document('1').components?.schemas?.['NewUser']?.properties ?? {})).toEqual(['name'])
    expect(docs.document('1').paths['/users/{id}']?.get?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'query version'])
    const served = await app.request('https://api.example.com/docs/openapi/1.json')
    expect(served.status).toBe(200)
    expect(Object.keys(((await served.json()) as { paths: object }).paths)).toEqual(['/users/{id}', '/users'])
  })
})
