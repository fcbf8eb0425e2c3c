/**
 * `errors` says which body the documents give the toolkit's refusals. Given
 * the app, documents whose `errors` is not the format its versioning
 * middleware answers in (`problemDetails()` documented as `'detail'`, or the
 * default documented as `'problem-details'`) are refused when they are
 * made, with a sentence naming the one to give: before, every 404, 406, 400,
 * 410, 413, 415 and 422 was documented with a media type and body the server
 * never sends. An `errorResponse` of your own is not read.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route, type VersioningError } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('user-list', '/users')])
const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
type ErrorResponse = ((error: VersioningError) => Response) | undefined

/** A table app whose middleware answers with `errorResponse`. */
function tableApp(errorResponse: ErrorResponse) {
  const versioning = apiVersioning({ scheme: scheme(), routes, ...(errorResponse === undefined ? {} : { errorResponse }) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json([]) })
  return { app, given: { scheme: versioning.scheme, routes } }
}

/** Plain routes in a sub-app at /api with its own `versionMiddleware` answering with `errorResponse`. */
function subApp(errorResponse: ErrorResponse) {
  const s = scheme()
  const sub = new Hono()
  sub.use('*', versionMiddleware({ scheme: s, ...(errorResponse === undefined ? {} : { errorResponse }) }))
  sub.get('/users', (c) => c.json([]))
  const document = { openapi: '3.1.0', info: { title: 'Users', version: 'v2' }, paths: { '/api/users': { get: { responses: { '200': { description: 'The users.' } } } } } }
  return { app: new Hono().route('/api', sub), given: { scheme: s, document } }
}

const said = (found: string, given: string): string => {
  const names: Record<string, string> = { detail: 'the default errorResponse ({"detail": ...}, application/json)', 'problem-details': 'problemDetails() (application/problem+json)' }
  return `versionedOpenAPI: the app's versioning middleware answers its refusals with ${names[found] as string}, but errors is '${given}', which documents them with ${names[given] as string}; give errors: '${found}'.`
}

describe.each([
  ['a table app', tableApp],
  ['a sub-app with its own versionMiddleware', subApp],
])('%s: errors must be the format the app answers in', (_name, make) => {
  it('problemDetails() documented as detail (the default) is refused', async () => {
    const { app, given } = make(problemDetails())
    const refused = await app.request(make === tableApp ? '/users' : '/api/users', { headers: { 'Api-Version': 'v9' } })
    expect([refused.status, refused.headers.get('content-type')]).toEqual([404, 'application/problem+json'])
    expect(() => versionedOpenAPI({ ...given, app })).toThrow(new Error(said('problem-details', 'detail')))
    expect(() => versionedOpenAPI({ ...given, app, errors: 'detail' })).toThrow(new Error(said('problem-details', 'detail')))
    expect(versionedOpenAPI({ ...given, app, errors: 'problem-details' }).versions).toHaveLength(2)
  })

  it('the default documented as problem-details is refused', () => {
    const { app, given } = make(undefined)
    expect(() => versionedOpenAPI({ ...given, app, errors: 'problem-details' })).toThrow(new Error(said('detail', 'problem-details')))
    expect(versionedOpenAPI({ ...given, app }).versions).toHaveLength(2)
  })

  it('an errorResponse of your own is not read', () => {
    const { app, given } = make((error) => new Response(error.detail, { status: error.status }))
    expect(versionedOpenAPI({ ...given, app }).versions).toHaveLength(2)
    expect(versionedOpenAPI({ ...given, app, errors: 'problem-details' }).versions).toHaveLength(2)
  })
})

describe('only the middleware in front of a documented path is read', () => {
  it('an app with problemDetails() under /a and the default under /b: the documents of /b give detail', () => {
    const a = defineRoutes([route('a-list', '/a/items')])
    const b = defineRoutes([route('b-list', '/b/items')])
    const versioningA = apiVersioning({ scheme: scheme(), routes: a, errorResponse: problemDetails() })
    const versioningB = apiVersioning({ scheme: scheme(), routes: b })
    const app = new Hono()
    app.use('/a/*', versioningA)
    app.use('/b/*', versioningB)
    mountRoutes(app, versioningA, { 'a-list': (c) => c.json([]) })
    mountRoutes(app, versioningB, { 'b-list': (c) => c.json([]) })
    expect(Object.keys(versionedOpenAPI({ scheme: versioningB.scheme, routes: b, app }).document('v2').paths)).toEqual(['/b/items'])
    expect(Object.keys(versionedOpenAPI({ scheme: versioningA.scheme, routes: a, app, errors: 'problem-details' }).document('v2').paths)).toEqual(['/a/items'])
    expect(() => versionedOpenAPI({ scheme: versioningA.scheme, routes: a, app })).toThrow(new Error(said('problem-details', 'detail')))
  })
})
