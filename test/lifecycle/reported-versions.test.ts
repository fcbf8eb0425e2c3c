/**
 * The versions a response reports (the policy's `reportVersions`) and the
 * versions a rejection lists are those that serve the operation the request
 * hit, its method at its path: the route's version limit, the scheme's
 * versions and the version changes' route life (`routeAdded`,
 * `routeRemoved` for one method, `pathChanged`), as the model's light part
 * answers them (src/model/served.ts). A version the header names answers
 * the request; one it leaves out answers 404 or 405. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, pathChanged, routeAdded, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, versioned } from '../../src/index.ts'
import { appModel } from '../../src/openapi/app-model.ts'

const history = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('Tags can be created.', [routeAdded('POST tag')])] },
    { version: '3', changes: [change('Tags are kept.', [routeRemoved('DELETE tag')]), change('Items are things.', [pathChanged('thing', { older: '/items', newer: '/things' })])] },
  ],
})

const handlers = {
  tag: { get: (c: any) => c.json([]), post: (c: any) => c.json({}, 201), delete: (c: any) => c.body(null, 204) },
  thing: (c: any) => c.json([]),
}

/** `[status, reported versions, Allow]` of one request. */
async function answer(app: Hono, method: string, path: string, version: string): Promise<[number, string | null, string | null]> {
  const res = await app.request(`https://api.example.com${path}`, { method, headers: { 'Api-Version': version } })
  return [res.status, res.headers.get('api-supported-versions'), res.headers.get('allow')]
}

describe.each([true, false])('a header scheme, with the middleware: %s', (middleware) => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
  const routes = defineRoutes(history.routes([route('tag', '/tags'), route('thing', '/things')]))
  const versioning = apiVersioning({ scheme, routes, changes: history, policy: versionPolicy({ reportVersions: true }), allowedHosts: ['api.example.com'] })
  const app = new Hono()
  if (middleware) app.use('*', versioning)
  mountRoutes(app, versioning, handlers)

  it('a method every version serves reports every version', async () => {
    expect(await Promise.all(['1', '2', '3'].map((v) => answer(app, 'GET', '/tags', v)))).toEqual([
      [200, '1, 2, 3', null],
      [200, '1, 2, 3', null],
      [200, '1, 2, 3', null],
    ])
  })

  // A method a version change leaves out of the version, at a path mountRoutes serves with other methods there: 405,
  // reporting the versions that serve the method, with the middleware or without.
  const gone = (allow: string, versions: string): [number, string | null, string | null] => [405, versions, allow]

  it('a method added later (routeAdded) reports the versions from then on, and so does its 405 in an older version', async () => {
    expect(await Promise.all(['1', '2', '3'].map((v) => answer(app, 'POST', '/tags', v)))).toEqual([
      gone('GET, HEAD, DELETE', '2, 3'),
      [201, '2, 3', null],
      [201, '2, 3', null],
    ])
  })

  it('a method removed (routeRemoved) reports the versions before it, and so does its 405 where it is gone', async () => {
    expect(await Promise.all(['1', '2', '3'].map((v) => answer(app, 'DELETE', '/tags', v)))).toEqual([
      [204, '1, 2', null],
      [204, '1, 2', null],
      gone('GET, HEAD, POST', '1, 2'),
    ])
  })

  it("reports for each operation of the app's model, at each of its paths, the versions the model serves it in there", async () => {
    const model = appModel({ scheme, app, routes, history })
    const checked: string[] = []
    for (const operation of model.operations) {
      for (const version of model.space.versions) {
        const at = operation.at(version)
        if (at === null) continue
        const there = model.space.versions.filter((v) => operation.at(v)?.path === at.path)
        const [status, reported] = await answer(app, operation.method, at.path, version)
        expect([operation.method, at.path, version, status < 300, reported]).toEqual([operation.method, at.path, version, true, there.join(', ')])
        checked.push(`${operation.method} ${at.path} ${version}`)
      }
    }
    // GET /tags in 3 versions, POST and DELETE in 2 each, GET at /items in 2 and at /things in 1.
    expect(checked.length).toBe(10)
  })

  it('a method no handler at the path serves reports no version', async () => {
    expect(await answer(app, 'PUT', '/tags', '2')).toEqual([405, null, 'GET, HEAD, POST, DELETE'])
  })

  it('a moved route (pathChanged) reports at each path the versions that have that path', async () => {
    expect(await Promise.all(['1', '2', '3'].map((v) => answer(app, 'GET', '/items', v)))).toEqual([
      [200, '1, 2', null],
      [200, '1, 2', null],
      // As a path no route matches: every version, as for any unknown path.
      [404, '1, 2, 3', null],
    ])
    expect(await Promise.all(['1', '2', '3'].map((v) => answer(app, 'GET', '/things', v)))).toEqual([
      [404, '1, 2, 3', null],
      [404, '1, 2, 3', null],
      [200, '3', null],
    ])
  })

  it("a version the scheme refuses is answered with the versions of the request's method there", async () => {
    expect(await Promise.all(['GET', 'POST', 'DELETE'].map((m) => answer(app, m, '/tags', '9')))).toEqual([
      [404, '1, 2, 3', null],
      [404, '2, 3', null],
      [404, '1, 2', null],
    ])
  })
})

