/**
 * `check(app)` names the success media types an @hono/zod-openapi route
 * declares that its route's layouts cannot migrate (a `text/csv` beside its
 * JSON): an older client answered in one gets a 500, while the route's older
 * documents list it. Under a sub-app mounted with `app.route()` and under
 * `basePath()`. A portable suite: it runs on Node, inside workerd, on Bun and
 * on Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { appRoutes, versionMiddleware, type AppRoutesEnv } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Person = z.object({ id: z.number(), fullName: z.string() }).openapi('Person')
const PersonShape = shape<z.infer<typeof Person>>('Person')

function peopleApi(options: { readonly unmigrated?: readonly string[]; readonly style: 'route' | 'basePath' }) {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'GET /api/people/:id': { response: PersonShape, ...(options.unmigrated === undefined ? {} : { unmigrated: options.unmigrated }) } },
  })
  const scheme = new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' })
  const getPerson = createRoute({
    operationId: 'getPerson',
    method: 'get',
    path: '/people/{id}',
    request: { params: z.object({ id: z.coerce.number() }) },
    responses: {
      200: { description: 'The person', content: { 'application/json': { schema: Person }, 'text/csv': { schema: z.string() } } },
      404: { description: 'None', content: { 'text/plain': { schema: z.string() } } },
    },
  })
  const handler = (c: { req: { header(name: string): string | undefined } ; body(data: string, status: 200, headers: Record<string, string>): Response; json(body: unknown, status: 200): Response }, id: number) =>
    c.req.header('Accept') === 'text/csv' ? c.body(`id,fullName\n${id},Ada`, 200, { 'Content-Type': 'text/csv' }) : c.json({ id, fullName: 'Ada' }, 200)
  if (options.style === 'route') {
    const root = new OpenAPIHono<AppRoutesEnv<typeof scheme>>()
    const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(root), origin: 'https://api.example.com' })
    root.use('/api/*', versioning)
    const people = new OpenAPIHono().openapi(getPerson, (c) => handler(c, c.req.valid('param').id) as never)
    return { app: root.route('/api', people), versioning, history }
  }
  const app = new OpenAPIHono<AppRoutesEnv<typeof scheme>>().basePath('/api')
  const versioning = versionMiddleware({ scheme, changes: history, routes: appRoutes(app), origin: 'https://api.example.com' })
  app.use('*', versioning)
  app.openapi(getPerson, (c) => handler(c, c.req.valid('param').id) as never)
  return { app, versioning, history }
}

const sentence = `versionHistory: "GET /api/people/:id" declares its 200 response as text/csv, which older clients get as a 500: its layouts are of JSON; list 'text/csv' in its unmigrated (sent to every version as it is), or leave it out of the route's responses.`

describe.each(['route', 'basePath'] as const)('a @hono/zod-openapi route declaring text/csv beside its JSON (%s)', (style) => {
  it('check(app) names it, and an older client asking for it gets the 500 the sentence says', async () => {
    const { app, versioning, history } = peopleApi({ style })
    expect(versioning.check(app)).toEqual([sentence])
    expect(history.check(app)).toEqual([sentence])
    const res = await app.request('/api/people/1', { headers: { 'Api-Version': '1', Accept: 'text/csv' } })
    expect(res.status).toBe(500)
    expect(await (await app.request('/api/people/1', { headers: { 'Api-Version': '1' } })).json()).toEqual({ id: 1, name: 'Ada' })
  })

  it('listed in unmigrated, it passes the check and reaches older clients as it is', async () => {
    const { app, versioning } = peopleApi({ style, unmigrated: ['text/csv'] })
    expect(versioning.check(app)).toEqual([])
    const res = await app.request('/api/people/1', { headers: { 'Api-Version': '1', Accept: 'text/csv' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('id,fullName\n1,Ada')
  })
})

describe('a sub-app registering its own versionMiddleware, its history naming the routes as it registers them', () => {
  it('check(app) names the route by that name, given the root app or the sub-app', () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] }],
      bodies: { 'GET /people/:id': { response: PersonShape } },
    })
    const people = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '2' }), changes: history })
    people.use('*', versioning)
    const getPerson = createRoute({
      method: 'get',
      path: '/people/{id}',
      responses: { 200: { description: 'The person', content: { 'application/json': { schema: Person }, 'text/csv': { schema: z.string() } } } },
    })
    people.openapi(getPerson, (c) => c.json({ id: 1, fullName: 'Ada' }, 200))
    const root = new OpenAPIHono()
    root.route('/api', people)
    const named = sentence.replace('GET /api/people/:id', 'GET /people/:id')
    expect(versioning.check(root)).toEqual([named])
    expect(versioning.check(people)).toEqual([named])
  })
})

describe('a route added in the newest version, its shape changed before it', () => {
  it('is not named: no older version serves it, so none migrates its answers', async () => {
    const history = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Full names.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] },
        { version: '3', changes: [change('Exports.', [routeAdded('GET /people/:id/export')])] },
      ],
      bodies: { 'GET /people/:id/export': { response: PersonShape } },
    })
    const app = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: history.versions, defaultVersion: '3' }), changes: history })
    app.use('*', versioning)
    const exportPerson = createRoute({
      method: 'get',
      path: '/people/{id}/export',
      responses: { 200: { description: 'The person', content: { 'application/json': { schema: Person }, 'text/csv': { schema: z.string() } } } },
    })
    app.openapi(exportPerson, (c) => (c.req.header('Accept') === 'text/csv' ? (c.text('id,fullName\n1,Ada') as never) : c.json({ id: 1, fullName: 'Ada' }, 200)))
    expect(versioning.check(app)).toEqual([])
    expect((await app.request('/people/1/export', { headers: { 'Api-Version': '2' } })).status).toBe(404)
    expect(await (await app.request('/people/1/export', { headers: { 'Api-Version': '3', Accept: 'text/csv' } })).text()).toBe('id,fullName\n1,Ada')
  })
})
