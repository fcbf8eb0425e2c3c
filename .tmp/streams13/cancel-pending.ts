/**
 * A client that goes away while the migration waits on the handler's next chunk, with half an item held: the
 * handler's stream is cancelled, and nothing rejects unhandled (Node, Bun, Deno).
 */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /x': { items: Person }, 'GET /sse': { items: Person } },
})
const rejections: unknown[] = []
const g = globalThis as { process?: { on(e: string, f: (r: unknown) => void): void } }
g.process?.on('unhandledRejection', (r) => rejections.push(r))
globalThis.addEventListener?.('unhandledrejection', (e: Event) => { rejections.push((e as unknown as { reason: unknown }).reason); e.preventDefault() })
const errors: unknown[] = []
const enc = new TextEncoder()
let cancelled: unknown = 'not cancelled'
const app = new Hono()
app.onError((e, c) => { errors.push(e); return c.text('x', 500) })
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
const slow = (first: string) => {
  let i = 0
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (i++ === 0) return ctl.enqueue(enc.encode(first))
      await new Promise((r) => setTimeout(r, 50))
      ctl.enqueue(enc.encode('x'))
    },
    cancel(r) { cancelled = r },
  })
}
app.get('/x', (c) => c.body(slow('{"id":1,"fullName":"Ada"}\n{"id":2,"fu'), 200, { 'Content-Type': 'application/x-ndjson' }))
app.get('/sse', (c) => c.body(slow('data: {"id":1,"fullName":"Ada"}\n\ndata: {"id":2,"fu'), 200, { 'Content-Type': 'text/event-stream' }))
for (const path of ['/x', '/sse']) {
  cancelled = 'not cancelled'
  const res = await app.request(path, { headers: { 'Api-Version': '1' } })
  const reader = res.body!.getReader()
  const first = await reader.read()
  const second = reader.read() // waits on the handler
  await new Promise((r) => setTimeout(r, 10))
  await reader.cancel(new Error('client went away'))
  const s = await second.then((r) => `done=${r.done}`, (e) => `rejected ${e}`)
  await new Promise((r) => setTimeout(r, 200))
  console.log(`${path}: first=${JSON.stringify(new TextDecoder().decode(first.value))} pending read: ${s}; handler cancelled with: ${String(cancelled)}`)
}
console.log(`unhandled rejections: ${rejections.length} ${rejections.map(String).join(' | ')}; onError: ${errors.length}`)
