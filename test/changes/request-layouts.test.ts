/**
 * Request layouts no older request can be migrated by are refused when the
 * history is made, with a sentence saying what to declare: a `request`
 * layout named for GET (a plain `'GET /path'` or a table route's `'GET
 * name'`; HEAD is refused by name already), whose body no runtime passes to
 * a handler; and `forms: true` where the request layout is a list or an
 * envelope older versions migrate (a form is one object of text and file
 * fields: no older form could be migrated by it). A route name without a
 * method is accepted, and so is a form of one shape nesting others: a form
 * that leaves a nested field out is migrated, one that sends text where
 * older versions migrate a shape gets a 400 naming the place. A portable
 * file: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Layout } from '../../src/changes/shape.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Customer = shape<{ name: string }>('Customer')
const Note = shape<{ text: string }>('Note')
const Order = shape<{ title: string; customer: { name: string }; notes: { text: string }[]; memo: { text: string } }>('Order', { nested: { customer: Customer, notes: [Note], memo: Note } })
const versions = [
  { version: '1' },
  {
    version: '2',
    changes: [
      change('Orders have a title.', [fieldRenamed(Order, { older: 'label', newer: 'title' })]),
      change('Customers have a name.', [fieldRenamed(Customer, { older: 'fullName', newer: 'name' })]),
    ],
  },
]
const history = (bodies: Record<string, object>) => versionHistory({ versions, bodies })

describe('a request layout named for GET', () => {
  it('is refused, for a plain route and for a table route named for the method', () => {
    expect(() => history({ 'GET /orders': { request: Order } })).toThrow(
      `versionHistory: bodies["GET /orders"] gives a GET route a request layout, but no runtime passes a GET (or HEAD) request's body to its handler, so it would migrate nothing; declare the request layout for the method that takes the body, such as 'POST /orders', or leave it out.`,
    )
    expect(() => history({ 'GET orders': { request: Order, response: Order } })).toThrow(`versionHistory: bodies["GET orders"] gives a GET route a request layout,`)
    expect(() => history({ 'GET orders': { request: Order } })).toThrow(`such as 'POST orders' (or the route's name alone, for every method that takes a body)`)
    // HEAD is refused by name, whatever the layouts.
    expect(() => history({ 'HEAD /orders': { request: Order } })).toThrow('names HEAD, which Hono answers with the GET handler; name the GET route.')
    expect(() => history({ 'HEAD orders': { request: Order } })).toThrow('names HEAD')
  })

  it('is accepted for the route name alone (its POST, PUT and PATCH bodies), for other methods, and for a GET response', () => {
    for (const route of ['orders', 'POST orders', 'PUT /orders', 'DELETE orders']) expect(() => history({ [route]: { request: Order } })).not.toThrow()
    expect(() => history({ 'GET /orders': { response: Order } })).not.toThrow()
  })
})

describe('forms: true', () => {
  const fix = 'not one shape, and a form is one object of text and file fields, so no older form could be migrated by it; leave forms out (older clients then send JSON), or give the form\'s route a request layout of one shape.'

  it('is refused where the request layout is a list or an envelope that older versions migrate', () => {
    for (const [layout, what] of [
      [[Order], 'a list'],
      [{ order: Order }, 'an envelope'],
    ] as const) {
      for (const route of ['POST /orders', 'PATCH /orders']) {
        expect(() => history({ [route]: { request: layout as Layout, forms: true } })).toThrow(`versionHistory: bodies["${route}"] says forms: true, but its request layout is ${what}, ${fix}`)
      }
      // Without forms, older forms get 415 and the layout is JSON's; with a layout no version changes, nothing is migrated.
      expect(() => history({ 'POST /orders': { request: layout as Layout } })).not.toThrow()
      expect(() => history({ 'POST /notes': { request: (Array.isArray(layout) ? [Note] : { note: Note }) as Layout, forms: true } })).not.toThrow()
    }
  })

  it('migrates a form of one shape, and refuses (400, naming the place) one that sends text where a nested shape is migrated', async () => {
    const made = history({ 'POST /orders': { request: Order, forms: true } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: made }))
    app.post('/orders', async (c) => c.json(await c.req.parseBody()))
    const send = (fields: Record<string, string>) => {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      return app.request('/orders', { method: 'POST', headers: { 'Api-Version': '1' }, body: form })
    }
    // A nested shape no version changes (memo) passes as the text the form holds.
    expect(await (await send({ label: 'Desk', memo: 'oak' })).json()).toEqual({ memo: 'oak', title: 'Desk' })
    const refused = await send({ label: 'Desk', customer: 'Ada' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ detail: 'Invalid request body at $.customer: expected an object, found a string.' })
  })
})
