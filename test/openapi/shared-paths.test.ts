/**
 * Two table routes limited to versions apart at one path (`/things`: a v1
 * route serving GET, a v2 route serving GET and POST), served by
 * `mountRoutes`: each version's document lists the methods of its own
 * route there, as the server answers them (v1 does not serve POST: no
 * operation of the v1 document, nor in the Allow of its 405), whether the documents are made from the
 * table alone or from a head document listing both methods. The POST
 * v1 lacks is answered 405 there, with the Allow its document says, as is
 * a method a version change removed (`routeRemoved('DELETE things')`),
 * under the header and the Accept header schemes.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { AcceptHeaderVersioning, defineRoutes, HeaderVersioning, route, versioned, type BaseVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const routes = defineRoutes([versioned(['v1'], route('things-v1', '/things')), versioned(['v2'], route('things', '/things'))])
const versioning = apiVersioning({ scheme, routes })
const app = new Hono()
mountRoutes(app, versioning, {
  'things-v1': { get: (c) => c.json([]) },
  things: { get: (c) => c.json([]), post: (c) => c.json({}, 201) },
})

const head = {
  openapi: '3.1.0',
  info: { title: 'Things', version: 'v2' },
  paths: { '/things': { get: { responses: { '200': { description: 'OK' } } }, post: { responses: { '201': { description: 'Created' } } } } },
}

/** What the 405 a document describes at a path says. */
const described = (document: OpenAPIDocument, path: string): string | undefined => ((document.paths?.[path] ?? {}) as Record<string, { description?: string } | undefined>)['x-methodNotAllowed']?.description

/** The methods a document lists at a path (upper case, sorted), and the Allow its x-methodNotAllowed says. */
function said(document: OpenAPIDocument, path: string): { methods: string[]; allow: string | null } {
  const item = (document.paths?.[path] ?? {}) as Record<string, unknown>
  const methods = ['get', 'put', 'post', 'delete', 'options', 'patch', 'query'].filter((m) => item[m] !== undefined).map((m) => m.toUpperCase())
  const allow = (item['x-methodNotAllowed'] as { headers: { Allow: { schema: { examples: string[] } } } } | undefined)?.headers.Allow.schema.examples[0] ?? null
  return { methods, allow }
}

describe.each([
  ['the table alone', () => versionedOpenAPI({ scheme, routes, app })],
  ['a head document', () => versionedOpenAPI({ scheme, routes, app, document: head })],
])('two version-limited routes at one path, documents from %s', (_, make) => {
  const docs = make()

  it('the server: v2 serves POST, v1 does not (a POST only v2 has: 405, as its document says), and answers PUT with 405 and the methods it serves', async () => {
    const answer = async (method: string, version: string) => {
      const res = await app.request('/things', { method, headers: { 'Api-Version': version } })
      return [res.status, res.headers.get('allow')]
    }
    expect(await answer('POST', 'v2')).toEqual([201, null])
    expect(await answer('POST', 'v1')).toEqual([405, 'GET, HEAD'])
    expect(await answer('PUT', 'v1')).toEqual([405, 'GET, HEAD'])
    expect(await answer('PUT', 'v2')).toEqual([405, 'GET, HEAD, POST'])
  })

  it('each version\'s document lists the methods that version serves there, and the Allow of its 405', () => {
    expect(said(docs.document('v1'), '/things')).toEqual({ methods: ['GET'], allow: 'GET, HEAD' })
    expect(said(docs.document('v2'), '/things')).toEqual({ methods: ['GET', 'POST'], allow: 'GET, HEAD, POST' })
  })
})

describe('a method the app serves at a path in other versions only: 405 with the Allow the document says', () => {
  it('v1 of two version-limited routes: POST, which v1 lacks, is 405 with v1\'s Allow, as its 405 says', async () => {
    const v1 = versionedOpenAPI({ scheme, routes, app }).document('v1')
    const refused = await app.request('/things', { method: 'POST', headers: { 'Api-Version': 'v1' } })
    expect([refused.status, refused.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
    expect(described(v1, '/things')).toBe('405: the toolkit answers a method this path does not serve (in a version it serves), with Allow: GET, HEAD.')
    expect(described(versionedOpenAPI({ scheme, routes, app }).document('v2'), '/things')).toBe('405: the toolkit answers a method this path does not serve (in a version it serves), with Allow: GET, HEAD, POST.')
  })

  const opts = { allowedVersions: ['1', '2'], defaultVersion: '2' }
  it.each<[string, BaseVersioning, (version: string) => Record<string, string>]>([
    ['a header', new HeaderVersioning(opts), (version) => ({ 'Api-Version': version })],
    ['the Accept header', new AcceptHeaderVersioning(opts), (version) => ({ Accept: `application/json; version=${version}` })],
  ])('under %s: the method a version change removed, and the one a version-limited route lacks', async (_, limited, headers) => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Things are no longer deleted.', [routeRemoved('DELETE things')])] }] })
    const table = defineRoutes([versioned(['1'], route('things-v1', '/things')), versioned(['2'], route('things', '/things'))])
    const served = mountRoutes(new Hono(), apiVersioning({ scheme: limited, routes: table, changes: history }), {
      'things-v1': { get: (c) => c.json([]), delete: (c) => c.body(null, 204) },
      things: { get: (c) => c.json([]), post: (c) => c.json({}, 201), delete: (c) => c.body(null, 204) },
    })
    const docs = versionedOpenAPI({ scheme: limited, routes: table, app: served, changelog: history })
    const post = await served.request('/things', { method: 'POST', headers: headers('1') })
    const removed = await served.request('/things', { method: 'DELETE', headers: headers('2') })
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([405, 'GET, HEAD, DELETE', { detail: 'Method not allowed.' }])
    expect([removed.status, removed.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST'])
    expect(described(docs.document('1'), '/things')).toMatch(/with Allow: GET, HEAD, DELETE\.$/)
    expect(described(docs.document('2'), '/things')).toMatch(/with Allow: GET, HEAD, POST\.$/)
    // A version the path serves no method in is still the scheme's answer.
    expect((await served.request('/things', { method: 'POST', headers: headers('3') })).status).toBe(limited instanceof HeaderVersioning ? 404 : 406)
  })
})
