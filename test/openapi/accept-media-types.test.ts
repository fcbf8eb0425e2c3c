/**
 * With the version in the Accept header (AcceptHeaderVersioning, alone or
 * in a combination), the server negotiates `Accept` against the scheme's
 * `mediaTypes` and refuses a request asking for any other type with 406
 * (docs/schemes.md). A document whose operation answers in a media type
 * `mediaTypes` does not list (`text/event-stream` of a server-sent events
 * route) describes an answer a client asking for it never gets:
 * `versionedOpenAPI` refuses it at construction, naming the operation, the
 * type and the fix; with the type listed, the documents are made and the
 * server serves it. A version-neutral route negotiates no version: any
 * media type.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, route, versionNeutral, type BaseVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }
const routes = defineRoutes([route('events', '/events'), route('item-list', '/items')])
const ok = { description: 'ok' }
const document = (events: string, items = 'application/json') => ({
  openapi: '3.1.0',
  info: { title: 't', version: 'v2' },
  paths: {
    '/events': { get: { responses: { '200': { ...ok, content: { [events]: { schema: { type: 'string' } } } }, '406': { description: 'refused', content: { 'text/plain': {} } } } } },
    '/items': { get: { responses: { '2XX': { ...ok, content: { [items]: {}, '*/*': {} } } } } },
  },
})

/** The status the app answers GET /events with, the request asking for `accept` (and naming v1 in the header too, where the scheme reads one). */
async function answered(scheme: BaseVersioning, accept: string): Promise<number> {
  const app = new Hono()
  mountRoutes(app, apiVersioning({ scheme, routes }), { events: (c) => c.body('data: 1\n\n', 200, { 'content-type': 'text/event-stream' }), 'item-list': (c) => c.json([]) })
  return (await app.request('/events', { headers: { Accept: accept, 'Api-Version': 'v1' } })).status
}

describe.each([
  ['AcceptHeaderVersioning', (mediaTypes?: string[]) => new AcceptHeaderVersioning({ ...versions, ...(mediaTypes === undefined ? {} : { mediaTypes }) })],
  ['a combination with it', (mediaTypes?: string[]) => new CombinedVersioning({ ...versions, schemes: [new HeaderVersioning(), new AcceptHeaderVersioning(mediaTypes === undefined ? {} : { mediaTypes })] })],
])('%s', (_, make) => {
  it('the server refuses a request asking for text/event-stream with 406 unless mediaTypes lists it', async () => {
    expect(await answered(make(), 'text/event-stream')).toBe(406)
    expect(await answered(make(['application/json', 'text/event-stream']), 'text/event-stream')).toBe(200)
  })

  it('versionedOpenAPI refuses a document answering in a media type mediaTypes does not list, saying what to add', () => {
    expect(() => versionedOpenAPI({ scheme: make(), routes, document: document('text/event-stream; charset=utf-8') })).toThrow(
      "versionedOpenAPI: GET /events answers text/event-stream, which the Accept header's negotiation refuses (mediaTypes lists application/json): a client asking for it gets 406. Add 'text/event-stream' to AcceptHeaderVersioning's mediaTypes.",
    )
    expect(() => versionedOpenAPI({ scheme: make(), routes, document: document('application/json', 'image/png') })).toThrow('GET /items answers image/png')
  })

  it('with the type listed (or only error answers and ranges in other types), the documents are made', () => {
    const docs = versionedOpenAPI({ scheme: make(['application/json', 'text/event-stream']), routes, document: document('text/event-stream') })
    expect(Object.keys(docs.document('v1').paths?.['/events']?.get?.responses?.['200']?.content ?? {})).toEqual(['text/event-stream'])
    expect(() => versionedOpenAPI({ scheme: make(), routes, document: document('application/json; charset=utf-8') })).not.toThrow()
  })
})

it('a vendor media type of the scheme is served whatever mediaTypes lists', () => {
  const scheme = new AcceptHeaderVersioning({ ...versions, vendorMediaType: 'application/vnd.acme.{version}+json' })
  expect(() => versionedOpenAPI({ scheme, routes, document: document('application/vnd.acme.v2+json') })).not.toThrow()
})

it('a scheme that reads no Accept header documents any media type', () => {
  expect(() => versionedOpenAPI({ scheme: new HeaderVersioning(versions), routes, document: document('text/event-stream') })).not.toThrow()
})

it('a version-neutral route is served in any media type (no version is negotiated for it), and documented so', async () => {
  const scheme = new AcceptHeaderVersioning(versions)
  const neutral = defineRoutes([versionNeutral(route('events', '/events')), route('item-list', '/items')])
  const app = new Hono()
  mountRoutes(app, apiVersioning({ scheme, routes: neutral }), { events: (c) => c.body('data: 1\n\n', 200, { 'content-type': 'text/event-stream' }), 'item-list': (c) => c.json([]) })
  expect((await app.request('/events', { headers: { Accept: 'text/event-stream' } })).status).toBe(200)
  expect(() => versionedOpenAPI({ scheme, routes: neutral, document: document('text/event-stream') })).not.toThrow()
})
