/**
 * `npm run bench:streams` (`node --expose-gc bench/streams.ts`): streamed
 * responses migrated item by item. One handler streams people as NDJSON, for
 * the head version (2) and for an older client (1, whose items are migrated:
 * a field renamed, one converted, one removed). Prints:
 *
 * - throughput in items/s for the older client and the head, over loopback
 *   HTTP (@hono/node-server, a client reading every byte) and in process
 *   (`app.request`), for a handler writing text (an item per write, 100
 *   items per write) and one giving values to `history.stream` (from a
 *   generator, from an async generator); the older/head ratio per round and
 *   its median, met or missed against the 0.8 target, per path, and the same
 *   ratio by the process's CPU time (client and server both run in it; less
 *   swayed by a machine other work shares);
 * - for text, the floor of any migration of it: the head's stream through
 *   the least an older client's stream must do (decode each chunk, split its
 *   lines, `JSON.parse` and `JSON.stringify` each item, encode the chunk, one
 *   pulled stream), interleaved in the same rounds: its ratio to the head is
 *   the most an older client can reach, and older/floor how near it is;
 * - the heap while an older client reads a 1,000,000-item stream, sampled
 *   every 100,000 items after a collection: flat when it does not grow with
 *   the items read; a slow reader of 100,000 items (how far the handler runs
 *   ahead, the heap); one 50 MB item, head and older, and the floor of its
 *   migration (JSON.parse and JSON.stringify of its text); a line that never
 *   ends, to the 64 MiB an older client's stream holds of one item.
 *
 * BENCH_ROUNDS (default 5) sets the interleaved rounds, BENCH_ITEMS (default
 * 100000) the items per throughput run, BENCH_BATCHES (default 1,100) the
 * items per write, BENCH_SOURCES (default text,values) the handlers measured,
 * BENCH_VIA (default `http,in process`) the paths; BENCH_MEMORY=0 leaves out
 * the memory runs, BENCH_MILLION=0 only the 1,000,000-item ones. It runs on Bun and Deno too, in process
 * (`BENCH_VIA='in process'`: the loopback server is @hono/node-server's); there
 * it collects with `Bun.gc(true)`, and on Deno with `--v8-flags=--expose-gc`.
 * `node bench/streams.ts <file>`
 * also writes the results to <file> as JSON (npm run bench's section 10).
 */
import { writeFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { stream } from 'hono/streaming'
import { change, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../src/changes/index.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import { HeaderVersioning } from '../src/index.ts'

const env = process.env
const ROUNDS = Number(env['BENCH_ROUNDS'] ?? 5)
const ITEMS = Number(env['BENCH_ITEMS'] ?? 100_000)
const TARGET = 0.8
/** A full collection: Node's and Deno's `gc` (--expose-gc, --v8-flags=--expose-gc), or Bun's `Bun.gc(true)`. */
const bunGc = (globalThis as { Bun?: { gc: (force: boolean) => void } }).Bun?.gc
const gc = (globalThis as { gc?: () => void }).gc ?? (bunGc === undefined ? undefined : () => bunGc(true))

interface Person {
  id: number
  fullName: string
  email: string
  born: { year: number; month: number }
  tags: string[]
}
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('Birth dates are a year and a month.', [fieldChanged(Person, 'born', { down: (born) => `${born.year}-${String(born.month).padStart(2, '0')}`, up: (text) => ({ year: Number(String(text).slice(0, 4)), month: Number(String(text).slice(5, 7)) }) })]),
        change('The legacy flag is gone.', [fieldRemoved(Person, 'legacy', { older: () => false })]),
      ],
    },
  ],
  bodies: { 'GET /people': { items: Person }, 'GET /people-values': { items: Person }, 'GET /huge': { items: Person }, 'GET /counted': { items: Person }, 'GET /endless': { items: Person } },
})

