/** A method removed in a version (routeRemoved('POST person-list')): the 405 and Allow each version documents and answers. */
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, type BaseVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

for (const [scheme, prefix] of [[new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), '/api'], [new URLPathVersioning({ allowedVersions: ['1', '2'] }), '/api/:version{[0-9]+}']] as [BaseVersioning, string][]) {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('No more creating.', [routeRemoved('POST person-list')]), change('Deleting.', [routeAdded('DELETE person-detail')])] }] })
  const routes = defineRoutes([include(prefix, [route('person-list', '/people'), route('person-detail', '/people/:id')])])
  const v = apiVersioning({ scheme, routes, changes: history })
  const app = mountRoutes(new Hono(), v, { 'person-list': { get: (c) => c.json([]), post: (c) => c.json({}, 201) }, 'person-detail': { get: (c) => c.json({}), delete: (c) => c.body(null, 204) } })
  const docs = versionedOpenAPI({ scheme, routes, app, changelog: history })
  for (const version of ['1', '2']) {
    const d = docs.document(version)
    for (const [path, item] of Object.entries(d.paths)) {
      const ops = Object.keys(item).filter((k) => !k.startsWith('x-'))
      const allow = ((item as any)['x-methodNotAllowed']?.headers?.Allow?.schema?.examples ?? [])[0]
      const url = path.replace('{version}', version).replace('{id}', '1')
      const h = scheme instanceof HeaderVersioning ? { 'Api-Version': version } : {}
      const answers: string[] = []
      for (const m of ['GET', 'POST', 'DELETE', 'PUT']) {
        const r = await app.request(url, { method: m, headers: h })
        answers.push(`${m} ${r.status}${r.status === 405 ? ` Allow: ${r.headers.get('allow')}` : ''}`)
      }
      console.log(scheme.constructor.name, version, path, 'doc:', ops.join(','), '| 405 Allow:', allow, '| server:', answers.join('; '))
    }
  }
}
process.exit(0)
