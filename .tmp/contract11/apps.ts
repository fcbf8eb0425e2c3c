/**
 * The probe's API in the three app styles, each with a scheme; every app
 * gives `{ app, documents }`.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { HTTPException } from 'hono/http-exception'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  type BaseVersioning,
} from '../../src/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { CombinedVersioning } from '../../src/index.ts'
import { ada, bodiesOf, headDocument, historyOf, NewPersonSchema, policy, type Key, type Person } from './api.ts'

const versions = { allowedVersions: ['0', '1', '2', '3'], defaultVersion: '3' }

/** The JSON body, or a 400 as the app's own answer. */
async function bodyOf(c: Context): Promise<Record<string, unknown>> {
  try {
    return (await c.req.json()) as Record<string, unknown>
  } catch {
    throw new HTTPException(400, { res: Response.json({ detail: 'Malformed JSON in request body.' }, { status: 400 }) })
  }
}

const handlers = {
  list: (c: Context) => c.json({ items: [ada(1)] }),
  create: async (c: Context) => c.json({ id: 7, ...(await bodyOf(c)) }, 201),
  detail: (c: Context) => (c.req.param('id') === '404' ? c.json({ detail: 'No such person.' }, 404) : c.json(ada(Number(c.req.param('id'))))),
  patch: async (c: Context) => c.json({ ...ada(Number(c.req.param('id'))), ...(await bodyOf(c)) }),
  avatar: (c: Context) => c.json({ url: `https://cdn.test/${c.req.param('id')}.png` }),
  export: (c: Context) => c.body([ada(1), ada(2)].map((p) => `${JSON.stringify(p)}\n`).join(''), 200, { 'Content-Type': 'application/x-ndjson' }),
  feed: (c: Context) => streamSSE(c, async (s) => s.writeSSE({ event: 'person', id: '1', data: JSON.stringify(ada(1)) })),
  upload: async (c: Context) => {
    const form = await c.req.parseBody()
    return c.json({ title: String(form['title']), visibility: String(form['visibility']) }, 201)
  },
  search: (c: Context) => c.json([ada(1)]),
  team: (c: Context) => c.json({ id: c.req.param('id') }),
}

export interface Probe {
  readonly name: string
  readonly app: { fetch(request: Request): Response | Promise<Response> }
  readonly documents: ReturnType<typeof versionedOpenAPI>
  /** The host a request names for `version`, for HostNameVersioning. */
  readonly host?: (version: string) => string
}

const tableKey = (method: string, name: string) => (method === 'get' ? name : `${method.toUpperCase()} ${name}`)

/** A route table with mountRoutes, under `scheme`; `prefix` is the include's path. */
export function tableProbe(name: string, scheme: BaseVersioning, prefix: string, docPrefix: string, extra: { serverUrl?: string; namespaces?: string[]; allowedHosts?: string[]; problems?: boolean } = {}): Probe {
  const tk: Key = (m, r) => tableKey(m, r)
  const history = historyOf(tk)
  const table = () =>
    history.routes([
      route('person-list', '/people'),
      route('person-detail', '/people/:id{[0-9]+}'),
      route('person-avatar', '/people/:id{[0-9]+}/avatar'),
      route('person-export', '/people.ndjson'),
      route('person-feed', '/feed'),
      route('upload-list', '/uploads'),
      route('person-search', '/search'),
      route('team-detail', '/teams/:id'),
    ])
  const routes = defineRoutes(extra.namespaces === undefined ? [include(prefix, table())] : extra.namespaces.map((v) => include(prefix.replace('{ns}', v), table(), { namespace: v })))
  const versioning = apiVersioning({ scheme, routes, changes: history, policy: policy(), allowedHosts: extra.allowedHosts ?? ['127.0.0.1', 'people.test', '.people.test'], ...(extra.problems === true ? { errorResponse: problemDetails() } : {}) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'person-list': { get: handlers.list, post: handlers.create },
    'person-detail': { get: handlers.detail, patch: handlers.patch },
    'person-avatar': handlers.avatar,
    'person-export': handlers.export,
    'person-feed': handlers.feed,
    'upload-list': { post: handlers.upload },
    'person-search': handlers.search,
    'team-detail': handlers.team,
  })
  const documents = versionedOpenAPI({
    scheme,
    routes,
    app,
    document: extra.namespaces === undefined ? headDocument(docPrefix) : Object.assign(headDocument(''), { paths: Object.assign({}, ...extra.namespaces.map((v) => headDocument(docPrefix.replace('{ns}', v)).paths)) }),
    changelog: history,
    policy: policy(),
    requests: { schemas: { NewPerson: NewPersonSchema }, bodies: bodiesOf(tk) },
    ...(extra.problems === true ? { errors: 'problem-details' as const } : {}),
    ...(extra.serverUrl === undefined ? {} : { serverUrl: extra.serverUrl }),
  })
  return { name, app, documents }
}

