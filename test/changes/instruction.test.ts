/**
 * A field converter's value must be one JSON can say: a number that is not
 * finite (`Number("abc")`) would be serialised as `null`, which in a merge
 * patch deletes the field. It fails as a converter that throws: the older
 * client's 400 on a request, the app's 500 with a sentence on a response. A
 * portable file: it runs on all four runtimes.
 */
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, shape } from '../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Item {
  price: number
  weight: number
}
const Item = shape<Item>('Item')
const history = twoVersionHistory(
  [
    change('Prices are numbers.', [fieldChanged(Item, 'price', { down: (price) => String(price), up: (text) => Number(text) })]),
    change('Items have a weight.', [fieldAdded(Item, 'weight', { default: (older) => Number(older['grams']) / 1000 })]),
  ],
  { bodies: { 'PATCH /items/:id': { request: Item }, 'POST /items': { request: Item }, 'GET /items/:id': { response: Item } } },
)
const errors: string[] = []
const app = migratingApp(history)
app.patch('/items/:id', async (c) => c.json({ received: await c.req.json() }))
app.post('/items', async (c) => c.json({ received: await c.req.json() }))
app.get('/items/:id', (c) => c.json({ price: c.req.param('id') === 'nan' ? Number.NaN : 12.5 }))
app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse()
  errors.push(error.message)
  return c.json({ detail: 'failed' }, 500)
})

const send = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
  const res = await app.request(path, { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/merge-patch+json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: res.status, body: await res.json() }
}

describe('a converter value JSON cannot say', () => {
  it('a merge patch whose converted value is NaN is refused, never sent on as null (a delete)', async () => {
    expect(await send('PATCH', '/items/1', { price: 'abc' })).toEqual({ status: 400, body: { detail: 'Invalid value at $.price.' } })
    expect(await send('PATCH', '/items/1', { price: '12.5' })).toEqual({ status: 200, body: { received: { price: 12.5 } } })
  })

  it("a default derived as Infinity or NaN is refused, naming the field", async () => {
    expect(await send('POST', '/items', { price: '1', grams: 'heavy' })).toEqual({ status: 400, body: { detail: 'Invalid value at $.weight.' } })
    expect(await send('POST', '/items', { price: '1', grams: '1500' })).toEqual({ status: 200, body: { received: { price: 1, grams: '1500', weight: 1.5 } } })
  })

  it("a head value JSON cannot say reaches the converter as JSON reads it (null), so the older client gets what the head would send", async () => {
    errors.length = 0
    expect(await send('GET', '/items/nan')).toEqual({ status: 200, body: { price: null } })
    expect(await send('GET', '/items/1')).toEqual({ status: 200, body: { price: '12.5' } })
    expect(errors).toEqual([])
  })
})
