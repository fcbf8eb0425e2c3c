/**
 * One people API in the three app styles (a route table with `mountRoutes`,
 * plain Hono routes with `named()`, @hono/zod-openapi routes), for the typed
 * client's request types, renamed parameters and envelope layouts
 * (request-types.test-d.ts, request-types.test.ts). Versions '1', '2', '3' in
 * `Api-Version`, '3' the head:
 * - 2: `mail` is `email`; people can be `banned`; the list's `?q` is
 *   `?search` and its `X-Tenant` header `x-account`;
 * - 3: `name` is split into `firstName` and `lastName` (older requests must
 *   still send `name`: `fieldRemoved(..., { required: true })`); `age` is a
 *   number (a string before).
 * The list answers an envelope, `{ items: [Person], tenant }`.
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { z } from 'zod'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, queryParamRenamed, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

export interface Person {
  id: number
  firstName: string
  lastName: string
  email: string | null
  status: 'active' | 'inactive' | 'banned'
  age: number
}
export interface NewPerson {
  firstName: string
  lastName: string
  email: string | null
  status: 'active' | 'inactive' | 'banned'
  age: number
}
export const PersonShape = shape<Person>('Person')
export const NewPersonShape = shape<NewPerson>('NewPerson')

/** The head JSON Schema of a new person, which older bodies are checked against in their own version's terms. */
const NewPersonSchema = {
  type: 'object',
  properties: {
    firstName: { type: 'string', minLength: 1 },
    lastName: { type: 'string' },
    email: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['active', 'inactive', 'banned'] },
    age: { type: 'integer', minimum: 0 },
  },
  required: ['firstName', 'lastName', 'email', 'status', 'age'],
  additionalProperties: false,
}

const firstOf = (older: Record<string, unknown>): string => String(older['name'] ?? '').split(' ')[0] ?? ''
const lastOf = (older: Record<string, unknown>): string => String(older['name'] ?? '').split(' ').slice(1).join(' ')

/** The versions, the list route named as the style names it. */
function versionsFor<const L extends string>(list: L) {
  return [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('mail is email.', [fieldRenamed(PersonShape, { older: 'mail', newer: 'email' }), fieldRenamed(NewPersonShape, { older: 'mail', newer: 'email' })]),
        change('People can be banned.', [enumValuesAdded(PersonShape, 'status', ['banned'], { fallback: 'inactive' }), enumValuesAdded(NewPersonShape, 'status', ['banned'], { fallback: 'inactive' })]),
        change('The list is searched with ?search, for the account in x-account.', [queryParamRenamed(list, { older: 'q', newer: 'search' }), requestHeaderRenamed(list, { older: 'X-Tenant', newer: 'x-account' })]),
      ],
    },
    {
      version: '3',
      changes: [
        change('Names are split.', [
          fieldAdded(PersonShape, 'firstName'),
          fieldAdded(PersonShape, 'lastName'),
          fieldRemoved(PersonShape, 'name', { older: (person) => `${person.firstName} ${person.lastName}` }),
          fieldAdded(NewPersonShape, 'firstName', { default: firstOf }),
          fieldAdded(NewPersonShape, 'lastName', { default: lastOf }),
          fieldRemoved(NewPersonShape, 'name', { required: true }),
        ]),
        change('Ages are numbers.', [
          fieldChanged(PersonShape, 'age', { down: (age) => String(age), up: (age) => Number(age) }),
          fieldChanged(NewPersonShape, 'age', { down: (age) => String(age), up: (age) => Number(age), olderSchema: { type: 'string', pattern: '^[0-9]+$' } }),
        ]),
      ],
    },
  ] as const
}

const validation = requestValidation({ schemas: { NewPerson: NewPersonSchema } })
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })

