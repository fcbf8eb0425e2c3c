/**
 * A route table served by a sub-app (`mountRoutes(sub, ...)`, then
 * `app.route('/api', sub)`): the table's paths are the sub-app's, so the
 * documents made from it and the root app write them under the prefix
 * (`/api/people`, as clients reach them; in the paths, not as a server,
 * whose path tools such as Prism ignore), each with the methods the
 * sub-app's handlers serve there, the table's version limits kept; every
 * operation requested at its path is answered in its version. So it is
 * with a head document giving the table's paths, or the root's.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('person-list', '/people'), route('person-detail', '/people/:id'), versioned(['2'], route('team-list', '/teams'))])
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const versioning = apiVersioning({ scheme, routes })
const sub = new Hono()
sub.use('*', versioning)
mountRoutes(sub, versioning, {
  'person-list': { get: (c) => c.json([]), post: (c) => c.json({ id: 1 }, 201) },
  'person-detail': (c) => c.json({ id: c.req.param('id'), version: c.var.version }),
  'team-list': (c) => c.json([]),
})
const app = new Hono().route('/api', sub)

describe('a table served by a sub-app under /api, documented from the root app', () => {
  const docs = versionedOpenAPI({ scheme, routes, app })

  it('writes the paths under the prefix, each with the methods served there', () => {
    expect(docs.document('1').servers).toBeUndefined()
    expect(Object.fromEntries(Object.entries(docs.document('1').paths).map(([path, item]) => [path, Object.keys(item ?? {})]))).toEqual({
      '/api/people': ['x-methodNotAllowed', 'get', 'post'],
      '/api/people/{id}': ['x-methodNotAllowed', 'get'],
    })
    expect(Object.keys(docs.document('2').paths)).toEqual(['/api/people', '/api/people/{id}', '/api/teams'])
  })

  it.each(['', '/api'])('so it is with a head document whose paths are at "%s/people/{id}"', (at) => {
    const ok = { '200': { description: 'OK' } }
    const document = { openapi: '3.1.0', info: { title: 'People', version: '2' }, paths: { [`${at}/people/{id}`]: { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } }, [`${at}/teams`]: { get: { responses: ok } } } }
    const given = versionedOpenAPI({ scheme, routes, app, document })
    expect(Object.keys(given.document('1').paths)).toEqual(['/api/people/{id}'])
    expect(Object.keys(given.document('2').paths)).toEqual(['/api/people/{id}', '/api/teams'])
    expect(given.document('1').paths['/api/people/{id}']?.get?.operationId).toBe('person-detail')
  })

  it('every operation, requested at its server and path, is answered in its version', async () => {
    for (const version of ['1', '2']) {
      const document = docs.document(version)
      for (const [path, item] of Object.entries(document.paths)) {
        for (const method of ['get', 'post']) {
          if ((item as Record<string, unknown>)[method] === undefined) continue
          const res = await app.request(path.replace('{id}', '7'), { method: method.toUpperCase(), headers: { 'Api-Version': version } })
          expect([`${method} ${path}`, res.status]).toEqual([`${method} ${path}`, method === 'post' ? 201 : 200])
        }
      }
    }
  })

  it('a serverUrl given says where the paths are: they stay the table’s', () => {
    const given = versionedOpenAPI({ scheme, routes, app, serverUrl: 'https://api.example.com/api' }).document('1')
    expect([given.servers, Object.keys(given.paths)]).toEqual([[{ url: 'https://api.example.com/api' }], ['/people', '/people/{id}']])
  })
})
