/**
 * `openAPILink` adds `Link: <document>; rel="openapi"` to every answer of a
 * documented version; the documents it is given list that header on each
 * response (the 405 of `x-methodNotAllowed` too), beside the policy's own
 * links, with the value sent as the example; documents made before
 * `openAPILink` was given them are made again, and documents it was not
 * given list no such header (nothing the server does not send).
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { openAPILink, versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

type Json = Record<string, unknown>
const routes = defineRoutes([route('user-list', '/users')])
const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z', sunsetLink: 'https://api.test/sunset' } } })
const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })

/** An app whose answers go through `openAPILink` (when `linked`) in front of the versioning middleware, and its documents. */
function linkedApp(linked: boolean, source: 'documents' | 'function' = 'documents') {
  const versioning = apiVersioning({ scheme: scheme(), routes, policy })
  const inner = new Hono()
  inner.use('/users', versioning)
  mountRoutes(inner, versioning, { 'user-list': (c) => c.json([]) })
  const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, policy, app: inner })
  const app = new Hono()
  if (linked) app.use('/users', openAPILink(source === 'documents' ? docs : () => docs, { path: '/openapi' }))
  app.route('/', inner)
  return { app, docs }
}

/** The `Link` header a response of `document` lists (resolved), or `undefined`. */
function documentedLink(document: OpenAPIDocument, response: Json | undefined): Json | undefined {
  const given = (response?.['headers'] as Json | undefined)?.['Link'] as Json | undefined
  const ref = given?.['$ref']
  return typeof ref === 'string' ? ((document.components?.['headers'] as Json | undefined)?.[ref.split('/').pop() as string] as Json | undefined) : given
}

const exampleOf = (header: Json | undefined): unknown => ((header?.['schema'] as Json | undefined)?.['examples'] as unknown[] | undefined)?.[0]

describe('openAPILink: the Link header it adds is in the documents it is given', () => {
  it.each(['v2', 'v1'])('version %s: the Link sent is the one its document lists, on the success and on the 405', async (version) => {
    const { app, docs } = linkedApp(true)
    const ok = await app.request('/users', { headers: { 'Api-Version': version } })
    const refused = await app.request('/users', { method: 'DELETE', headers: { 'Api-Version': version } })
    expect([ok.status, refused.status]).toEqual([200, 405])
    const document = docs.document(version)
    const item = document.paths['/users'] as Json
    const sent = ok.headers.get('link')
    expect(sent).toContain(`</openapi/${version}.json>; rel="openapi"`)
    expect(exampleOf(documentedLink(document, ((item['get'] as Json)['responses'] as Json)['200'] as Json))).toBe(sent)
    expect(exampleOf(documentedLink(document, item['x-methodNotAllowed'] as Json))).toBe(refused.headers.get('link'))
  })

  it('documents made before openAPILink was given them are made again with the header', async () => {
    const versioning = apiVersioning({ scheme: scheme(), routes, policy })
    const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, policy })
    const before = docs.document('v2')
    expect(documentedLink(before, before.paths['/users']?.get?.responses?.['200'] as Json)).toBeUndefined()
    const app = new Hono()
    app.use('/users', openAPILink(docs, { path: '/openapi' }), versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]) })
    const after = docs.document('v2')
    expect(exampleOf(documentedLink(after, after.paths['/users']?.get?.responses?.['200'] as Json))).toBe((await app.request('/users')).headers.get('link'))
  })

  it('given a function, the documents list the header once it made them, from its first answer on', async () => {
    const { app, docs } = linkedApp(true, 'function')
    const res = await app.request('/users', { headers: { 'Api-Version': 'v2' } })
    const document = docs.document('v2')
    expect(exampleOf(documentedLink(document, document.paths['/users']?.get?.responses?.['200'] as Json))).toBe(res.headers.get('link'))
  })

  it('documents openAPILink was not given list no Link where the policy sends none', async () => {
    const { app, docs } = linkedApp(false)
    expect((await app.request('/users', { headers: { 'Api-Version': 'v2' } })).headers.get('link')).toBeNull()
    const document = docs.document('v2')
    expect(documentedLink(document, document.paths['/users']?.get?.responses?.['200'] as Json)).toBeUndefined()
    const v1 = docs.document('v1')
    expect(exampleOf(documentedLink(v1, v1.paths['/users']?.get?.responses?.['200'] as Json))).toBe('<https://api.test/sunset>; rel="sunset"')
  })
})
