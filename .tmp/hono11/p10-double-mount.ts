// Probe 10: one sub-app mounted twice; links follow the mount each request came through.
import { Hono } from 'hono'
import { defineRoutes, route, HeaderVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware, appRoutes, named, type AppRoutesEnv } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'
const url = 'https://api.example.com'
{
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: defineRoutes([route('me', '/me')]), origin: url })
  const sub = new Hono()
  sub.use('*', versioning)
  mountRoutes(sub, versioning, { me: (c) => c.text(c.var.reverse('me')) })
  const app = new Hono().route('/a', sub).route('/b', sub)
  await check('table twice: /a', async () => [(await res(await app.request(`${url}/a/me`))).body, `${url}/a/me`])
  await check('table twice: /b', async () => [(await res(await app.request(`${url}/b/me`))).body, `${url}/b/me`])
}
{
  const sub = new Hono<AppRoutesEnv>()
  sub.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: appRoutes(sub), origin: url }))
  sub.get('/me', named('me'), (c) => c.text(c.var.reverse('me')))
  const app = new Hono().route('/a', sub).route('/b', sub)
  await check('named twice: /a', async () => [(await res(await app.request(`${url}/a/me`))).body, `${url}/a/me`])
  await check('named twice: /b', async () => [(await res(await app.request(`${url}/b/me`))).body, `${url}/b/me`])
}
report('p10-double-mount')