const people: readonly Person[] = [
  { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', status: 'active', age: 36 },
  { id: 2, firstName: 'Grace', lastName: 'Hopper', email: null, status: 'banned', age: 85 },
]
const search = (term: string | undefined): Person[] => people.filter((p) => term === undefined || p.firstName.includes(term))
const find = (id: string): Person | undefined => people.find((p) => p.id === Number(id))

const NewPersonZ = z.object({ firstName: z.string().min(1), lastName: z.string(), email: z.string().nullable(), status: z.enum(['active', 'inactive', 'banned']), age: z.number().int().min(0) })
const listQuery = z.object({ search: z.string().optional() })
const listHeaders = z.object({ 'x-account': z.string().optional() })
/** A PATCH body checked by hono/validator (a partial update). */
const patchBody = validator('json', (value, c) => {
  const result = NewPersonZ.partial().safeParse(value)
  return result.success ? result.data : c.json({ detail: 'bad patch' }, 400)
})

/** The route table style: bodies by table route name, for one method or the whole route. */
export const tableHistory = versionHistory({
  versions: versionsFor('person-list'),
  bodies: {
    'GET person-list': { response: { items: [PersonShape] } },
    'POST person-list': { request: NewPersonShape, response: PersonShape },
    'person-detail': { request: NewPersonShape, response: PersonShape },
  },
  validation,
})
export function tableApp() {
  const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-list', '/people'), route('person-detail', '/people/:id')]), changes: tableHistory })
  return mountRoutes(new Hono(), versioning, {
    'person-list': {
      get: [
        zValidator('query', listQuery),
        zValidator('header', listHeaders),
        (c) => {
          // A chain of three types its handler's valid('header') loosely (any): the tenant is typed here.
          const tenant: string | null = c.req.valid('header')['x-account'] ?? null
          return c.json({ items: search(c.req.valid('query').search), tenant })
        },
      ],
      post: [zValidator('json', NewPersonZ), (c) => c.json({ id: 3, ...c.req.valid('json') }, 201)],
    },
    'person-detail': {
      get: (c) => {
        const person = find(c.req.param('id'))
        return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json(person, 200)
      },
      patch: [
        patchBody,
        (c) => {
          const person = find(c.req.param('id'))
          return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json({ ...person, ...c.req.valid('json') }, 200)
        },
      ],
    },
  })
}

/** Plain Hono and @hono/zod-openapi: bodies by `METHOD /path`, as Hono registers them. */
export const plainHistory = versionHistory({
  versions: versionsFor('GET /people'),
  bodies: {
    'GET /people': { response: { items: [PersonShape] } },
    'POST /people': { request: NewPersonShape, response: PersonShape },
    'GET /people/:id': { response: PersonShape },
    'PATCH /people/:id': { request: NewPersonShape, response: PersonShape },
  },
  validation,
})
export function plainApp() {
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme, changes: plainHistory }))
  return base
    .get('/people', zValidator('query', listQuery), zValidator('header', listHeaders), (c) => c.json({ items: search(c.req.valid('query').search), tenant: c.req.valid('header')['x-account'] ?? null }))
    .post('/people', zValidator('json', NewPersonZ), (c) => c.json({ id: 3, ...c.req.valid('json') }, 201))
    .get('/people/:id', (c) => {
      const person = find(c.req.param('id'))
      return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json(person, 200)
    })
    .patch('/people/:id', patchBody, (c) => {
      const person = find(c.req.param('id'))
      return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json({ ...person, ...c.req.valid('json') }, 200)
    })
}

const PersonZo = zo.object({ id: zo.number(), firstName: zo.string(), lastName: zo.string(), email: zo.string().nullable(), status: zo.enum(['active', 'inactive', 'banned']), age: zo.number() })
const NewPersonZo = zo.object({ firstName: zo.string().min(1), lastName: zo.string(), email: zo.string().nullable(), status: zo.enum(['active', 'inactive', 'banned']), age: zo.number().int().min(0) })
const Problem = zo.object({ detail: zo.string() })
const json = <S extends zo.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
const idParam = zo.object({ id: zo.string() })
const listPeople = createRoute({
  method: 'get',
  path: '/people',
  request: { query: zo.object({ search: zo.string().optional() }), headers: zo.object({ 'x-account': zo.string().optional() }) },
  responses: { 200: json('People.', zo.object({ items: zo.array(PersonZo), tenant: zo.string().nullable() })) },
})
const createPerson = createRoute({ method: 'post', path: '/people', request: { body: { content: { 'application/json': { schema: NewPersonZo } }, required: true } }, responses: { 201: json('Created.', PersonZo) } })
const getPerson = createRoute({ method: 'get', path: '/people/{id}', request: { params: idParam }, responses: { 200: json('A person.', PersonZo), 404: json('Not found.', Problem) } })
const patchPerson = createRoute({
  method: 'patch',
  path: '/people/{id}',
  request: { params: idParam, body: { content: { 'application/json': { schema: NewPersonZo.partial() } }, required: true } },
  responses: { 200: json('Patched.', PersonZo), 404: json('Not found.', Problem) },
})
export function zodOpenAPIApp() {
  const base = new OpenAPIHono()
  base.use('*', versionMiddleware({ scheme, changes: plainHistory }))
  return base
    .openapi(listPeople, (c) => c.json({ items: search(c.req.valid('query').search), tenant: c.req.valid('header')['x-account'] ?? null }, 200))
    .openapi(createPerson, (c) => c.json({ id: 3, ...c.req.valid('json') }, 201))
    .openapi(getPerson, (c) => {
      const person = find(c.req.valid('param').id)
      return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json(person, 200)
    })
    .openapi(patchPerson, (c) => {
      const person = find(c.req.valid('param').id)
      return person === undefined ? c.json({ detail: 'no such person' }, 404) : c.json({ ...person, ...c.req.valid('json') } as Person, 200)
    })
}

export type TableApp = ReturnType<typeof tableApp>
export type PlainApp = ReturnType<typeof plainApp>
export type ZodOpenAPIApp = ReturnType<typeof zodOpenAPIApp>
