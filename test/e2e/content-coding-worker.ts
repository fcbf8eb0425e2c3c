/**
 * The Worker of content-coding.test.ts: a route answering JSON it holds
 * gzip-encoded already, sent as it is (`encodeBody: 'manual'`, as a Worker
 * serves a body stored compressed), behind a version change.
 */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Product = shape<{ id: number; title: string }>('Product')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])] }],
  bodies: { 'GET /product': { response: Product }, 'GET /products.csv': { response: [Product], unmigrated: ['text/csv'] } },
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

export default app
