/**
 * A table or plain routes served from a sub-app, as Hono users compose apps:
 * `app.route(path, sub)`, a sub-app with its own `onError` (whose handlers
 * Hono wraps), under a prefix with or without params.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'

const ORIGIN = 'https://api.example.com'

describe('a table in a sub-app with its own onError', () => {
  // Hono's app.route() wraps each handler of a sub-app that has an onError; the middleware still finds the table's.
  const routes = defineRoutes([versioned(['1'], route('user-old', '/users/:id')), versioned(['2'], route('user-new', '/users/:id'))])
  const appWith = (where: 'sub' | 'root' | 'none'): Hono => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
      routes,
      origin: ORIGIN,
      policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }),
    })
    const sub = new Hono()
    sub.onError((error, c) => (error instanceof HTTPException ? c.json({ sub: error.message }, error.status) : c.json({ sub: 'failed' }, 500)))
    if (where === 'sub') sub.use('*', versioning)
    mountRoutes(sub, versioning, {
      'user-old': (c) => c.json({ old: c.req.param('id'), version: c.var.version }),
      'user-new': (c) => c.json({ new: c.req.param('id'), version: c.var.version }),
    })
    const app = new Hono()
    if (where === 'root') app.use('*', versioning)
    return app.route('/', sub)
  }
  for (const where of ['sub', 'root', 'none'] as const) {
    it(`serves each version its own route's handler, the middleware ${where === 'none' ? 'left out' : `in the ${where} app`}`, async () => {
      const app = appWith(where)
      const older = await app.request(`${ORIGIN}/users/7`, { headers: { 'Api-Version': '1' } })
      expect(older.status).toBe(200)
      expect(await older.json()).toEqual({ old: '7', version: '1' })
      expect(older.headers.get('Deprecation')).toBe('@1767225600')
      const head = await app.request(`${ORIGIN}/users/7`)
      expect(head.status).toBe(200)
      expect(await head.json()).toEqual({ new: '7', version: '2' })
      const bad = await app.request(`${ORIGIN}/users/7`, { headers: { 'Api-Version': '9' } })
      expect(bad.status).toBe(404)
      // The rejection reaches the onError of the app whose middleware or handler threw it.
      expect(await bad.json()).toEqual(where === 'root' ? { detail: 'Invalid version in "Api-Version" header.' } : { sub: 'Invalid version in "Api-Version" header.' })
    })
  }
})

describe('plain routes of a sub-app whose history names them as the sub-app registers them', () => {
  interface User {
    id: number
    fullName: string
  }
  const User = shape<User>('User')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Users have a fullName.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })])] }],
    bodies: { 'GET /users/:id': { response: User } },
  })
  const build = (mount: string) => {
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history })
    const api = new Hono()
    api.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.json({ failed: true }, 500)))
    api.use('*', versioning)
    api.get('/users/:id', (c) => c.json({ id: Number(c.req.param('id')), fullName: 'Ada' }))
    return { versioning, api, app: new Hono().route(mount, api) }
  }
  for (const mount of ['/api', '/api/', '/t/:tenant']) {
    it(`migrates an older client's answer, the sub-app mounted at ${mount}`, async () => {
      const { app } = build(mount)
      const path = mount === '/t/:tenant' ? '/t/acme/users/7' : '/api/users/7'
      const older = await app.request(`${ORIGIN}${path}`, { headers: { 'Api-Version': '1' } })
      expect(await older.json()).toEqual({ id: 7, name: 'Ada' })
      expect(await (await app.request(`${ORIGIN}${path}`)).json()).toEqual({ id: 7, fullName: 'Ada' })
    })
  }
  it('check() finds the route whichever app it is given', () => {
    const { versioning, api, app } = build('/api')
    expect(versioning.check(api)).toEqual([])
    expect(versioning.check(app)).toEqual([])
  })
})
