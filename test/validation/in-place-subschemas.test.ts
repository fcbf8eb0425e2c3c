/**
 * An older version's request schema undoes a change wherever the head schema
 * names the field for the same value: in a discriminated union's members
 * (`oneOf`, `anyOf`, as zod writes one), under `if` / `then` / `else` and
 * `not`, not only in `properties` and `allOf`. Before, such a schema was left
 * as the head has it: an older client sending its own field was refused, or,
 * when nothing else changed, its version was not validated at all and a body
 * in the newer shape reached the handler. A partial body (PATCH) may send
 * `null` (a merge patch's removal) only for a field that neither the object's
 * schema nor its `allOf` members require.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Item = shape<Record<string, unknown>>('Item')

/** An app whose version 2 renames Item's `name` to `title` (and, with `more`, adds `tags` and the status `draft`). */
function appWith(schema: Readonly<Record<string, unknown>>, more = false, method: 'POST' | 'PATCH' = 'POST', others: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {}) {
  const changes = [fieldRenamed(Item, { older: 'name', newer: 'title' }), ...(more ? [fieldAdded(Item, 'tags', { default: [] }), enumValuesAdded(Item, 'status', ['draft'], { fallback: 'active' })] : [])]
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', changes)] }],
    bodies: { [`${method} /items`]: { request: Item } },
    validation: requestValidation({ schemas: { ...others, Item: schema } }),
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.on(method, '/items', async (c) => c.json(await c.req.json(), 201))
  return async (body: unknown): Promise<[number, unknown]> => {
    const res = await app.request('/items', { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    return [res.status, await res.json()]
  }
}

const member = (kind: string, extra: object = {}) => ({
  type: 'object',
  properties: { kind: { const: kind }, title: { type: 'string' }, status: { enum: ['active', 'draft'] }, tags: { type: 'array' }, ...extra },
  required: ['kind', 'title'],
  additionalProperties: false,
})

describe('a change undone in every subschema that applies to the body itself', () => {
  it('renames a field in the members of a discriminated union (oneOf), so an older client is checked in its own names', async () => {
    const post = appWith({ oneOf: [member('book'), member('film', { minutes: { type: 'integer' } })] })
    expect(await post({ kind: 'book', name: 'Dune' })).toEqual([201, { kind: 'book', title: 'Dune' }])
    expect((await post({ kind: 'book', title: 'Dune' }))[0]).toBe(422)
  })

  it('drops an added field and narrows an enum in each member of an anyOf', async () => {
    const post = appWith({ anyOf: [member('book'), member('film')] }, true)
    expect(await post({ kind: 'film', name: 'Alien', status: 'active' })).toEqual([201, { kind: 'film', title: 'Alien', status: 'active', tags: [] }])
    expect((await post({ kind: 'film', name: 'Alien', status: 'draft' }))[0]).toBe(422)
    expect((await post({ kind: 'film', name: 'Alien', tags: [] }))[0]).toBe(422)
  })

  it('renames the field that then requires, and the one not forbids', async () => {
    const post = appWith({ type: 'object', properties: { title: { type: 'string' }, kind: {} }, if: { properties: { kind: { const: 'a' } }, required: ['kind'] }, then: { required: ['title'] } })
    expect(await post({ kind: 'a', name: 'x' })).toEqual([201, { kind: 'a', title: 'x' }])
    expect(await post({ kind: 'a', title: 'x' })).toEqual([422, { detail: [{ loc: ['body', 'name'], msg: 'Field required.', type: 'missing' }] }])
    const never = appWith({ type: 'object', properties: { title: { type: 'string' } }, not: { required: ['title'] } })
    expect((await never({ name: 'x' }))[0]).toBe(422)
    expect((await never({}))[0]).toBe(201)
  })

  it('renames a field that an allOf member requires while another lists it', async () => {
    const post = appWith({ type: 'object', properties: { title: { type: 'string' } }, allOf: [{ required: ['title'] }] })
    expect(await post({ name: 'x' })).toEqual([201, { title: 'x' }])
    expect((await post({ title: 'x' }))[0]).toBe(422)
  })

  it("a partial body's null passes only where the field's schema takes it, whatever an allOf member requires", async () => {
    // Until the rule changed, a field no schema required took null as well (a merge patch's removal), though the head's schema refused it.
    const patch = appWith({ type: 'object', properties: { title: { type: 'string' }, note: { type: ['string', 'null'] }, memo: { type: 'string' } }, allOf: [{ required: ['title'] }] }, false, 'PATCH')
    expect(await patch({ name: null })).toEqual([422, { detail: [{ loc: ['body', 'name'], msg: 'Expected "string".', type: 'type' }] }])
    expect(await patch({ note: null })).toEqual([201, { note: null }])
    expect(await patch({ memo: null })).toEqual([422, { detail: [{ loc: ['body', 'memo'], msg: 'Expected "string".', type: 'type' }] }])
    expect(await patch({ name: 'x' })).toEqual([201, { title: 'x' }])
  })

  it('renames a field in the components a union refers to, on copies in the union alone', async () => {
    // Before, a union of $refs was left as the head had it, and version 1 went unvalidated: { title } reached the handler.
    const others = { Book: member('book'), Film: member('film') }
    const union = { oneOf: [{ $ref: '#/components/schemas/Book' }, { $ref: '#/components/schemas/Film' }] }
    const post = appWith(union, false, 'POST', others)
    expect(await post({ kind: 'film', name: 'Alien' })).toEqual([201, { kind: 'film', title: 'Alien' }])
    expect(await post({ kind: 'film', title: 'Alien' })).toEqual([422, { detail: [{ loc: ['body'], msg: 'Does not match any of the allowed schemas.', type: 'oneOf' }] }])
  })

  it('lets a removed field back into each member of a union that closes the object (additionalProperties)', async () => {
    // Before, the field came back at the top alone: members refused it, and a body without it missed it, so every version-1 body was refused.
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('No sku.', [fieldRemoved(Item, 'sku', { schema: { type: 'string' }, required: true })])] }],
      bodies: { 'POST /items': { request: Item } },
      validation: requestValidation({ schemas: { Item: { oneOf: [member('book'), member('film')] } } }),
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    app.post('/items', async (c) => c.json(await c.req.json(), 201))
    const post = async (body: unknown) => {
      const res = await app.request('/items', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      return [res.status, await res.json()]
    }
    expect(await post({ kind: 'book', title: 'Dune', sku: 'B-1' })).toEqual([201, { kind: 'book', title: 'Dune' }])
    expect(await post({ kind: 'book', title: 'Dune', sku: 1 })).toEqual([422, { detail: [{ loc: ['body', 'sku'], msg: 'Expected "string".', type: 'type' }] }])
    expect(await post({ kind: 'book', title: 'Dune' })).toEqual([422, { detail: [{ loc: ['body', 'sku'], msg: 'Field required.', type: 'missing' }] }])
  })

  it('lets a removed field back into a member by $ref that closes the object: a copy of its component, in this shape alone', async () => {
    // Before, a member by $ref kept its component as the head has it: every version-1 body sending its own sku was refused (oneOf).
    const Shelf = shape<Record<string, unknown>>('Shelf')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('No sku; shelves have a label.', [fieldRemoved(Item, 'sku', { schema: { type: 'string' } }), fieldRenamed(Shelf, { older: 'name', newer: 'label' })])] }],
      bodies: { 'POST /items': { request: Item }, 'POST /shelves': { request: Shelf } },
      validation: requestValidation({
        schemas: {
          Item: { oneOf: [{ $ref: '#/components/schemas/Book' }, { $ref: '#/components/schemas/Film' }] },
          Book: member('book'),
          Film: member('film'),
          Shelf: { type: 'object', properties: { book: { $ref: '#/components/schemas/Book' }, label: { type: 'string' } } },
        },
      }),
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    app.post('/items', async (c) => c.json(await c.req.json(), 201))
    app.post('/shelves', async (c) => c.json(await c.req.json(), 201))
    const post = async (path: string, body: unknown) => {
      const res = await app.request(path, { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      return [res.status, await res.json()]
    }
    expect(await post('/items', { kind: 'book', title: 'Dune', sku: 'B-1' })).toEqual([201, { kind: 'book', title: 'Dune' }])
    expect(await post('/items', { kind: 'book', title: 'Dune', sku: 1 })).toEqual([422, { detail: [{ loc: ['body', 'sku'], msg: 'Expected "string".', type: 'type' }] }])
    // Book itself is unchanged where another shape refers to it (version 1's Shelf is checked, for its name): no sku there.
    expect(await post('/shelves', { name: 'x', book: { kind: 'book', title: 'Dune' } })).toEqual([201, { label: 'x', book: { kind: 'book', title: 'Dune' } }])
    expect(await post('/shelves', { name: 'x', book: { kind: 'book', title: 'Dune', sku: 'B-1' } })).toEqual([422, { detail: [{ loc: ['body', 'book'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] }])
  })
})
