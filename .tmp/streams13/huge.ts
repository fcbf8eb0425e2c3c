/**
 * One huge item (HUGE_MB, default 50, MB on one line; or as one SSE data line with HUGE_SSE=1) in 64 KB chunks,
 * read by an older client (1) and the head (2), in process: status, time, heap peak above the start, how it ended.
 *   node_modules/.bin/node --expose-gc .tmp/streams13/huge.ts
 */
import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string; tags: string[] }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /huge': { items: Person } },
})
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
const size = Number(env['HUGE_MB'] ?? 50) * 1024 * 1024
const sse = env['HUGE_SSE'] === '1'
const versions = (env['HUGE_VERSIONS'] ?? '2,1').split(',')
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/huge', (c) => {
  const tags = Array.from({ length: Math.ceil(size / 12) }, (_, i) => `t${String(i).padStart(8, '0')}`)
  const text = sse ? `data: ${JSON.stringify({ id: 1, fullName: 'Huge', tags })}\n\n` : `${JSON.stringify({ id: 1, fullName: 'Huge', tags })}\n`
  c.header('Content-Type', sse ? 'text/event-stream' : 'application/x-ndjson')
  return stream(c, async (s) => {
    for (let i = 0; i < text.length; i += 65_536) await s.write(text.slice(i, i + 65_536))
  })
})
const gc = (globalThis as { gc?: () => void }).gc
const mem = () => (globalThis as { process?: { memoryUsage(): { heapUsed: number } } }).process?.memoryUsage().heapUsed ?? 0
for (const v of versions) {
  gc?.()
  const base = mem()
  let peak = base
  const start = performance.now()
  const res = await app.request('/huge', { headers: { 'Api-Version': v } })
  const reader = res.body!.getReader()
  let bytes = 0
  let end = 'ended'
  try {
    for (;;) {
      const { done, value } = await reader.read()
      peak = Math.max(peak, mem())
      if (done) break
      bytes += value.length
    }
  } catch (e) { end = `errored: ${String(e).slice(0, 100)}` }
  console.log(`${sse ? 'SSE' : 'NDJSON'} ${size / 1024 / 1024} MB item, v${v}: ${res.status}, ${bytes} bytes, ${end}, ${Math.round(performance.now() - start)} ms, heap peak +${((peak - base) / 1024 / 1024).toFixed(1)} MB`)
}
