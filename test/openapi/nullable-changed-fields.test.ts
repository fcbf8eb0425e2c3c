/**
 * A nullable field whose type a version changes (`fieldChanged` with an
 * `olderSchema`): `down` and `up` never see `null`, so an older client gets
 * and sends `null` as it is, and `versionedClient` types the older field
 * `number | null`. The older document's schema of the field and request
 * validation's older schema accept `null` too, whether or not the
 * `olderSchema` says so, so that a client generated from the document, or a
 * response checked against it, agrees with the server. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Person {
  id: number
  nickname: string | null
}
interface NewPerson {
  nickname: string | null
}
const Person = shape<Person>('Person')
const NewPerson = shape<NewPerson>('NewPerson')
/** Version 2 sends nicknames as text; version 1 sent the length of one (an integer), or null. */
const retyped = change('Nicknames are text.', [
  fieldChanged(Person, 'nickname', { down: (nickname) => nickname.length, up: (older) => 'x'.repeat(Number(older)), olderSchema: { type: 'integer' } }),
  fieldChanged(NewPerson, 'nickname', { down: (nickname) => nickname.length, up: (older) => 'x'.repeat(Number(older)), olderSchema: { type: 'integer', minimum: 0 } }),
])
const schemas = {
  Person: { type: 'object', properties: { id: { type: 'integer' }, nickname: { type: ['string', 'null'] } }, required: ['id', 'nickname'] },
  NewPerson: { type: 'object', properties: { nickname: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, required: ['nickname'] },
}
const bodies = { 'GET /people/:id': { response: Person }, 'POST /people': { request: NewPerson, response: Person } }
const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [retyped] }], bodies, validation: requestValidation({ schemas }) })
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/people/:id', (c) => c.json({ id: Number(c.req.param('id')), nickname: c.req.param('id') === '1' ? null : 'ada' }))
app.post('/people', async (c) => c.json({ id: 3, ...(await c.req.json<NewPerson>()) }))

const head: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 'People', version: '2' },
  paths: {
    '/people/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'a person', content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } } } },
    '/people': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPerson' } } } }, responses: { '200': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } } } },
  },
  components: { schemas },
}
const docs = versionedOpenAPI({ scheme, document: head, changelog: history, app })

/** Whether the component schema `name` of version `version`'s document accepts `value`. */
function fits(version: string, name: string, value: unknown): boolean {
  const document = docs.document(version) as { components: { schemas: Record<string, object> } }
  const schema = structuredClone({ $ref: `#/components/schemas/${name}`, components: document.components })
  return new Validator(schema as never, '2020-12', false).validate(value).valid
}
const send = (path: string, init: RequestInit = {}) => app.request(path, { ...init, headers: { 'Api-Version': '1', 'Content-Type': 'application/json', ...init.headers } })

describe('a nullable field a version retypes', () => {
  it("the older answer carries null as it is, and the older document's schema of it accepts null and the older type", async () => {
    const none = await send('/people/1')
    const named = await send('/people/2')
    const answers = [await none.json(), await named.json()]
    expect(answers).toEqual([{ id: 1, nickname: null }, { id: 2, nickname: 3 }])
    for (const answer of answers) expect(fits('1', 'Person', answer)).toBe(true)
    expect(fits('1', 'Person', { id: 1, nickname: 'ada' })).toBe(false)
  })

  it("an older request body's null passes request validation, as the older document's request schema says", async () => {
    const created = await send('/people', { method: 'POST', body: JSON.stringify({ nickname: null }) })
    expect(created.status).toBe(200)
    expect(await created.json()).toEqual({ id: 3, nickname: null })
    const counted = await send('/people', { method: 'POST', body: JSON.stringify({ nickname: 4 }) })
    expect(await counted.json()).toEqual({ id: 3, nickname: 4 })
    expect((await send('/people', { method: 'POST', body: JSON.stringify({ nickname: -1 }) })).status).toBe(422)
    const body = (docs.document('1').paths?.['/people']?.['post']?.['requestBody'] as { content: Record<string, { schema: { $ref: string } }> }).content['application/json']?.schema
    expect(body?.$ref).toMatch(/NewPerson/)
    const name = (body?.$ref ?? '').split('/').pop() ?? ''
    expect(fits('1', name, { nickname: null })).toBe(true)
    expect(fits('1', name, { nickname: 'ada' })).toBe(false)
  })
})
