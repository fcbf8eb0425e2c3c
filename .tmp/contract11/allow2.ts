/** Two table routes at one path limited to versions apart (versioned()), and a method removed by a version change, under Header and Accept schemes. */
import { Hono } from 'hono'
import { AcceptHeaderVersioning, defineRoutes, HeaderVersioning, route, versioned, type BaseVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const opts = { allowedVersions: ['1', '2'], defaultVersion: '2' }
for (const scheme of [new HeaderVersioning(opts), new AcceptHeaderVersioning(opts)] as BaseVersioning[]) {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('No more deleting.', [routeRemoved('DELETE things')])] }] })
  const routes = defineRoutes([versioned(['1'], route('things-v1', '/things')), versioned(['2'], route('things', '/things'))])
  const v = apiVersioning({ scheme, routes, changes: history })
  const app = mountRoutes(new Hono(), v, { 'things-v1': { get: (c) => c.json([]), delete: (c) => c.body(null, 204) }, things: { get: (c) => c.json([]), post: (c) => c.json({}, 201), delete: (c) => c.body(null, 204) } })
  const docs = versionedOpenAPI({ scheme, routes, app, changelog: history })
  for (const version of ['1', '2']) {
    const item = docs.document(version).paths['/things'] as any
    const h = scheme instanceof HeaderVersioning ? { 'Api-Version': version } : { Accept: `application/json; version=${version}` }
    const answers: string[] = []
    for (const m of ['GET', 'POST', 'DELETE', 'PUT']) {
      const r = await app.request('/things', { method: m, headers: h })
      answers.push(`${m} ${r.status}${r.status === 405 ? ` Allow: ${r.headers.get('allow')}` : ''} ${r.status >= 400 ? (await r.text()).slice(0, 60) : ''}`)
    }
    console.log(scheme.constructor.name, version, 'doc:', Object.keys(item).join(','), '| Allow:', item['x-methodNotAllowed']?.headers?.Allow?.schema?.examples?.[0], '\n   server:', answers.join('; '))
  }
}
process.exit(0)
