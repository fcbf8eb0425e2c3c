/**
 * Probe on workerd with the real bindings (Miniflare's KV, D1, Analytics Engine): store reads and writes per
 * request and per client, concurrent first requests of a new client, KV and D1 as pin stores, usage flush.
 * Prints its figures; asserts nothing it cannot know.
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { it } from 'vitest'
import { bearerClient, clientPins, d1PinStore, d1Usage, kvPinStore, readThrough, type PinStore } from '../../src/client-pins/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const client = bearerClient({ secret: 'a probe secret that is long enough for HMAC!' })
const uid = () => crypto.randomUUID().replaceAll('-', '')

/** Counts the binding calls themselves (KV get/put, D1 prepare/batch), under the real stores. */
function countedKV() {
  const c = { gets: 0, puts: 0 }
  const ns = { get: (k: string) => { c.gets++; return env.PINS.get(k) }, put: (k: string, v: string) => { c.puts++; return env.PINS.put(k, v) } }
  return { ns, c }
}
function countedD1() {
  const c = { statements: 0, batches: 0, runs: 0 }
  const db = {
    prepare: (q: string) => { c.statements++; return env.USAGE.prepare(q) },
    batch: (s: D1PreparedStatement[]) => { c.batches++; return env.USAGE.batch(s) },
  }
  return { db: db as unknown as D1Database, c }
}

function app(store: PinStore, usageDb?: D1Database, waits: Promise<unknown>[] = []) {
  const usage = usageDb === undefined ? undefined : d1Usage(usageDb, { waitUntil: (p) => void waits.push(p), table: `usage_${uid()}`, flushMs: 10_000 })
  const pins = clientPins({ store, client, ...(usage ? { usage } : {}) })
  const hono = new Hono()
  hono.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
  hono.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  return { hono, pins, usage, waits }
}

it('readThrough(D1, KV): binding calls for 50 clients x 20 requests', async () => {
  const kv = countedKV()
  const d1 = countedD1()
  const store = readThrough(d1PinStore(d1.db, { table: `pins_${uid()}` }), kvPinStore(kv.ns, { prefix: `p${uid()}:` }))
  const usageDb = countedD1()
  const { hono, usage, waits } = app(store, usageDb.db)
  for (let cl = 0; cl < 50; cl++) for (let i = 0; i < 20; i++) await hono.request('/api/things/1', { headers: { Authorization: `Bearer wk-${cl}-key` } })
  await usage?.flush()
  console.log(`PROBE readThrough 1000 requests of 50 clients: KV gets=${kv.c.gets} KV puts=${kv.c.puts} D1(pins) statements=${d1.c.statements} batches=${d1.c.batches} | usage D1 batches=${usageDb.c.batches} waits=${waits.length}`)
})

it('concurrent first requests of one new client, each store', async () => {
  for (const [name, make] of [
    ['d1', () => d1PinStore(env.USAGE, { table: `pins_${uid()}` })],
    ['kv', () => kvPinStore(env.PINS, { prefix: `p${uid()}:` })],
    ['readThrough', () => readThrough(d1PinStore(env.USAGE, { table: `pins_${uid()}` }), kvPinStore(env.PINS, { prefix: `p${uid()}:` }))],
  ] as const) {
    // Ten isolates' worth: ten separate clientPins (no shared in-memory lookups) on one store, racing.
    const store = make()
    let claims = 0
    const counting: PinStore = { get: (k) => store.get(k), claim: (k, v) => { claims++; return store.claim(k, v) }, put: (k, p) => store.put(k, p) }
    const apps = Array.from({ length: 10 }, (_, i) => {
      const pins = clientPins({ store: counting, client })
      const hono = new Hono()
      hono.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: String((i % 3) + 1) }), clientVersion: pins }))
      hono.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
      return hono
    })
    const answers = await Promise.all(apps.map(async (h) => ((await (await h.request('/api/things/1', { headers: { Authorization: 'Bearer racer-key' } })).json()) as { version: string }).version))
    const id = await client.idOf('racer-key')
    const final = (await store.get(id))?.version
    const again = await Promise.all(apps.map(async (h) => ((await (await h.request('/api/things/1', { headers: { Authorization: 'Bearer racer-key' } })).json()) as { version: string }).version))
    console.log(`PROBE race ${name}: first answers ${answers.join(',')} claims=${claims} stored=${final}; second answers ${again.join(',')}`)
  }
})

it('D1 contention: 200 distinct new clients at once through one clientPins', async () => {
  const d1 = countedD1()
  const store = d1PinStore(d1.db, { table: `pins_${uid()}` })
  const { hono } = app(store)
  const t0 = Date.now()
  const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => hono.request('/api/things/1', { headers: { Authorization: `Bearer burst-${i}-key` } }).then((r) => r.status)))
  const counts: Record<number, number> = {}
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1
  console.log(`PROBE D1 burst 200 new clients: statuses ${JSON.stringify(counts)} D1 statements=${d1.c.statements} batches=${d1.c.batches} in ${Date.now() - t0} ms`)
})

it('hand-edited entries in real KV and D1', async () => {
  const prefix = `p${uid()}:`
  const table = `pins_${uid()}`
  const d1 = d1PinStore(env.USAGE, { table })
  await d1.get('warm')
  const cases: [string, string][] = [['huge', 'v'.repeat(1 << 20)], ['crlf', '1\r\nX-Evil: 1'], ['retired', '0'], ['json-garbage', '{"version":{"a":1}}'], ['utf8', 'é☃']]
  for (const [name, value] of cases) {
    const id = await client.idOf(`edit-${name}`)
    await env.PINS.put(prefix + id, value)
    await env.USAGE.prepare(`INSERT INTO ${table} (client, version) VALUES (?, ?)`).bind(id, value).run()
    for (const [storeName, store] of [['kv', kvPinStore(env.PINS, { prefix })], ['d1', d1]] as const) {
      const open = new Hono()
      open.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ defaultVersion: '3' }), clientVersion: clientPins({ store, client }) }))
      open.get('/api/things/:id', (c) => c.json({ version: c.var.version.length > 40 ? `${c.var.version.length} chars` : c.var.version }))
      let status: number | string
      let body = ''
      try {
        const r = await open.request('/api/things/1', { headers: { Authorization: `Bearer edit-${name}` } })
        status = r.status
        body = await r.text()
      } catch (e) {
        status = `threw ${(e as Error).message}`
      }
      const strict = app(store).hono
      const s = await strict.request('/api/things/1', { headers: { Authorization: `Bearer edit-${name}` } })
      console.log(`PROBE edited ${name} in ${storeName}: open scheme ${status} ${body.slice(0, 60)} | allowedVersions ${s.status} ${(await s.text()).slice(0, 60)}`)
    }
  }
})
