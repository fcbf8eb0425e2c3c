/**
 * A shape only request bodies hold (a PATCH's update), written inline in the
 * head document (hono-openapi's `validator('json', Update.partial())`, whose
 * partial schema is no component), with `requests` given: each version's
 * body is derived from `requests.schemas`, so the document needs no
 * component of that shape. Before, `versionedOpenAPI` refused it ("changes
 * shape OrderUpdate, which the document has no component schema of"), though
 * the documents it would make show each version's own body. A shape a
 * response holds still needs its component, and so does a request shape
 * `requests` does not give a schema of. A portable suite: it runs on Node,
 * inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

interface Order { id: number; status: 'open' | 'shipped' | 'cancelled'; note: string | null }
interface OrderUpdate { status: Order['status']; note: string | null }
const OrderShape = shape<Order>('Order')
const UpdateShape = shape<OrderUpdate>('OrderUpdate')
const status = { type: 'string', enum: ['open', 'shipped', 'cancelled'] }
const schemas = {
  Order: { type: 'object', properties: { id: { type: 'integer' }, status, note: { type: ['string', 'null'] } }, required: ['id', 'status', 'note'] },
  OrderUpdate: { type: 'object', properties: { status, note: { type: ['string', 'null'] } }, required: ['status', 'note'], additionalProperties: false },
}
const bodies = { 'PATCH /orders/:id': { request: UpdateShape, response: OrderShape } }
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Orders can be cancelled, and have a note.', [
          enumValuesAdded(OrderShape, 'status', ['cancelled'], { fallback: 'open' }),
          enumValuesAdded(UpdateShape, 'status', ['cancelled'], { fallback: 'open' }),
          fieldAdded(OrderShape, 'note', { default: null }),
          fieldAdded(UpdateShape, 'note', { default: null }),
        ]),
      ],
    },
  ],
  bodies,
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.patch('/orders/:id', async (c) => c.json({ id: 1, status: 'open', note: null, ...(await c.req.json<object>()) }))

/** The head document as hono-openapi writes it: the update's partial schema inline, the order a component. */
function headDocument(orderInline = false) {
  const update = { type: 'object', properties: { status, note: { type: ['string', 'null'] } }, additionalProperties: false }
  return {
    openapi: '3.1.0',
    info: { title: 'Orders', version: '2' },
    paths: {
      '/orders/{id}': {
        patch: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: update } } },
          responses: { '200': { description: 'The order', content: { 'application/json': { schema: orderInline ? schemas.Order : { $ref: '#/components/schemas/Order' } } } } },
        },
      },
    },
    components: { schemas: orderInline ? {} : { Order: schemas.Order } },
  }
}

describe('a shape only request bodies hold, inline in the head document', () => {
  it("is documented from requests in each version, with no component of the document's", () => {
    const docs = versionedOpenAPI({ scheme, app, document: headDocument() as never, changelog: history, requests: { schemas, bodies } })
    const patch = (version: string) => docs.document(version).paths['/orders/{id}']?.patch as unknown as { requestBody: { content: Record<string, { schema: unknown }> } }
    expect(patch('1').requestBody.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/OrderUpdatePatchRequest' })
    expect(docs.document('1').components?.schemas?.['OrderUpdatePatchRequest']).toEqual({ type: 'object', properties: { status: { type: 'string', enum: ['open', 'shipped'] } }, additionalProperties: false })
    expect(patch('2').requestBody.content['application/json']?.schema).toEqual(headDocument().paths['/orders/{id}'].patch.requestBody.content['application/json'].schema)
  })

  it('still needs a component where a response holds the shape, or requests gives it no schema', () => {
    expect(() => versionedOpenAPI({ scheme, app, document: headDocument(true) as never, changelog: history, requests: { schemas, bodies } })).toThrow(
      "answers 200 with a schema that refers to no shape version 1 changes, but the history migrates that body there: its document would show the head's shape to version 1. Make each shape of the route's bodies layout a component schema",
    )
    expect(() => versionedOpenAPI({ scheme, app, document: headDocument() as never, changelog: history, requests: { schemas: { Order: schemas.Order }, bodies } })).toThrow(
      'changes shape OrderUpdate, which the document has no component schema of',
    )
  })
})
