// Validator probes: a recursive discriminated union (oneOf / anyOf whose members both recurse before the
// discriminator), uniqueItems of objects, long strings with pattern, big arrays, deep nesting.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const Doc = shape('Doc')
const combinator = process.env['COMB'] ?? 'oneOf'
const member = (kind: string) => ({ ...(process.env['FALLBACK'] ? { unevaluatedProperties: false } : {}), type: 'object', properties: { replies: { type: 'array', items: { $ref: '#/components/schemas/Comment' } }, kind: { const: kind }, text: { type: 'string' } }, required: ['kind'] })
const schemas = {
  Comment: { [combinator]: [member('text'), member('image')] },
  Doc: { type: 'object', properties: { title: { type: 'string', pattern: '^[a-z ]*$' }, root: { $ref: '#/components/schemas/Comment' }, set: { type: 'array', uniqueItems: !process.env['FALLBACK'] }, n: { type: 'array', items: { type: 'integer' } } } },
}
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Title.', [fieldRenamed(Doc, { older: 'name', newer: 'title' })])] }],
  bodies: { 'POST /docs': { request: Doc } },
  validation: requestValidation({ schemas }),
})
const app = new Hono()
app.onError((err, c) => (err instanceof HTTPException ? err.getResponse() : c.text(`500 ${err.message}`, 500)))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.post('/docs', (c) => c.json({ ok: true }))

async function send(label: string, body: string) {
  const t0 = performance.now()
  const res = await app.request('/docs', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body })
  const text = await res.text()
  console.log(`${label}: ${res.status} ${text.slice(0, 160)} (${text.length} chars) ${(performance.now() - t0).toFixed(0)} ms`)
}
for (const depth of [10, 14, 16, 18, 20]) {
  let c: unknown = { kind: 'image' }
  for (let i = 0; i < depth; i++) c = { replies: [c], kind: 'text' }
  await send(`${combinator} valid tree depth ${depth}`, JSON.stringify({ name: 'x', root: c }))
  let bad: unknown = { kind: 'video' }
  for (let i = 0; i < depth; i++) bad = { replies: [bad], kind: 'text' }
  await send(`${combinator} invalid tree depth ${depth}`, JSON.stringify({ name: 'x', root: bad }))
}
await send('uniqueItems 20k objects', JSON.stringify({ name: 'x', set: Array.from({ length: 20000 }, (_, i) => ({ a: i, b: [i, { c: i }] })) }))
await send('uniqueItems 20k equal-ish objects (same keys, diff order)', JSON.stringify({ name: 'x', set: Array.from({ length: 20000 }, (_, i) => ({ [`k${i}`]: 1, z: 2 })) }))
await send('pattern 900k', JSON.stringify({ name: `${'a'.repeat(900000)}!` }))
await send('1M ints (over maxBodySize?)', JSON.stringify({ name: 'x', n: Array.from({ length: 100000 }, () => 'x') }))
await send('deep 100k', `{"name":"x","root":${'['.repeat(100000)}${']'.repeat(100000)}}`)
