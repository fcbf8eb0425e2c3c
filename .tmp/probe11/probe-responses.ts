import { HTTPException } from 'hono/http-exception'
// Response-side probes, in process (app.request). Run: node / bun / deno run -A
import { makeApp, history, probeState } from './app.ts'

const app = makeApp()
const errors: string[] = []
app.onError((err, c) => { if (err instanceof HTTPException) return err.getResponse(); errors.push(String(err?.message ?? err).slice(0, 200)); return c.text('onError 500', 500) })

async function show(label: string, path: string, version: string, init: RequestInit = {}) {
  errors.length = 0
  const headers = new Headers(init.headers)
  headers.set('Api-Version', version)
  let out: string
  try {
    const res = await app.request(path, { ...init, headers })
    let body: string
    try { body = await res.text() } catch (e) { body = `<body error: ${String((e as Error).message).slice(0, 160)}>` }
    const h = [...res.headers].filter(([k]) => !['content-length'].includes(k)).map(([k, v]) => `${k}=${v}`).join(' ')
    out = `${res.status} [${h}] ${JSON.stringify(body.slice(0, 300))}`
  } catch (e) {
    out = `THREW ${(e as Error).message.slice(0, 200)}`
  }
  console.log(`${label} v${version}: ${out}${errors.length ? `  onError: ${errors.join(' | ')}` : ''}`)
}

const feedModes = ['multiline', 'crlf', 'cr', 'comment', 'bom', 'nofinal', 'nofinal1', 'nospace', 'datafield', 'twospace', 'colon_in_field', 'tabs']
for (const m of feedModes) {
  await show(`sse ${m}`, `/feed?mode=${m}`, '1')
  await show(`sse ${m} split`, `/feed?mode=${m}&split=1`, '1')
}
for (const m of ['plain', 'crlf', 'bom', 'bytes', 'throw', 'whitespace', 'cr', 'null']) await show(`ndjson ${m}`, `/people.ndjson?mode=${m}`, '1')
await show('ndjson head', '/people.ndjson?mode=plain', '3')
for (const m of ['null', '204', '304', 'json204', 'emptyjson', 'newresponse', 'ctparams', 'problem', 'vnd', 'bomjson', 'utf16', 'blob', 'arraybuffer', 'redirect', 'responsejson']) {
  await show(`empty ${m}`, `/empty?mode=${m}`, '1')
}
await show('empty bomjson head', `/empty?mode=bomjson`, '3')
await show('HEAD empty', '/empty', '1', { method: 'HEAD' })
await show('HEAD ndjson', '/people.ndjson', '1', { method: 'HEAD' })
await show('text', '/text', '1')
await show('nostatus', '/nostatus', '1')
await show('csv', '/csv', '1')
await show('list', '/people', '1')
await show('list v2', '/people', '2')
await show('raw json-seq', `/raw?type=application/json-seq&body=${encodeURIComponent(`\x1e${JSON.stringify({ id: 1, first_name: 'A', last_name: 'B', category: 'c', status: 'preorder', tags: [] })}\n`)}`, '1')
await show('raw ndjson ct params', `/raw?type=${encodeURIComponent('Application/X-NDJSON; charset=utf-8')}`, '1')
await show('raw ndjson no ct', `/raw?type=`, '1')
await show('raw sse caps', `/raw?type=${encodeURIComponent('Text/Event-Stream')}&body=${encodeURIComponent(`data: ${JSON.stringify({ id: 1, first_name: 'A', last_name: 'B', category: 'c', status: 'preorder', tags: [] })}\n\n`)}`, '1')
await show('raw json on items route', `/raw?type=application/json`, '1')
await show('raw text/plain items', `/raw?type=text/plain`, '1')
// etag
const e3 = await app.request('/etag', { headers: { 'Api-Version': '3' } })
const e1 = await app.request('/etag', { headers: { 'Api-Version': '1' } })
console.log('etag v3', e3.headers.get('etag'), 'v1', e1.headers.get('etag'))
await show('etag v1 with v3 tag', '/etag', '1', { headers: { 'If-None-Match': e3.headers.get('etag')! } })
await show('etag v1 with own tag', '/etag', '1', { headers: { 'If-None-Match': e1.headers.get('etag')! } })
await show('etag v1 star', '/etag', '1', { headers: { 'If-None-Match': '*' } })
await show('etag v1 list', '/etag', '1', { headers: { 'If-None-Match': `"x", ${e1.headers.get('etag')}` } })
await show('etag v1 weak own', '/etag', '1', { headers: { 'If-None-Match': `W/${e1.headers.get('etag')}` } })
await show('etag v3 with v1 tag', '/etag', '3', { headers: { 'If-None-Match': e1.headers.get('etag')! } })
const appOut = makeApp({ etagOutside: true })
for (const v of ['1', '3']) {
  const r = await appOut.request('/etag', { headers: { 'Api-Version': v } })
  console.log('outside etag', v, r.status, r.headers.get('etag'))
}
const o3 = (await appOut.request('/etag', { headers: { 'Api-Version': '3' } })).headers.get('etag')!
const r = await appOut.request('/etag', { headers: { 'Api-Version': '1', 'If-None-Match': o3 } })
console.log('outside etag v1 with v3 tag', r.status)
console.log('cancelled so far', probeState.cancelled)
// cancellation
{
  const res = await app.request('/people.ndjson?mode=endless', { headers: { 'Api-Version': '1' } })
  const reader = res.body!.getReader()
  await reader.read(); await reader.read()
  await reader.cancel()
  await new Promise((r) => setTimeout(r, 50))
  console.log('after cancel v1, upstream aborted count', probeState.cancelled)
}
void history
