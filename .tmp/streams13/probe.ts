/**
 * Streams probe, from outside: public entry points only (src/index.ts, src/hono/index.ts, src/changes/index.ts),
 * in process (app.request). Prints, per case, what the head (2) and an older client (1) read: status, headers of
 * interest, body (escaped) and the stream's error, if any. Runs on Node 22, Bun and Deno:
 *   node_modules/.bin/node .tmp/streams13/probe.ts
 *   node_modules/.bin/bun .tmp/streams13/probe.ts
 *   node_modules/.bin/deno run --allow-all .tmp/streams13/probe.ts
 */
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { stream, streamSSE, streamText } from 'hono/streaming'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string; n?: number }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('n counts from one.', [
          fieldChanged(Person, 'n', {
            down: (n: unknown) => {
              if (n === 500) throw new Error('converter refuses 500')
              return n
            },
            up: (n: unknown) => n,
          }),
        ]),
      ],
    },
  ],
  bodies: Object.fromEntries(
    ['GET /x', 'GET /sse', 'GET /etag/x'].map((r) => [r, { items: Person }]),
  ),
})

const rejections: unknown[] = []
const g = globalThis as { process?: { on(e: string, f: (r: unknown) => void): void } }
g.process?.on('unhandledRejection', (r) => rejections.push(r))
globalThis.addEventListener?.('unhandledrejection', (e: Event) => {
  rejections.push((e as unknown as { reason: unknown }).reason)
  e.preventDefault()
})

const enc = new TextEncoder()
function chunks(pieces: readonly (string | Uint8Array)[], opts: { error?: unknown; onCancel?: (r: unknown) => void } = {}): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++]
      if (piece === undefined) {
        if (opts.error !== undefined) controller.error(opts.error)
        else controller.close()
      } else controller.enqueue(typeof piece === 'string' ? enc.encode(piece) : piece)
    },
    cancel(r) {
      opts.onCancel?.(r)
    },
  })
}
const bytewise = (text: string) => [...enc.encode(text)].map((b) => Uint8Array.of(b))
const ada = { id: 1, fullName: 'Ada' }
const zola = { id: 2, fullName: 'Émile Zola 😀' }
const L = (...items: unknown[]) => items.map((i) => `${JSON.stringify(i)}\n`).join('')

type Handler = (c: import('hono').Context) => Response | Promise<Response>
let handler: Handler = (c) => c.text('unset')
const app = new Hono()
app.onError((e, c) => c.text(`onError: ${e.message}`, 500))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.use('/etag/*', etag())
app.all('/x', (c) => handler(c))
app.all('/sse', (c) => handler(c))
app.all('/etag/x', (c) => handler(c))

async function read(res: Response): Promise<{ text: string; error?: string }> {
  if (res.body === null) return { text: '(null body)' }
  const reader = res.body.getReader()
  const d = new TextDecoder('utf-8', { ignoreBOM: true })
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { text: text + d.decode() }
      text += d.decode(value, { stream: true })
    }
  } catch (e) {
    return { text, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }
  }
}
const show = (s: string) => JSON.stringify(s.length > 300 ? `${s.slice(0, 150)}…(${s.length} chars)…${s.slice(-100)}` : s)

async function probe(name: string, path: string, make: Handler, init: RequestInit = {}, heads: string[] = []): Promise<void> {
  console.log(`\n## ${name}`)
  handler = make
  for (const v of ['2', '1']) {
    const headers = new Headers(init.headers)
    headers.set('Api-Version', v)
    const res = await app.request(path, { ...init, headers })
    const body = await read(res)
    const hs = ['content-type', ...heads].map((h) => `${h}=${res.headers.get(h)}`).join(' ')
    console.log(`  v${v}: ${res.status} ${hs} ${show(body.text)}${body.error ? `\n      ERROR ${body.error.slice(0, 300)}` : ''}`)
  }
}
const nd = { 'Content-Type': 'application/x-ndjson' }
const sse = { 'Content-Type': 'text/event-stream' }

