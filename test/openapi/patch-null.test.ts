/**
 * An older partial body (PATCH) takes `null` for a field only where the
 * head's schema, translated into the client's version, takes it: the head's
 * own nullability (`nickname`), a removed field's `schema` (`fax`), never a
 * field the head's zod schema leaves optional but not nullable. Such a
 * `null` is refused by request validation with 422 in the client's own
 * names, never passed on to the head's validator (whose 400 names the head's
 * fields and enum values); the older document's `PersonPatchPatchRequest`
 * says the same. Until this rule, every field no schema required took `null`
 * (test/support/patch-people.ts). A portable suite: Node, workerd, Bun and
 * Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { describe, expect, it } from 'vitest'
import { patchBodySchema, patchPeople } from '../support/patch-people.ts'

const { docs, send } = patchPeople()

/** Whether version `version`'s document's PATCH body schema accepts `value`. */
function documented(version: string, value: unknown): boolean {
  return new Validator(patchBodySchema(docs.document(version)).schema as never, '2020-12', false).validate(value).valid
}

describe("an older PATCH's null, where the head's schema takes none", () => {
  it("a renamed field's null gets the toolkit's 422 in the client's own name, not the head validator's 400", async () => {
    const res = await send('1', { mail: null })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['body', 'mail'], msg: 'Expected "string".', type: 'type' }] })
  })

  it('a null status gets 422 listing the values of the client\'s version, never the head\'s added "archived"', async () => {
    const res = await send('1', { status: null })
    expect(res.status).toBe(422)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      detail: [
        { loc: ['body', 'status'], msg: 'Expected "string".', type: 'type' },
        { loc: ['body', 'status'], msg: 'Expected any of ["active","inactive"].', type: 'enum' },
      ],
    })
    expect(text).not.toContain('archived')
  })

  it('a null for a field split in two gets 422 naming the older field, not first_name or last_name', async () => {
    const res = await send('1', { name: null })
    expect(res.status).toBe(422)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ detail: [{ loc: ['body', 'name'], msg: 'Expected "string".', type: 'type' }] })
    expect(text).not.toMatch(/first_name|last_name/)
  })

  it('the older body without null is migrated and reaches the handler in the head names', async () => {
    const res = await send('1', { mail: 'ada@example.com', name: 'Ada Lovelace', status: 'active' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: { email: 'ada@example.com', status: 'active', first_name: 'Ada', last_name: 'Lovelace' } })
  })
})

describe("an older PATCH's null, where the head's schema takes one", () => {
  it("a nullable field's null passes and reaches the handler as null under the head's name", async () => {
    const res = await send('1', { nick: null })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: { nickname: null } })
  })

  it("a removed field whose schema takes null: passes, and is dropped as the removal says", async () => {
    const res = await send('1', { fax: null })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: {} })
  })

  it("the head's own PATCH is the app's to check: its null for nickname passes, its null for email gets the head validator's 400", async () => {
    expect(await (await send('2', { nickname: null })).json()).toEqual({ received: { nickname: null } })
    expect((await send('2', { email: null })).status).toBe(400)
  })
})

describe("the older document's PATCH body", () => {
  it('is the partial schema in the older names, with null where the head takes it and nowhere else', () => {
    const { ref, schema } = patchBodySchema(docs.document('1'))
    expect(ref).toBe('#/components/schemas/PersonPatchPatchRequest')
    const component = (schema as { components: { schemas: Record<string, unknown> } }).components.schemas['PersonPatchPatchRequest']
    expect(component).toEqual({
      type: 'object',
      properties: { mail: { type: 'string' }, status: { type: 'string', enum: ['active', 'inactive'] }, nick: { type: ['string', 'null'] }, fax: { type: ['string', 'null'] }, name: { type: 'string' } },
    })
  })

  it('accepts what the server takes and refuses what it refuses with 422', async () => {
    const sent = [{ mail: null }, { status: null }, { name: null }, { nick: null }, { fax: null }, { mail: 'ada@example.com', status: 'inactive' }, { status: 'archived' }, {}]
    const seen = await Promise.all(sent.map(async (body) => [JSON.stringify(body), documented('1', body), (await send('1', body)).status] as const))
    expect(seen).toEqual(seen.map(([body, , status]) => [body, status === 200, status]))
    expect(seen.map(([, , status]) => status)).toEqual([422, 422, 422, 200, 200, 200, 422, 200])
  })

  it("the head's document keeps the app's own schema: no null but nickname's", () => {
    expect(documented('2', { nickname: null })).toBe(true)
    expect(documented('2', { email: null })).toBe(false)
  })
})
