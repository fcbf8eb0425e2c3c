/**
 * contracts(): the lock of the plain app's released versions (0, 1, 2; head 3),
 * then changes: (a) an undeclared change to the head view (reaches the released
 * versions: must fail), (b) a change declared in the head (must pass),
 * (c) a change to the head's document only (the head is unreleased: must pass),
 * (d) a change to a released version's document through the head document
 * (a documented status added to an operation older versions serve: must fail).
 */
import { contracts } from '../../src/contracts/index.ts'
import { plainProbe, tableProbe } from './apps.ts'
import { HeaderVersioning } from '../../src/index.ts'

const requests = {
  list: (v: string) => new Request('http://people.test/people', { headers: { 'Api-Version': v } }),
  detail: (v: string) => new Request('http://people.test/people/1', { headers: { 'Api-Version': v } }),
  create: (v: string) => new Request('http://people.test/people', { method: 'POST', headers: { 'Api-Version': v, 'Content-Type': 'application/json' }, body: v === '3' ? '{"firstName":"A","lastName":"B","email":null,"role":"member"}' : v === '2' ? '{"fullName":"A B","email":null,"role":"member"}' : '{"name":"A B","role":"member"}' }),
  stream: (v: string) => new Request('http://people.test/people.ndjson', { headers: { 'Api-Version': v } }),
}
const base = plainProbe()
const frozen = contracts({ app: base.app, documents: base.documents, requests })
const lock = await frozen.record()
console.log('released', Object.keys(lock.released), 'head', frozen.head)
console.log('same code:', (await frozen.check(lock)).message.split('\n')[0])

// (a) the head view answers another field, undeclared: wrap the app.
const drift = { fetch: async (r: Request) => { const res = await base.app.fetch(r); if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return res; const body = await res.json() as Record<string, unknown>; if ('role' in body) { body['kind'] = body['role']; delete body['role'] } return Response.json(body, { status: res.status, headers: res.headers }) } }
const a = await contracts({ app: drift, documents: base.documents, requests }).check(lock)
console.log('(a) undeclared response drift:', a.ok, a.differences.map((d) => `${d.version} ${d.subject} ${d.path}`).slice(0, 6))

// (c)/(d): documents whose head document changes.
type Doc = ReturnType<typeof import('./api.ts').headDocument>
const variants: [string, (d: Doc) => void][] = [
  ['(c) head-only: avatar (v3 only) gets a 404 response', (d) => { (d.paths['/people/{id}/avatar'] as any).get.responses['404'] = { description: 'No avatar.' } }],
  ['(c2) head-only: Person gets a new optional field nickname, undeclared', (d) => { (d.components.schemas.Person.properties as any).nickname = { type: 'string' } }],
  ['(d) all versions: GET /people/{id} gets a 409 response', (d) => { (d.paths['/people/{id}'] as any).get.responses['409'] = { description: 'Conflict.' } }],
  ['(d2) all versions: Person.id becomes a string', (d) => { (d.components.schemas.Person.properties as any).id = { type: 'string' } }],
  ['(d3) all versions: a new summary on GET /search', (d) => { (d.paths['/search'] as any).get.summary = 'Search.' }],
  ['(d4) the NewPerson request schema gets maxLength on lastName (v3 has it; older versions derive it? lastName is v3-only)', (d) => { (d.components.schemas.NewPerson.properties as any).lastName = { type: 'string', maxLength: 5 } }],
  ['(d5) NewPerson.role enum gets a new value "guest" undeclared', (d) => { (d.components.schemas.NewPerson.properties as any).role = { type: 'string', enum: ['member', 'admin', 'owner', 'guest'] } }],
]
for (const [label, mutate] of variants) {
  const p = plainProbe(undefined, mutate)
  const r = await contracts({ app: p.app, documents: p.documents, requests }).check(lock)
  console.log(label, '->', r.ok ? 'PASS' : 'FAIL', r.differences.map((d) => `${d.version} ${d.subject} ${d.path}`).slice(0, 8))
}
process.exit(0)
