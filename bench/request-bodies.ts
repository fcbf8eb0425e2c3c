/**
 * `node --expose-gc bench/request-bodies.ts`: what each hostile request body
 * costs an older client's request against the head's, on Node: a 50 MB body
 * refused by Hono's `bodyLimit(1 MB)` (in the route's chain, and before the
 * versioning middleware), with and without `Content-Length`; a 50 MB
 * multipart upload; 1 MiB bodies of integers beyond 2^53 (ids, long ones, one
 * of a million digits) against one of small numbers; an empty and a malformed body. For each, the status, the
 * time to the answer, and the process's resident memory (peak during the
 * request, sampled every 2 ms, minus the level before it) and heap after it
 * (before any collection), head version against older version. The bodies
 * are made as they are sent (a stream of 64 KiB chunks), so no input buffer is
 * counted. The median of three requests per case and version, after a warm-up.
 * REQUEST_BODIES_ONLY runs only the cases whose name holds it.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { change, fieldRenamed, shape, versionHistory } from '../src/changes/index.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import { HeaderVersioning } from '../src/index.ts'

const MB = 1024 * 1024
const SIZE = 50 * MB
const CHUNK = 64 * 1024
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('run with node --expose-gc bench/request-bodies.ts')
const memory = (): { rss: number; heap: number } => {
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed + m.arrayBuffers }
}

const Person = shape<{ id: number; email: string; file: File }>('Person')
const bodies = { 'POST /chain': { request: Person }, 'POST /before': { request: Person }, 'POST /upload': { request: Person, forms: true }, 'POST /plain': { request: Person } }
const versions = [{ version: '1' }, { version: '2', changes: [change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })])] }]
const history = versionHistory({ versions, bodies })
// maxBodySize raised above the route's bodyLimit (against the docs' advice): what the body then costs.
const raised = versionHistory({ versions, bodies: { 'POST /raised': { request: Person } }, maxBodySize: 64 * MB })
// maxBodySize and bodyLimit both at 10 MB (as the docs advise): an accepted body of 9 MB.
const matched = versionHistory({ versions, bodies: { 'POST /matched': { request: Person } }, maxBodySize: 10 * MB })
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const app = new Hono()
app.use('/before', bodyLimit({ maxSize: MB }))
app.use('/raised', versionMiddleware({ scheme: scheme(), changes: raised }))
app.use('/matched', versionMiddleware({ scheme: scheme(), changes: matched }))
app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
const read = async (c: { req: { json(): Promise<unknown> }; json(v: unknown, s?: number): Response }) => {
  try {
    return c.json({ got: Object.keys((await c.req.json()) as object) })
  } catch {
    return c.json({ detail: 'The handler could not parse the body.' }, 400)
  }
}
app.post('/chain', bodyLimit({ maxSize: MB }), read as never)
app.post('/before', read as never)
app.post('/plain', read as never)
app.post('/raised', bodyLimit({ maxSize: MB }), read as never)
app.post('/matched', bodyLimit({ maxSize: 10 * MB }), read as never)
app.post('/upload', bodyLimit({ maxSize: MB }), async (c) => c.json({ got: Object.keys(await c.req.parseBody()) }))

/** A body of `size` bytes made as it is read: `head` first, then padding, then `tail`. */
function streamed(head: string, size: number, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const pad = new Uint8Array(CHUNK).fill(0x78)
  let sent = 0
  const total = size - head.length - tail.length
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode(head))
      if (sent >= total) {
        controller.enqueue(encoder.encode(tail))
        return controller.close()
      }
      const n = Math.min(CHUNK, total - sent)
      controller.enqueue(n === CHUNK ? pad.slice() : pad.slice(0, n))
      sent += n
    },
  })
}

/** `text` as it is sent: a stream of 64 KiB chunks. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + CHUNK))
      at += CHUNK
    },
  })
}

/** A body just under 1 MiB (the default maxBodySize): the field named `field`, and a list of `number` as many times as fit. */
function listBody(field: string, number: string): string {
  const head = `{"${field}":"a@b","n":[`
  return `${head}${Array.from({ length: Math.floor((MB - head.length - 2) / (number.length + 1)) }, () => number).join(',')}]}`
}

