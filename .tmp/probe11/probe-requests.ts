import { HTTPException } from 'hono/http-exception'
// Request-side probes, in process (app.request). Run: node / bun / deno run -A
import { makeApp, probeState } from './app.ts'

const app = makeApp()
const limited = makeApp({ bodyLimitInRoute: 1000 })
const errors: string[] = []
for (const a of [app, limited]) a.onError((err, c) => { if (err instanceof HTTPException) return err.getResponse(); errors.push(String(err?.message ?? err).slice(0, 200)); return c.text('onError 500', 500) })

async function show(label: string, path: string, version: string, init: RequestInit & { duplex?: 'half' } = {}, target = app) {
  errors.length = 0
  probeState.lastBody = undefined
  probeState.lastQuery = undefined
  const headers = new Headers(init.headers)
  headers.set('Api-Version', version)
  let out: string
  const t0 = performance.now()
  try {
    const res = await target.request(path, { ...init, headers })
    let body: string
    try { body = await res.text() } catch (e) { body = `<body error: ${String((e as Error).message).slice(0, 160)}>` }
    out = `${res.status} ${JSON.stringify(body.slice(0, 260))}${body.length > 260 ? `…(${body.length})` : ''}`
  } catch (e) {
    out = `THREW ${(e as Error).message.slice(0, 200)}`
  }
  const ms = (performance.now() - t0).toFixed(0)
  const seen = probeState.lastBody !== undefined ? ` handler got ${JSON.stringify(probeState.lastBody).slice(0, 200)}` : ''
  const q = probeState.lastQuery !== undefined ? ` query ${JSON.stringify(probeState.lastQuery)}` : ''
  console.log(`${label} v${version}: ${out}${seen}${q} (${ms} ms)${errors.length ? `  onError: ${errors.join(' | ')}` : ''}`)
}
const json = (body: unknown, ct = 'application/json') => ({ method: 'POST', headers: { 'Content-Type': ct }, body: typeof body === 'string' ? body : JSON.stringify(body) })
const patch = (body: unknown, ct = 'application/merge-patch+json') => ({ method: 'PATCH', headers: { 'Content-Type': ct }, body: typeof body === 'string' ? body : JSON.stringify(body) })

