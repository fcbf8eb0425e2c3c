/**
 * Byte ranges on a migrated route: a handler answering 206 with a Content-Range of the head's bytes (whole lines,
 * and cut mid-item), and a 200 that advertises Accept-Ranges. In process, Node/Bun/Deno.
 */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /x': { items: Person }, 'GET /one': { response: Person } },
})
const whole = '{"id":1,"fullName":"Ada"}\n{"id":2,"fullName":"Grace"}\n'
const app = new Hono()
app.onError((e, c) => c.text(`onError: ${e.message}`, 500))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
function ranged(text: string, type: string) {
  return (c: import('hono').Context) => {
    const m = /^bytes=(\d+)-(\d+)$/.exec(c.req.header('Range') ?? '')
    if (m === null) return c.body(text, 200, { 'Content-Type': type, 'Accept-Ranges': 'bytes' })
    const [from, to] = [Number(m[1]), Number(m[2])]
    return c.body(text.slice(from, to + 1), 206, { 'Content-Type': type, 'Content-Range': `bytes ${from}-${to}/${text.length}` })
  }
}
app.get('/x', ranged(whole, 'application/x-ndjson'))
app.get('/one', ranged('{"id":1,"fullName":"Ada"}', 'application/json'))
for (const [path, range] of [['/x', ''], ['/x', 'bytes=26-55'], ['/x', 'bytes=0-10'], ['/one', ''], ['/one', 'bytes=0-24']] as const) {
  for (const v of ['2', '1']) {
    const res = await app.request(path, { headers: { 'Api-Version': v, ...(range ? { Range: range } : {}) } })
    let text: string
    try { text = await res.text() } catch (e) { text = `(read) ERROR ${e}` }
    console.log(`${path} ${range || '(no Range)'} v${v}: ${res.status} accept-ranges=${res.headers.get('accept-ranges')} content-range=${res.headers.get('content-range')} ${JSON.stringify(text).slice(0, 200)}`)
  }
}
