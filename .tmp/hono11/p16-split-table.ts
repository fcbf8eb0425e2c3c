// Probe 16: one table mounted partly on the root app and partly in a sub-app under /api.
import { Hono } from 'hono'
import { HeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { check, res, report } from './harness.ts'
const url = 'https://a.test'
const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes: defineRoutes([route('home', '/'), route('me', '/me')]), origin: url })
const app = new Hono()
mountRoutes(app, versioning, { home: (c) => c.json({ me: c.var.reverse('me'), home: c.var.reverse('home') }) })
const sub = mountRoutes(new Hono(), versioning, { me: (c) => c.json({ me: c.var.reverse('me'), home: c.var.reverse('home') }) })
app.route('/api', sub)
await check('root route links', async () => [(await res(await app.request(`${url}/`))).body, JSON.stringify({ me: `${url}/api/me`, home: `${url}/` })])
await check('sub route links', async () => [(await res(await app.request(`${url}/api/me`))).body, JSON.stringify({ me: `${url}/api/me`, home: `${url}/` })])
report('p16-split-table')
