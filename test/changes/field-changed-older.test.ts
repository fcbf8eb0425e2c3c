/**
 * `fieldChanged(S, field, { down, up, older })`: `older` says where shapes
 * sit in the field's older value (a shape, `[Shape]` or an object layout),
 * so the changes of the versions before the change reach beneath the field:
 * going down, after `down` gives the older value; going up, before `up`
 * gets it. Without `older`, the older value is the converters' whole, as
 * before. Responses, requests, PATCH bodies and NDJSON items. A portable
 * file: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Layout } from '../../src/changes/shape.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Address {
  street: string
  city: string
}
interface Person {
  name: string
  address: Address
  places: { items: Address[] }
}
type OlderAddress = { street: string; town: string }

const Address = shape<Address>('Address')
const Person = shape<Person>('Person', { nested: { address: Address, places: { items: [Address] } } })

// The converters keep the other fields as they find them: which street field that is depends on what reached beneath.
const down = ({ city, ...rest }: Address): OlderAddress => ({ ...rest, town: city })
const up = (a: unknown): Address => {
  const { town, ...rest } = a as OlderAddress
  return { ...rest, city: town } as Address
}

/** Version 2 renames Address's `line1` to `street`; version 3 changes Person's `address` (`town` is `city`) and `places` (a list that was `{ items }`). */
function history(older: boolean) {
  return versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Address lines are streets.', [fieldRenamed(Address, { older: 'line1', newer: 'street' })])] },
      {
        version: '3',
        changes: [
          change('Towns are cities.', [
            older ? fieldChanged(Person, 'address', { down, up, older: Address }) : fieldChanged(Person, 'address', { down, up }),
            fieldChanged(Person, 'places', {
              down: (places) => places.items.map(down),
              up: (places) => ({ items: (places as unknown[]).map(up) }),
              ...(older ? { older: [Address] } : {}),
            }),
          ]),
        ],
      },
    ],
    bodies: {
      'GET /person': { response: Person },
      'GET /people.ndjson': { items: Person },
      'POST /people': { request: Person, response: Person },
      'PATCH /people/1': { request: Person, response: Person },
    },
  })
}

const ada: Person = { name: 'Ada', address: { street: '1 Main St', city: 'Paris' }, places: { items: [{ street: '2 Side St', city: 'Lyon' }] } }

