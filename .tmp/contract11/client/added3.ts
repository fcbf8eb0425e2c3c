import { Hono } from 'hono'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { change, routeAdded, routeRemoved, versionHistory } from '../../../src/changes/index.ts'
import { versionedClient } from '../../../src/typed-client/index.ts'

const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('x', [routeRemoved('GET /old')])] }, { version: '3', changes: [change('Avatars.', [routeAdded('GET /people/:id/avatar')])] }],
})
const base = new Hono()
base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
const app = base.get('/people/:id', (c) => c.json({ id: 1 })).get('/people/:id/avatar', (c) => c.json({ url: 'u' })).get('/old', (c) => c.json({}))
const api = versionedClient<typeof app, typeof history>('http://x.test', { scheme: { in: 'header', name: 'Api-Version' } })
// @ts-expect-error no avatar in 1
void api('1').people[':id'].avatar
// @ts-expect-error no avatar in 2
void api('2').people[':id'].avatar
void api('3').people[':id'].avatar
void api('1').old
// @ts-expect-error no old in 2
void api('2').old
// @ts-expect-error no old in 3
void api('3').old
