// Probe (not committed as a suite): hono/cache on workerd beside the versioning middleware.
import { Hono } from 'hono'
import { cache } from 'hono/cache'
import { describe, expect, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'

interface User { id: number; fullName: string }
const UserShape = shape<User>('User')
const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('fullName', [fieldRenamed(UserShape, { older: 'name', newer: 'fullName' })])] }], bodies: { 'GET /users/:id': { response: UserShape } } })
describe('probe', () => {
  it('cache outer', async () => {
    if (typeof caches === 'undefined') return
    for (const order of ['outer', 'inner']) {
      const app = new Hono()
      if (order === 'outer') app.use('*', cache({ cacheName: 'probe-' + order, cacheControl: 'max-age=60', wait: true }))
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
      if (order === 'inner') app.use('*', cache({ cacheName: 'probe-' + order, cacheControl: 'max-age=60', wait: true }))
      app.get('/users/:id', (c) => c.json({ id: 1, fullName: 'Ada' }))
      const url = `https://api.example.com/users/${order}`
      const a = await app.request(url, { headers: { 'Api-Version': '1' } })
      const at = await a.text()
      const b = await app.request(url, { headers: { 'Api-Version': '2' } })
      const bt = await b.text()
      const c2 = await app.request(url, { headers: { 'Api-Version': '1' } })
      const ct = await c2.text()
      console.log('PROBE', order, JSON.stringify({ a: [a.status, at, a.headers.get('vary')], b: [b.status, bt, b.headers.get('vary')], c: [c2.status, ct] }))
    }
    expect(true).toBe(true)
  })
})
