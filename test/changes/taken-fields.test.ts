/**
 * A rename's older name, or a removed field, that the head's value has again:
 * the history misses the `fieldAdded` of the version that brought the name
 * back. Going down, a value of a version never holds the name a rename of
 * that version gives back (nor a field it removed): finding it there, the
 * step fails loudly, as a converter that throws does (a 500 through
 * `app.onError` whose sentence names the route, the version, the shape and
 * the field, and what to declare), rather than overwrite the head's value.
 * Declared, the field is dropped first and nothing is lost. Where the head's
 * JSON Schemas are known (`requestValidation`, `versionedOpenAPI`'s head
 * document), such a history is refused when it is made. Both back ends of a
 * shape's walk (generated-walk.ts and the interpreter) agree. A portable
 * file: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationFailure } from '../../src/changes/migration-failure.ts'
import { MigrationPlanner, runSteps, shapeSteps } from '../../src/changes/migration-plan.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Customer {
  id: number
  displayName: string
  email: string
}
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })

/** Version 2 renames `email` to `displayName`; version 3 brings a new `email` back, declared or not. */
function customerHistory(declared: boolean, extra: Record<string, unknown> = {}) {
  const Customer = shape<Customer>('Customer')
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Customers have a display name.', [fieldRenamed(Customer, { older: 'email', newer: 'displayName' })])] },
      { version: '3', changes: declared ? [change('Customers have an email.', [fieldAdded(Customer, 'email')])] : [] },
    ],
    bodies: { 'GET /customer': { response: Customer }, 'GET /customer.txt': { response: Customer }, 'GET /customers': { response: { items: [Customer] } }, 'GET /customers.ndjson': { items: Customer } },
    ...extra,
  })
  return { Customer, history }
}

const ada: Customer = { id: 1, displayName: 'Ada', email: 'ada@example.com' }

