// Probe 11: which headers an app.onError answer to a handler's thrown HTTPException carries, with and without the middleware.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { AcceptHeaderVersioning, defineRoutes, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
for (const withMw of [false, true]) for (const kind of ['c.json', 'getResponse', 'default'] as const) {
  const versioning = apiVersioning({ scheme: new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes: defineRoutes([route('x', '/x')]), origin: 'https://a.test', policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } } }) })
  const app = new Hono()
  if (withMw) app.use('*', versioning)
  mountRoutes(app, versioning, { x: () => { throw new HTTPException(403, { message: 'no' }) } })
  if (kind === 'c.json') app.onError((e, c) => c.json({ e: e.message }, 403))
  if (kind === 'getResponse') app.onError((e) => (e as HTTPException).getResponse())
  const r = await app.request('https://a.test/x', { headers: { Accept: 'application/json; version=1' } })
  console.log(`mw=${withMw} onError=${kind}:`, r.status, 'vary=', r.headers.get('vary'), 'deprecation=', r.headers.get('deprecation'))
}