const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
// One huge item: a person with `tags` of about `size` bytes, in 64 KB chunks (the threat table's row).
// As a value, through history.stream, with `values=1`.
app.get('/huge', (c) => {
  const size = Number(c.req.query('size'))
  const tags = Array.from({ length: Math.ceil(size / 12) }, (_, i) => `t${String(i).padStart(8, '0')}`)
  const huge: Person = { id: 1, fullName: 'Huge', email: 'h@example.test', born: { year: 1900, month: 1 }, tags }
  if (c.req.query('values') === '1') return history.stream(c, [huge])
  const text = `${JSON.stringify(huge)}\n`
  c.header('Content-Type', 'application/x-ndjson')
  return stream(c, async (s) => {
    for (let i = 0; i < text.length; i += 65_536) await s.write(text.slice(i, i + 65_536))
  })
})
const person = (i: number): Person => ({ id: i, fullName: `Person ${i}`, email: `p${i}@example.test`, born: { year: 1900 + (i % 120), month: 1 + (i % 12) }, tags: ['a', 'b'] })
// The same people given as values (history.stream): from a generator, or from an async generator (one item per chunk).
app.get('/people-values', (c) => {
  const count = Number(c.req.query('count'))
  if (c.req.query('async') === '1') {
    return history.stream(c, (async function* () {
      for (let i = 0; i < count; i++) yield person(i)
    })())
  }
  return history.stream(c, (function* () {
    for (let i = 0; i < count; i++) yield person(i)
  })())
})
// 100,000 people, one per write, counting what the handler wrote (the slow reader's run).
let written = 0
app.get('/counted', (c) => {
  c.header('Content-Type', 'application/x-ndjson')
  return stream(c, async (s) => {
    for (let i = 0; i < 100_000; i++) {
      await s.write(`${JSON.stringify(person(i))}\n`)
      written = i + 1
    }
  })
})
// A line that never ends: a quote, then a MiB of text per chunk.
const MIB_CHUNK = new TextEncoder().encode('x'.repeat(1024 * 1024))
let endlessChunks = 0
/** The heap's and external memory's peak while the line is read, sampled per chunk the handler is asked for (Node's decoder makes long ASCII strings external). */
let endlessPeak = 0
const heapAndExternal = (): number => {
  const used = process.memoryUsage()
  return used.heapUsed + used.external
}
app.get('/endless', (c) =>
  c.body(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        endlessPeak = Math.max(endlessPeak, heapAndExternal())
        controller.enqueue(endlessChunks++ === 0 ? new TextEncoder().encode('"') : MIB_CHUNK)
      },
    }),
    200,
    { 'Content-Type': 'application/x-ndjson' },
  ),
)
/** The head's people as text, `batch` items per write. */
function people(c: Context): Response {
  const count = Number(c.req.query('count'))
  const batch = Number(c.req.query('batch'))
  c.header('Content-Type', 'application/x-ndjson')
  return stream(c, async (s) => {
    let text = ''
    for (let i = 0; i < count; i++) {
      text += `${JSON.stringify(person(i))}\n`
      if ((i + 1) % batch === 0 || i === count - 1) {
        await s.write(text)
        text = ''
      }
    }
  })
}
app.get('/people', people)

/**
 * The floor of migrating text: each chunk decoded, its lines split, each item
 * parsed and serialised again (no steps, no framing rules, no errors), the
 * chunk encoded once, through one pulled stream as an older client's is.
 */
function floor(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let pending = ''
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return controller.close()
          const text = pending + decoder.decode(value, { stream: true })
          let out = ''
          let start = 0
          for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
            out += `${JSON.stringify(JSON.parse(text.slice(start, nl)))}\n`
            start = nl + 1
          }
          pending = text.slice(start)
          if (out !== '') return controller.enqueue(encoder.encode(out))
        }
      },
    },
    { highWaterMark: 1 },
  )
}
app.get('/floor', (c) => {
  const res = people(c)
  return new Response(floor(res.body as ReadableStream<Uint8Array>), res)
})

/** Reads a body to its end; returns the number of lines (items). */
async function drain(body: ReadableStream<Uint8Array>, each?: (lines: number) => void): Promise<number> {
  const reader = body.getReader()
  let lines = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return lines
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
    each?.(lines)
  }
}

