/**
 * A probe worker for workerd (`wrangler dev`), run by .tmp/streams13/workerd.ts: streamed routes written the ways
 * Hono users write them, for an older client (1) and the head (2), and a counter of the handler's writes and of
 * onAbort calls (GET /state), to see whether a client that goes away stops the handler.
 */
import { Hono } from 'hono'
import { streamSSE, streamText } from 'hono/streaming'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: Object.fromEntries(['GET /endless', 'GET /endless-sse', 'GET /framing', 'GET /sse', 'GET /charset', 'GET /bad', 'GET /bad-late', 'GET /length'].map((r) => [r, { items: Person }])),
})
const state = { writes: 0, aborted: 0, ended: 0 }
const enc = new TextEncoder()
const app = new Hono()
app.get('/state', (c) => c.json(state))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/endless', (c) =>
  streamText(c, async (s) => {
    s.onAbort(() => { state.aborted++ })
    try {
      for (let i = 0; !s.aborted && i < 1e6; i++) {
        await s.write(`${JSON.stringify({ id: i, fullName: 'Ada'.padEnd(500, '.') })}\n`)
        state.writes++
      }
    } finally { state.ended++ }
  }),
)
app.get('/endless-sse', (c) =>
  streamSSE(c, async (s) => {
    s.onAbort(() => { state.aborted++ })
    try {
      for (let i = 0; !s.aborted && i < 1e6; i++) {
        await s.writeSSE({ id: String(i), data: JSON.stringify({ id: i, fullName: 'Ada'.padEnd(500, '.') }) })
        state.writes++
      }
    } finally { state.ended++ }
  }),
)
const pieces = (text: string, size: number) => {
  const bytes = enc.encode(text)
  let at = 0
  return new ReadableStream<Uint8Array>({ pull(ctl) { if (at >= bytes.length) return ctl.close(); ctl.enqueue(bytes.slice(at, at + size)); at += size } })
}
const ada = JSON.stringify({ id: 1, fullName: 'Émile 😀' })
app.get('/framing', (c) => c.body(pieces(`\uFEFF${ada}\r\n\n  \n${ada}`, 1), 200, { 'Content-Type': 'application/x-ndjson' }))
app.get('/sse', (c) => c.body(pieces(`: ping\r\nretry: 10\r\n\r\nevent: p\rid: 3\rdata:{"id":1,\rdata: "fullName":"Ada"}\r\r`, 3), 200, { 'Content-Type': 'text/event-stream' }))
app.get('/charset', (c) => c.body(pieces(`${ada}\n`, 64), 200, { 'Content-Type': 'application/x-ndjson; charset=iso-8859-1' }))
app.get('/bad', (c) => c.body(pieces(`${ada}\nnot json\n${ada}\n`, 1024), 200, { 'Content-Type': 'application/x-ndjson' }))
app.get('/bad-late', (c) => c.body(pieces(`${`${ada}\n`.repeat(400)}not json\n${ada}\n`, 1024), 200, { 'Content-Type': 'application/x-ndjson' }))
app.get('/length', (c) => { const t = `${ada}\n${ada}\n`; return new Response(pieces(t, 8), { headers: { 'Content-Type': 'application/x-ndjson', 'Content-Length': String(enc.encode(t).length) } }) })
export default app