const plainKey = (method: string, _name: string, path: string) => `${method.toUpperCase()} ${path}`

export function plainProbe(scheme: BaseVersioning = new HeaderVersioning(versions), mutate: (doc: ReturnType<typeof headDocument>) => void = () => {}): Probe {
  const history = historyOf(plainKey)
  const base = new Hono()
  const versioning = versionMiddleware({ scheme, changes: history, policy: policy(), routes: appRoutes(base), allowedHosts: ['127.0.0.1', 'people.test'] })
  base.use('*', versioning)
  base
    .get('/people', named('person-list'), handlers.list)
    .post('/people', handlers.create)
    .get('/people/:id', named('person-detail'), handlers.detail)
    .patch('/people/:id', handlers.patch)
    .get('/people/:id/avatar', handlers.avatar)
    .get('/people.ndjson', handlers.export)
    .get('/feed', handlers.feed)
    .post('/uploads', handlers.upload)
    .get('/search', handlers.search)
    .get('/teams/:id', handlers.team)
    .get('/groups/:id', handlers.team)
  const head = structuredClone(headDocument(''))
  mutate(head)
  const documents = versionedOpenAPI({ scheme, app: base, document: head, changelog: history, policy: policy(), requests: { schemas: { NewPerson: NewPersonSchema }, bodies: bodiesOf(plainKey) } })
  return { name: `plain Hono (${scheme.constructor.name})`, app: base, documents }
}