type Via = 'http' | 'in process'
const vias = (env['BENCH_VIA'] ?? 'http,in process').split(',').filter((via): via is Via => via === 'http' || via === 'in process')
const server = vias.includes('http') ? serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) : null
if (server !== null) await new Promise<void>((resolve) => server.once('listening', () => resolve()))
const address = server?.address()
const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
const bun = (globalThis as { Bun?: { version: string } }).Bun
const deno = (globalThis as { Deno?: { version: { deno: string } } }).Deno
const runtime = bun !== undefined ? `Bun ${bun.version}` : deno !== undefined ? `Deno ${deno.version.deno}` : `Node ${process.versions.node}`

/** How the handler gives its items: text written to a stream (`batch` items per write), or values to `history.stream`. */
type Source = { readonly kind: 'text'; readonly batch: number } | { readonly kind: 'values'; readonly async: boolean }
const pathOf = (source: Source, floor: boolean): string => (source.kind === 'text' ? `/${floor ? 'floor' : 'people'}?count=${ITEMS}&batch=${source.batch}` : `/people-values?count=${ITEMS}&async=${source.async ? 1 : 0}`)
/** One run's items per second of wall time, and per second of this process's CPU time (client and server both run here). */
interface Rate {
  readonly wall: number
  readonly cpu: number
}
const cpuSeconds = (): number => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1e6
}
async function run(via: Via, version: string, source: Source, floor = false): Promise<Rate> {
  const path = pathOf(source, floor)
  const headers = { 'Api-Version': version }
  const cpu = cpuSeconds()
  const start = performance.now()
  const res = via === 'http' ? await fetch(origin + path, { headers }) : await app.request(path, { headers })
  const lines = await drain(res.body as ReadableStream<Uint8Array>)
  const seconds = (performance.now() - start) / 1000
  const cpuUsed = cpuSeconds() - cpu
  if (lines !== ITEMS) throw new Error(`${via}, version ${version}: read ${lines} items of ${ITEMS}`)
  return { wall: ITEMS / seconds, cpu: ITEMS / cpuUsed }
}

// The older client's items are the migrated ones, from text and from values alike; the head's are the handler's.
for (const path of ['/people?count=1&batch=1', '/people-values?count=1&async=0', '/people-values?count=1&async=1']) {
  const older = await (await app.request(path, { headers: { 'Api-Version': '1' } })).text()
  if (older !== '{"id":0,"email":"p0@example.test","born":"1900-01","tags":["a","b"],"legacy":false,"name":"Person 0"}\n') throw new Error(`unexpected older item from ${path}: ${older}`)
  const head = await (await app.request(path, { headers: { 'Api-Version': '2' } })).text()
  if (head !== `${JSON.stringify(person(0))}\n`) throw new Error(`unexpected head item from ${path}: ${head}`)
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')

// What is printed, also written as JSON (`node bench/streams.ts <file>`, as npm run bench does): each path's ratios, and the text.
const printed: string[] = []
const say = (line: string): void => {
  printed.push(line)
  console.log(line)
}
interface PathResult {
  readonly via: Via
  readonly handler: string
  readonly ratios: readonly number[]
  readonly ratio: number
  readonly cpuRatios: readonly number[]
  readonly cpuRatio: number
  /** Text only: the floor's items/s over the head's per round, and their median. */
  readonly floorRatios?: readonly number[]
  readonly floorRatio?: number
}
const results: PathResult[] = []
const memory: { name: string; flat: boolean }[] = []
function finish(): void {
  server?.close()
  const file = process.argv[2]
  if (file !== undefined) writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), runtime, node: process.versions.node, items: ITEMS, rounds: ROUNDS, target: TARGET, paths: results, memory, text: printed.join('\n') }, null, 2))
}