interface Case {
  readonly name: string
  readonly path: string
  readonly body: (field: string) => { body: BodyInit; type: string; length?: number }
}
const boundary = 'bench-boundary'
const CASES: readonly Case[] = [
  { name: '50 MB JSON, Content-Length, bodyLimit(1 MB) in the route', path: '/chain', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json', length: SIZE }) },
  { name: '50 MB JSON, chunked, bodyLimit(1 MB) in the route', path: '/chain', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json' }) },
  { name: '50 MB JSON, chunked, bodyLimit(1 MB) before the middleware', path: '/before', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json' }) },
  { name: '50 MB JSON, chunked, bodyLimit(1 MB) in the route, maxBodySize raised to 64 MB', path: '/raised', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json' }) },
  { name: '9 MB JSON (accepted), chunked, bodyLimit(10 MB) in the route, maxBodySize 10 MB', path: '/matched', body: (f) => ({ body: streamed(`{"${f}":"`, 9 * MB, '"}'), type: 'application/json' }) },
  { name: '50 MB JSON, chunked, bodyLimit(10 MB) in the route, maxBodySize 10 MB', path: '/matched', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json' }) },
  { name: '50 MB JSON, chunked, no bodyLimit', path: '/plain', body: (f) => ({ body: streamed(`{"${f}":"`, SIZE, '"}'), type: 'application/json' }) },
  {
    name: '50 MB multipart upload, chunked, bodyLimit(1 MB) in the route',
    path: '/upload',
    body: () => ({
      body: streamed(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`, SIZE, `\r\n--${boundary}--\r\n`),
      type: `multipart/form-data; boundary=${boundary}`,
    }),
  },
  { name: '1 MiB JSON of 20-digit ids beyond 2^53 (accepted)', path: '/plain', body: (f) => ({ body: chunked(listBody(f, '12345678901234567891')), type: 'application/json' }) },
  { name: '1 MiB JSON of 7-digit numbers (accepted), to compare', path: '/plain', body: (f) => ({ body: chunked(listBody(f, '1234567')), type: 'application/json' }) },
  { name: '1 MiB JSON of 4,300-digit integers (accepted)', path: '/plain', body: (f) => ({ body: chunked(listBody(f, `1${'2'.repeat(4299)}`)), type: 'application/json' }) },
  { name: '1 MiB JSON holding one integer of 1,048,000 digits', path: '/plain', body: (f) => ({ body: chunked(`{"${f}":"a@b","n":1${'2'.repeat(1_047_999)}}`), type: 'application/json' }) },
  { name: 'an empty JSON body', path: '/plain', body: () => ({ body: '', type: 'application/json' }) },
  { name: 'malformed JSON (`{"email":`)', path: '/plain', body: (f) => ({ body: `{"${f}":`, type: 'application/json' }) },
]

async function measure(c: Case, version: '1' | '2'): Promise<{ status: number; ms: number; rss: number; heap: number }> {
  gc?.()
  gc?.()
  const before = memory()
  let peak = before.rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2)
  const { body, type, length } = c.body(version === '2' ? 'email' : 'mail')
  const headers: Record<string, string> = { 'Api-Version': version, 'Content-Type': type }
  if (length !== undefined) headers['Content-Length'] = String(length)
  const start = performance.now()
  const res = await app.request(`http://localhost${c.path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
  await res.arrayBuffer()
  const ms = performance.now() - start
  clearInterval(timer)
  const after = memory()
  peak = Math.max(peak, after.rss)
  return { status: res.status, ms, rss: peak - before.rss, heap: after.heap - before.heap }
}

const ROUNDS = 3
/** The median of ROUNDS requests (by time); memory from the same request. */
async function median(c: Case, version: '1' | '2'): Promise<Awaited<ReturnType<typeof measure>>> {
  const runs = []
  for (let i = 0; i < ROUNDS; i++) runs.push(await measure(c, version))
  return runs.sort((a, b) => a.ms - b.ms)[ROUNDS >> 1] as Awaited<ReturnType<typeof measure>>
}
const f = (n: number): string => (n / MB).toFixed(1)
// REQUEST_BODIES_ONLY: only the cases whose name holds it.
const only = process.env['REQUEST_BODIES_ONLY']
const chosen = only === undefined ? CASES : CASES.filter((c) => c.name.includes(only))
for (const c of chosen) for (const v of ['2', '1'] as const) await measure(c, v)
console.log('| body | head (2): status, time, peak RSS, heap after | older (1): status, time, peak RSS, heap after | RSS older/head |')
console.log('|---|---|---|---|')
for (const c of chosen) {
  const head = await median(c, '2')
  const older = await median(c, '1')
  const ratio = head.rss <= MB ? `n/a (head +${f(head.rss)} MB)` : `${(older.rss / head.rss).toFixed(2)}x`
  const cell = (m: typeof head) => `${m.status}, ${m.ms.toFixed(0)} ms, +${f(m.rss)} MB, +${f(m.heap)} MB`
  console.log(`| ${c.name} | ${cell(head)} | ${cell(older)} | ${ratio} |`)
}
