/**
 * A route table served by a sub-app (`mountRoutes(sub, ...)`, then
 * `app.route('/api', sub)`): the table's paths are the sub-app's, so the
 * documents made from it and the root app put the prefix in their server
 * (`servers: [{ url: '/api' }]`, OpenAPI's base of every path), and each
 * path has the methods the sub-app's handlers serve there; every operation
 * requested at its server's path is answered in its version.
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

describe("a table served by a sub-app under /api, documented from the root app", () => {
  const docs = versionedOpenAPI({ scheme, routes, app })

  it('puts the prefix in the server, and gives each path the methods served there', () => {
    expect(docs.document('1').servers).toEqual([{ url: '/api' }])
    expect(Object.fromEntries(Object.entries(docs.document('1').paths).map(([path, item]) => [path, Object.keys(item ?? {})]))).toEqual({
      '/people': ['x-methodNotAllowed', 'get', 'post'],
      '/people/{id}': ['x-methodNotAllowed', 'get'],
    })
    expect(Object.keys(docs.document('2').paths)).toEqual(['/people', '/people/{id}', '/teams'])
  })

  it('every operation, requested at its server and path, is answered in its version', async () => {
    for (const version of ['1', '2']) {
      const document = docs.document(version)
      const base = document.servers?.[0]?.url ?? ''
      for (const [path, item] of Object.entries(document.paths)) {
        for (const method of ['get', 'post']) {
          if ((item as Record<string, unknown>)[method] === undefined) continue
          const res = await app.request(`${base}${path.replace('{id}', '7')}`, { method: method.toUpperCase(), headers: { 'Api-Version': version } })
          expect([`${method} ${path}`, res.status]).toEqual([`${method} ${path}`, method === 'post' ? 201 : 200])
        }
      }
    }
  })

  it('a serverUrl given stays as given', () => {
    expect(versionedOpenAPI({ scheme, routes, app, serverUrl: 'https://api.example.com/api' }).document('1').servers).toEqual([{ url: 'https://api.example.com/api' }])
  })
})
