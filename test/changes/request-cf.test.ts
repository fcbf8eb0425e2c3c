/**
 * What a runtime adds to its incoming `Request` stays on an older client's
 * rebuilt one: workerd's `cf` (the client's country, colo, ...), which a
 * handler reads from `c.req.raw.cf` for every version alike. A portable
 * file: on Node, Bun and Deno a `Request` has no `cf`, and the older
 * request has none either.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamRenamed, shape } from '../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Person { email: string }
const Person = shape<Person>('Person')
const history = twoVersionHistory([change('Mail is email; q is search.', [fieldRenamed(Person, { older: 'mail', newer: 'email' }), queryParamRenamed('GET /people', { older: 'q', newer: 'search' })])], {
  bodies: { 'POST /people': { request: Person } },
})
const app = migratingApp(history, new Hono())
app.post('/people', async (c) => c.json({ body: await c.req.json(), cf: (c.req.raw as { cf?: unknown }).cf ?? null }))
app.get('/people', (c) => c.json({ search: c.req.query('search') ?? null, cf: (c.req.raw as { cf?: unknown }).cf ?? null }))

/** A request as the runtime's server hands it, with workerd's `cf` where the runtime keeps one. */
const incoming = (path: string, version: string, body?: unknown): Request =>
  new Request(`https://api.example${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Api-Version': version, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cf: { country: 'NL', colo: 'AMS' },
  } as RequestInit)

describe("the runtime's own request properties on an older client's request", () => {
  it('an older body migrated: c.req.raw.cf is the one the runtime gave', async () => {
    const given = (incoming('/people', '1', {}) as { cf?: unknown }).cf ?? null
    const older = await (await app.fetch(incoming('/people', '1', { mail: 'a@example.com' }))).json()
    const head = await (await app.fetch(incoming('/people', '2', { email: 'a@example.com' }))).json()
    expect(older).toEqual({ body: { email: 'a@example.com' }, cf: given })
    expect(head).toEqual({ body: { email: 'a@example.com' }, cf: given })
  })

  it('an older query renamed: c.req.raw.cf is the one the runtime gave', async () => {
    const given = (incoming('/people', '1') as { cf?: unknown }).cf ?? null
    expect(await (await app.fetch(incoming('/people?q=ada', '1'))).json()).toEqual({ search: 'ada', cf: given })
  })
})
