// More probes: nested partial bodies, proto keys, deep non-shape values, Content-Length, cookies, upstream errors.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldAdded, fieldRenamed, fieldChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Address { city: string; country: string }
interface Person { id: number; fullName: string; address: Address; meta?: unknown }
const Address = shape<Address>('Address')
const Person = shape<Person>('Person', { nested: { address: Address } })
const Prefs = shape('Prefs')

const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('Addresses have a country.', [fieldAdded(Address, 'country', { default: 'UK' })]),
        change('Cities upper.', [fieldChanged(Address, 'city', { down: (c: string) => c.toLowerCase(), up: (c: string) => c.toUpperCase() })]),
        change('Theme values.', [fieldAdded(Prefs, 'theme')]),
      ],
    },
  ],
  bodies: {
    'PATCH /people/:id': { request: Person, response: Person },
    'POST /people': { request: Person, response: Person },
    'GET /people/:id': { response: Person },
    'GET /stream': { items: Person },
  },
  validation: requestValidation({
    schemas: { Prefs: { type: 'object', properties: { lang: { type: 'string' }, theme: { type: 'string' } }, ...(process.env['CLOSED'] ? { additionalProperties: false } : {}) } },
    parameters: { 'GET /prefs': { cookies: Prefs, headers: Prefs } },
  }),
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const app = new Hono()
const errors: string[] = []
app.onError((err, c) => { if (err instanceof HTTPException) return err.getResponse(); errors.push(String(err?.message ?? err).slice(0, 200)); return c.text('onError 500', 500) })
app.use('*', versionMiddleware({ scheme, changes: history }))
let got: unknown
app.patch('/people/:id', async (c) => { got = await c.req.json(); return c.json({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } }) })
app.post('/people', async (c) => { const b = await c.req.json(); got = { body: b, protoCategory: (b as { country?: string }).country, keys: Object.keys(b), proto: Object.getPrototypeOf(b) === Object.prototype }; return c.json(b as Person, 201) })
let deep: unknown = 1
for (let i = 0; i < Number(process.env['DEPTH'] ?? 5000); i++) deep = { d: deep }
app.get('/people/:id', (c) => {
  const m = c.req.param('id')
  if (m === 'deep') return c.json({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' }, meta: deep } as Person)
  if (m === 'proto') return c.json(JSON.parse('{"id":1,"fullName":"A","address":{"city":"X","country":"UK","__proto__":{"x":1}},"__proto__":{"fullName":"EVIL"}}'))
  if (m === 'cl') return c.body(JSON.stringify({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } }), 200, { 'Content-Type': 'application/json', 'Content-Length': '51' })
  if (m === 'digest') return c.body(JSON.stringify({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } }), 200, { 'Content-Type': 'application/json', 'Content-MD5': 'abc', 'Content-Digest': 'sha-256=:abc=:' })
  if (m === 'lastmod') return c.json({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } }, 200, { 'Last-Modified': 'Wed, 21 Oct 2015 07:28:00 GMT' })
  if (m === 'range') return c.body(JSON.stringify({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } }).slice(0, 10), 206, { 'Content-Type': 'application/json', 'Content-Range': 'bytes 0-9/60' })
  return c.json({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' } })
})
app.get('/stream', (c) => {
  const m = c.req.query('m')
  const enc = new TextEncoder()
  return c.body(new ReadableStream({
    start(ctrl) {
      if (m === 'error-mid-item') { ctrl.enqueue(enc.encode('{"id":1,"fullName":"A","address":{"city":"X","country":"UK"}}\n{"id":2,"fullName":"B"')); ctrl.error(new Error('db went away')); return }
      if (m === 'truncated') { ctrl.enqueue(enc.encode('{"id":1,"fullName":"A","address":{"city":"X","country":"UK"}}\n{"id":2,"fullName":"B"')); ctrl.close(); return }
      if (m === 'deep') { ctrl.enqueue(enc.encode(`${JSON.stringify({ id: 1, fullName: 'A', address: { city: 'X', country: 'UK' }, meta: deep })}\n`)); ctrl.close(); return }
      if (m === 'proto') { ctrl.enqueue(enc.encode('{"id":1,"fullName":"A","__proto__":{"fullName":"EVIL"},"address":{"city":"X","country":"UK"}}\n')); ctrl.close(); return }
      ctrl.close()
    },
  }), 200, { 'Content-Type': 'application/x-ndjson' })
})
app.get('/prefs', (c) => c.json({ cookie: c.req.header('cookie') ?? null, theme: c.req.header('theme') ?? null }))