describe('a URL path scheme, mountRoutes alone', () => {
  const scheme = new URLPathVersioning({ allowedVersions: ['1', '2', '3'] })
  const routes = defineRoutes(history.routes([include('/:version{[123]}', [route('tag', '/tags'), route('thing', '/things')])]))
  const versioning = apiVersioning({ scheme, routes, changes: history, policy: versionPolicy({ reportVersions: true }), allowedHosts: ['api.example.com'] })
  const app = new Hono()
  mountRoutes(app, versioning, handlers)

  it('reports per method and version what the app serves there', async () => {
    const table: [string, string, [number, string | null, string | null]][] = [
      ['GET', '/1/tags', [200, '1, 2, 3', null]],
      ['POST', '/1/tags', [405, '2, 3', 'GET, HEAD, DELETE']],
      ['POST', '/2/tags', [201, '2, 3', null]],
      ['DELETE', '/2/tags', [204, '1, 2', null]],
      ['DELETE', '/3/tags', [405, '1, 2', 'GET, HEAD, POST']],
      ['GET', '/2/items', [200, '1, 2', null]],
      ['GET', '/3/things', [200, '3', null]],
    ]
    const answers = await Promise.all(table.map(([method, path]) => answer(app, method, path, '')))
    expect(answers).toEqual(table.map(([, , expected]) => expected))
  })
})

describe('routes of several handlers Hono matches for one request', () => {
  it('report the versions any of them serves the method in, as the one that answers in each', async () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
    const routes = defineRoutes([versioned(['2'], route('me', '/users/me')), versioned(['1', '2'], route('user', '/users/:id'))])
    const versioning = apiVersioning({ scheme, routes, policy: versionPolicy({ reportVersions: true }), allowedHosts: ['api.example.com'] })
    const app = mountRoutes(new Hono(), versioning, { me: (c) => c.text('me'), user: (c) => c.text(`user ${c.req.param('id')}`) })
    const answers = await Promise.all(['1', '2', '3'].map(async (v) => {
      const res = await app.request('https://api.example.com/users/me', { headers: { 'Api-Version': v } })
      return [res.status, await res.text(), res.headers.get('api-supported-versions')]
    }))
    expect(answers.map(([status, , versions]) => [status, versions])).toEqual([
      [200, '1, 2'],
      [200, '1, 2'],
      [404, '1, 2'],
    ])
    expect(answers.slice(0, 2).map(([, text]) => text)).toEqual(['user me', 'me'])
  })
})
