/**
 * The Worker of content-coding.test.ts: a route answering JSON it holds
 * gzip-encoded already, sent as it is (`encodeBody: 'manual'`, as a Worker
 * serves a body stored compressed), behind a version change; and routes
 * answering plain bytes labelled gzip (or deflate), which workerd encodes as
 * it sends them (`encodeBody: 'automatic'`, the default), as every `fetch()`
 * passed on from an origin that compresses comes.
 */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Product = shape<{ id: number; title: string }>('Product')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }],
  bodies: {
    'GET /product': { response: Product },
    'GET /product-plain': { response: Product },
    'GET /products.csv': { response: [Product], unmigrated: ['text/csv'] },
    'GET /products.ndjson': { items: Product },
    'GET /products.sse': { items: Product, passThrough: ['[DONE]'] },
  },
})
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/product', async () => {
  const gzipped = await new Response(new Blob(['{"id":1,"title":"Lamp"}']).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
  const init: ResponseInit & { encodeBody: 'manual' } = { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, encodeBody: 'manual' }
  return new Response(gzipped, init)
})
// A body no layout migrates, sent to every version as it is, with an entity tag (an older client's carries its version).
app.get('/products.csv', async () => {
  const gzipped = await new Response(new Blob(['id,title\n1,Lamp\n']).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
  const init: ResponseInit & { encodeBody: 'manual' } = { headers: { 'content-type': 'text/csv', 'content-encoding': 'gzip', etag: '"csv"' }, encodeBody: 'manual' }
  return new Response(gzipped, init)
})

// Plain bodies labelled gzip, as a fetch() of an origin that compresses gives them: workerd encodes them as it sends them.
app.get('/product-plain', (c) => new Response('{"id":1,"title":"Lamp"}', { headers: { 'content-type': 'application/json', 'content-encoding': c.req.query('coding') ?? 'gzip' } }))
app.get('/products.ndjson', () => new Response(new Blob(['{"id":1,"title":"Lamp"}\n{"id":2,"title":"Desk"}\n']).stream(), { headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' } }))
app.get('/products.sse', () => new Response(new Blob(['event: product\ndata: {"id":1,"title":"Lamp"}\n\ndata: [DONE]\n\n']).stream(), { headers: { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' } }))

export default app