const kinds = (env['BENCH_SOURCES'] ?? 'text,values').split(',')
const sources: readonly (readonly [string, Source])[] = (
  [
    ...(env['BENCH_BATCHES'] ?? '1,100').split(',').map((n): readonly [string, Source] => [`text, ${n} per write`, { kind: 'text', batch: Number(n) }]),
    ['values (generator)', { kind: 'values', async: false }],
    ['values (async generator)', { kind: 'values', async: true }],
  ] satisfies (readonly [string, Source])[]
).filter(([, source]) => kinds.includes(source.kind))
say(`streams: ${ITEMS.toLocaleString('en-US')} NDJSON items per run, ${ROUNDS} interleaved rounds (head, then the floor for text, then older), ${runtime}`)
say('| via | handler gives | head items/s | older items/s | older/head per round | median | target 0.8 | by CPU time: per round | median | target 0.8 | floor/head per round | median | older/floor |')
say('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
const verdicts: string[] = []
for (const via of vias) {
  for (const [name, source] of sources) {
    const text = source.kind === 'text'
    await run(via, '2', source)
    if (text) await run(via, '2', source, true)
    await run(via, '1', source)
    const heads: number[] = []
    const olds: number[] = []
    const ratios: number[] = []
    const cpuRatios: number[] = []
    const floorRatios: number[] = []
    const floorOlds: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const head = await run(via, '2', source)
      // The floor: the head's stream through the least work a migration of text does.
      const least = text ? await run(via, '2', source, true) : null
      const old = await run(via, '1', source)
      heads.push(head.wall)
      olds.push(old.wall)
      ratios.push(old.wall / head.wall)
      cpuRatios.push(old.cpu / head.cpu)
      if (least !== null) {
        floorRatios.push(least.wall / head.wall)
        floorOlds.push(old.wall / least.wall)
      }
    }
    const ratio = median(ratios)
    const cpuRatio = median(cpuRatios)
    const verdict = (r: number): string => (r >= TARGET ? 'met' : 'missed')
    verdicts.push(`${via}, ${name}: ${verdict(ratio)} (${ratio.toFixed(2)}; by CPU time ${verdict(cpuRatio)}, ${cpuRatio.toFixed(2)})`)
    const floorRatio = text ? median(floorRatios) : undefined
    results.push({ via, handler: name, ratios, ratio, cpuRatios, cpuRatio, ...(floorRatio === undefined ? {} : { floorRatios, floorRatio }) })
    const list = (xs: readonly number[]): string => xs.map((r) => r.toFixed(2)).join(', ')
    const floorCells = floorRatio === undefined ? '— | — | —' : `${list(floorRatios)} | ${floorRatio.toFixed(2)} | ${median(floorOlds).toFixed(2)}`
    say(`| ${via} | ${name} | ${fmt(median(heads))} | ${fmt(median(olds))} | ${list(ratios)} | ${ratio.toFixed(2)} | ${verdict(ratio)} | ${list(cpuRatios)} | ${cpuRatio.toFixed(2)} | ${verdict(cpuRatio)} | ${floorCells} |`)
  }
}
say('')
say(`older/head >= ${TARGET} (median of the rounds, wall clock; and by CPU time): ${verdicts.join('; ')}`)
say('floor: the head\'s text decoded, split into lines, each item JSON.parse-d and JSON.stringify-d, encoded, through one pulled stream (no migration); floor/head is the most any migration of text reaches, older/floor how near the older client is.')

if (env['BENCH_MEMORY'] === '0') {
  finish()
  process.exit(0)
}

// Memory: an older client reads a 1,000,000-item stream, the heap sampled every 100,000 items: text (100 items per
// write), and values (history.stream, from a generator).
const MILLION = 1_000_000
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)
for (const [name, path] of env['BENCH_MILLION'] === '0' ? [] : ([
  ['text, 100 per write', `/people?count=${MILLION}&batch=100`],
  ['values (generator)', `/people-values?count=${MILLION}&async=0`],
] as const)) {
  const samples: number[] = []
  gc?.()
  const before = process.memoryUsage().heapUsed
  const res = await app.request(path, { headers: { 'Api-Version': '1' } })
  let next = 100_000
  const read = await drain(res.body as ReadableStream<Uint8Array>, (lines) => {
    if (lines >= next) {
      gc?.()
      samples.push(process.memoryUsage().heapUsed)
      next += 100_000
    }
  })
  if (read !== MILLION) throw new Error(`the memory run read ${read} items`)
  const growth = Math.max(...samples) - Math.min(...samples)
  memory.push({ name, flat: growth < 8 * 1024 * 1024 })
  say('')
  say(`memory: an older client reads ${MILLION.toLocaleString('en-US')} items, ${name}${gc === undefined ? ' (no --expose-gc: samples without a collection)' : ''}`)
  say(`heap before: ${mb(before)} MB; every 100,000 items: ${samples.map(mb).join(', ')} MB`)
  say(`largest minus smallest sample: ${mb(growth)} MB (${growth < 8 * 1024 * 1024 ? 'flat' : 'growing'}: under 8 MB is flat)`)
}

