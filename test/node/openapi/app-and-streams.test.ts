/**
 * What the documents take from the app and the version changes themselves:
 * streamed routes (an `items` layout in `bodies`) documented with the media
 * type their handler sends and each version's item schema; the 405 that
 * `mountRoutes` answers a method a path does not serve; and each route's
 * methods from the routes the app registers (`app`), `methods` overriding.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../../src/index.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../../src/hono/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { answerChecker, callsOf } from '../../../scripts/lib/document-calls.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'
import { EXAMPLE_NOW_MS } from '../../support/example-clock.ts'
import { app } from '../../../worker-example/app.ts'
import { releasesDocsOn, streamsDocs } from '../../../worker-example/docs.ts'
import { documented } from '../../../worker-example/contracts.ts'

type Json = Record<string, any>

describe('streamed routes are documented item by item', () => {
  const media = (version: string, path: string): Json => {
    const content = (streamsDocs.document(version).paths[path]?.get?.responses?.['200'] as Json)['content'] as Json
    return content
  }

  it('each version documents the media type the handler sends, with that version’s item schema', async () => {
    expect(streamsDocs.versions.map((v) => v.version)).toEqual(['2', '1'])
    for (const [path, type] of [['/streams/people.ndjson', 'application/x-ndjson'], ['/streams/feed', 'text/event-stream']] as const) {
      for (const version of ['1', '2']) {
        const answer = await app.request(path, { headers: { 'Api-Version': version } })
        expect(answer.headers.get('content-type')?.split(';')[0]).toBe(type)
        await answer.body?.cancel()
        const content = media(version, path)
        expect(Object.keys(content)).toEqual([type])
        expect(content[type]['x-itemSchema']).toEqual({ $ref: '#/components/schemas/Person' })
        expect(content[type].schema.type).toBe('string')
      }
    }
    const person = (version: string): string[] => Object.keys(streamsDocs.document(version).components?.schemas?.['Person']?.properties ?? {})
    expect(person('2')).toEqual(['id', 'fullName', 'email'])
    expect(person('1')).toEqual(['id', 'name', 'email'])
  })

  it('every item the app streams matches its version’s item schema, and the head’s item does not match the older one', async () => {
    for (const version of ['1', '2']) {
      const check = answerChecker(JSON.parse(JSON.stringify(streamsDocs.document(version))) as Json)
      for (const path of ['/streams/people.ndjson', '/streams/feed']) {
        const answer = await app.request(path, { headers: { 'Api-Version': version } })
        expect(check(`GET ${path}`, 200, answer.headers.get('content-type'), await answer.text())).toEqual([])
      }
    }
    const older = answerChecker(JSON.parse(JSON.stringify(streamsDocs.document('1'))) as Json)
    const head = await app.request('/streams/people.ndjson?count=1', { headers: { 'Api-Version': '2' } })
    expect(older('GET /streams/people.ndjson', 200, 'application/x-ndjson', await head.text()).length).toBe(1)
  })

  it('the documents stay OpenAPI 3.1 (the item schema is an x- extension)', async () => {
    for (const version of ['1', '2']) await expectValidOpenAPI31(streamsDocs.document(version))
  })

  // Before, without `bodies` (or `requests.bodies`) the history's own went unread: the route kept the head document's
  // schema as the whole body in every version, the older item in the head's shape.
  it("without bodies, the history's own give the items: a history as changelog is enough", () => {
    interface Person { id: number; fullName: string }
    const Person = shape<Person>('Person')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Names are full names.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
      bodies: { 'GET /people': { items: Person } },
    })
    const person = { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' } }, required: ['id', 'fullName'] }
    const head = {
      openapi: '3.1.0',
      info: { title: 'people', version: '2' },
      paths: { '/people': { get: { responses: { '200': { description: 'every person, one per line', content: { 'application/x-ndjson': { schema: { $ref: '#/components/schemas/Person' } } } } } } } },
      components: { schemas: { Person: person } },
    }
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), document: head, changelog: history })
    for (const version of ['1', '2']) {
      const content = (docs.document(version).paths['/people']?.get?.responses?.['200'] as Json)['content']['application/x-ndjson']
      expect(content['x-itemSchema']).toEqual({ $ref: '#/components/schemas/Person' })
      expect(content.schema.type).toBe('string')
    }
    expect(Object.keys(docs.document('1').components?.schemas?.['Person']?.properties ?? {})).toEqual(['id', 'name'])
  })

  it('a streamed route whose document gives no streamed media type is refused at construction', () => {
    const Person = shape('Person')
    const head = { openapi: '3.1.0', info: { title: 'x', version: '2' }, paths: { '/people': { get: { responses: { '200': { description: 'ok', content: { 'application/json': {} } } } } } } }
    const changelog = { changelog: () => ({ head: '2', versions: [{ version: '2', changes: [] }, { version: '1', changes: [] }] }) }
    expect(() => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), document: head, changelog, bodies: { 'GET /people': { items: Person } } })).toThrow(
      'versionedOpenAPI: GET /people answers a stream of items (its bodies have an items layout), so document its success response with the media type its handler sends: application/x-ndjson, application/jsonl, application/json-seq or text/event-stream (in the head document, with any schema).',
    )
  })
})

describe('405: a method a documented path does not serve', () => {
  it('the app answers 405 with Allow and its error body, and the path says so', async () => {
    const answer = await app.request('/releases/products/1', { method: 'DELETE', headers: { 'Api-Version': '2026-06-01' } })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, PUT')
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    const said = releasesDocsOn(() => EXAMPLE_NOW_MS).document('2026-06-01').paths['/releases/products/{id}'] as Json
    expect(said['x-methodNotAllowed'].headers.Allow.schema.examples).toEqual(['GET, HEAD, PUT'])
    expect(Object.keys(said['x-methodNotAllowed'].content)).toEqual(['application/problem+json'])
    expect(Object.keys(said).filter((k) => !k.startsWith('x-'))).toEqual(['get', 'put'])
    // A plain Hono route: the example answers another method 405 itself (worker-example/unmatched.ts, a handler for
    // all methods on a wildcard path, which the documents do not read), and its path says no 405.
    expect((await app.request('/streams/feed', { method: 'DELETE', headers: { 'Api-Version': '2' } })).status).toBe(405)
    expect(streamsDocs.document('2').paths['/streams/feed']).not.toHaveProperty('x-methodNotAllowed')
  })

  it('every section of the worker example: at each path that says so, an unserved method gets that 405, Allow and media type', async () => {
    const problems: string[] = []
    let checked = 0
    for (const documents of documented.sections) {
      for (const { version } of documents.versions) {
        const document = JSON.parse(JSON.stringify(documents.document(version))) as Json
        for (const call of callsOf(document, true)) {
          const template = call.operation.slice(call.operation.indexOf(' ') + 1)
          const said = (document['paths'][template] as Json)['x-methodNotAllowed'] as Json | undefined
          if (said === undefined) continue
          const unserved = ['DELETE', 'PATCH', 'PUT', 'POST'].find((m) => !(m.toLowerCase() in document['paths'][template])) as string
          const { Host: host, ...headers } = call.headers
          const answer = await documented.app.request(`${host === undefined ? documented.origin : `http://${host}`}${call.path}`, { method: unserved, headers })
          checked++
          const allow = said['headers'].Allow.schema.examples[0]
          const type = answer.headers.get('content-type')?.split(';')[0] ?? ''
          // The headers it requires are sent; the others (the policy's) are those every operation of the version lists.
          const missing = Object.keys(said['headers']).filter((name) => said['headers'][name].required === true && !answer.headers.has(name))
          const listed = Object.keys((document['components'] as Json)['headers'] ?? {})
          if (Object.keys(said['headers']).sort().join() !== ['Allow', ...listed].sort().join()) problems.push(`${template}: headers ${Object.keys(said['headers']).join(', ')}`)
          if (answer.status !== 405 || answer.headers.get('allow') !== allow || !(type in said['content']) || missing.length > 0) {
            problems.push(`${String((document['info'] as Json)['title'])} ${version} ${unserved} ${call.path}: ${answer.status} Allow ${String(answer.headers.get('allow'))} ${type}, documented 405 Allow ${String(allow)}, headers missing: ${missing.join(', ')}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    // Every documented operation but the 4 of the streams (plain Hono routes: Hono answers those 404, and no path says 405).
    expect(checked).toBe(75 - 4)
  })
})

describe('the worker example documents what its own middleware answers', () => {
  it('every /releases operation, in every version: an unknown bearer key gets the documented 401 and its body', async () => {
    const docs = releasesDocsOn(() => EXAMPLE_NOW_MS)
    const problems: string[] = []
    let checked = 0
    for (const { version } of docs.versions) {
      const document = JSON.parse(JSON.stringify(docs.document(version))) as Json
      const check = answerChecker(document)
      for (const call of callsOf(document, true)) {
        const answer = await app.request(`http://catalog.test${call.path}`, { method: call.method, headers: { ...call.headers, Authorization: 'Bearer not-a-key-we-issued' } })
        checked++
        if (answer.status !== 401 || answer.headers.get('www-authenticate') !== 'Bearer') problems.push(`${version} ${call.operation}: ${answer.status}`)
        problems.push(...check(call.operation, answer.status, answer.headers.get('content-type'), await answer.text()))
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(10)
  })
})

describe('methods come from the app', () => {
  const routes = defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id{[0-9]+}'), route('team-list', '/teams')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes })
  const served = new Hono()
  served.use('*', versioning)
  mountRoutes(served, versioning, { 'user-list': { get: (c) => c.json([]), post: (c) => c.json({}, 201) }, 'user-detail': { get: (c) => c.json({}), delete: (c) => c.body(null, 204) } })
  const methodsOf = (paths: Json): Record<string, string[]> => Object.fromEntries(Object.entries(paths).map(([path, item]) => [path, Object.keys(item as Json).filter((k) => !k.startsWith('x-'))]))

  it('from the table: each route’s methods are those the app registers; a route it does not serve is in no document', async () => {
    const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, app: served })
    expect(methodsOf(docs.document('v1').paths)).toEqual({ '/users': ['get', 'post'], '/users/{id}': ['get', 'delete'] })
    expect((await served.request('/teams', { headers: { 'Api-Version': 'v1' } })).status).toBe(404)
    expect((docs.document('v1').paths['/users'] as Json)['x-methodNotAllowed'].headers.Allow.schema.examples).toEqual(['GET, HEAD, POST'])
    expect((await served.request('/users', { method: 'PUT', headers: { 'Api-Version': 'v1' } })).status).toBe(405)
  })

  it('methods stays an explicit override', () => {
    const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, app: served, methods: { 'user-detail': ['get'] } })
    expect(methodsOf(docs.document('v2').paths)).toEqual({ '/users': ['get', 'post'], '/users/{id}': ['get'] })
  })

  it('from a head document: a method the app does not serve goes, one the document lacks comes (a bare 200)', () => {
    const ok = { '200': { description: 'The users.' } }
    const document = { openapi: '3.1.0', info: { title: 'Users', version: 'v2' }, paths: { '/users': { get: { responses: ok }, put: { responses: ok } }, '/users/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } } } }
    const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, document, app: served })
    const paths = docs.document('v2').paths
    expect(methodsOf(paths)).toEqual({ '/users': ['get', 'post'], '/users/{id}': ['get', 'delete'] })
    expect(paths['/users/{id}']?.delete?.operationId).toBe('user-detail-delete')
    expect(paths['/users/{id}']?.delete?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'header Api-Version'])
    // Without the app, the document's methods as before.
    expect(methodsOf(versionedOpenAPI({ scheme: versioning.scheme, routes, document }).document('v2').paths)).toEqual({ '/users': ['get', 'put'], '/users/{id}': ['get'] })
  })

  it('an app that is not one, or serves none of the paths, is refused', () => {
    expect(() => versionedOpenAPI({ scheme: versioning.scheme, routes, app: {} as never })).toThrow('versionedOpenAPI: app must be the Hono app that serves the routes (its routes registered), such as app after mountRoutes(app, versioning, handlers).')
    // An app that registers none of the paths (a sub-app, whose paths lack the prefix it is mounted at).
    const sub = new Hono().get('/list', (c) => c.json([]))
    expect(() => versionedOpenAPI({ scheme: versioning.scheme, routes, app: sub })).toThrow(
      "versionedOpenAPI: app registers none of the documented paths (/users, /users/:id{[0-9]+}, /teams), and serves /list; give the app that serves them (the root app, whose routes have their full paths), or write the document's paths as it serves them (under the prefix app.route() mounts them at).",
    )
  })

  it('the root app given, a head document written with the paths of the sub-app it mounts: the sentence names both sides (found by the new-user trial: it said to give the root app, which was given)', () => {
    const orders = new Hono().get('/orders', (c) => c.json([])).get('/orders/:id', (c) => c.json({}))
    const root = new Hono().route('/api', orders)
    const ok = { '200': { description: 'Orders.' } }
    const document = { openapi: '3.1.0', info: { title: 'Orders', version: 'v2' }, paths: { '/orders': { get: { responses: ok } }, '/orders/{id}': { get: { responses: ok } } } }
    expect(() => versionedOpenAPI({ scheme: versioning.scheme, document, app: root })).toThrow(
      "versionedOpenAPI: app registers none of the documented paths (/orders, /orders/{id}), and serves /api/orders, /api/orders/:id; give the app that serves them (the root app, whose routes have their full paths), or write the document's paths as it serves them (under the prefix app.route() mounts them at).",
    )
    const prefixed = { ...document, paths: { '/api/orders': document.paths['/orders'], '/api/orders/{id}': document.paths['/orders/{id}'] } }
    expect(Object.keys(versionedOpenAPI({ scheme: versioning.scheme, document: prefixed, app: root }).document('v2').paths)).toEqual(['/api/orders', '/api/orders/{id}'])
  })
})