const v1person = { name: 'Ada Lovelace', status: 'active', tags: ['x'] }
const v2person = { fullName: 'Ada Lovelace', category: 'math', status: 'active', tags: ['x'] }
await show('POST full', '/people', '1', json(v1person))
await show('POST full', '/people', '2', json(v2person))
await show('POST preorder (not in v2)', '/people', '2', json({ ...v2person, status: 'preorder' }))
await show('POST v1 with head field', '/people', '1', json({ ...v1person, first_name: 'X' }))
await show('POST v1 with category', '/people', '1', json({ ...v1person, category: 'x' }))
await show('POST null name', '/people', '1', json({ ...v1person, name: null }))
await show('POST name number', '/people', '1', json({ ...v1person, name: 5 }))
await show('POST name single word', '/people', '2', json({ ...v2person, fullName: 'Ada' }))
await show('POST empty', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' })
await show('POST empty head', '/people', '3', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' })
await show('POST whitespace', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '  \n' })
await show('POST no body no ct', '/people', '1', { method: 'POST' })
await show('POST ct caps', '/people', '1', json(v1person, 'Application/JSON; Charset=UTF-8'))
await show('POST ct utf-16', '/people', '1', json(v1person, 'application/json; charset=utf-16'))
await show('POST ct utf-16 head', '/people', '3', json({ first_name: 'Ada', last_name: 'L', category: 'c', status: 'active' }, 'application/json; charset=utf-16'))
{
  // a real UTF-16LE body
  const text = JSON.stringify(v1person)
  const buf = new Uint8Array(text.length * 2 + 2); buf[0] = 0xff; buf[1] = 0xfe
  for (let i = 0; i < text.length; i++) { buf[2 + i * 2] = text.charCodeAt(i); buf[3 + i * 2] = 0 }
  await show('POST real utf-16le', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-16' }, body: buf })
}
await show('POST BOM', '/people', '1', json(`\uFEFF${JSON.stringify(v1person)}`))
await show('POST BOM head', '/people', '3', json(`\uFEFF${JSON.stringify({ first_name: 'Ada', last_name: 'L', category: 'c', status: 'active' })}`))
await show('POST text/json', '/people', '1', json(v1person, 'text/json'))
await show('POST vnd+json', '/people', '1', json(v1person, 'application/vnd.api+json'))
await show('POST ct ws', '/people', '1', json(v1person, ' application/json '))
await show('POST ct no subtype', '/people', '1', json(v1person, 'application'))
await show('POST array', '/people', '1', json([v1person]))
await show('POST scalar', '/people', '1', json('"x"'))
await show('POST null', '/people', '1', json('null'))
await show('POST __proto__', '/people', '1', json('{"name":"A B","status":"active","__proto__":{"admin":true}}'))
await show('POST constructor', '/people', '1', json('{"name":"A B","status":"active","constructor":{"prototype":{"x":1}}}'))
await show('POST dup keys', '/people', '1', json('{"name":"A B","status":"active","name":"C D"}'))
{
  // gzip request
  const cs = new CompressionStream('gzip')
  const gz = new Uint8Array(await new Response(new Blob([JSON.stringify(v1person)]).stream().pipeThrough(cs)).arrayBuffer())
  await show('POST gzip', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gz })
  await show('POST gzip head', '/people', '3', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gz })
}
await show('POST expect', '/people', '1', { ...json(v1person), headers: { 'Content-Type': 'application/json', Expect: '100-continue' } })
await show('POST huge header', '/people', '1', { ...json(v1person), headers: { 'Content-Type': 'application/json', 'X-Big': 'a'.repeat(1 << 20) } })
await show('POST huge ct', '/people', '1', { ...json(v1person), headers: { 'Content-Type': `application/json; ${'a=b; '.repeat(100000)}` } })
// chunked + bodyLimit in route
const chunked = (text: string, chunk = 100) => {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream<Uint8Array>({ start(c) { for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.slice(i, i + chunk)); c.close() } })
}
await show('POST chunked bodyLimit small', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked(JSON.stringify(v1person)), duplex: 'half' }, limited)
await show('POST chunked bodyLimit big', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked(JSON.stringify({ ...v1person, tags: Array.from({ length: 500 }, (_, i) => `t${i}`) })), duplex: 'half' }, limited)
await show('POST chunked bodyLimit big head', '/people', '3', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked(JSON.stringify({ first_name: 'Ada', last_name: 'L', category: 'c', status: 'active', tags: Array.from({ length: 500 }, (_, i) => `t${i}`) })), duplex: 'half' }, limited)
await show('POST chunked bodyLimit migrated grows', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked(JSON.stringify({ name: `${'a'.repeat(400)} ${'b'.repeat(400)}`, status: 'active' })), duplex: 'half' }, limited)
await show('POST erroring stream', '/people', '1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{"name":')); c.error(new Error('client went away')) } }), duplex: 'half' })
await show('POST erroring stream head', '/people', '3', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{"name":')); c.error(new Error('client went away')) } }), duplex: 'half' })
// PUT
await show('PUT v1', '/people/1', '1', { ...json(v1person), method: 'PUT' })
await show('PUT v1 empty', '/people/1', '1', { method: 'PUT', headers: { 'Content-Type': 'application/json' } })
// PATCH
await show('PATCH null name', '/people/1', '1', patch({ name: null }))
await show('PATCH name', '/people/1', '1', patch({ name: 'Ada King' }))
await show('PATCH name', '/people/1', '2', patch({ fullName: 'Ada King' }))
await show('PATCH status', '/people/1', '2', patch({ status: 'archived' }))
await show('PATCH status preorder (v2)', '/people/1', '2', patch({ status: 'preorder' }))
await show('PATCH tags', '/people/1', '1', patch({ tags: ['a', 'a'] }))
await show('PATCH empty object', '/people/1', '1', patch({}))
await show('PATCH category v1', '/people/1', '1', patch({ category: 'x' }))
await show('PATCH json', '/people/1', '1', patch({ name: 'Ada King' }, 'application/json'))
await show('PATCH null body', '/people/1', '1', patch('null'))
await show('PATCH array body', '/people/1', '1', patch('[1]'))
await show('PATCH json-patch', '/people/1', '1', patch([{ op: 'replace', path: '/name', value: 'x' }], 'application/json-patch+json'))
await show('PATCH urlencoded', '/people/1', '1', { method: 'PATCH', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Ada+King&tags=a&tags=b' })
await show('PATCH urlencoded', '/people/1', '2', { method: 'PATCH', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'fullName=Ada+King&category=x' })
await show('PATCH urlencoded first_name (head name, v1)', '/people/1', '1', { method: 'PATCH', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'first_name=Evil' })
// Forms
await show('FORM urlencoded', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Ada+Lovelace&status=active&tags=a&tags=b' })
await show('FORM urlencoded repeated name', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Ada+Lovelace&name=Bob+Smith&status=active' })
await show('FORM urlencoded head field v1', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Ada+Lovelace&first_name=Evil&last_name=X' })
await show('FORM urlencoded caps ct', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' }, body: 'name=Ada+Lovelace' })
await show('FORM urlencoded status preorder v2', '/people/form', '2', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'fullName=Ada+Lovelace&status=preorder' })
await show('FORM urlencoded no name v1', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'status=active' })
{
  const fd = new FormData(); fd.append('name', 'Ada Lovelace'); fd.append('tags', 'a'); fd.append('tags', 'b'); fd.append('avatar', new File(['xyz'], 'a.png', { type: 'image/png' }))
  await show('FORM multipart file', '/people/form', '1', { method: 'POST', body: fd })
  const fd2 = new FormData(); fd2.append('name', new File(['xyz'], 'name.txt'))
  await show('FORM multipart file in renamed/split field', '/people/form', '1', { method: 'POST', body: fd2 })
  const fd3 = new FormData(); fd3.append('__proto__', 'x'); fd3.append('name', 'A B')
  await show('FORM multipart __proto__', '/people/form', '1', { method: 'POST', body: fd3 })
}
await show('FORM multipart bad boundary', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' }, body: '--ABC\r\nContent-Disposition: form-data; name="name"\r\n\r\nA B\r\n--ABC--\r\n' })
await show('FORM multipart no close', '/people/form', '1', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nA B\r\n' })
await show('FORM multipart head bad boundary', '/people/form', '3', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' }, body: '--ABC\r\n\r\n' })
await show('FORM json on form route', '/people/form', '1', json(v1person))
// query
await show('GET q', '/people?q=ada', '1')
await show('GET search (head name) v1', '/people?search=ada', '1')
await show('GET q and search v1', '/people?q=ada&search=evil', '1')
await show('GET status preorder v2', '/people?status=preorder', '2')
await show('GET status preorder v3', '/people?status=preorder', '3')
await show('GET page x v1', '/people?page=x', '1')
await show('GET repeated q', '/people?q=a&q=b', '1')
await show('GET q huge', `/people?q=${'a'.repeat(100000)}`, '1')
await show('GET many params', `/people?${Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join('&')}`, '1')
await show('GET key markup', `/people?${encodeURIComponent('<img src=x>')}=1`, '1')
await show('GET q encoded', '/people?%71=ada', '1')
await show('GET Q caps', '/people?Q=ada', '1')
