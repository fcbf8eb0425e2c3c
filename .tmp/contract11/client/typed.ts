/**
 * The toolkit's own typed client (versionedClient) per version, plain Hono
 * style, with the probe's history written with literal keys: each version's
 * client must compile against what its server really answers.
 */
import { Hono } from 'hono'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, queryParamRenamed, requestHeaderRenamed, routeAdded, routeRemoved, shape, statusChanged, versionHistory } from '../../../src/changes/index.ts'
import { versionedClient } from '../../../src/typed-client/index.ts'

interface Person { id: number; firstName: string; lastName: string; email: string | null; role: 'member' | 'admin' | 'owner' }
interface NewPerson { firstName: string; lastName: string; email: string | null; role: 'member' | 'admin' | 'owner' }
const P = shape<Person, 'fullName'>('Person')
const N = shape<NewPerson, 'fullName'>('NewPerson')
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('fullName', [fieldRenamed(P, { older: 'name', newer: 'fullName' }), fieldRenamed(N, { older: 'name', newer: 'fullName' })]),
        change('email', [fieldAdded(P, 'email'), fieldAdded(N, 'email', { default: null })]),
        change('owner', [enumValuesAdded(P, 'role', ['owner'], { fallback: 'admin' }), enumValuesAdded(N, 'role', ['owner'], { fallback: 'admin' })]),
        change('201', [statusChanged('POST /people', { older: 200, newer: 201 })]),
        change('search', [queryParamRenamed('GET /people', { older: 'q', newer: 'search' })]),
        change('X-Org', [requestHeaderRenamed('GET /people', { older: 'X-Tenant', newer: 'X-Org' })]),
      ],
    },
    {
      version: '3',
      changes: [
        change('split', [
          fieldAdded(P, 'firstName', { default: (o) => String(o['fullName']) }),
          fieldAdded(P, 'lastName', { default: () => '' }),
          fieldRemoved(P, 'fullName', { older: (p) => `${p.firstName} ${p.lastName}`, schema: { type: 'string' } }),
          fieldAdded(N, 'firstName', { default: (o) => String(o['fullName']) }),
          fieldAdded(N, 'lastName', { default: () => '' }),
          fieldRemoved(N, 'fullName', { older: (p) => `${p.firstName} ${p.lastName}`, schema: { type: 'string' }, required: true }),
        ]),
        change('avatar', [routeAdded('GET /people/:id/avatar')]),
        change('no search', [routeRemoved('GET /search')]),
      ],
    },
  ],
  bodies: {
    'GET /people': { response: { items: [P] } },
    'POST /people': { request: N, response: P },
    'GET /people/:id': { response: P },
    'PATCH /people/:id': { request: N, response: P },
    'GET /search': { response: [P] },
  },
})
const ada: Person = { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: null, role: 'owner' }
const base = new Hono()
base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
const app = base
  .get('/people', (c) => c.json({ items: [ada], search: c.req.query('search') ?? null, org: c.req.header('X-Org') ?? null }))
  .post('/people', async (c) => c.json({ id: 7, ...(await c.req.json<NewPerson>()) }, 201))
  .get('/people/:id', (c) => c.json(ada))
  .patch('/people/:id', async (c) => c.json({ ...ada, ...(await c.req.json<Partial<NewPerson>>()) }))
  .get('/people/:id/avatar', (c) => c.json({ url: 'u' }))
  .get('/search', (c) => c.json([ada]))

const api = versionedClient<typeof app, typeof history>('http://people.test', { scheme: { in: 'header', name: 'Api-Version' }, fetch: (input, init) => app.request(input, init) })
const v1 = api('1')
const v2 = api('2')
const v3 = api('3')
const out: unknown[] = []

const l1 = await v1.people.$get({ query: { q: 'x' }, header: { 'X-Tenant': 't' } })
if (l1.ok) {
  const body = await l1.json()
  out.push(['v1 list', l1.status, body.items[0]?.name, body.items[0]?.role, body.search, body.org])
}
const c1 = await v1.people.$post({ json: { name: 'Ada Lovelace', role: 'admin' } })
out.push(['v1 create status', c1.status])
if (c1.status === 200) {
  const b = await c1.json()
  out.push(['v1 create body', b.name])
}
const p1 = await v1.people[':id'].$patch({ param: { id: '1' }, json: { role: 'member' } })
if (p1.ok) out.push(['v1 patch', p1.status, (await p1.json()).name])
const s1 = await v1.search.$get()
if (s1.ok) out.push(['v1 search', (await s1.json())[0]?.name])
const d2 = await v2.people[':id'].$get({ param: { id: '1' } })
if (d2.ok) {
  const b = await d2.json()
  out.push(['v2 detail', b.fullName, b.email, b.role])
}
const c3 = await v3.people.$post({ json: { firstName: 'A', lastName: 'B', email: null, role: 'owner' } })
out.push(['v3 create status', c3.status])
const a3 = await v3.people[':id'].avatar.$get({ param: { id: '1' } })
out.push(['v3 avatar', a3.status])
console.log(JSON.stringify(out))
process.exit(0)

// Negative checks: each line must fail to compile.
async function negatives(): Promise<void> {
  // @ts-expect-error v1 has no fullName
  ;(await (await v1.people[':id'].$get({ param: { id: '1' } })).json()).fullName
  // @ts-expect-error v1's query parameter is q
  await v1.people.$get({ query: { search: 'x' } })
  // @ts-expect-error v1 has no owner role
  await v1.people.$post({ json: { name: 'A', role: 'owner' } })
  // @ts-expect-error v1 has no avatar route
  await v1.people[':id'].avatar.$get({ param: { id: '1' } })
  // @ts-expect-error v3 has no search route
  await v3.search.$get()
  const c2 = await v2.people.$post({ json: { fullName: 'A', email: null, role: 'owner' } })
  // @ts-expect-error v2 answers 201, not 200
  if (c2.status === 200) return
  // @ts-expect-error v1's header is X-Tenant
  await v1.people.$get({ header: { 'X-Org': 'o' } })
  // @ts-expect-error v1 create body requires name
  await v1.people.$post({ json: { role: 'admin' } })
}
void negatives
