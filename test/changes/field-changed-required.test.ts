/**
 * `fieldChanged(S, field, { down, up, olderRequired })`: a field whose
 * requiredness changed with the version (Cadwyn's `field(f).had(default=...)`
 * with a converter filling it). `false`: the head requires what older clients
 * could leave out; a whole older body without it gets `up(undefined)`'s
 * value, a partial one (PATCH) is left as sent, the older documents and
 * request validation do not require it. `true`: older versions required what
 * the head may leave out; a head value without it gets `down(undefined)`'s
 * value in older answers, the older documents and request validation require
 * it (422 in the client's own version). The changelog says so. A portable
 * file: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, changelog, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Person {
  name: string
  phone: string
  nickname?: string
}
const Person = shape<Person>('Person')

const schemas = {
  Person: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' }, nickname: { type: 'string' } }, required: ['name', 'phone'] },
}
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })

/** Version 2 renames `tel` to `phone`; version 3 requires `phone` (older clients could leave it out) and no longer requires `nickname` (older versions did). */
function history(validation?: ReturnType<typeof requestValidation>) {
  return versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Telephones are phones.', [fieldRenamed(Person, { older: 'tel', newer: 'phone' })])] },
      {
        version: '3',
        changes: [
          change('A phone is required; a nickname is not.', [
            fieldChanged(Person, 'phone', { down: (phone) => phone, up: (phone) => (typeof phone === 'string' ? phone : 'unknown'), olderRequired: false }),
            fieldChanged(Person, 'nickname', { down: (nickname) => nickname ?? '', up: (nickname) => String(nickname), olderRequired: true }),
          ]),
        ],
      },
    ],
    bodies: { 'POST /people': { request: Person, response: Person }, 'PATCH /people/1': { request: Person, response: Person }, 'GET /people/1': { response: Person } },
    ...(validation === undefined ? {} : { validation }),
  })
}

function app(validation?: ReturnType<typeof requestValidation>) {
  const seen: unknown[] = []
  const target = new Hono()
  target.use('*', versionMiddleware({ scheme: scheme(), changes: history(validation) }))
  target.post('/people', async (c) => {
    const body = (await c.req.json()) as Person
    seen.push(body)
    return c.json(body, 201)
  })
  target.patch('/people/1', async (c) => {
    seen.push(await c.req.json())
    return c.json({ name: 'Ada', phone: '+33 1' } satisfies Person)
  })
  target.get('/people/1', (c) => c.json({ name: 'Ada', phone: '+33 1' } satisfies Person))
  const send = async (method: string, version: string, body: unknown) => {
    const res = await target.request(method === 'POST' ? '/people' : '/people/1', { method, headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  return { target, seen, send }
}

describe('olderRequired: false, a field the head requires that older clients could leave out', () => {
  it('gives a whole older body without it up(undefined)\'s value, and converts one that has it', async () => {
    const { send, seen } = app()
    expect((await send('POST', '2', { name: 'Ada', nickname: 'A' })).status).toBe(201)
    expect((await send('POST', '1', { name: 'Ada', tel: '+33 1', nickname: 'A' })).status).toBe(201)
    expect((await send('POST', '3', { name: 'Ada', phone: '+33 2' })).status).toBe(201)
    expect(seen).toEqual([
      { name: 'Ada', nickname: 'A', phone: 'unknown' },
      { name: 'Ada', phone: '+33 1', nickname: 'A' },
      { name: 'Ada', phone: '+33 2' },
    ])
  })

  it('leaves a partial older body (PATCH) without it as sent: a value its client did not send is never invented', async () => {
    const { send, seen } = app()
    expect((await send('PATCH', '2', { name: 'Grace' })).status).toBe(200)
    expect((await send('PATCH', '2', { phone: '+44 1' })).status).toBe(200)
    expect(seen).toEqual([{ name: 'Grace' }, { phone: '+44 1' }])
  })
})

describe('olderRequired: true, a field older versions required that the head may leave out', () => {
  it('gives older answers down(undefined)\'s value where the head value lacks it, and the head answer as it is', async () => {
    const { target } = app()
    const get = async (version: string) => (await target.request('/people/1', { headers: { 'Api-Version': version } })).json()
    expect(await get('3')).toEqual({ name: 'Ada', phone: '+33 1' })
    expect(await get('2')).toEqual({ name: 'Ada', phone: '+33 1', nickname: '' })
    expect(await get('1')).toEqual({ name: 'Ada', tel: '+33 1', nickname: '' })
  })

  it('converts a value the head has, as without olderRequired', async () => {
    const { send } = app()
    expect(await send('POST', '2', { name: 'Ada', phone: '+33 1', nickname: 'A' })).toEqual({ status: 201, body: { name: 'Ada', phone: '+33 1', nickname: 'A' } })
  })
})

describe('olderRequired in the older documents and request validation', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'People', version: '3' },
    paths: { '/people': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } }, responses: { '201': { description: 'Made' } } } } },
    components: { schemas },
  }

  it('documents each version\'s required fields: phone optional and nickname required before version 3', () => {
    const docs = versionedOpenAPI({ scheme: scheme(), document, changelog: history() })
    const required = (version: string) => ((docs.document(version).components?.schemas as Record<string, { required?: string[] }>)['Person']?.required ?? []).toSorted()
    expect(required('3')).toEqual(['name', 'phone'])
    expect(required('2')).toEqual(['name', 'nickname'])
    expect(required('1')).toEqual(['name', 'nickname'])
  })

  it('checks an older body in its own version: phone may be left out, nickname may not (422 naming it)', async () => {
    const { send, seen } = app(requestValidation({ schemas }))
    expect((await send('POST', '2', { name: 'Ada', nickname: 'A' })).status).toBe(201)
    const refused = await send('POST', '2', { name: 'Ada', phone: '+33 1' })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.body)).toContain('nickname')
    // The head's body is its own validator's to check (request validation checks older versions').
    expect((await send('POST', '3', { name: 'Ada', phone: '+33 1' })).status).toBe(201)
    expect(seen).toEqual([
      { name: 'Ada', nickname: 'A', phone: 'unknown' },
      { name: 'Ada', phone: '+33 1' },
    ])
  })

  it('false: an older body without the field is not refused because another field is there (dependentRequired), in the documents nor in validation', async () => {
    const dependent = { Person: { type: 'object', properties: schemas.Person.properties, required: ['name'], dependentRequired: { name: ['phone'], nickname: ['name'] } } }
    const { send, seen } = app(requestValidation({ schemas: dependent }))
    expect((await send('POST', '2', { name: 'Ada', nickname: 'A' })).status).toBe(201)
    expect(seen).toEqual([{ name: 'Ada', nickname: 'A', phone: 'unknown' }])
    const docs = versionedOpenAPI({ scheme: scheme(), document: { ...document, components: { schemas: dependent } }, changelog: history() })
    const person = (version: string) => (docs.document(version).components?.schemas as Record<string, { dependentRequired?: object }>)['Person']?.dependentRequired
    expect([person('3'), person('2')]).toEqual([{ name: ['phone'], nickname: ['name'] }, { name: [], nickname: ['name'] }])
  })

  it('says it in the changelog', () => {
    const text = changelog(history(), { format: 'markdown' })
    expect(text).toContain('`Person`: field `phone` changed type or format. Older versions may leave it out.')
    expect(text).toContain('`Person`: field `nickname` changed type or format. Older versions require it.')
  })
})

