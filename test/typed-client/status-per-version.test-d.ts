/**
 * The status a version change gives back (`statusChanged`), typed per
 * version in each app style: a route table with `mountRoutes` (a handler,
 * and a chain whose validator is called inline, so that its handler's
 * `c.req.valid()` is `any` and the JSON value it answers is too: the status
 * it answers with is still its own, as Hono's `app.post(path, handler)`
 * keeps it), plain Hono routes and @hono/zod-openapi routes. The head's
 * client gets the handler's status, an older client the older one, and
 * either the validator's 400.
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { change, fieldRenamed, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

interface Person {
  id: number
  fullName: string
}
const Person = shape<Person>('Person')
const NewPerson = shape<Omit<Person, 'id'>>('NewPerson')
const renamed = change('People have a fullName instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' }), fieldRenamed(NewPerson, { older: 'name', newer: 'fullName' })])
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const NewPersonSchema = z.object({ fullName: z.string().min(1) })

/** The statuses a call of `F` answers with. */
type StatusOf<F extends (...args: never[]) => Promise<{ status: number }>> = Awaited<ReturnType<F>>['status']

describe('a route table with mountRoutes', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Created people are 201.', [statusChanged('POST person-list', { older: 200, newer: 201 })])] }],
    bodies: { 'POST person-list': { request: NewPerson, response: Person } },
  })
  const versioning = apiVersioning({ scheme, routes: defineRoutes([route('person-list', '/people')]), changes: history })

  it('a chain whose validator is called inline, its handler answering an untyped value: the status is typed per version', () => {
    const app = mountRoutes(new Hono(), versioning, {
      'person-list': { post: [zValidator('json', NewPersonSchema), (c) => c.json({ id: 7, ...c.req.valid('json') }, 201)] },
    })
    const api = versionedClient<typeof app, typeof history>('https://api.example.com', { scheme })
    expectTypeOf<StatusOf<ReturnType<typeof api<'2'>>['people']['$post']>>().toEqualTypeOf<201 | 400>()
    expectTypeOf<StatusOf<ReturnType<typeof api<'1'>>['people']['$post']>>().toEqualTypeOf<200 | 400>()
    expectTypeOf<StatusOf<ReturnType<typeof hc<typeof app>>['people']['$post']>>().toEqualTypeOf<201 | 400>()
  })

  it('a handler alone answering an untyped value', () => {
    const app = mountRoutes(new Hono(), versioning, {
      'person-list': { post: async (c) => c.json({ id: 7, ...(await c.req.json()) }, 201) },
    })
    const api = versionedClient<typeof app, typeof history>('https://api.example.com', { scheme })
    expectTypeOf<StatusOf<ReturnType<typeof api<'2'>>['people']['$post']>>().toEqualTypeOf<201>()
    expectTypeOf<StatusOf<ReturnType<typeof api<'1'>>['people']['$post']>>().toEqualTypeOf<200>()
  })
})

describe('plain Hono and @hono/zod-openapi routes', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Created people are 201.', [statusChanged('POST /people', { older: 200, newer: 201 })])] }],
    bodies: { 'POST /people': { request: NewPerson, response: Person } },
  })

  it('plain routes', () => {
    const base = new Hono()
    base.use('*', versionMiddleware({ scheme, changes: history }))
    const app = base.post('/people', zValidator('json', NewPersonSchema), (c) => c.json({ id: 7, ...c.req.valid('json') }, 201))
    const api = versionedClient<typeof app, typeof history>('https://api.example.com', { scheme })
    expectTypeOf<StatusOf<ReturnType<typeof api<'2'>>['people']['$post']>>().toEqualTypeOf<201 | 400>()
    expectTypeOf<StatusOf<ReturnType<typeof api<'1'>>['people']['$post']>>().toEqualTypeOf<200 | 400>()
  })

  it('@hono/zod-openapi routes', () => {
    const base = new OpenAPIHono()
    base.use('*', versionMiddleware({ scheme, changes: history }))
    const app = base.openapi(
      createRoute({
        method: 'post',
        path: '/people',
        request: { body: { content: { 'application/json': { schema: zo.object({ fullName: zo.string().min(1) }) } } } },
        responses: { 201: { description: 'Created', content: { 'application/json': { schema: zo.object({ id: zo.number(), fullName: zo.string() }) } } } },
      }),
      (c) => c.json({ id: 7, ...c.req.valid('json') }, 201),
    )
    const api = versionedClient<typeof app, typeof history>('https://api.example.com', { scheme })
    expectTypeOf<StatusOf<ReturnType<typeof api<'2'>>['people']['$post']>>().toEqualTypeOf<201>()
    expectTypeOf<StatusOf<ReturnType<typeof api<'1'>>['people']['$post']>>().toEqualTypeOf<200>()
  })
})