// ---------- framing
await probe('NDJSON CRLF', '/x', (c) => c.body(chunks([`${JSON.stringify(ada)}\r\n${JSON.stringify(zola)}\r\n`]), 200, nd))
await probe('NDJSON CR only', '/x', (c) => c.body(chunks([`${JSON.stringify(ada)}\r${JSON.stringify(zola)}\r`]), 200, nd))
await probe('NDJSON BOM', '/x', (c) => c.body(chunks([`\uFEFF${L(ada, zola)}`]), 200, nd))
await probe('NDJSON BOM split 1 byte', '/x', (c) => c.body(chunks(bytewise(`\uFEFF${L(ada)}`)), 200, nd))
await probe('NDJSON blank + whitespace lines', '/x', (c) => c.body(chunks([`\n  \n\t\n${L(ada)}\n \r\n${L(zola)}`]), 200, nd))
await probe('NDJSON last item no newline', '/x', (c) => c.body(chunks([`${L(ada)}${JSON.stringify(zola)}`]), 200, nd))
await probe('NDJSON 1-byte chunks, multi-byte split', '/x', (c) => c.body(chunks(bytewise(L(ada, zola))), 200, nd))
await probe('NDJSON many items in one chunk', '/x', (c) => c.body(chunks([L(...Array.from({ length: 1000 }, (_, i) => ({ id: i, fullName: 'x' })))]), 200, nd))
await probe('streamText NDJSON', '/x', (c) => streamText(c, async (s) => { await s.write(L(ada)); await s.write(JSON.stringify(zola)); await s.write('\n') }))
await probe('c.text NDJSON (text/plain)', '/x', (c) => c.text(L(ada, zola)))
await probe('new Response(stream) ndjson', '/x', () => new Response(chunks([L(ada, zola)]), { headers: nd }))
await probe('ReadableStream.from(async generator)', '/x', (c) => {
  const RS = ReadableStream as unknown as { from?: (it: AsyncIterable<Uint8Array>) => ReadableStream<Uint8Array> }
  if (RS.from === undefined) return c.text('no ReadableStream.from', 501)
  return c.body(RS.from((async function* () { yield enc.encode(L(ada)); yield enc.encode(L(zola)) })()), 200, nd)
})
await probe('history.stream async generator', '/x', (c) => history.stream(c, (async function* () { yield ada; yield zola })()))
await probe('charset=iso-8859-1 NDJSON (latin1 bytes)', '/x', (c) => c.body(chunks([Uint8Array.from([...'{"id":1,"fullName":"\u00c9mile"}\n'].map((ch) => ch.charCodeAt(0)))]), 200, { 'Content-Type': 'application/x-ndjson; charset=iso-8859-1' }))
await probe('charset=utf-16le NDJSON', '/x', (c) => {
  const s = '{"id":1,"fullName":"Ada"}\n'
  const b = new Uint8Array(s.length * 2)
  for (let i = 0; i < s.length; i++) b[i * 2] = s.charCodeAt(i)
  return c.body(chunks([b]), 200, { 'Content-Type': 'application/x-ndjson; charset=utf-16le' })
})
await probe('invalid UTF-8 byte in an item', '/x', (c) => c.body(chunks([Uint8Array.from([...enc.encode('{"id":1,"fullName":"A'), 0xff, ...enc.encode('"}\n')])]), 200, nd))
await probe('Content-Type: Application/X-NDJSON (case)', '/x', (c) => c.body(chunks([L(ada)]), 200, { 'Content-Type': 'Application/X-NDJSON' }))
await probe('json-seq', '/x', (c) => c.body(chunks([`\x1e${JSON.stringify(ada)}\n\x1e${JSON.stringify(zola)}\n`]), 200, { 'Content-Type': 'application/json-seq' }))
const seq = { 'Content-Type': 'application/json-seq' }
await probe('json-seq 1-byte chunks, a record spread over lines', '/x', (c) => c.body(chunks(bytewise(`\x1e${JSON.stringify(ada)}\n\x1e{"id":2,\n"fullName":"Grace"}\n`)), 200, seq))
await probe('json-seq white space before the first RS and between records, an empty record', '/x', (c) => c.body(chunks([`\n \x1e${JSON.stringify(ada)}\n\n\x1e\n\x1e${JSON.stringify(zola)}\n`]), 200, seq))
await probe('json-seq text before the first RS', '/x', (c) => c.body(chunks([`junk\x1e${JSON.stringify(ada)}\n`]), 200, seq))
await probe('json-seq text after a record', '/x', (c) => c.body(chunks([`\x1e${JSON.stringify(ada)}\n${JSON.stringify(zola)}\n`]), 200, seq))
await probe('json-seq a record without its line feed at the end', '/x', (c) => c.body(chunks([`\x1e${JSON.stringify(ada)}`]), 200, seq))
await probe('NDJSON items written without line ends (streamText of JSON.stringify only)', '/x', (c) => streamText(c, async (s) => { await s.write(JSON.stringify(ada)); await s.write(JSON.stringify(zola)) }))

