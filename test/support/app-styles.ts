/**
 * One small API written in each of the three app styles the toolkit serves:
 * a route table with `mountRoutes`, plain Hono routes (`app.get` with
 * `named()`) and @hono/zod-openapi routes (`app.openapi` with operationIds).
 * Each has the same two versions ('1' and '2', sent in `Api-Version`), the
 * same changes (people's `name` became `fullName`, `email` was added, the
 * avatar route came in 2), the same request validation of older bodies, the
 * same version policy (1 deprecated on 2026-01-01, gone on 2027-01-01) and a
 * client's pin, so that test/behaviour/app-styles.test.ts can check each
 * feature in each style (docs/app-styles.md lists them). A plain Hono app
 * versioned by a patterned path param (`pathApp`) is here too.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { change, fieldAdded, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { clientPins, memoryPinStore } from '../../src/client-pins/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { defineRoutes, route, URLPathVersioning } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import type { VersionedOpenAPI } from '../../src/openapi/documents.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { twoVersions } from './two-versions.ts'

export type AppStyle = 'route table' | 'plain Hono' | '@hono/zod-openapi'
export const APP_STYLES: readonly AppStyle[] = ['route table', 'plain Hono', '@hono/zod-openapi']

export interface Person {
  id: number
  fullName: string
  email: string | null
  self: string
}
export interface NewPerson {
  fullName: string
  email: string | null
}
export const PersonShape = shape<Person>('Person')
export const NewPersonShape = shape<NewPerson>('NewPerson')

/** The head JSON Schema of a new person: what older bodies are checked against, in their own version's terms. */
const NewPersonSchema = {
  type: 'object',
  properties: { fullName: { type: 'string', minLength: 1 }, email: { type: ['string', 'null'] } },
  required: ['fullName', 'email'],
}

/** The changes of version 2; `avatar`: the avatar route as the style names it. */
function changesOf<const R extends string>(avatar: R) {
  return [
    change('People have a fullName instead of a name.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' }), fieldRenamed(NewPersonShape, { older: 'name', newer: 'fullName' })]),
    change('People have an email.', [fieldAdded(PersonShape, 'email'), fieldAdded(NewPersonShape, 'email', { default: null })]),
    change('People have an avatar.', [routeAdded(avatar)]),
  ] as const
}

/** The history of a route table: bodies by table route name. */
export const tableHistory = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: changesOf('person-avatar') }],
  bodies: { 'person-detail': { response: PersonShape }, 'POST person-list': { request: NewPersonShape, response: PersonShape } },
  validation: requestValidation({ schemas: { NewPerson: NewPersonSchema } }),
})

/** The history of plain Hono and @hono/zod-openapi routes: bodies by `METHOD /path`, as Hono registers them. */
export const plainHistory = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: changesOf('GET /people/:id/avatar') }],
  bodies: { 'GET /people/:id': { response: PersonShape }, 'POST /people': { request: NewPersonShape, response: PersonShape } },
  validation: requestValidation({ schemas: { NewPerson: NewPersonSchema } }),
})

/** The head version's OpenAPI document, written by hand (the route table and plain Hono styles). */
const headDocument = {
  openapi: '3.1.0',
  info: { title: 'People', version: '2' },
  paths: {
    '/people': { post: { operationId: 'createPerson', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPerson' } } } }, responses: { '201': { description: 'Created.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } } } },
    '/people/{id}': { get: { operationId: 'getPerson', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }], responses: { '200': { description: 'A person.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } } } },
    '/people/{id}/avatar': { get: { operationId: 'getAvatar', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }], responses: { '200': { description: 'The avatar.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Avatar' } } } } } } },
  },
  components: {
    schemas: {
      Person: { type: 'object', properties: { id: { type: 'number' }, fullName: { type: 'string' }, email: { type: ['string', 'null'] }, self: { type: 'string' } }, required: ['id', 'fullName', 'email', 'self'] },
      NewPerson: NewPersonSchema,
      Avatar: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    },
  },
}

export const ORIGIN = 'https://people.test'
const ada = (id: number, self: string): Person => ({ id, fullName: 'Ada Lovelace', email: 'ada@example.com', self })
const avatarOf = (id: string) => ({ url: `https://cdn.people.test/${id}.png` })
/** The body of a new person, `null` where it is not JSON: the handler answers that with the 400 the documents give. */
const newPersonOf = (c: Context) => c.req.json<NewPerson>().catch(() => null)
const unreadable = { detail: 'The request body is not JSON.' }

/** What each style's builder gives: the app, its middleware's `check`, its documents. */
export interface StyledApp {
  readonly app: { request(input: string, init?: RequestInit): Response | Promise<Response>; fetch(request: Request): Response | Promise<Response> }
  readonly check: () => readonly string[]
  readonly documents: VersionedOpenAPI
}

/** Options every style takes: the policy's clock, and the pins' store (API keys to versions). */
export interface StyleOptions {
  readonly now: () => number
  readonly pins?: Readonly<Record<string, string>> | undefined
}

