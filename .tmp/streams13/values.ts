/** Item values that JSON.parse and a copy may treat differently: what head and older clients read, streamed and buffered. */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /x': { items: Person }, 'GET /j': { response: Person } },
})
let body = ''
const app = new Hono()
app.onError((e, c) => c.text(`onError: ${e.message}`, 500))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/x', (c) => c.body(`${body}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
app.get('/j', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }))
for (const item of ['{"__proto__":{"admin":true},"id":1,"fullName":"A"}', '{"id":-0,"fullName":"A","x":1.50}', '{"id":1,"fullName":"\\ud800"}', '{"id":1,"fullName":"A","fullName":"B"}', '{"id":1,"fullName":"A","name":"clash"}']) {
  body = item
  console.log(`\n${item}`)
  for (const p of ['/x', '/j']) for (const v of ['2', '1']) {
    const r = await app.request(p, { headers: { 'Api-Version': v } })
    console.log(`  ${p} v${v}: ${r.status} ${(await r.text().catch((e) => `ERROR ${e}`)).trim()}`)
  }
}
