/**
 * Bundle-size case: the baseline Worker (./bare.ts) with the smallest
 * middleware, versionMiddleware, and one scheme, URLPathVersioning, serving
 * the same route versioned. No route table, no reverse: everything else the
 * library exports must tree-shake away.
 */
import { Hono } from 'hono/tiny'
import { URLPathVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'

const app = new Hono()

app.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }))

app.get('/:version{v[0-9]+}/items/:id{[0-9]+}', (c) => c.json({ id: c.req.param('id'), version: c.var.version }))

export default app
