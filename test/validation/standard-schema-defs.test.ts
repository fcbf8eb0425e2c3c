/**
 * Head schemas given as zod schemas named with `.meta({ id })` (as
 * hono-openapi asks, to make them components): zod writes such a schema as a
 * reference into its own `$defs` (`{ $ref: '#/$defs/Order', $defs: { Order,
 * Customer } }`). Before, the older versions' schemas were derived from the
 * wrapper, on which no change applies: an older body was left unchecked (its
 * version's schema read as the head's), an older query refused in the
 * head's names (`state`, renamed `status` later, "unknown"; `page=1` "not an
 * integer"), and the OpenAPI documents' `requests.schemas` read the zod
 * object itself as a JSON Schema. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { change, enumValuesAdded, fieldAdded, fieldRenamed, queryParamRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Status = z.enum(['open', 'shipped', 'cancelled'])
const Customer = z.object({ id: z.int(), displayName: z.string().min(1) }).meta({ id: 'Customer' })
const NewOrder = z.strictObject({ customer: Customer, note: z.string() }).meta({ id: 'NewOrder' })
const OrderFilter = z.strictObject({ status: Status.optional(), page: z.coerce.number().int().min(1).optional() }).meta({ id: 'OrderFilter' })

const CustomerShape = shape<z.infer<typeof Customer>>('Customer')
const NewOrderShape = shape<z.infer<typeof NewOrder>>('NewOrder', { nested: { customer: CustomerShape } })
const OrderFilterShape = shape('OrderFilter')
const bodies = { 'POST /orders': { request: NewOrderShape } }

function ordersApi(schemas: Record<string, unknown>) {
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Customers have a display name.', [fieldRenamed(CustomerShape, { older: 'name', newer: 'displayName' })]),
          change('Orders are filtered by status.', [queryParamRenamed('GET /orders', { older: 'state', newer: 'status' })]),
          change('Orders have a note, and can be cancelled.', [fieldAdded(NewOrderShape, 'note', { default: '' }), enumValuesAdded(OrderFilterShape, 'status', ['cancelled'], { fallback: 'open' })]),
        ],
      },
    ],
    bodies,
    validation: requestValidation({ schemas: schemas as never, parameters: { 'GET /orders': { query: OrderFilterShape } } }),
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.post('/orders', async (c) => c.json(await c.req.json(), 201))
  app.get('/orders', (c) => c.json(c.req.query()))
  return { app, history }
}

const post = (app: Hono, body: unknown) => app.request('/orders', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const list = (app: Hono, query: string) => app.request(`/orders${query}`, { headers: { 'Api-Version': '1' } })

describe('zod schemas named with .meta({ id }) as head schemas', () => {
  const { app, history } = ordersApi({ NewOrder, OrderFilter })

  it("an older body is checked in its own version's names, its nested shape too", async () => {
    const own = await post(app, { customer: { id: 3, name: 'Ada' } })
    expect([own.status, await own.json()]).toEqual([201, { customer: { id: 3, displayName: 'Ada' }, note: '' }])
    const head = await post(app, { customer: { id: 3, displayName: 'Ada' }, note: 'x' })
    expect([head.status, await head.json()]).toEqual([
      422,
      { detail: [{ loc: ['body', 'customer', 'name'], msg: 'Field required.', type: 'missing' }, { loc: ['body'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] },
    ])
    expect((await post(app, { customer: { id: 'x', name: '' } })).status).toBe(422)
  })

  it("an older query is checked in its own version's names and values", async () => {
    const own = await list(app, '?state=open&page=1')
    expect([own.status, await own.json()]).toEqual([200, { status: 'open', page: '1' }])
    const refused = await list(app, '?state=cancelled&page=0')
    expect([refused.status, await refused.json()]).toEqual([
      422,
      { detail: [{ loc: ['query', 'state'], msg: 'Expected any of ["open","shipped"].', type: 'enum' }, { loc: ['query', 'page'], msg: 'Number is less than 1.', type: 'minimum' }] },
    ])
  })

  it("the documents' requests take the same zod schemas: version 1's body has its own names", () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Orders', version: '2' },
      paths: { '/orders': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewOrder' } } } }, responses: { '201': { description: 'Created' } } } } },
      components: { schemas: { NewOrder: z.toJSONSchema(NewOrder, { target: 'draft-2020-12' }) } },
    }
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), document: document as never, changelog: history, requests: { schemas: { NewOrder, OrderFilter }, bodies } })
    const schemas = docs.document('1').components?.schemas ?? {}
    expect(docs.document('1').paths['/orders']?.post?.['requestBody']).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewOrderRequest' } } } })
    expect(schemas['NewOrderRequest']).toEqual({ type: 'object', properties: { customer: { $ref: '#/components/schemas/CustomerRequest' } }, required: ['customer'], additionalProperties: false })
    expect(Object.keys((schemas['CustomerRequest'] as { properties: object }).properties)).toEqual(['id', 'name'])
  })

  it('a definition that differs from the schema given under its name is refused at construction, with the fix', () => {
    const other = { type: 'object', properties: { id: { type: 'string' } } }
    expect(() => ordersApi({ NewOrder, Customer: other, OrderFilter })).toThrow(
      'requestValidation: schemas.NewOrder defines "Customer" ($defs), which differs from schemas.Customer; give one schema per name (one zod schema with that id, or the same JSON Schema).',
    )
    expect(() => ordersApi({ NewOrder, Customer, OrderFilter })).not.toThrow()
  })
})
