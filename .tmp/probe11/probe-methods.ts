// Request layouts on GET and DELETE plain routes (a search body, a bulk delete), an older client's body.
import { Hono } from 'hono'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
const Search = shape<{ query: string }>('Search')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('q is query.', [fieldRenamed(Search, { older: 'q', newer: 'query' })])] }],
  bodies: { 'GET /search': { request: Search }, 'DELETE /items': { request: Search }, 'OPTIONS /x': { request: Search } },
})
const app = new Hono()
app.onError((e, c) => c.text(`500 ${e.message}`, 500))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/search', async (c) => c.json({ got: await c.req.text() }))
app.delete('/items', async (c) => c.json({ got: await c.req.text() }))
for (const [method, path] of [['DELETE', '/items']]) {
  const res = await app.request(`http://x${path}`, { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"q":"lamp"}' }).catch((e) => new Response(`THREW ${e.message}`))
  console.log(method, res.status, await res.text())
}
