/** HEAD on an endless streamText route, head (2) and older (1): what the handler's loop does after the answer. */
import { Hono } from 'hono'
import { streamText } from 'hono/streaming'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person { id: number; fullName: string }
const Person = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /x': { items: Person } },
})
let writes = 0
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/x', (c) => streamText(c, async (s) => { for (let i = 0; i < 1e6 && !s.aborted; i++) { await s.write(`{"id":${i},"fullName":"A"}\n`); writes++ } }))
for (const v of ['2', '1']) {
  writes = 0
  const res = await app.request('/x', { method: 'HEAD', headers: { 'Api-Version': v } })
  await new Promise((r) => setTimeout(r, 300))
  console.log(`HEAD v${v}: ${res.status}, body ${res.body === null ? 'null' : 'a stream'}, content-type ${res.headers.get('content-type')}; the handler wrote ${writes} items in 300 ms after it, then waits on its next write`)
}
