// c.json with values JSON reads in its own way (Date, Map, Set, toJSON, undefined, NaN, -0, getters, sparse arrays,
// a boxed string), head against older: the older client's body must be the head's JSON, migrated.
import { Hono } from 'hono'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
const Thing = shape<{ title: string; extra: unknown }>('Thing')
const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('t', [fieldRenamed(Thing, { older: 'name', newer: 'title' })])] }], bodies: { 'GET /t': { response: [Thing] } } })
const app = new Hono()
app.onError((e, c) => c.text(`500 ${e.message}`, 500))
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
class Row { title: string; secret = 's'; constructor(title: string) { this.title = title } toJSON() { return { title: this.title } } }
const proto = Object.create({ inherited: 1 }); proto.title = 'P'
const sparse: unknown[] = []; sparse[2] = 'x'
const values = [
  { title: 'A', extra: new Date(0) }, { title: 'B', extra: new Map([[1, 2]]) }, { title: 'C', extra: new Set([1]) }, new Row('D'),
  { title: 'E', extra: undefined }, { title: 'F', extra: NaN }, { title: 'G', extra: -0 }, proto, { title: 'H', extra: sparse },
  { title: new String('I') as unknown as string, extra: Infinity }, { get title() { return 'J' }, extra: null }, { title: 'K', extra: { toJSON: () => undefined } },
]
app.get('/t', (c) => c.json(values as never))
const head = JSON.parse(await (await app.request('/t', { headers: { 'Api-Version': '2' } })).text())
const older = JSON.parse(await (await app.request('/t', { headers: { 'Api-Version': '1' } })).text())
const rename = (o: Record<string, unknown>) => { const { title, ...rest } = o; return title === undefined ? rest : { ...rest, name: title } }
const expected = head.map(rename)
console.log(JSON.stringify(older) === JSON.stringify(expected) ? 'older = head migrated' : `DIFFER\n${JSON.stringify(older)}\n${JSON.stringify(expected)}`)