function app(older: boolean): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history(older) }))
  app.get('/person', (c) => c.json(ada))
  app.get('/people.ndjson', (c) => c.body(`${JSON.stringify(ada)}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
  app.post('/people', async (c) => c.json(await c.req.json()))
  app.patch('/people/1', async (c) => c.json(await c.req.json()))
  return app
}

async function get(target: Hono, path: string, version: string): Promise<unknown> {
  const res = await target.request(path, { headers: { 'Api-Version': version } })
  expect(res.status).toBe(200)
  const text = await res.text()
  return path.endsWith('.ndjson') ? text.trim().split('\n').map((line) => JSON.parse(line) as unknown) : (JSON.parse(text) as unknown)
}

async function send(target: Hono, method: string, body: unknown, version: string): Promise<{ status: number; body: unknown }> {
  const res = await target.request(method === 'POST' ? '/people' : '/people/1', { method, headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() }
}

describe('fieldChanged with older: the older versions lay the older value out as the layout', () => {
  // Made in each test, so that each one fails on its own where the option is unknown.
  const target = (): Hono => app(true)

  it('gives a version 1 response the rename beneath the field, after down', async () => {
    expect(await get(target(), '/person', '1')).toEqual({
      name: 'Ada',
      address: { line1: '1 Main St', town: 'Paris' },
      places: [{ line1: '2 Side St', town: 'Lyon' }],
    })
    expect(await get(target(), '/person', '2')).toEqual({
      name: 'Ada',
      address: { street: '1 Main St', town: 'Paris' },
      places: [{ street: '2 Side St', town: 'Lyon' }],
    })
    expect(await get(target(), '/person', '3')).toEqual(ada)
  })

  it('migrates an NDJSON item the same way', async () => {
    expect(await get(target(), '/people.ndjson', '1')).toEqual([{ name: 'Ada', address: { line1: '1 Main St', town: 'Paris' }, places: [{ line1: '2 Side St', town: 'Lyon' }] }])
  })

  it('migrates a version 1 request up through both changes: the rename beneath the field, then up', async () => {
    const sent = { name: 'Ada', address: { line1: '1 Main St', town: 'Paris' }, places: [{ line1: '2 Side St', town: 'Lyon' }] }
    // The handler gets the head's value, and the response goes back down to version 1.
    expect(await send(target(), 'POST', sent, '1')).toEqual({ status: 200, body: sent })
    expect(await send(target(), 'POST', { name: 'Ada', address: { street: '1 Main St', town: 'Paris' }, places: [] }, '2')).toEqual({
      status: 200,
      body: { name: 'Ada', address: { street: '1 Main St', town: 'Paris' }, places: [] },
    })
  })

  it('the handler sees the head value of a version 1 request', async () => {
    const seen: unknown[] = []
    const probe = new Hono()
    probe.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history(true) }))
    probe.post('/people', async (c) => {
      seen.push(await c.req.json())
      return c.body(null, 204)
    })
    const res = await probe.request('/people', {
      method: 'POST',
      headers: { 'Api-Version': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', address: { line1: '1 Main St', town: 'Paris' }, places: [{ line1: '2 Side St', town: 'Lyon' }] }),
    })
    expect(res.status).toBe(204)
    expect(seen).toEqual([ada])
  })

  it('migrates a version 1 PATCH body (partial) up beneath the field', async () => {
    expect(await send(target(), 'PATCH', { address: { line1: '1 Main St', town: 'Paris' } }, '1')).toEqual({
      status: 200,
      body: { address: { line1: '1 Main St', town: 'Paris' } },
    })
    const seen: unknown[] = []
    const probe = new Hono()
    probe.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history(true) }))
    probe.patch('/people/1', async (c) => {
      seen.push(await c.req.json())
      return c.body(null, 204)
    })
    await probe.request('/people/1', { method: 'PATCH', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ address: { line1: '1 Main St', town: 'Paris' } }) })
    await probe.request('/people/1', { method: 'PATCH', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ places: [{ line1: '2 Side St', town: 'Lyon' }] }) })
    await probe.request('/people/1', { method: 'PATCH', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) })
    expect(seen).toEqual([{ address: { street: '1 Main St', city: 'Paris' } }, { places: { items: [{ street: '2 Side St', city: 'Lyon' }] } }, { name: 'Grace' }])
  })
})

describe('fieldChanged without older: the older value is the converters\' whole, as before', () => {
  const target = (): Hono => app(false)

  it('leaves the nested rename out of the older value', async () => {
    expect(await get(target(), '/person', '1')).toEqual({
      name: 'Ada',
      address: { street: '1 Main St', town: 'Paris' },
      places: [{ street: '2 Side St', town: 'Lyon' }],
    })
  })

  it('converts a version 1 request with up alone', async () => {
    const seen: unknown[] = []
    const probe = new Hono()
    probe.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history(false) }))
    probe.post('/people', async (c) => {
      seen.push(await c.req.json())
      return c.body(null, 204)
    })
    await probe.request('/people', {
      method: 'POST',
      headers: { 'Api-Version': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', address: { line1: '1 Main St', town: 'Paris' }, places: [] }),
    })
    expect(seen).toEqual([{ name: 'Ada', address: { line1: '1 Main St', city: 'Paris' }, places: { items: [] } }])
  })
})

describe('fieldChanged older is checked when it is made', () => {
  const make = (older: unknown) => () => fieldChanged(Person, 'address', { down, up, older: older as Layout })

  it('takes a shape, [shape] or an object layout', () => {
    expect(make(Address)).not.toThrow()
    expect(make([Address])).not.toThrow()
    expect(make({ home: Address, others: [Address] })).not.toThrow()
  })

  it('refuses anything else with a sentence', () => {
    expect(make('Address')).toThrow(`fieldChanged(Person, "address"): older (where shapes sit in the field's older value): a layout is a shape, [layout] or an object of layouts such as { items: [Product] }, got string.`)
    expect(make([Address, Address])).toThrow('an array layout holds exactly one layout, such as [Product], got 2 entries.')
    expect(make({})).toThrow('an object layout names at least one field')
    expect(make({ home: 'Address' })).toThrow('older (where shapes sit in the field\'s older value).home: a layout is a shape')
    expect(make(JSON.parse('{"__proto__": 1}') as unknown)).toThrow('a field cannot be named "__proto__"')
    expect(make(null)).toThrow('a layout is a shape, [layout] or an object of layouts')
  })
})

