/**
 * One people API served from a sub-app mounted with `app.route('/api', sub)`,
 * as Hono users compose apps, in each app style: plain Hono routes (with
 * `named()`), @hono/zod-openapi routes, and a route table with `mountRoutes`.
 * Versions '1' and '2' in `Api-Version`, '2' the head, whose changes are:
 * - `name` is `fullName` (a person's answer);
 * - the avatar is added (`routeAdded`), the old export removed (`routeRemoved`);
 * - the list's `?q` is `?search`, its `X-Team` header `X-Group`;
 * - a member moved from `/staff/:id` to `/members/:id` (`pathChanged`; a plain
 *   route registers its handler on both paths, a table route is declared once).
 * The history names plain routes as the sub-app registers them
 * (`'GET /people/:id'`), which is how the server looks them up under a prefix.
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { change, fieldRenamed, pathChanged, queryParamRenamed, requestHeaderRenamed, routeAdded, routeRemoved, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, named, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'

export interface Person {
  id: number
  fullName: string
}
export const Person = shape<Person>('Person')
export const ORIGIN = 'https://people.test'
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const ada = (id: string | number): Person => ({ id: Number(id), fullName: 'Ada Lovelace' })

/** The history of the plain and @hono/zod-openapi sub-apps: routes named `METHOD /path`, as the sub-app registers them. */
export const plainHistory = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a fullName instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('People have an avatar; the export is gone.', [routeAdded('GET /people/:id/avatar'), routeRemoved('GET /export')]),
        change('The list is searched with ?search, for the group in X-Group.', [queryParamRenamed('GET /people', { older: 'q', newer: 'search' }), requestHeaderRenamed('GET /people', { older: 'X-Team', newer: 'X-Group' })]),
        change('Staff are members.', [pathChanged('GET /members/:id', { older: '/staff/:id', newer: '/members/:id' })]),
      ],
    },
  ],
  bodies: { 'GET /people/:id': { response: Person }, 'GET /members/:id': { response: Person }, 'GET /people': { response: { items: [Person] } } },
})

const ListQuery = z.object({ search: z.string().optional() })
const ListHeaders = z.object({ 'x-group': z.string() })

/** The plain Hono sub-app, its routes named with `named()`, mounted at `mount` of a root app. */
export function plainApp<const M extends string = '/api'>(mount: M = '/api' as M) {
  const sub = new Hono()
  sub.use('*', versionMiddleware({ scheme: scheme(), changes: plainHistory }))
  const people = sub
    .get('/people/:id', named('person-detail'), (c) => c.json(ada(c.req.param('id'))))
    .get('/people', zValidator('query', ListQuery), zValidator('header', ListHeaders), (c) =>
      c.json({ items: [ada(1)], search: c.req.valid('query').search ?? null, group: c.req.valid('header')['x-group'] }),
    )
    .get('/people/:id/avatar', (c) => c.text('png'))
    .get('/export', (c) => c.text('id,name'))
    .get('/staff/:id', (c) => c.json(ada(c.req.param('id'))))
    .get('/members/:id', (c) => c.json(ada(c.req.param('id'))))
  return new Hono().get('/health', (c) => c.json({ ok: true })).route(mount, people)
}

const PersonSchema = zo.object({ id: zo.number(), fullName: zo.string() })
const Id = zo.object({ id: zo.string() })
const json = <S extends zo.ZodTypeAny>(schema: S) => ({ content: { 'application/json': { schema } } })

/** The @hono/zod-openapi sub-app, mounted at `/api` of a root app. */
export function zodOpenAPIApp() {
  const sub = new OpenAPIHono()
  sub.use('*', versionMiddleware({ scheme: scheme(), changes: plainHistory }))
  const people = sub
    .openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: Id }, responses: { 200: { description: 'A person', ...json(PersonSchema) } } }), (c) => c.json(ada(c.req.valid('param').id), 200))
    .openapi(
      createRoute({
        method: 'get',
        path: '/people',
        request: { query: zo.object({ search: zo.string().optional() }), headers: zo.object({ 'x-group': zo.string() }) },
        responses: { 200: { description: 'People', ...json(zo.object({ items: zo.array(PersonSchema), search: zo.string().nullable(), group: zo.string() })) } },
      }),
      (c) => c.json({ items: [ada(1)], search: c.req.valid('query').search ?? null, group: c.req.valid('header')['x-group'] }, 200),
    )
    .openapi(createRoute({ method: 'get', path: '/people/{id}/avatar', request: { params: Id }, responses: { 200: { description: 'An avatar', content: { 'text/plain': { schema: zo.string() } } } } }), (c) => c.text('png', 200))
    .openapi(createRoute({ method: 'get', path: '/export', responses: { 200: { description: 'The export', content: { 'text/plain': { schema: zo.string() } } } } }), (c) => c.text('id,name', 200))
    .openapi(createRoute({ method: 'get', path: '/staff/{id}', request: { params: Id }, responses: { 200: { description: 'A member', ...json(PersonSchema) } } }), (c) => c.json(ada(c.req.valid('param').id), 200))
    .openapi(createRoute({ method: 'get', path: '/members/{id}', request: { params: Id }, responses: { 200: { description: 'A member', ...json(PersonSchema) } } }), (c) => c.json(ada(c.req.valid('param').id), 200))
  return new OpenAPIHono().route('/api', people).get('/health', (c) => c.json({ ok: true }))
}

/** The history of the table sub-app: routes named by the table. */
export const tableHistory = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a fullName instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('Staff are members.', [pathChanged('member-detail', { older: '/staff/:id', newer: '/members/:id' })]),
      ],
    },
  ],
  bodies: { 'person-detail': { response: Person }, 'member-detail': { response: Person } },
})

/** The table sub-app (`mountRoutes`), returned alone (`sub`, its type carries the table's names) and mounted at `/api` (`app`). */
export function tableApp() {
  const routes = defineRoutes(tableHistory.routes([route('person-detail', '/people/:id'), versioned(['2'], route('person-avatar', '/people/:id/avatar')), route('member-detail', '/members/:id')]))
  const versioning = apiVersioning({ scheme: scheme(), routes, changes: tableHistory })
  const base = new Hono()
  base.use('*', versioning)
  const sub = mountRoutes(base, versioning, {
    'person-detail': (c) => c.json(ada(c.req.param('id'))),
    'person-avatar': (c) => c.text('png'),
    'member-detail': (c) => c.json(ada(c.req.param('id'))),
  })
  return { sub, app: new Hono().route('/api', sub) }
}
