/**
 * A plain Hono app versioned by a path param that also writes a version in a
 * route's path (`app.get('/api/v1/special', ...)` beside
 * `/api/:version{v[0-9]+}/people/:id`): the server answers that route in v1
 * alone, so only v1's client has it; a version's name elsewhere in a path
 * (`/files/v1/readme`, not under `/api`) is only text (test/typed-client/written-versions.test.ts
 * and its `.test-d.ts`).
 */
import { Hono } from 'hono'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { URLPathVersioning } from '../../src/index.ts'

export interface Person {
  id: number
  fullName: string
}
const PersonShape = shape<Person>('Person')
export const writtenHistory = versionHistory({
  versions: [{ version: 'v1' }, { version: 'v2', changes: [change('People have a fullName instead of a name.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /api/:version{v[0-9]+}/people/:id': { response: PersonShape }, 'GET /api/v1/special': { response: PersonShape }, 'GET /api/v2/other': { response: PersonShape } },
})

/** The app: a route of every version, one written for v1, one for v2, and two with no version. */
export function writtenApp() {
  const base = new Hono()
  base.use('/api/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), changes: writtenHistory }))
  return base
    .get('/api/:version{v[0-9]+}/people/:id', (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada Lovelace' }))
    .get('/api/v1/special', (c) => c.json({ id: 1, fullName: 'Special' }))
    .get('/api/v2/other', (c) => c.json({ id: 2, fullName: 'Other' }))
    .get('/files/v1/readme', (c) => c.text('Read me.'))
    .get('/health', (c) => c.json({ ok: true }))
}
export type WrittenApp = ReturnType<typeof writtenApp>
