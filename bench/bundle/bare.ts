/**
 * Bundle-size baseline: a minimal Worker on `hono/tiny` with one JSON route
 * and no versioning. `bench/drivers/bundle-budget.js` subtracts this bundle from
 * the others, so the deltas are what hono-api-versioning adds.
 */
import { Hono } from 'hono/tiny'

const app = new Hono()

app.get('/items/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id'), self: new URL(c.req.path, c.req.url).href }))

export default app
