/**
 * Two versions whose only change renames a field of a request body: the
 * routes' answers are the same in both, and an older client's should be sent
 * as the head's are, with their Content-Length. Served by framing-server.ts
 * (Bun, Deno) and test/node/changes/framing-served.test.ts (Node).
 */
import type { Hono } from 'hono'
import { change, fieldRenamed, shape } from '../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from './two-versions.ts'

const Note = shape<{ title: string }>('Note')
const Product = shape<{ title: string }>('Product')

export function framingApp(): Hono {
  const history = twoVersionHistory([change('Names are titles.', [fieldRenamed(Note, { older: 'name', newer: 'title' }), fieldRenamed(Product, { older: 'name', newer: 'title' })])], {
    bodies: { 'POST /notes': { request: Note }, 'POST /texts': { request: Note }, 'GET /products/:id': { response: Product } },
  })
  const app = migratingApp(history)
  app.post('/notes', async (c) => c.json({ saved: await c.req.json() }))
  app.post('/texts', async (c) => c.text(`saved ${JSON.stringify(await c.req.json())}`))
  // A response layout, answered with an error it has no layout for.
  app.get('/products/:id', (c) => c.json({ detail: 'No such product.' }, 404))
  return app
}
