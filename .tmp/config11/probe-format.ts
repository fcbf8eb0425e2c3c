// Probe: QueryParameterVersioning's versionParam equal to the table's format query parameter.
import { Hono } from 'hono'
import { defineRoutes, QueryParameterVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
const routes = defineRoutes([route('user-list', '/users')], { formatQueryParam: 'format' })
try {
  const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1', versionParam: 'format' }), routes, allowedHosts: ['localhost'] })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, self: c.var.reverse('user-list') }) })
  for (const q of ['', '?format=v2', '?format=json']) {
    const res = await app.request('http://localhost/users' + q)
    console.log(q, res.status, await res.text(), JSON.stringify(versioning.check()))
  }
} catch (e) { console.log('THROW', (e as Error).message) }
