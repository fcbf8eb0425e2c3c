/**
 * Readers of the model: the documents are made from it (`docs.model`: the
 * versions each operation is in, at their paths, the same answers as the
 * served app's model), and `validateResponses` finds a response's operation
 * from the route Hono matched, through the model, rather than by matching
 * the URL against the document's templates again. A portable suite: Node,
 * workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, routeAdded, versionHistory } from '../../src/changes/index.ts'
import { validateResponses } from '../../src/contracts/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, versioned } from '../../src/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const servedIn = (model: ApiModel) => Object.fromEntries(model.operations.map((op) => [`${op.method} ${op.path}`, model.space.versions.map((v) => op.at(v)?.path ?? null)]))

describe('the documents read the model', () => {
  it('document each operation in the versions the model serves it in, at its path there, as the served app\'s model says', () => {
    const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Teams.', [routeAdded('team-list')])] }] })
    const routes = defineRoutes(history.routes([include('/:version{v[12]}', [route('user-list', '/users'), route('team-list', '/teams'), versioned(['v1'], route('old', '/old'))])]))
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
    const docs = versionedOpenAPI({ scheme, routes, changelog: history })
    const versioning = apiVersioning({ scheme, routes, changes: history, allowedHosts: ['api.example.com'] })
    const app = new Hono()
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]), 'team-list': (c) => c.json([]), old: (c) => c.json([]) })
    const expected = { 'GET /{version}/users': ['/v1/users', '/v2/users'], 'GET /{version}/teams': [null, '/v2/teams'], 'GET /{version}/old': ['/v1/old', null] }
    expect(servedIn(docs.model as ApiModel)).toEqual(expected)
    expect(servedIn(appModel({ scheme, app, routes, history }))).toEqual(expected)
    expect([Object.keys(docs.document('v1').paths), Object.keys(docs.document('v2').paths)]).toEqual([
      ['/v1/users', '/v1/old'],
      ['/v2/users', '/v2/teams'],
    ])
  })
})

describe('validateResponses reads the route Hono matched, through the model', () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })
  const json = (schema: object) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } })
  const document = {
    openapi: '3.1.0',
    info: { title: 'Users', version: '1' },
    paths: {
      '/users/me': { get: { responses: json({ type: 'object', required: ['me'], properties: { me: { const: true } } }) } },
      '/users/{id}': { get: { responses: json({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } }) } },
    },
  }
  const docs = versionedOpenAPI({ scheme, document })

  it('checks the response against the operation of the route that answered, whichever document path also fits the URL', async () => {
    const app = new Hono()
    app.onError((error, c) => c.text(error.message, 500))
    app.use('*', validateResponses(docs, { enabled: true }))
    app.use('*', versionMiddleware({ scheme }))
    // Registered first, this route answers /users/me too: its schema is the one that applies.
    app.get('/users/:id', (c) => c.json({ id: c.req.param('id') }))
    app.get('/users/me', (c) => c.json({ me: true }))
    const res = await app.request('https://api.example.com/users/me')
    expect([res.status, await res.json()]).toEqual([200, { id: 'me' }])
    const drifted = new Hono()
    drifted.onError((error, c) => c.text(error.message, 500))
    drifted.use('*', validateResponses(docs, { enabled: true }))
    drifted.use('*', versionMiddleware({ scheme }))
    drifted.get('/users/:id', (c) => c.json({ name: 'Ada' }))
    const wrong = await drifted.request('https://api.example.com/users/7')
    expect([wrong.status, await wrong.text()]).toEqual([500, 'GET /users/{id} answered 200 in version 1 with a body its document does not allow: at #: Instance does not have required property "id".'])
  })
})