export function zodProbe(scheme: BaseVersioning = new HeaderVersioning(versions)): Probe {
  const history = historyOf(plainKey)
  const Person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string().nullable(), role: z.enum(['member', 'admin', 'owner']) }).openapi('Person')
  const NewPerson = z.object({ firstName: z.string().min(1), lastName: z.string(), email: z.string().nullable(), role: z.enum(['member', 'admin', 'owner']) }).strict().openapi('NewPerson')
  const Upload = z.object({ title: z.string(), visibility: z.string() }).openapi('Upload')
  const id = z.object({ id: z.string().regex(/^[0-9]+$/) })
  const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
  const base = new OpenAPIHono()
  const versioning = versionMiddleware({ scheme, changes: history, policy: policy(), routes: appRoutes(base), allowedHosts: ['127.0.0.1', 'people.test'] })
  base.use('*', versioning)
  const r = base
    .openapi(createRoute({ operationId: 'listPeople', method: 'get', path: '/people', request: { query: z.object({ search: z.string().optional() }), headers: z.object({ 'x-org': z.string().optional() }) }, responses: { 200: json('People.', z.object({ items: z.array(Person) })) } }), (c) => c.json({ items: [ada(1)] }, 200))
    .openapi(createRoute({ operationId: 'createPerson', method: 'post', path: '/people', request: { body: { content: { 'application/json': { schema: NewPerson } }, required: true } }, responses: { 201: json('Created.', Person) } }), (c) => c.json({ id: 7, ...c.req.valid('json') } as Person, 201))
    .openapi(createRoute({ operationId: 'getPerson', method: 'get', path: '/people/{id}', request: { params: id }, responses: { 200: json('A person.', Person) } }), (c) => c.json(ada(Number(c.req.param('id'))), 200))
    .openapi(createRoute({ operationId: 'updatePerson', method: 'patch', path: '/people/{id}', request: { params: id, body: { content: { 'application/json': { schema: NewPerson.partial() } }, required: true } }, responses: { 200: json('Updated.', Person) } }), (c) => c.json({ ...ada(Number(c.req.param('id'))), ...c.req.valid('json') } as Person, 200))
    .openapi(createRoute({ operationId: 'getAvatar', method: 'get', path: '/people/{id}/avatar', request: { params: id }, responses: { 200: json('Avatar.', z.object({ url: z.string() })) } }), (c) => c.json({ url: 'https://cdn.test/a.png' }, 200))
    .openapi(createRoute({ operationId: 'exportPeople', method: 'get', path: '/people.ndjson', responses: { 200: { description: 'One per line.', content: { 'application/x-ndjson': { schema: z.string() } } } } }), handlers.export as never)
    .openapi(createRoute({ operationId: 'feed', method: 'get', path: '/feed', responses: { 200: { description: 'Events.', content: { 'text/event-stream': { schema: z.string() } } } } }), handlers.feed as never)
    .openapi(createRoute({ operationId: 'upload', method: 'post', path: '/uploads', request: { body: { content: { 'multipart/form-data': { schema: Upload } }, required: true } }, responses: { 201: json('Uploaded.', Upload) } }), handlers.upload as never)
    .openapi(createRoute({ operationId: 'search', method: 'get', path: '/search', responses: { 200: json('Found.', z.array(Person)) } }), (c) => c.json([ada(1)], 200))
    .openapi(createRoute({ operationId: 'getTeam', method: 'get', path: '/teams/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: json('A team.', z.object({ id: z.string() })) } }), (c) => c.json({ id: c.req.param('id') }, 200))
  base.get('/groups/:id', handlers.team)
  const document = base.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'People', version: '3' } })
  const documents = versionedOpenAPI({ scheme, app: base, document, changelog: history, policy: policy(), requests: { schemas: { NewPerson: NewPersonSchema }, bodies: bodiesOf(plainKey) } })
  void r
  return { name: `@hono/zod-openapi (${scheme.constructor.name})`, app: base, documents }
}

export function allProbes(): Probe[] {
  return [
    tableProbe('table URLPath', new URLPathVersioning({ allowedVersions: ['0', '1', '2', '3'] }), '/api/:version{[0-9]+}', '/api/{version}'),
    tableProbe('table Header', new HeaderVersioning(versions), '/api', '/api'),
    tableProbe('table Accept', new AcceptHeaderVersioning({ ...versions, vendorMediaType: 'application/vnd.people.v{version}+json', mediaTypes: ['application/json', 'application/x-ndjson', 'text/event-stream'] }), '/api', '/api'),
    tableProbe('table Query', new QueryParameterVersioning(versions), '/api', '/api'),
    { ...tableProbe('table Host', new HostNameVersioning(versions), '/api', '/api', { serverUrl: 'http://{version}.people.test' }), host: (v: string) => `${v}.people.test` },
    tableProbe('table Namespace', new NamespaceVersioning({ allowedVersions: ['0', '1', '2', '3'] }), '/api/v{ns}', '/api/v{ns}', { namespaces: ['0', '1', '2', '3'] }),
    plainProbe(),
    zodProbe(),
    tableProbe('table Combined problems', new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning(), new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.people.v{version}+json', mediaTypes: ['application/json', 'application/x-ndjson', 'text/event-stream'] })], ...versions }), '/api', '/api', { problems: true }),
    tableProbe('table Accept problems', new AcceptHeaderVersioning({ ...versions, mediaTypes: ['application/json', 'application/x-ndjson', 'text/event-stream'] }), '/api', '/api', { problems: true }),
  ]
}
