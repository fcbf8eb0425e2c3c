/**
 * What each version's document says of sending the version
 * (`info['x-api-version'].send`) against what the server does: a way is
 * required exactly where a request naming no version gets another version
 * than the document's (the default, when the document is not the
 * default's), the Accept media type as much as a header or a query
 * parameter; and a request sending the version each listed way gets the
 * document's version.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, QueryParameterVersioning, route, type BaseVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

interface Way {
  readonly in: string
  readonly name: string
  readonly value: string
  readonly required: boolean
}

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }
const schemes: [string, () => BaseVersioning][] = [
  ['a header', () => new HeaderVersioning(versions)],
  ['the query', () => new QueryParameterVersioning(versions)],
  ['the Accept header', () => new AcceptHeaderVersioning(versions)],
  ['a vendor media type', () => new AcceptHeaderVersioning({ ...versions, vendorMediaType: 'application/vnd.acme.{version}+json' })],
  ['the Accept header or the query', () => new CombinedVersioning({ ...versions, schemes: [new AcceptHeaderVersioning(), new QueryParameterVersioning()] })],
  ['a header or the Accept header', () => new CombinedVersioning({ ...versions, schemes: [new HeaderVersioning(), new AcceptHeaderVersioning()] })],
]

describe.each(schemes)('the version in %s', (_, make) => {
  const scheme = make()
  const routes = defineRoutes([route('item-list', '/items')])
  const app = new Hono()
  mountRoutes(app, apiVersioning({ scheme, routes }), { 'item-list': (c) => c.json({ version: c.var.version }) })
  const docs = versionedOpenAPI({ scheme, routes, app })

  /** The version the server answers a request with these headers and query. */
  const answered = async (headers: Record<string, string>, query = ''): Promise<unknown> => {
    const res = await app.request(`https://api.example.com/items${query}`, { headers })
    return res.status === 200 ? ((await res.json()) as { version: unknown }).version : res.status
  }

  it.each(['v1', 'v2'])('the %s document requires a way exactly where a request without a version gets another version', async (version) => {
    const send = (docs.document(version).info['x-api-version'] as { send: Way[] }).send
    const unnamed = await answered({ Accept: 'application/json' })
    expect({ required: send.filter((w) => w.required).length > 0, unnamed }).toEqual({ required: unnamed !== version, unnamed })
    // Each way as listed gets the document's version.
    for (const way of send) {
      const got = way.in === 'query' ? await answered({}, `?${new URLSearchParams({ [way.name]: way.value })}`) : await answered({ [way.name]: way.value })
      expect([way.name, got]).toEqual([way.name, version])
    }
  })
})

it('the Accept header alone: the v1 document requires the media type naming v1, the v2 document (the default) does not and says what a request without one gets', () => {
  const scheme = new AcceptHeaderVersioning(versions)
  const routes = defineRoutes([route('item-list', '/items')])
  const docs = versionedOpenAPI({ scheme, routes })
  expect(docs.document('v1').info['x-api-version']).toEqual({ version: 'v1', send: [{ in: 'header', name: 'Accept', value: 'application/json; version=v1', required: true }] })
  expect(docs.document('v2').info['x-api-version']).toEqual({
    version: 'v2',
    send: [{ in: 'header', name: 'Accept', value: 'application/json; version=v2', required: false }],
    withoutVersion: { default: 'v2', pinned: false },
  })
})
