/** versionedClient over a @hono/zod-openapi app: status changed, query renamed, enum added, route added in a third version. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { change, enumValuesAdded, fieldRenamed, queryParamRenamed, routeAdded, shape, statusChanged, versionHistory } from '../../../src/changes/index.ts'
import { versionedClient } from '../../../src/typed-client/index.ts'

const PersonSchema = z.object({ id: z.number(), fullName: z.string(), role: z.enum(['member', 'owner']) })
const P = shape('Person', PersonSchema)
const history = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('fullName', [fieldRenamed(P, { older: 'name', newer: 'fullName' })]), change('201', [statusChanged('POST /people', { older: 200, newer: 201 })]), change('q', [queryParamRenamed('GET /people', { older: 'q', newer: 'search' })])] },
    { version: '3', changes: [change('owner', [enumValuesAdded(P, 'role', ['owner'], { fallback: 'member' })]), change('avatar', [routeAdded('GET /people/:id/avatar')])] },
  ],
  bodies: { 'GET /people': { response: [P] }, 'POST /people': { request: P, response: P } },
})
const base = new OpenAPIHono()
base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
const app = base
  .openapi(createRoute({ method: 'get', path: '/people', request: { query: z.object({ search: z.string().optional() }) }, responses: { 200: { description: 'ok', content: { 'application/json': { schema: z.array(PersonSchema) } } } } }), (c) => c.json([{ id: 1, fullName: c.req.valid('query').search ?? 'Ada', role: 'owner' as const }], 200))
  .openapi(createRoute({ method: 'post', path: '/people', request: { body: { content: { 'application/json': { schema: PersonSchema } } } }, responses: { 201: { description: 'ok', content: { 'application/json': { schema: PersonSchema } } } } }), (c) => c.json(c.req.valid('json'), 201))
  .openapi(createRoute({ method: 'get', path: '/people/{id}/avatar', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ url: z.string() }) } } } } }), (c) => c.json({ url: 'u' }, 200))
const api = versionedClient<typeof app, typeof history>('http://x.test', { scheme: { in: 'header', name: 'Api-Version' }, fetch: (input, init) => app.request(input, init) })
const v1 = api('1')
const l = await v1.people.$get({ query: { q: 'Grace' } })
const list = await l.json()
const c = await v1.people.$post({ json: { id: 2, name: 'G', role: 'member' } })
const ok1: 200 = c.status
console.log(JSON.stringify([l.status, list[0]?.name, list[0]?.role, c.status, ok1]))
async function negatives(): Promise<void> {
  // @ts-expect-error v1's query parameter is q
  await v1.people.$get({ query: { search: 'x' } })
  // @ts-expect-error v1 has no owner role
  await v1.people.$post({ json: { id: 2, name: 'G', role: 'owner' } })
  // @ts-expect-error v1 has no avatar route
  void v1.people[':id'].avatar
  // @ts-expect-error v2 has no avatar route
  void api('2').people[':id'].avatar
  const v3 = await api('3').people.$post({ json: { id: 2, fullName: 'G', role: 'owner' } })
  const created: 201 = v3.status
  void created
}
void negatives
process.exit(0)
