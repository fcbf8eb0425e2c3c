// Probe 7: Hono middlewares that touch bodies (compress, etag, cache-like) beside version changes, on an older version.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { HeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { check, res, report } from './harness.ts'

const url = 'https://api.example.com'
interface User { id: number; fullName: string }
const UserShape = shape<User>('User')
const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' })])] }], bodies: { 'GET /users/:id': { response: UserShape } } })
const tableHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' })])] }], bodies: { 'user-detail': { response: UserShape } } })
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const big = 'x'.repeat(2000)
const gz = async (r: Response) => {
  if (r.headers.get('content-encoding') === 'gzip') return await new Response(r.body!.pipeThrough(new DecompressionStream('gzip'))).text()
  return await r.text()
}
for (const order of ['compress-outer', 'compress-inner'] as const) {
  const app = new Hono()
  if (order === 'compress-outer') app.use('*', compress())
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  if (order === 'compress-inner') app.use('*', compress())
  app.get('/users/:id', (c) => c.json({ id: 1, fullName: big }))
  await check(`${order}: older client gets old shape`, async () => {
    const r = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1', 'Accept-Encoding': 'gzip' } })
    const text = await gz(r)
    return [[r.status, Object.keys(JSON.parse(text))], [200, ['id', 'name']]]
  })
}
for (const order of ['etag-outer', 'etag-inner'] as const) {
  const app = new Hono()
  if (order === 'etag-outer') app.use('*', etag())
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  if (order === 'etag-inner') app.use('*', etag())
  app.get('/users/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
  await check(`${order}: etag differs per version; 304 on match per version`, async () => {
    const a = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1' } })
    const b = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '2' } })
    const ta = a.headers.get('etag'); const tb = b.headers.get('etag')
    const c304 = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1', 'If-None-Match': ta ?? '' } })
    const cross = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1', 'If-None-Match': tb ?? '' } })
    return [[ta !== tb, c304.status, cross.status, await a.text()], [true, 304, 200, '{"id":1,"name":"Ada"}']]
  })
}
// A middleware-level cache inside the versioning (stores the first answer, replays it)
{
  const store = new Map<string, Response>()
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.use('*', async (c, next) => {
    const key = c.req.url + '|' + c.var.version
    const hit = store.get(key)
    if (hit) { c.res = hit.clone(); return }
    await next()
    store.set(key, c.res.clone())
  })
  app.get('/users/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
  await check('inner cache: older version replay not migrated twice', async () => {
    const a = await (await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1' } })).text()
    const b = await (await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1' } })).text()
    return [[a, b], ['{"id":1,"name":"Ada"}', '{"id":1,"name":"Ada"}']]
  })
}
// HEAD on an older version with changes; HTTPException thrown with a JSON body on older version
{
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.get('/users/:id', (c) => { if (c.req.param('id') === '0') throw new HTTPException(404, { res: Response.json({ detail: 'no user' }, { status: 404 }) }); return c.json({ id: 1, fullName: 'Ada' }) })
  await check('HEAD older version', async () => [await res(await app.request(`${url}/users/1`, { method: 'HEAD', headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [200, '']])
  await check('HTTPException with JSON res on older version passes', async () => [await res(await app.request(`${url}/users/0`, { headers: { 'Api-Version': '1' } })).then((r) => [r.status, r.body]), [404, '{"detail":"no user"}']])
  await check('405-ish: POST on GET route plain -> Hono 404', async () => [await res(await app.request(`${url}/users/1`, { method: 'POST', headers: { 'Api-Version': '1' } })).then((r) => [r.status]), [404]])
}
// Table route: compress inner with table
{
  const versioning = apiVersioning({ scheme: scheme(), routes: defineRoutes([route('user-detail', '/users/:id')]), changes: tableHistory, origin: url })
  const app = new Hono()
  app.use('*', versioning)
  app.use('*', compress())
  mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ id: 1, fullName: big }) })
  await check('table + compress inner: older shape', async () => {
    const r = await app.request(`${url}/users/1`, { headers: { 'Api-Version': '1', 'Accept-Encoding': 'gzip' } })
    return [[r.status, Object.keys(JSON.parse(await gz(r)))], [200, ['id', 'name']]]
  })
}
report('p7-body-middlewares')