// ---------- SSE
await probe('SSE streamSSE event/id/retry/comment', '/sse', (c) => streamSSE(c, async (s) => {
  await s.write(': ping\n\n')
  await s.writeSSE({ event: 'person', id: '7', retry: 3000, data: JSON.stringify(ada) })
}))
await probe('SSE multi-line JSON data', '/sse', (c) => streamSSE(c, async (s) => { await s.writeSSE({ data: JSON.stringify(ada, null, 2) }) }))
await probe('SSE data without space, CRLF', '/sse', (c) => c.body(chunks([`event: p\r\ndata:${JSON.stringify(ada)}\r\n\r\n`]), 200, sse))
await probe('SSE CR only, 1-byte chunks', '/sse', (c) => c.body(chunks(bytewise(`id: 1\rdata: ${JSON.stringify(zola)}\r\r`)), 200, sse))
await probe('SSE BOM', '/sse', (c) => c.body(chunks([`\uFEFFdata: ${JSON.stringify(ada)}\n\n`]), 200, sse))
await probe('SSE events without data, retry only, empty data', '/sse', (c) => c.body(chunks([`retry: 10\n\nevent: x\n\ndata\n\ndata:\n\n`]), 200, sse))
await probe('SSE non-JSON data (data: ping)', '/sse', (c) => c.body(chunks([`data: ${JSON.stringify(ada)}\n\ndata: ping\n\n`]), 200, sse))
await probe('SSE data of JSON and a second JSON line', '/sse', (c) => c.body(chunks([`data: {"id":1,\ndata: "fullName":"Ada"}\n\n`]), 200, sse))
await probe('SSE field "data " with space before colon', '/sse', (c) => c.body(chunks([`data : ${JSON.stringify(ada)}\n\n`]), 200, sse))
await probe('SSE last event without blank line', '/sse', (c) => c.body(chunks([`data: ${JSON.stringify(ada)}\n`]), 200, sse))
await probe('SSE data whitespace only', '/sse', (c) => c.body(chunks([`data:  \n\n`]), 200, sse))
await probe('SSE data with NBSP only (non-JSON)', '/sse', (c) => c.body(chunks([`data: \u00a0\n\n`]), 200, sse))
await probe('SSE streamSSE callback throws (onError)', '/sse', (c) => streamSSE(c, async (s) => { await s.writeSSE({ data: JSON.stringify(ada) }); throw new Error('db down') }, async () => undefined))

