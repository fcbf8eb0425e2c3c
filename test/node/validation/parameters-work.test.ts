/**
 * The work of reading an older request's query parameters is linear in
 * their number: a parameter sent n times (its schema not a list) is read
 * into one list grown in place, not copied at each repeat (n * n / 2 items
 * copied: 25 s for 40,000 repeats). Counted without a clock: the items the
 * request's lists yield to spreads and loops (Array.prototype's iterator,
 * wrapped for the request alone), on Node alone.
 */
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { change, enumValuesAdded, shape, versionHistory } from '../../../src/changes/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { HeaderVersioning } from '../../../src/index.ts'
import { requestValidation } from '../../../src/validation/index.ts'

const iterator = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator) as PropertyDescriptor
afterEach(() => {
  Object.defineProperty(Array.prototype, Symbol.iterator, iterator)
})

/** Calls `run` with every array iteration counted; answers its result and the items yielded. */
async function counted<T>(run: () => Promise<T>): Promise<[T, number]> {
  let items = 0
  const values = iterator.value as (this: unknown[]) => IterableIterator<unknown>
  Object.defineProperty(Array.prototype, Symbol.iterator, {
    ...iterator,
    value: function (this: unknown[]) {
      const inner = values.call(this)
      return {
        next: () => {
          const step = inner.next()
          if (step.done !== true) items++
          return step
        },
        [Symbol.iterator]() {
          return this
        },
      }
    },
  })
  try {
    return [await run(), items]
  } finally {
    Object.defineProperty(Array.prototype, Symbol.iterator, iterator)
  }
}

describe('query parameters are read in time linear in their number', () => {
  const Filter = shape('Filter')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Orders can be held.', [enumValuesAdded(Filter, 'state', ['held'], { fallback: 'open' })])] }],
    validation: requestValidation({ schemas: { Filter: { type: 'object', properties: { state: { enum: ['open', 'held'] }, page: { type: 'integer' } } } }, parameters: { 'GET /orders': { query: Filter } } }),
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.get('/orders', (c) => c.json({ ok: true }))

  it('a parameter sent 5,000 times is one list, refused with one issue, its items yielded a bounded number of times each', async () => {
    const n = 5_000
    const [answer, items] = await counted(async () => {
      const res = await app.request(`/orders?${Array.from({ length: n }, () => 'page=1').join('&')}`, { headers: { 'Api-Version': '1' } })
      return [res.status, await res.json()] as const
    })
    expect(answer).toEqual([422, { detail: [{ loc: ['query', 'page'], msg: 'Expected "integer".', type: 'type' }] }])
    // Copying the list at each repeat would yield n * n / 2 (12,500,000) items.
    expect(items).toBeLessThan(20 * n)
  })
})