describe('olderRequired with a converter that gives nothing for a missing field: loud, never a field its version requires left out', () => {
  const loose = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('A phone is required; a nickname is not.', [
            fieldChanged(Person, 'phone', { down: (phone) => phone, up: (phone) => phone as string, olderRequired: false }),
            fieldChanged(Person, 'nickname', { down: (nickname) => nickname as string, up: (nickname) => String(nickname), olderRequired: true }),
          ]),
        ],
      },
    ],
    bodies: { 'POST /people': { request: Person, response: Person }, 'GET /people/1': { response: Person } },
  })
  const errors: string[] = []
  const target = new Hono()
  target.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    errors.push(error.message)
    return c.json({ detail: 'failed' }, 500)
  })
  target.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: loose }))
  target.post('/people', async (c) => c.json(await c.req.json(), 201))
  target.get('/people/1', (c) => c.json({ name: 'Ada', phone: '+33 1' } satisfies Person))

  it('an older answer whose down gives undefined for the missing field: a 500 whose sentence names the field, through app.onError', async () => {
    const res = await target.request('/people/1', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(500)
    expect(errors.at(-1)).toContain('the field.changed converter of shape Person threw: it gave undefined for a missing "nickname", which the older versions require (olderRequired: true); give the field\'s value')
  })

  it('an older body whose up gives undefined for the missing field: the client\'s 400 UnreadableBody, the handler not run', async () => {
    const res = await target.request('/people', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Ada', nickname: 'A' }) })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('phone')
  })
})

describe('olderRequired is checked when it is made', () => {
  it('refuses anything but true or false with a sentence', () => {
    expect(() => fieldChanged(Person, 'phone', { down: (p) => p, up: (p) => String(p), olderRequired: 'no' as never })).toThrow(
      'fieldChanged(Person, "phone"): olderRequired must be true or false (whether versions before the change require the field); leave it out to keep the newer version\'s.',
    )
  })
})