function app(history: ReturnType<typeof versionHistory>): Hono {
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`onError: ${error.message}`, 500)))
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.get('/customer', (c) => c.json(ada))
  app.get('/customer.txt', (c) => c.body(JSON.stringify(ada), 200, { 'Content-Type': 'application/json' }))
  app.get('/customers', (c) => c.json({ items: [ada] }))
  app.get('/customers.ndjson', (c) => c.body(`${JSON.stringify({ id: 0, displayName: 'Grace' })}\n${JSON.stringify(ada)}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
  return app
}

const ask = (served: Hono, path: string, version: string) => served.request(`https://api.example${path}`, { headers: { 'Api-Version': version } })

describe('a rename onto a name the head has again', () => {
  it('fails loudly for an older client, built with c.json or written as text, rather than overwrite the head value', async () => {
    const served = app(customerHistory(false).history)
    for (const path of ['/customer', '/customer.txt']) {
      const response = await ask(served, path, '1')
      expect(response.status).toBe(500)
      const sentence = await response.text()
      expect(sentence).toContain(`onError: versionHistory: the 200 response of "GET ${path}" cannot be migrated to version "1": at $.email, shape Customer has a field "email" here`)
      expect(sentence).toContain(`fieldRenamed(Customer, { older: "email", newer: "displayName" })`)
      expect(sentence).toContain(`declare fieldAdded(Customer, "email") in that version`)
      expect(sentence).not.toContain('ada@example.com')
    }
    const list = await ask(served, '/customers', '1')
    expect(list.status).toBe(500)
    expect(await list.text()).toContain('cannot be migrated to version "1": at $.items[0].email, shape Customer has a field "email" here')
    // A stream stops at the item, after those before it.
    const stream = await ask(served, '/customers.ndjson', '1')
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"id":0,"email":"Grace"}\n')
    await expect(reader.read()).rejects.toThrow('versionHistory: item 2 of the application/x-ndjson stream of "GET /customers.ndjson" cannot be migrated to version "1": at $.email, shape Customer has a field "email" here')
    // The versions the rename does not reach are served as before.
    for (const version of ['2', '3']) expect(await (await ask(served, '/customer', version)).json()).toEqual(ada)
  })

  it('loses nothing once the version that brought the name back declares it', async () => {
    const served = app(customerHistory(true).history)
    for (const path of ['/customer', '/customer.txt']) {
      expect(await (await ask(served, path, '1')).json()).toEqual({ id: 1, email: 'Ada' })
      expect(await (await ask(served, path, '2')).json()).toEqual({ id: 1, displayName: 'Ada' })
      expect(await (await ask(served, path, '3')).json()).toEqual(ada)
    }
  })

  it('fails in history.migrate too, naming the place, the shape and what to declare', () => {
    const { Customer, history } = customerHistory(false)
    expect(() => history.migrate(ada, { as: Customer, to: '1' })).toThrow(
      'history.migrate: at $.email, shape Customer has a field "email" here, where fieldRenamed(Customer, { older: "email", newer: "displayName" }) gives older versions the value of "displayName" under that name; the head has "email" (whose value would be lost), so the history misses the change that brought it back: declare fieldAdded(Customer, "email") in that version, or leave "email" out of the head\'s value (version "1", down from the head).',
    )
    // The older name alone (no newer value to move) is the head's field all the same.
    expect(() => history.migrate({ id: 1, email: 'ada@example.com' } as Customer, { as: Customer, to: '1' })).toThrow('at $.email, shape Customer has a field "email" here')
    // A null there is a value: the field is there.
    expect(() => history.migrate({ id: 1, displayName: 'Ada', email: null } as unknown as Customer, { as: Customer, to: '1' })).toThrow('at $.email,')
    // Going up an older client's own name wins, as documented: nothing of the head's is there to lose.
    expect(history.migrate({ id: 1, email: 'Ada', displayName: 'other' }, { as: Customer, from: '1' })).toEqual({ id: 1, displayName: 'Ada' })
  })
})

describe('a removed field the head has again', () => {
  it('fails loudly rather than overwrite it with the value of older', () => {
    const Customer = shape<{ id: number; email: string }>('Customer')
    const history = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('Customers have no phone.', [fieldRemoved(Customer, 'phone' as never, { older: () => 'unknown' })])] },
      ],
    })
    expect(history.migrate({ id: 1, email: 'a@b' }, { as: Customer, to: '1' })).toEqual({ id: 1, email: 'a@b', phone: 'unknown' })
    expect(() => history.migrate({ id: 1, email: 'a@b', phone: '+44 20' } as { id: number; email: string }, { as: Customer, to: '1' })).toThrow(
      'history.migrate: at $.phone, shape Customer has a field "phone" here, which fieldRemoved(Customer, "phone") gives older versions from its older function; the head has "phone" (whose value would be lost), so the history misses the change that brought it back: declare fieldAdded(Customer, "phone") in that version, or leave "phone" out of the head\'s value (version "1", down from the head).',
    )
  })
})

describe('both back ends of a walk', () => {
  it('fail alike, with the same reason, sentence and path, for names every object has too', () => {
    for (const older of ['email', 'constructor', 'toString']) {
      const Customer = shape('Customer')
      const instructions: ShapeInstruction[][] = [[], [fieldRenamed(Customer, { older, newer: 'displayName' }) as ShapeInstruction, fieldRemoved(Customer, 'phone', { older: () => 'x' }) as ShapeInstruction]]
      const steps = new Map([[Customer, shapeSteps(Customer, instructions, 2)]])
      const outcomes = [new MigrationPlanner(steps, 2), new MigrationPlanner(steps, 2, true)].map((planner) => {
        const walk = planner.steps([Customer], 0, 'down')
        // An inherited name is absent unless the value holds it itself.
        const fine = runSteps([{ displayName: 'Ada' }], walk)
        const failures = [{ displayName: 'Ada', [older]: 'kept' }, { phone: '1' }].map((value) => {
          try {
            runSteps([JSON.parse(JSON.stringify(value))], walk)
            return null
          } catch (error) {
            const failure = error as MigrationFailure
            return { failure: failure instanceof MigrationFailure, reason: failure.reason, at: failure.at, what: failure.what }
          }
        })
        return { fine: JSON.stringify(fine), failures, made: planner.backEnds }
      })
      const [generated, interpreted] = outcomes as [(typeof outcomes)[number], (typeof outcomes)[number]]
      expect(generated.made).toEqual({ generated: 1, interpreted: 0 })
      expect(interpreted.made).toEqual({ generated: 0, interpreted: 1 })
      expect(generated.fine).toBe(`[{"phone":"x","${older}":"Ada"}]`)
      expect(generated.failures[0]).toMatchObject({ failure: true, reason: 'history', at: `$[0].${older}` })
      expect(generated.failures[1]).toMatchObject({ failure: true, reason: 'history', at: '$[0].phone' })
      expect(interpreted).toEqual({ ...generated, made: interpreted.made })
    }
  })
})

