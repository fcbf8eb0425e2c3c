/**
 * Adversarial probe of client pins through the public API (src/client-pins, src/hono), in process on Node.
 * Run: node_modules/.bin/node .tmp/pins11/probe-node.ts
 * Each finding prints: name, expected, actual.
 */
import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import { HeaderVersioning, QueryParameterVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { bearerClient, clientPins, d1Usage, kvPinStore, memoryPinStore, memoryUsage, readThrough, type PinStore, type UsageRecorder } from '../../src/client-pins/index.ts'

const SECRET = 'a probe secret that is long enough for HMAC!'
const client = bearerClient({ secret: SECRET })
const out: string[] = []
const report = (name: string, expected: string, actual: string) => { out.push(`${name}\n  expected: ${expected}\n  actual:   ${actual}`); console.log(`${name}\n  expected: ${expected}\n  actual:   ${actual}`) }

function counted(inner: PinStore) {
  const c = { gets: 0, claims: 0, puts: 0, written: [] as string[] }
  const store: PinStore = {
    get: (k) => { c.gets++; return inner.get(k) },
    claim: (k, v) => { c.claims++; c.written.push(k, v); return inner.claim(k, v) },
    put: (k, p) => { c.puts++; c.written.push(k, JSON.stringify(p)); return inner.put(k, p) },
  }
  return { store, c }
}

function appWith(store: PinStore, opts: { usage?: UsageRecorder; scheme?: HeaderVersioning | QueryParameterVersioning; auth?: boolean; cacheTtl?: number; onLookupError?: 'default' | 'unavailable' } = {}) {
  const pins = clientPins({ store, client, ...(opts.usage ? { usage: opts.usage } : {}), ...(opts.cacheTtl !== undefined ? { cacheTtl: opts.cacheTtl } : {}), ...(opts.onLookupError ? { onLookupError: opts.onLookupError } : {}) })
  const app = new Hono()
  const errors: string[] = []
  app.onError((e, c) => { if (e instanceof HTTPException) return e.getResponse(); errors.push(String((e as Error).message)); return c.text('onError: ' + (e as Error).message, 500) })
  if (opts.auth) app.use('/api/*', bearerAuth({ token: ['good-key-1', 'good-key-2'] }))
  app.use('/api/*', versionMiddleware({ scheme: opts.scheme ?? new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), clientVersion: pins }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  app.get('/api/*', (c) => c.json({ fallback: true }))
  const get = async (path: string, headers: Record<string, string> | [string, string][]) => {
    try {
      const res = await app.request(path, { headers })
      const text = await res.text()
      return { status: res.status, text, headers: res.headers }
    } catch (e) {
      return { status: -1, text: 'THREW: ' + (e as Error).message, headers: new Headers() }
    }
  }
  return { app, pins, get, errors }
}

let unhandledTotal = 0
process.on('unhandledRejection', (e) => { unhandledTotal++; console.log('UNHANDLED REJECTION (Node would exit):', (e as Error)?.message) })
async function main() {
  // 1. Garbage / injected pins in the store, scheme with no allowedVersions
  for (const [name, pin] of [
    ['CRLF injected pin', '1\r\nX-Injected: yes'],
    ['non-Latin1 pin', 'v\u2028é☃'],
    ['huge pin (1 MiB)', 'x'.repeat(1 << 20)],
    ['NUL pin', 'a\u0000b'],
  ] as const) {
    const id = await client.idOf('garbage-key')
    const store = memoryPinStore({ [id]: pin })
    const open = appWith(store, { scheme: new HeaderVersioning({ defaultVersion: '3' }) })
    const r = await open.get('/api/things/1', { Authorization: 'Bearer garbage-key' })
    const strict = appWith(memoryPinStore({ [id]: pin }))
    const s = await strict.get('/api/things/1', { Authorization: 'Bearer garbage-key' })
    report(`garbage pin "${name}" (scheme without allowedVersions / with)`, 'a documented 4xx or the default, never 5xx, no reflected value',
      `open: ${r.status} ${r.text.slice(0, 120)} errors=${JSON.stringify(open.errors).slice(0, 120)} | strict: ${s.status} ${s.text.slice(0, 100)}`)
  }
  // KV hand-edited JSON values
  for (const [name, value] of [['JSON with version number', '{"version":3}'], ['JSON broken', '{"version":'], ['JSON array', '[1]'], ['whitespace version', ' 1 '], ['JSON with __proto__', '{"__proto__":{"version":"1"}}']] as const) {
    const kv = new Map<string, string>()
    const id = await client.idOf('kv-edit')
    kv.set('pin:' + id, value)
    const { store, c } = counted(kvPinStore({ get: async (k) => kv.get(k) ?? null, put: async (k, v) => { kv.set(k, v) } }))
    const a = appWith(store)
    const r1 = await a.get('/api/things/1', { Authorization: 'Bearer kv-edit' })
    report(`KV hand-edited "${name}"`, 'a documented answer; is the garbage overwritten by a claim?', `${r1.status} ${r1.text.slice(0, 80)}; claims=${c.claims} kv now=${JSON.stringify(kv.get('pin:' + id))}`)
  }

  // 2. Credentials
  const { store: cs, c: cc } = counted(memoryPinStore())
  const usage = memoryUsage()
  const a = appWith(cs, { usage })
  const creds: [string, Record<string, string> | [string, string][]][] = [
    ['empty Bearer', { Authorization: 'Bearer ' }],
    ['Bearer with spaces', { Authorization: 'Bearer    spaced-key   ' }],
    ['lowercase bearer', { Authorization: 'bearer spaced-key' }],
    ['Basic', { Authorization: 'Basic ' + btoa('user:pass') }],
    ['two Authorization headers', [['Authorization', 'Bearer aaa-key-1'], ['Authorization', 'Bearer bbb-key-2']]],
    ['non-ASCII (latin1)', { Authorization: 'Bearer clé-secrète' }],
    ['tab inside', { Authorization: 'Bearer a\tb-key-12' }],
    ['huge 1 MiB', { Authorization: 'Bearer ' + 'k'.repeat(1 << 20) }],
    ['1100-char value', { Authorization: 'Bearer ' + 'k'.repeat(1093) }],
    ['cookie credential only', { Cookie: 'session=abc123' }],
  ]
  for (const [name, h] of creds) {
    const before = cc.claims
    const r = await a.get('/api/things/1', h)
    report(`credential: ${name}`, 'default version or 4xx, nothing stored in the clear', `${r.status} ${r.text.slice(0, 60)} claims+${cc.claims - before} vary=${r.headers.get('vary')}`)
  }
  const written = cc.written.join('|')
  report('raw keys in store writes', 'none', ['spaced-key', 'aaa-key-1', 'bbb-key-2', 'clé'].filter((k) => written.includes(k)).join(',') || 'none')

  // 3. Requests per client: reads/writes
  {
    const { store, c } = counted(memoryPinStore())
    const u = memoryUsage()
    const b = appWith(store, { usage: u })
    for (let cl = 0; cl < 200; cl++) for (let i = 0; i < 50; i++) await b.get('/api/things/1', { Authorization: `Bearer client-${cl}-key` })
    report('200 clients x 50 requests (memory store)', '<=200 gets, 200 claims, 0 puts', `gets=${c.gets} claims=${c.claims} puts=${c.puts}`)
  }
  // 3b. cacheTtl 0
  {
    const { store, c } = counted(memoryPinStore())
    const b = appWith(store, { cacheTtl: 0 })
    for (let i = 0; i < 50; i++) await b.get('/api/things/1', { Authorization: `Bearer ttl0-key` })
    report('cacheTtl 0, 50 requests one client', 'reads per request (documented), 1 claim', `gets=${c.gets} claims=${c.claims}`)
  }
  // 3c. 404 paths by one client: usage rows grow?
  {
    const u = memoryUsage()
    const b = appWith(memoryPinStore(), { usage: u })
    for (let i = 0; i < 100; i++) await b.get(`/api/random-${i}`, { Authorization: 'Bearer wanderer-key' })
    const page = await u.callers('3', { until: Date.now() + 1000 })
    report('100 distinct unmatched paths from one client', 'one row (route pattern), not one per path', `callers=${page.callers.length} routes=${JSON.stringify(page.callers[0]?.routes).slice(0, 200)}`)
  }

  // 4. Store that throws synchronously / returns a non-promise / hangs
  for (const [name, store] of [
    ['get throws synchronously', { get() { throw new Error('sync boom') }, claim: async () => ({ version: '3', previous: null, movedAt: null }), put: async () => {} }],
    ['get returns a plain value', { get: () => ({ version: '1', previous: null, movedAt: null }), claim: async () => ({ version: '3', previous: null, movedAt: null }), put: async () => {} }],
    ['claim throws synchronously', { get: async () => null, claim() { throw new Error('sync claim boom') }, put: async () => {} }],
    ['get resolves garbage (a number)', { get: async () => 42, claim: async () => ({ version: '3', previous: null, movedAt: null }), put: async () => {} }],
    ['claim resolves undefined', { get: async () => null, claim: async () => undefined, put: async () => {} }],
  ] as [string, PinStore][]) {
    const b = appWith(store)
    const r = await b.get('/api/things/1', { Authorization: 'Bearer store-key' })
    const r2 = await b.get('/api/things/1', { Authorization: 'Bearer store-key' })
    report(`user store: ${name}`, '503 or default (documented), never 500', `${r.status} ${r.text.slice(0, 80)} then ${r2.status} ${r2.text.slice(0, 60)}`)
  }
  {
    const hang: PinStore = { get: () => new Promise(() => {}), claim: () => new Promise(() => {}), put: async () => {} }
    const b = appWith(hang)
    const t = await Promise.race([b.get('/api/things/1', { Authorization: 'Bearer hang-key' }), new Promise((r) => setTimeout(() => r('timeout after 4 s'), 4000))])
    report('store that never answers', 'a bounded wait, then 503 or default', typeof t === 'string' ? t : `${(t as { status: number }).status}`)
    const claimHang: PinStore = { get: async () => null, claim: () => new Promise(() => {}), put: async () => {} }
    const c2 = appWith(claimHang)
    const t2 = await Promise.race([c2.get('/api/things/1', { Authorization: 'Bearer hang-key' }), new Promise((r) => setTimeout(() => r('timeout after 4 s'), 4000))])
    report('first-pin write that never answers (Node: request waits)', 'a bounded wait', typeof t2 === 'string' ? t2 : `${(t2 as { status: number }).status}`)
  }
  // 5. usage recorder that is async and rejects
  {
    let unhandled = 0
    const onUnhandled = () => { unhandled++ }
    process.on('unhandledRejection', onUnhandled)
    const bad: UsageRecorder = { record: (async () => { throw new Error('async recorder failed') }) as never }
    const b = appWith(memoryPinStore(), { usage: bad })
    const r = await b.get('/api/things/1', { Authorization: 'Bearer rec-key' })
    await new Promise((r) => setTimeout(r, 50))
    process.off('unhandledRejection', onUnhandled)
    report('async usage recorder that rejects', 'no unhandled rejection (Node would crash by default)', `${r.status}; unhandled rejections=${unhandled}`)
  }
  // 6. d1Usage flushMs 0: writes per request?
  {
    let batches = 0
    const fakeDb = { prepare: () => ({ bind() { return this }, run: async () => ({}), all: async () => ({ results: [] }) }), batch: async () => { batches++; return [] } }
    const waits: Promise<unknown>[] = []
    let u: ReturnType<typeof d1Usage>
    try {
      u = d1Usage(fakeDb as never, { waitUntil: (p) => waits.push(p), flushMs: 0 })
    } catch (error) {
      report('d1Usage flushMs 0', 'refused at construction, or writes growing with clients', `refused: ${(error as Error).message}`)
      u = d1Usage(fakeDb as never, { waitUntil: (p) => waits.push(p), flushMs: 1000 })
    }
    const b = appWith(memoryPinStore(), { usage: u })
    for (let i = 0; i < 100; i++) await b.get('/api/things/1', { Authorization: 'Bearer flush0-key' })
    await Promise.all(waits)
    report('d1Usage flushMs 0, 100 sequential requests of one client', 'writes grow with clients, not requests (or refused at construction)', `D1 batches=${batches}`)
  }
  // 7. pagination consistency: client skipped between pages
  {
    const u = memoryUsage()
    const now = Date.UTC(2026, 10, 27, 12)
    const rec = (client: string, n: number) => { for (let i = 0; i < n; i++) u.record({ version: '1', client, route: '/r', deprecated: false, at: now }) }
    rec('a', 9); rec('b', 5); rec('z', 3)
    const p1 = await u.callers('1', { limit: 2, until: now + 1 })
    rec('z', 4) // z calls again between the pages: 7 calls
    const p2 = await u.callers('1', { limit: 2, until: now + 1, after: p1.next ?? undefined })
    const seen = [...p1.callers, ...p2.callers].map((x) => x.client)
    report('callers paged while a client keeps calling', 'every caller listed once across the pages', `pages: ${JSON.stringify(p1.callers.map((x) => x.client))} + ${JSON.stringify(p2.callers.map((x) => x.client))}; missing: ${['a', 'b', 'z'].filter((x) => !seen.includes(x))}`)
  }
  // 8. readThrough: copy write fails (KV 1 write/s per key) on upgrade, then rollback
  {
    const d1 = memoryPinStore()
    const kv = new Map<string, string>()
    let lastWrite = new Map<string, number>()
    let t = 0
    const kvStore = kvPinStore({
      get: async (k) => kv.get(k) ?? null,
      put: async (k, v) => { const last = lastWrite.get(k); if (last !== undefined && t - last < 1000) throw new Error('KV PUT failed: 429 Too Many Requests'); lastWrite.set(k, t); kv.set(k, v) },
    })
    const store = readThrough(d1, kvStore)
    const b = appWith(store, { cacheTtl: 0 })
    const id = await client.idOf('upgrader-key')
    await b.get('/api/things/1', { Authorization: 'Bearer upgrader-key' }) // pinned to 3
    t = 5000
    await b.pins.upgrade(id, '1')
    t = 5200
    // The fake clock stands still, so the retry a second later is refused too.
    const rolled = await b.pins.rollback(id).then((v) => `rolled back to ${v}`, (e: Error) => `rollback rejected: ${e.message}`)
    report('readThrough: rollback whose copy KV refuses twice', 'a loud answer, not a silently stale copy', rolled)
    t = 100_000
    const r = await b.get('/api/things/1', { Authorization: 'Bearer upgrader-key' })
    report('readThrough: rollback 200 ms after upgrade (KV 1 write/s per key)', 'answered in 3 (D1 holds 3) at least once the copy can be written', `answer ${r.text} D1=${JSON.stringify(await d1.get(id))} KV=${kv.get('pin:' + id)}`)
  }
  // 9. Usage rows include raw credential?
  console.log('unhandled rejections in total:', unhandledTotal)
  console.log('\nDONE', out.length, 'observations')
}
await main()
