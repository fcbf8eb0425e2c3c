/**
 * Over loopback HTTP: a handler streaming NDJSON without end (streamText) or SSE (streamSSE), read by an older
 * client (1) and the head (2) that (a) reads slowly — how far the handler's writes run ahead of what the client
 * read, and the server's heap — and (b) goes away — whether the handler learns it (onAbort) and stops writing.
 * Server: @hono/node-server on Node, Bun.serve on Bun, Deno.serve on Deno.
 *   node_modules/.bin/node --expose-gc .tmp/streams13/served.ts
 *   node_modules/.bin/bun .tmp/streams13/served.ts
 *   node_modules/.bin/deno run --allow-all --v8-flags=--expose-gc .tmp/streams13/served.ts
 */
import { Hono } from 'hono'
import { streamSSE, streamText } from 'hono/streaming'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string; pad: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /ndjson': { items: Person }, 'GET /sse': { items: Person } },
})
const rejections: unknown[] = []
const g = globalThis as { process?: { on(e: string, f: (r: unknown) => void): void; memoryUsage(): { heapUsed: number; rss: number } } }
g.process?.on('unhandledRejection', (r) => rejections.push(r))
globalThis.addEventListener?.('unhandledrejection', (e: Event) => { rejections.push((e as unknown as { reason: unknown }).reason); e.preventDefault() })
const pad = 'p'.repeat(1000)
const state = { writes: 0, aborted: false, ended: false }
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/ndjson', (c) =>
  streamText(c, async (s) => {
    s.onAbort(() => { state.aborted = true })
    try {
      for (let i = 0; !s.aborted && i < 1e7; i++) {
        await s.write(`${JSON.stringify({ id: i, fullName: 'Ada', pad })}\n`)
        state.writes++
      }
    } finally { state.ended = true }
  }),
)
app.get('/sse', (c) =>
  streamSSE(c, async (s) => {
    s.onAbort(() => { state.aborted = true })
    try {
      for (let i = 0; !s.aborted && i < 1e7; i++) {
        await s.writeSSE({ event: 'p', id: String(i), data: JSON.stringify({ id: i, fullName: 'Ada', pad }) })
        state.writes++
      }
    } finally { state.ended = true }
  }),
)

const B = globalThis as unknown as { Bun?: { serve(o: unknown): { port: number; stop(f?: boolean): void } }; Deno?: { serve(o: unknown, h: unknown): { addr: { port: number }; shutdown(): Promise<void> } } }
let port: number
let stop: () => Promise<void> | void
let runtime: string
if (B.Bun) {
  const s = B.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch })
  port = s.port; stop = () => s.stop(true); runtime = 'bun'
} else if (B.Deno) {
  const s = B.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, app.fetch)
  port = s.addr.port; stop = () => s.shutdown(); runtime = 'deno'
} else {
  const { serve } = await import('@hono/node-server')
  const s = await new Promise<{ close(): void; address(): { port: number } }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server as never))
  })
  port = s.address().port; stop = () => s.close(); runtime = 'node'
}
const heap = () => { (globalThis as { gc?: () => void }).gc?.(); return g.process ? (g.process.memoryUsage().heapUsed / 1e6).toFixed(1) : '?' }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
console.log(`runtime ${runtime}, port ${port}, heap at start ${heap()} MB`)
for (const path of ['/ndjson', '/sse']) {
  for (const v of ['2', '1']) {
    Object.assign(state, { writes: 0, aborted: false, ended: false })
    const ac = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Api-Version': v }, signal: ac.signal })
    const reader = res.body!.getReader()
    let bytes = 0
    let first = ''
    // A slow reader: one read every 20 ms, 25 reads.
    for (let i = 0; i < 25; i++) {
      const { value } = await reader.read()
      if (i === 0) first = new TextDecoder().decode(value).slice(0, 40)
      bytes += value?.length ?? 0
      await sleep(20)
    }
    const itemBytes = 1040
    const heldWrites = state.writes
    const h = heap()
    ac.abort()
    await reader.cancel().catch(() => undefined)
    await sleep(300)
    const after = state.writes
    await sleep(300)
    console.log(`${path} v${v}: first ${JSON.stringify(first)}; slow reader read ~${Math.round(bytes / itemBytes)} items, handler wrote ${heldWrites} (ahead ~${heldWrites - Math.round(bytes / itemBytes)} items); heap ${h} MB; after the client went away: onAbort=${state.aborted}, loop ended=${state.ended}, writes still growing=${state.writes !== after}`)
  }
}
await stop()
console.log(`unhandled rejections: ${rejections.length} ${rejections.map(String).join(' | ').slice(0, 400)}`)
