/**
 * The typed client of a plain Hono app whose path params have patterns with
 * a regex quantifier in them (`/:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}` for
 * date versions, `:id{[0-9]{1,6}}`), braces inside the param's braces, as
 * Hono's router and `hc` read them: the client's paths leave each pattern
 * out whole (`client[':version'].orders[':id']`), and the path placement
 * fills `:version`. Before, the pattern was cut at its first `}`, so the
 * client's path was `':version-[0-9]-[0-9]}'`, which no call could use, and
 * a call through it sent that text as the version (a 404). A portable suite:
 * Node, workerd, Bun and Deno; the key's type is checked by `tsc` over the
 * tests (`npm run typecheck`).
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { URLPathVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

interface Order { id: number; title: string }
const Order = shape<Order>('Order')
const history = versionHistory({
  versions: [{ version: '2025-01-01' }, { version: '2026-01-01', changes: [change('Orders have a title.', [fieldRenamed(Order, { older: 'name', newer: 'title' })])] }],
  bodies: { 'GET /:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}/orders/:id{[0-9]{1,6}}': { response: Order } },
})

function ordersApp() {
  const base = new Hono()
  base.use('/:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: history.versions }), changes: history }))
  return base.get('/:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}/orders/:id{[0-9]{1,6}}', (c) => c.json({ id: Number(c.req.param('id')), title: 'Lamp' }))
}

describe('path params whose patterns hold braces of their own (a regex quantifier)', () => {
  const app = ordersApp()
  const sent: string[] = []
  const clients = versionedClient<typeof app, typeof history>('https://orders.test', {
    scheme: { in: 'path' },
    fetch: (input, init) => {
      sent.push(input)
      return app.request(input, init)
    },
  })

  it("each version's client has the path without the patterns, sends its version there and gets its own shape", async () => {
    const older = await clients('2025-01-01')[':version'].orders[':id'].$get({ param: { id: '7' } })
    expect([older.status, await older.json()]).toEqual([200, { id: 7, name: 'Lamp' }])
    const head = await clients('2026-01-01')[':version'].orders[':id'].$get({ param: { id: '7' } })
    if (!head.ok) throw new Error(`status ${head.status}`)
    const body: { readonly id: number; readonly title: string } = await head.json()
    expect(body).toEqual({ id: 7, title: 'Lamp' })
    expect(sent).toEqual(['https://orders.test/2025-01-01/orders/7', 'https://orders.test/2026-01-01/orders/7'])
    expect(clients('2025-01-01')[':version'].orders[':id'].$url({ param: { id: '7' } }).href).toBe('https://orders.test/2025-01-01/orders/7')
  })
})
