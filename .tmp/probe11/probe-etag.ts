import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { makeApp } from './app.ts'
const app = makeApp()
const tag = async (v: string) => (await app.request('/etag', { headers: { 'Api-Version': v } })).headers.get('etag')!
const t1 = await tag('1'), t3 = await tag('3')
for (const [label, v, inm] of [['HEAD v1 own tag', '1', t1], ['HEAD v1 head tag', '1', t3], ['HEAD v3 v1 tag', '3', t1]] as const) {
  const r = await app.request('/etag', { method: 'HEAD', headers: { 'Api-Version': v, 'If-None-Match': inm } })
  console.log(label, r.status, r.headers.get('etag'))
}
// weak etag from a handler
const a2 = new Hono()
const { versioning } = await import('./app.ts')
a2.use('*', versioning)
a2.get('/etag', (c) => c.body(JSON.stringify({ id: 1, first_name: 'A', last_name: 'B', category: 'c', status: 'active', tags: [] }), 200, { 'Content-Type': 'application/json', ETag: 'W/"v7"' }))
for (const v of ['1', '3']) { const r = await a2.request('/etag', { headers: { 'Api-Version': v } }); console.log('weak handler tag', v, r.headers.get('etag')) }
for (const inm of ['W/"v7"', 'W/"v7@1"', '"v7@1"', '"v7@3"', 'W/"v7@2"']) { const r = await a2.request('/etag', { headers: { 'Api-Version': '1', 'If-None-Match': inm } }); console.log('v1 inm', inm, '→ handler saw?', r.status) }
a2.get('/seen', (c) => c.json({ inm: c.req.header('if-none-match') ?? null, im: c.req.header('if-match') ?? null }))
void etag