describe("fieldChanged with older: the older documents and request validation describe the older value as the layout", () => {
  const closed = (...fields: string[]) => ({ type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])), required: fields, additionalProperties: false })
  const schemas = {
    Address: closed('street', 'city'),
    Person: { type: 'object', properties: { places: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Address' } } } } } },
  }
  // Version 3 makes `places`, a list of addresses before, an object holding the list.
  const listed = (validation?: ReturnType<typeof requestValidation>) =>
    versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Address lines are streets.', [fieldRenamed(Address, { older: 'line1', newer: 'street' })])] },
        {
          version: '3',
          changes: [change('Places are an object.', [fieldChanged(Person, 'places', { down: (places) => places.items, up: (places) => ({ items: places as Address[] }), older: [Address] })])],
        },
      ],
      bodies: { 'POST /people': { request: Person } },
      ...(validation === undefined ? {} : { validation }),
    })

  it('documents the older value as a list of the older Address', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'People', version: '3' },
      paths: { '/people': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } }, responses: { '204': { description: 'Done' } } } } },
      components: { schemas },
    }
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), document, changelog: listed() })
    const v1 = docs.document('1').components?.schemas as Record<string, { properties: Record<string, unknown> }>
    expect(v1['Person']?.properties['places']).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Address' } })
    expect(Object.keys(v1['Address']?.properties ?? {})).toEqual(['line1', 'city'])
  })

  it("checks an older request's value in its own version's layout", async () => {
    const target = new Hono()
    const seen: unknown[] = []
    target.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: listed(requestValidation({ schemas })) }))
    target.post('/people', async (c) => {
      seen.push(await c.req.json())
      return c.body(null, 204)
    })
    const post = (version: string, body: unknown) =>
      target.request('/people', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect((await post('1', { places: [{ line1: '1 Main St', city: 'Paris' }] })).status).toBe(204)
    expect((await post('2', { places: [{ street: '1 Main St', city: 'Paris' }] })).status).toBe(204)
    expect(seen).toEqual([{ places: { items: [{ street: '1 Main St', city: 'Paris' }] } }, { places: { items: [{ street: '1 Main St', city: 'Paris' }] } }])
    // Version 1's Address has line1, not street; version 1's places is a list.
    expect((await post('1', { places: [{ street: '1 Main St', city: 'Paris' }] })).status).toBe(422)
    expect((await post('1', { places: { items: [] } })).status).toBe(422)
  })
})

describe('fieldChanged with older: a shape the head has nowhere else', () => {
  // The head's address is one line of text; the older versions' was an object, whose line1 became street in version 2.
  interface Postal { street: string; city: string }
  const Postal = shape<Postal>('Postal')
  const Contact = shape<{ name: string; address: string }>('Contact')
  const schemas = {
    Contact: { type: 'object', properties: { name: { type: 'string' }, address: { type: 'string' } } },
    Postal: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street', 'city'], additionalProperties: false },
  }
  const contacts = (validation?: ReturnType<typeof requestValidation>) =>
    versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Postal lines are streets.', [fieldRenamed(Postal, { older: 'line1', newer: 'street' })])] },
        {
          version: '3',
          changes: [
            change('Addresses are one line.', [
              fieldChanged(Contact, 'address', {
                down: (line): Postal => {
                  const [street = '', city = ''] = line.split(', ')
                  return { street, city }
                },
                up: (postal) => `${(postal as Postal).street}, ${(postal as Postal).city}`,
                older: Postal,
              }),
            ]),
          ],
        },
      ],
      bodies: { 'POST /contacts': { request: Contact, response: Contact } },
      ...(validation === undefined ? {} : { validation }),
    })

  it("migrates the older value beneath the field both ways, and checks it in the older version's schema", async () => {
    const seen: unknown[] = []
    const target = new Hono()
    target.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: contacts(requestValidation({ schemas })) }))
    target.post('/contacts', async (c) => {
      const body = await c.req.json()
      seen.push(body)
      return c.json(body)
    })
    const post = async (version: string, body: unknown) => {
      const res = await target.request('/contacts', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, body: await res.json() }
    }
    expect(await post('1', { name: 'Ada', address: { line1: '1 Main St', city: 'Paris' } })).toEqual({ status: 200, body: { name: 'Ada', address: { line1: '1 Main St', city: 'Paris' } } })
    expect(await post('2', { name: 'Ada', address: { street: '1 Main St', city: 'Paris' } })).toEqual({ status: 200, body: { name: 'Ada', address: { street: '1 Main St', city: 'Paris' } } })
    expect(seen).toEqual([{ name: 'Ada', address: '1 Main St, Paris' }, { name: 'Ada', address: '1 Main St, Paris' }])
    expect((await post('1', { name: 'Ada', address: { street: '1 Main St', city: 'Paris' } })).status).toBe(422)
  })
})