describe('when the head schemas are known, such a history', () => {
  const object = (...fields: string[]) => ({ type: 'object', properties: Object.fromEntries(fields.map((field) => [field, { type: field === 'id' ? 'integer' : 'string' }])) })
  const sentence =
    'the head schema of "Customer" has a field "email", but version "2" renames "email" to "displayName" (fieldRenamed) and no later version brings "email" back, so an older client\'s answer would have the head\'s "email" overwritten (it fails instead); declare fieldAdded(Customer, "email") in the version that brought it back, or take "email" out of the schema.'

  it('is refused by requestValidation when the history is made, naming the field and what to declare', () => {
    const validation = () => requestValidation({ schemas: { Customer: object('id', 'displayName', 'email') } })
    expect(() => customerHistory(false, { validation: validation() })).toThrow(`requestValidation: ${sentence}`)
    // Also where the schema inherits the field (allOf), and without a request layout to validate.
    const inherited = requestValidation({ schemas: { Contact: object('email'), Customer: { allOf: [{ $ref: '#/components/schemas/Contact' }, object('id', 'displayName')] } } })
    expect(() => customerHistory(false, { validation: inherited, bodies: {} })).toThrow(`requestValidation: ${sentence}`)
    expect(() => customerHistory(true, { validation: validation() })).not.toThrow()
    // A schema without the field agrees with the history.
    expect(() => customerHistory(false, { validation: requestValidation({ schemas: { Customer: object('id', 'displayName') } }) })).not.toThrow()
  })

  it("is refused by versionedOpenAPI given the head document, or the requests' schemas", () => {
    const routes = defineRoutes([route('customer', '/customer')])
    const document = (...fields: string[]) => ({
      openapi: '3.1.0',
      info: { title: 'Customers', version: '3' },
      paths: { '/customer': { get: { responses: { '200': { description: 'A customer', content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } } } } } },
      components: { schemas: { Customer: object(...fields) } },
    })
    expect(() => versionedOpenAPI({ scheme: scheme(), routes, document: document('id', 'displayName', 'email'), changelog: customerHistory(false).history })).toThrow(`versionedOpenAPI: ${sentence}`)
    expect(() => versionedOpenAPI({ scheme: scheme(), routes, document: document('id', 'displayName', 'email'), changelog: customerHistory(true).history })).not.toThrow()
    expect(() => versionedOpenAPI({ scheme: scheme(), routes, document: document('id', 'displayName'), changelog: customerHistory(false).history })).not.toThrow()
    const { Customer, history } = customerHistory(false)
    const requests = { schemas: { Customer: object('id', 'displayName', 'email') }, bodies: { 'POST customer': { request: Customer } } }
    expect(() => versionedOpenAPI({ scheme: scheme(), routes, changelog: history, requests })).toThrow(`versionedOpenAPI: requests: ${sentence}`)
  })

  it('is refused for a removed field the head schema lists', () => {
    const Customer = shape<{ id: number; email: string }>('Customer')
    const history = (validation: unknown) =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Customers have no phone.', [fieldRemoved(Customer, 'phone' as never)])] }, { version: '3' }],
        validation: validation as never,
      })
    expect(() => history(requestValidation({ schemas: { Customer: object('id', 'email', 'phone') } }))).toThrow(
      'requestValidation: the head schema of "Customer" has a field "phone", but version "2" removes "phone" (fieldRemoved) and no later version brings "phone" back,',
    )
    expect(() => history(requestValidation({ schemas: { Customer: object('id', 'email') } }))).not.toThrow()
  })
})