// ---------- failures
await probe('NDJSON not JSON mid-stream', '/x', (c) => c.body(chunks([L(ada), 'nope\n', L(zola)]), 200, nd))
await probe('NDJSON item outside layout', '/x', (c) => c.body(chunks([L(ada), '[1,2]\n']), 200, nd))
await probe('NDJSON item with whitespace-only but NBSP', '/x', (c) => c.body(chunks([L(ada), '\u00a0\n']), 200, nd))
await probe('converter throws on item 500', '/x', (c) => c.body(chunks([L(...Array.from({ length: 600 }, (_, i) => ({ id: i, fullName: 'x', n: i + 1 })))]), 200, nd))
await probe('history.stream of 600 values, item 500 refused by its converter', '/x', (c) => history.stream(c, Array.from({ length: 600 }, (_, i) => ({ id: i, fullName: 'x', n: i + 1 }))))
await probe('history.stream, SSE, an async generator throwing after 2 events', '/sse', (c) => history.stream(c, (async function* () { yield { data: ada }; yield { data: zola }; throw new Error('db down') })(), { type: 'text/event-stream' }))
await probe('handler stream errors mid-way', '/x', (c) => c.body(chunks([L(ada), '{"id":2,"full'], { error: new Error('handler broke') }), 200, nd))
await probe('streamText callback throws mid-item', '/x', (c) => streamText(c, async (s) => { await s.write(L(ada)); await s.write('{"id":2,"ful'); throw new Error('handler broke') }))
await probe('Content-Length set by handler', '/x', (c) => { const b = L(ada, zola); return c.body(chunks([b]), 200, { ...nd, 'Content-Length': String(enc.encode(b).length) }) }, {}, ['content-length'])
await probe('HEAD on stream', '/x', (c) => c.body(chunks([L(ada)], { onCancel: () => console.log('    (handler stream cancelled)') }), 200, nd), { method: 'HEAD' })
await probe('etag() on stream (inside)', '/etag/x', (c) => c.body(chunks([L(ada)]), 200, nd), {}, ['etag'])
{
  const r = await app.request('/etag/x', { headers: { 'Api-Version': '1' } })
  const tag = r.headers.get('etag') ?? ''
  await r.text()
  await probe('etag() If-None-Match own tag (v1 tag)', '/etag/x', (c) => c.body(chunks([L(ada)]), 200, nd), { headers: { 'If-None-Match': tag } }, ['etag'])
}
async function gzip(text: string): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer())
}
{
  const gz = await gzip(L(ada, zola))
  console.log('\n(gzip body: client reads the bytes raw; read() decodes them as text, so here the decompressed text is shown via DecompressionStream when encoded)')
  handler = (c) => c.body(chunks([gz]), 200, { ...nd, 'Content-Encoding': 'gzip' })
  for (const v of ['2', '1']) {
    const res = await app.request('/x', { headers: { 'Api-Version': v } })
    let text: string
    try {
      text = res.headers.get('content-encoding') === 'gzip' && res.body ? await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text() : await res.text()
    } catch (e) { text = `ERROR ${e}` }
    console.log(`  v${v}: ${res.status} ce=${res.headers.get('content-encoding')} ${show(text)}`)
  }
}

// ---------- disconnect
for (const kind of ['streamText', 'streamSSE', 'c.body(stream)'] as const) {
  let aborted = false
  let writes = 0
  let cancelled = false
  handler = (c) => {
    if (kind === 'c.body(stream)') {
      let i = 0
      return c.body(new ReadableStream<Uint8Array>({ pull(ctl) { writes++; ctl.enqueue(enc.encode(L({ id: i++, fullName: 'x' }) + '{"id":9')) ; ctl.enqueue(enc.encode(',"fullName":"y"}\n')) }, cancel() { cancelled = true } }), 200, nd)
    }
    const f = kind === 'streamText' ? streamText : streamSSE
    return f(c, async (s) => {
      s.onAbort(() => { aborted = true })
      for (let i = 0; !s.aborted && i < 1e6; i++) {
        writes++
        if (kind === 'streamText') await s.write(L({ id: i, fullName: 'x' }))
        else await (s as unknown as { writeSSE(m: { data: string }): Promise<void> }).writeSSE({ data: JSON.stringify({ id: i, fullName: 'x' }) })
      }
    })
  }
  const res = await app.request(kind === 'streamSSE' ? '/sse' : '/x', { headers: { 'Api-Version': '1' } })
  const reader = res.body!.getReader()
  await reader.read(); await reader.read()
  await reader.cancel('client went away')
  await new Promise((r) => setTimeout(r, 100))
  const w1 = writes
  await new Promise((r) => setTimeout(r, 100))
  console.log(`\n## disconnect ${kind}: aborted=${aborted} cancelled=${cancelled} writes after cancel still growing=${writes !== w1} (writes ${writes})`)
}

await new Promise((r) => setTimeout(r, 200))
console.log(`\nunhandled rejections: ${rejections.length} ${rejections.map(String).join(' | ').slice(0, 500)}`)