async function show(label: string, path: string, version: string, init: RequestInit = {}) {
  errors.length = 0; got = undefined
  const headers = new Headers(init.headers); headers.set('Api-Version', version)
  let out: string
  try {
    const res = await app.request(path, { ...init, headers })
    let body: string
    try { body = await res.text() } catch (e) { body = `<body error: ${String((e as Error).message).slice(0, 200)}>` }
    const h = [...res.headers].map(([k, v]) => `${k}=${v}`).join(' ')
    out = `${res.status} [${h}] ${JSON.stringify(body.slice(0, 300))}${body.length > 300 ? `…(${body.length})` : ''}`
  } catch (e) { out = `THREW ${(e as Error).message.slice(0, 200)}` }
  console.log(`${label} v${version}: ${out}${got !== undefined ? ` handler got ${JSON.stringify(got).slice(0, 300)}` : ''}${errors.length ? `  onError: ${errors.join(' | ')}` : ''}`)
}
const patch = (b: unknown) => ({ method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: JSON.stringify(b) })
await show('PATCH nested partial', '/people/1', '1', patch({ address: { city: 'paris' } }))
await show('PATCH nested null', '/people/1', '1', patch({ address: null }))
await show('PATCH nested city null', '/people/1', '1', patch({ address: { city: null } }))
await show('PATCH nested empty', '/people/1', '1', patch({ address: {} }))
await show('PATCH nested country (v1 has none)', '/people/1', '1', patch({ address: { country: 'FR' } }))
await show('POST nested full', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'A', address: { city: 'paris' } }) })
await show('POST __proto__ address', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"A","address":{"city":"paris","__proto__":{"country":"EVIL"}},"__proto__":{"fullName":"EVIL2"}}' })
await show('POST __proto__ head', '/people', '2', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"fullName":"A","address":{"city":"paris"},"__proto__":{"x":1}}' })
await show('GET deep meta', '/people/deep', '1')
await show('GET deep meta head', '/people/deep', '2')
await show('GET proto', '/people/proto', '1')
await show('GET proto head', '/people/proto', '2')
await show('GET explicit content-length', '/people/cl', '1')
await show('GET digest', '/people/digest', '1')
await show('GET last-modified', '/people/lastmod', '1', { headers: { 'If-Modified-Since': 'Wed, 21 Oct 2015 07:28:00 GMT' } })
await show('GET 206 range', '/people/range', '1')
await show('GET 206 range head', '/people/range', '2')
await show('HEAD', '/people/1', '1', { method: 'HEAD' })
await show('HEAD head', '/people/1', '2', { method: 'HEAD' })
await show('stream error mid item', '/stream?m=error-mid-item', '1')
await show('stream error mid item head', '/stream?m=error-mid-item', '2')
await show('stream truncated', '/stream?m=truncated', '1')
await show('stream deep', '/stream?m=deep', '1')
await show('stream proto', '/stream?m=proto', '1')
await show('cookie bad percent', '/prefs', '1', { headers: { Cookie: 'lang=%ZZ; theme=%E0%A4%A' } })
await show('cookie theme v1 (not in v1)', '/prefs', '1', { headers: { Cookie: 'theme=dark' } })
await show('header theme v1 (not in v1)', '/prefs', '1', { headers: { theme: 'dark' } })
await show('cookie huge', '/prefs', '1', { headers: { Cookie: `lang=${'a'.repeat(100000)}` } })
await show('cookie many', '/prefs', '1', { headers: { Cookie: Array.from({ length: 20000 }, (_, i) => `c${i}=1`).join('; ') } })
await show('cookie quoted', '/prefs', '1', { headers: { Cookie: 'lang="en"' } })
