/**
 * Partial updates: an older client's PATCH body (JSON or JSON Merge Patch)
 * is migrated field by field, and no field it did not send reaches the
 * handler: no `default`, nothing derived from a field it left out; `null`
 * keeps its merge-patch meaning. The partial steps come from the same
 * layout as the full ones.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, shapeConverted, versionHistory } from '../../src/changes/index.ts'
import type { RouteBodies } from '../../src/changes/history-options.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { migratingApp, twoVersionHistory, twoVersions } from '../support/two-versions.ts'

interface Address { city: string; zip: string; country: string }
interface Person {
  id: number
  email: string
  category: string
  first_name: string
  last_name: string
  address: Address
  phones: { number: string; kind: string }[]
}
const Address = shape<Address>('Address')
const Phone = shape<{ number: string; kind: string }>('Phone')
const Person = shape<Person>('Person', { nested: { address: Address, phones: [Phone] } })

const first = (older: Record<string, unknown>): string => String(older['name']).split(' ')[0] as string
const rest = (older: Record<string, unknown>): string => String(older['name']).split(' ').slice(1).join(' ')
const history = (bodies: Record<string, RouteBodies>) =>
  twoVersionHistory(
    [
      change('People have a category.', [fieldAdded(Person, 'category', { default: 'general' })]),
      change('Names are split.', [
        fieldAdded(Person, 'first_name', { default: first }),
        fieldAdded(Person, 'last_name', { default: rest }),
        fieldRemoved(Person, 'name', { older: (p) => `${p.first_name} ${p.last_name}` }),
      ]),
      change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })]),
      change('Addresses have a country; zip codes are postcodes.', [
        fieldAdded(Address, 'country', { default: 'FR' }),
        fieldRenamed(Address, { older: 'postcode', newer: 'zip' }),
      ]),
      change('Phones have a kind.', [fieldAdded(Phone, 'kind', { default: 'mobile' })]),
    ],
    {
      bodies,
    },
  )

function app(bodies: Record<string, RouteBodies> = { 'PATCH /people/:id': { request: Person }, 'PUT /people/:id': { request: Person } }): Hono {
  const app = migratingApp(history(bodies))
  const echo = async (c: { req: { json(): Promise<unknown> }; json(value: unknown): Response }) => c.json(await c.req.json())
  app.patch('/people/:id', echo as never)
  app.put('/people/:id', echo as never)
  app.post('/people', echo as never)
  return app
}

async function send(target: Hono, method: string, body: unknown, version = '1', type = 'application/json', path = '/people/1'): Promise<{ status: number; body: unknown }> {
  const res = await target.request(path, { method, headers: { 'Api-Version': version, 'Content-Type': type }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() }
}

describe('an older PATCH body is partial', () => {
  it('gets no default for a field it did not send', async () => {
    expect(await send(app(), 'PATCH', { mail: 'ada@example.com' })).toEqual({ status: 200, body: { email: 'ada@example.com' } })
    // The same body as a full one (PUT) gets the defaults.
    expect((await send(app(), 'PUT', { mail: 'ada@example.com', name: 'Ada Lovelace' })).body).toEqual({
      email: 'ada@example.com',
      category: 'general',
      first_name: 'Ada',
      last_name: 'Lovelace',
    })
  })

  it('is the same as JSON Merge Patch (application/merge-patch+json)', async () => {
    expect(await send(app(), 'PATCH', { mail: 'ada@example.com' }, '1', 'application/merge-patch+json')).toEqual({ status: 200, body: { email: 'ada@example.com' } })
  })

  it('migrates a split field when it is sent, and leaves it alone when it is not', async () => {
    expect((await send(app(), 'PATCH', { name: 'Ada King Lovelace' })).body).toEqual({ first_name: 'Ada', last_name: 'King Lovelace' })
    expect((await send(app(), 'PATCH', { mail: 'a@b.c' })).body).toEqual({ email: 'a@b.c' })
  })

  it('keeps null: a field sent as null, and what a null field became', async () => {
    expect((await send(app(), 'PATCH', { mail: null })).body).toEqual({ email: null })
    // The name deleted is both of its halves deleted.
    expect((await send(app(), 'PATCH', { name: null })).body).toEqual({ first_name: null, last_name: null })
  })

  it('drops what the older version does not have, as a full body does', async () => {
    expect((await send(app(), 'PATCH', { category: 'vip', mail: 'x@y.z' })).body).toEqual({ email: 'x@y.z' })
  })

  it('is partial in nested objects, while list items are whole values (a merge patch replaces a list)', async () => {
    const body = { address: { postcode: '75001' }, phones: [{ number: '123' }] }
    expect((await send(app(), 'PATCH', body)).body).toEqual({ address: { zip: '75001' }, phones: [{ number: '123', kind: 'mobile' }] })
  })

  it('is the head version\'s own on the head: nothing is changed', async () => {
    expect((await send(app(), 'PATCH', { email: 'a@b.c' }, '2')).body).toEqual({ email: 'a@b.c' })
  })

  it('follows the route\'s own word: partial: false makes a PATCH full, partial: true makes a PUT partial', async () => {
    const full = app({ 'PATCH /people/:id': { request: Person, partial: false } })
    expect((await send(full, 'PATCH', { mail: 'a@b.c', name: 'Ada L' })).body).toEqual({ email: 'a@b.c', category: 'general', first_name: 'Ada', last_name: 'L' })
    const partialPut = app({ 'PUT /people/:id': { request: Person, partial: true } })
    expect((await send(partialPut, 'PUT', { mail: 'a@b.c' })).body).toEqual({ email: 'a@b.c' })
  })

  it('on a table route named for every method: its PATCH is partial, its PUT full', async () => {
    const routes = defineRoutes([route('person-detail', '/people/:id')])
    const versioning = apiVersioning({
      scheme: twoVersions(),
      routes,
      changes: history({ 'person-detail': { request: Person } }),
      origin: 'https://api.example.com',
    })
    const table = new Hono()
    table.use('*', versioning)
    mountRoutes(table, versioning, { 'person-detail': { put: async (c) => c.json(await c.req.json()), patch: async (c) => c.json(await c.req.json()) } })
    expect((await send(table, 'PATCH', { mail: 'a@b.c' })).body).toEqual({ email: 'a@b.c' })
    expect((await send(table, 'PUT', { mail: 'a@b.c', name: 'A B' })).body).toEqual({ email: 'a@b.c', category: 'general', first_name: 'A', last_name: 'B' })
  })

  it('lets an envelope field be missing', async () => {
    const enveloped = app({ 'PATCH /people/:id': { request: { data: Person } } })
    expect((await send(enveloped, 'PATCH', {})).body).toEqual({})
    expect((await send(enveloped, 'PATCH', { data: { mail: 'a@b.c' } })).body).toEqual({ data: { email: 'a@b.c' } })
  })

  it('refuses a malformed partial body as a full one is refused', async () => {
    expect(await send(app(), 'PATCH', { address: [1] })).toEqual({ status: 400, body: { detail: 'Invalid request body at $.address: expected an object, found a list.' } })
  })
  it('refuses an older JSON Patch with 415 (its paths name the older fields); the head version\'s reaches the handler', async () => {
    const ops = [{ op: 'replace', path: '/mail', value: 'ada@example.com' }]
    expect(await send(app(), 'PATCH', ops, '1', 'application/json-patch+json')).toEqual({
      status: 415,
      body: { detail: 'JSON Patch (application/json-patch+json) is not migrated between versions; send the changes as application/merge-patch+json.' },
    })
    expect(await send(app(), 'PATCH', ops, '2', 'application/json-patch+json')).toEqual({ status: 200, body: ops })
  })
})

describe('a whole-shape converter on a partial body', () => {
  interface Link { id: number; title: string; links: { self: string } }
  const Link = shape<Link>('Link')
  const converted = twoVersionHistory(
    [
      change('Links are an object.', [
        shapeConverted(Link, {
          up: (older) => {
            const { url, ...link } = older as { url?: string; title?: string }
            return { ...link, links: { self: url } } as unknown as Link
          },
        }),
      ]),
    ],
    {
      bodies: { 'PATCH /links/:id': { request: Link } },
    },
  )
  const target = migratingApp(converted)
  target.patch('/links/:id', async (c) => c.json(await c.req.json()))

  it('keeps what it makes from the fields sent', async () => {
    expect((await send(target, 'PATCH', { url: 'https://a.example' }, '1', 'application/json', '/links/1')).body).toEqual({ links: { self: 'https://a.example' } })
  })

  it('adds nothing made from a field the client did not send', async () => {
    expect((await send(target, 'PATCH', { title: 'A' }, '1', 'application/json', '/links/1')).body).toEqual({ title: 'A' })
  })

  it('keeps what it makes when a field an earlier version renamed was sent (a spread of the body reads only the fields sent)', async () => {
    const Note = shape<{ heading: string; text: string; summary: string }>('Note')
    const three = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Titles are headings.', [fieldRenamed(Note, { older: 'title', newer: 'heading' })])] },
        { version: '3', changes: [change('Notes have a summary.', [shapeConverted(Note, { up: (older) => ({ ...(older as object), summary: String((older as { text?: string }).text).slice(0, 3) }) as never })])] },
      ],
      bodies: { 'PATCH /notes/:id': { request: Note } },
    })
    const notes = new Hono()
    notes.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: three }))
    notes.patch('/notes/:id', async (c) => c.json(await c.req.json()))
    // Before, the converter's spread read `title` (left `undefined` by the rename) as a field not sent, and `summary` was left out.
    expect((await send(notes, 'PATCH', { title: 'T', text: 'Hello' }, '1', 'application/json', '/notes/1')).body).toEqual({ heading: 'T', text: 'Hello', summary: 'Hel' })
    expect((await send(notes, 'PATCH', { title: 'T' }, '1', 'application/json', '/notes/1')).body).toEqual({ heading: 'T' })
  })
})

describe('the partial steps are derived from the declarations', () => {
  it('leaves history.migrate a full migration (defaults apply)', () => {
    let calls = 0
    const Item = shape<{ a: string; b: string }>('Item')
    const h = twoVersionHistory([change('b', [fieldAdded(Item, 'b', { default: (o) => (calls++, String(o['a'])) })])], {
      bodies: { 'PATCH /items': { request: Item } },
    })
    // history.migrate is a full migration: the default applies.
    expect(h.migrate({ a: 'x' }, { as: Item, from: '1' })).toEqual({ a: 'x', b: 'x' })
    expect(calls).toBe(1)
  })

  it('leaves a changed field sent as null alone', async () => {
    const Price = shape<{ amount: number }>('Price')
    const h = twoVersionHistory([change('cents', [fieldChanged(Price, 'amount', { down: (a) => a / 100, up: (a) => Number(a) * 100 })])], {
      bodies: { 'PATCH /prices': { request: Price } },
    })
    const target = migratingApp(h)
    target.patch('/prices', async (c) => c.json(await c.req.json()))
    expect((await send(target, 'PATCH', { amount: null }, '1', 'application/json', '/prices')).body).toEqual({ amount: null })
    expect((await send(target, 'PATCH', { amount: 2.5 }, '1', 'application/json', '/prices')).body).toEqual({ amount: 250 })
  })

  it('refuses partial or forms given as anything but a boolean, at construction', () => {
    expect(() => versionHistory({ versions: [{ version: '1' }], bodies: { 'PATCH /x': { request: Person, partial: 'yes' as never } } })).toThrow(
      'versionHistory: bodies["PATCH /x"].partial must be true or false.',
    )
  })
})

describe('request validation of a partial body', () => {
  const Item = shape<{ title: string; price: number }>('Item')
  const h = twoVersionHistory([change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])], {
    bodies: { 'PATCH /items/:id': { request: Item }, 'PUT /items/:id': { request: Item } },
    validation: requestValidation({
      schemas: { Item: { type: 'object', properties: { title: { type: 'string' }, price: { type: 'number' } }, required: ['title', 'price'], additionalProperties: false } },
    }),
  })
  const target = migratingApp(h)
  target.patch('/items/:id', async (c) => c.json(await c.req.json()))
  target.put('/items/:id', async (c) => c.json(await c.req.json()))

  it('checks the fields sent in their own version, and requires none', async () => {
    expect(await send(target, 'PATCH', { price: 3 }, '1', 'application/json', '/items/1')).toEqual({ status: 200, body: { price: 3 } })
    expect((await send(target, 'PATCH', { price: 'three' }, '1', 'application/json', '/items/1')).status).toBe(422)
    expect((await send(target, 'PATCH', { title: 'head name' }, '1', 'application/json', '/items/1')).status).toBe(422)
  })

  it('still requires them in a full body', async () => {
    expect((await send(target, 'PUT', { price: 3 }, '1', 'application/json', '/items/1')).status).toBe(422)
    expect((await send(target, 'PUT', { price: 3, name: 'A' }, '1', 'application/json', '/items/1')).body).toEqual({ price: 3, title: 'A' })
  })
})
