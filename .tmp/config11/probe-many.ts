// Probe: a huge number of versions: what the policy's reportVersions header and the documents cost.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
const routes = defineRoutes([route('user-list', '/users')])
for (const n of [100, 2000]) {
  const versions = Array.from({ length: n }, (_, i) => `v${i + 1}`)
  const scheme = new HeaderVersioning({ allowedVersions: versions, defaultVersion: versions[n - 1] })
  const versioning = apiVersioning({ scheme, routes, allowedHosts: ['localhost'], policy: versionPolicy({ reportVersions: true }) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({}) })
  const res = await app.request('http://localhost/users')
  let t = performance.now()
  const docs = versionedOpenAPI({ scheme, routes })
  docs.document(versions[0] as string)
  const docsMs = performance.now() - t
  console.log(`${n} versions: api-supported-versions ${res.headers.get('api-supported-versions')?.length} characters; versionedOpenAPI + one document ${docsMs.toFixed(0)} ms; check ${JSON.stringify(versioning.check())}`)
}
