// Drives a served probe app over HTTP: cancellation of an endless older stream, chunked POST with bodyLimit, gzip, Expect.
import http from 'node:http'
const port = Number(process.env.PORT)
const req = (opts, body) => new Promise((resolve) => {
  const r = http.request({ host: '127.0.0.1', port, ...opts }, (res) => { let d = ''; res.on('data', (c) => d += c); res.on('end', () => resolve(`${res.statusCode} ${d.slice(0, 160)}`)); res.on('error', (e) => resolve(`${res.statusCode} ERR ${e.message} ${d.slice(0,100)}`)) })
  r.on('error', (e) => resolve(`ERR ${e.message}`))
  if (body) for (const part of body) r.write(part)
  r.end()
})
// endless stream, older client, read a bit then destroy
await new Promise((resolve) => {
  const r = http.request({ host: '127.0.0.1', port, path: '/people.ndjson?mode=endless', headers: { 'Api-Version': '1' } }, (res) => {
    let n = 0
    res.on('data', (c) => { n += c.length; if (n > 100000) { r.destroy(); resolve() } })
  })
  r.end()
})
await new Promise((r) => setTimeout(r, 500))
console.log('cancel older:', await req({ path: '/probe-state' }))
const big = JSON.stringify({ name: 'A B', status: 'active', tags: Array.from({ length: 500 }, (_, i) => `t${i}`) })
console.log('chunked over bodyLimit v1:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, [big.slice(0, 1000), big.slice(1000)]))
console.log('chunked over bodyLimit v3:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '3', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, [big.slice(0, 1000), big.slice(1000)]))
console.log('chunked small v1:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, ['{"name":"A B",', '"status":"active"}']))
console.log('expect v1:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', Expect: '100-continue' } }, ['{"name":"A B","status":"active"}']))
console.log('empty v1:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'Content-Length': '0' } }))
console.log('CL lies (short) v1:', await req({ method: 'POST', path: '/people', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'Content-Length': '5' } }, ['{"name":"A B","status":"active"}']))
console.log('sse v1:', await req({ path: '/feed?mode=multiline&split=1', headers: { 'Api-Version': '1' } }))
console.log('HEAD ndjson v1:', await req({ method: 'HEAD', path: '/people.ndjson', headers: { 'Api-Version': '1' } }))
console.log('HEAD list v1:', await req({ method: 'HEAD', path: '/people', headers: { 'Api-Version': '1' } }))
process.exit(0)