function common(options: StyleOptions) {
  const scheme = twoVersions()
  const policy = versionPolicy({ versions: { '1': { deprecation: '2026-01-01', sunset: '2027-01-01' } }, refuseAfterSunset: true, now: options.now })
  // The identity an authentication middleware would name: here, the account of a test key (`key-1` is `account:key-1`).
  const account = (c: Context): string | null => {
    const key = /^Bearer (key-[\w-]+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    return key === undefined ? null : `account:${key}`
  }
  const pinned = Object.fromEntries(Object.entries(options.pins ?? {}).map(([key, version]) => [`account:${key}`, version]))
  const pins = options.pins === undefined ? undefined : clientPins({ store: memoryPinStore(pinned), client: account, now: options.now })
  return { scheme, policy, ...(pins === undefined ? {} : { clientVersion: pins }), allowedHosts: ['people.test'] }
}

/** The API as a route table served by `mountRoutes`. */
export function tableApp(options: StyleOptions) {
  const routes = defineRoutes(tableHistory.routes([route('person-list', '/people'), route('person-detail', '/people/:id'), route('person-avatar', '/people/:id/avatar')]))
  const { scheme, ...rest } = common(options)
  const versioning = apiVersioning({ scheme, routes, changes: tableHistory, ...rest })
  const app = mountRoutes(new Hono(), versioning, {
    'person-list': {
      post: async (c) => {
        const body = await newPersonOf(c)
        if (body === null) return c.json(unreadable, 400)
        return c.json({ id: 7, fullName: body.fullName, email: body.email, self: c.var.reverse('person-detail', { kwargs: { id: 7 } }) }, 201)
      },
    },
    'person-detail': (c) => c.json(ada(Number(c.req.param('id')), c.var.reverse('person-detail', { kwargs: { id: c.req.param('id') } }))),
    'person-avatar': (c) => c.json(avatarOf(c.req.param('id'))),
  })
  const documents = versionedOpenAPI({ scheme, routes, document: headDocument, changelog: tableHistory })
  return { app, check: () => versioning.check(app), documents } satisfies StyledApp
}

/** The API as plain Hono routes, named where they are declared. */
export function plainApp(options: StyleOptions) {
  const { scheme, ...rest } = common(options)
  const base = new Hono<AppRoutesEnv<typeof scheme>>()
  const versioning = versionMiddleware({ scheme, changes: plainHistory, routes: appRoutes(base), ...rest })
  base.use('*', versioning)
  const app = base
    .post('/people', named('person-list'), async (c) => {
      const body = await newPersonOf(c)
      if (body === null) return c.json(unreadable, 400)
      return c.json({ id: 7, fullName: body.fullName, email: body.email, self: c.var.reverse('person-detail', { params: { id: 7 } }) }, 201)
    })
    .get('/people/:id', named('person-detail'), (c) => c.json(ada(Number(c.req.param('id')), c.var.reverse('person-detail', { params: { id: c.req.param('id') } }))))
    .get('/people/:id/avatar', (c) => c.json(avatarOf(c.req.param('id'))))
  const documents = versionedOpenAPI({ scheme, document: headDocument, changelog: plainHistory })
  return { app, check: () => versioning.check(base), documents } satisfies StyledApp
}

/** The API as @hono/zod-openapi routes, named by their operationIds. */
export function zodOpenAPIApp(options: StyleOptions) {
  const { scheme, ...rest } = common(options)
  const PersonSchema = z.object({ id: z.number(), fullName: z.string(), email: z.string().nullable(), self: z.string() }).openapi('Person')
  const NewPersonBody = z.object({ fullName: z.string().min(1), email: z.string().nullable() }).openapi('NewPerson')
  const Avatar = z.object({ url: z.string() }).openapi('Avatar')
  const id = z.object({ id: z.string().regex(/^[0-9]+$/) })
  const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
  const createPerson = createRoute({ operationId: 'createPerson', method: 'post', path: '/people', request: { body: { content: { 'application/json': { schema: NewPersonBody } }, required: true } }, responses: { 201: json('Created.', PersonSchema) } })
  const getPerson = createRoute({ operationId: 'getPerson', method: 'get', path: '/people/{id}', request: { params: id }, responses: { 200: json('A person.', PersonSchema) } })
  const getAvatar = createRoute({ operationId: 'getAvatar', method: 'get', path: '/people/{id}/avatar', request: { params: id }, responses: { 200: json('The avatar.', Avatar) } })
  const base = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
  const versioning = versionMiddleware({ scheme, changes: plainHistory, routes: appRoutes(base), ...rest })
  base.use('*', versioning)
  const app = base
    .openapi(createPerson, (c) => c.json({ id: 7, ...c.req.valid('json'), self: c.var.reverse('getPerson', { params: { id: 7 } }) }, 201))
    .openapi(getPerson, (c) => c.json(ada(Number(c.req.param('id')), c.var.reverse('getPerson', { params: { id: c.req.param('id') } })), 200))
    .openapi(getAvatar, (c) => c.json(avatarOf(c.req.param('id')), 200))
  const documents = versionedOpenAPI({ scheme, document: base.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'People', version: '2' } }), changelog: plainHistory })
  return { app, check: () => versioning.check(base), documents } satisfies StyledApp
}

/** The API in `style`. */
export function styledApp(style: AppStyle, options: StyleOptions): StyledApp {
  if (style === 'route table') return tableApp(options)
  if (style === 'plain Hono') return plainApp(options)
  return zodOpenAPIApp(options)
}

/** A person of the plain Hono app versioned by a patterned path param (`pathApp`). */
export interface NamedPerson {
  id: string
  fullName: string
}
const NamedPersonShape = shape<NamedPerson>('NamedPerson')

/** The history of `pathApp`: its body named by the path as Hono registers it, pattern included. */
export const pathHistory = versionHistory({
  versions: [{ version: 'v1' }, { version: 'v2', changes: [change('People have a fullName instead of a name.', [fieldRenamed(NamedPersonShape, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /:version{v[0-9]+}/people/:id': { response: NamedPersonShape } },
})

/** A plain Hono app whose version is a path param with a pattern (`/:version{v[0-9]+}/people/:id`). */
export function pathApp() {
  const base = new Hono()
  base.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), changes: pathHistory }))
  return base.get('/:version{v[0-9]+}/people/:id', (c) => c.json({ id: c.req.param('id'), fullName: 'Ada Lovelace' }))
}