// A slow reader: 100,000 items written one per write as fast as the handler can, read one chunk per turn of the
// event loop; how far the handler runs ahead of the reader, and the heap every 10,000 items after a collection.
const turn = (): Promise<void> => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))
say('')
for (const version of ['2', '1']) {
  written = 0
  gc?.()
  const base = process.memoryUsage().heapUsed
  const samples: number[] = []
  let ahead = 0
  const res = await app.request('/counted', { headers: { 'Api-Version': version } })
  let next = 10_000
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  let lines = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
    if (lines === 1 && version === '1' && !new TextDecoder().decode(value).startsWith('{"id":0,"email"')) throw new Error('the slow reader\'s items were not migrated')
    await turn()
    ahead = Math.max(ahead, written - lines)
    if (lines >= next) {
      gc?.()
      samples.push(process.memoryUsage().heapUsed - base)
      next += 10_000
    }
  }
  say(`a slow reader, version ${version}${version === '1' ? ' (older)' : ' (head)'}: ${lines.toLocaleString('en-US')} items read one chunk per turn of the event loop, the handler at most ${ahead} items ahead; heap above the start every 10,000 items: ${samples.map(mb).join(', ')} MB`)
}

// One huge item (50 MB on one line), head and older, as text (in 64 KB chunks) and as a value: the time to read it
// and the heap's peak above the start, sampled per chunk. Then the floor of any migration of it as text: the
// item's text JSON.parse-d and JSON.stringify-d, nothing else (where an older client's time goes).
const HUGE = 50 * 1024 * 1024
say('')
for (const values of ['0', '1']) {
  for (const version of ['2', '1']) {
    gc?.()
    const base = process.memoryUsage().heapUsed
    let peak = base
    const start = performance.now()
    const huge = await app.request(`/huge?size=${HUGE}&values=${values}`, { headers: { 'Api-Version': version } })
    const items = await drain(huge.body as ReadableStream<Uint8Array>, () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    })
    say(`one 50 MB item ${values === '1' ? 'as a value' : 'as text'}, version ${version}${version === '1' ? ' (older)' : ' (head)'}: status ${huge.status}, ${items} item, ${Math.round(performance.now() - start)} ms, heap peak +${mb(peak - base)} MB`)
  }
}
{
  const text = await (await app.request(`/huge?size=${HUGE}`, { headers: { 'Api-Version': '2' } })).text()
  gc?.()
  const start = performance.now()
  const parsed: unknown = JSON.parse(text)
  const parseMs = performance.now() - start
  JSON.stringify(parsed)
  say(`the floor of one 50 MB item as text: JSON.parse ${Math.round(parseMs)} ms, then JSON.stringify ${Math.round(performance.now() - start - parseMs)} ms (its ${Math.ceil(HUGE / 12).toLocaleString('en-US')} tags are strings of 9 characters, which the engine's JSON.parse interns one by one)`)
}

// A line that never ends, read by an older client: the stream errors once 64 MiB of it are held (MAX_ITEM), the
// handler's stream cancelled; the time and the heap's peak until then.
{
  endlessChunks = 0
  gc?.()
  const base = heapAndExternal()
  endlessPeak = base
  const start = performance.now()
  const res = await app.request('/endless', { headers: { 'Api-Version': '1' } })
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  let error = ''
  try {
    for (;;) if ((await reader.read()).done) break
  } catch (thrown) {
    error = String(thrown).replace(/^[^:]*: /, '')
  }
  say(`a line that never ends, version 1 (older): ${endlessChunks} chunks of 1 MiB read, then the stream errors after ${Math.round(performance.now() - start)} ms, heap and external memory peak +${mb(endlessPeak - base)} MB: ${error}`)
}
finish()
