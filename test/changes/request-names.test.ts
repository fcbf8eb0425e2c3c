/**
 * An older client that sends a renamed query parameter, header or field under
 * both names: its own version's name (the older) is the one the handler
 * reads, the same for the body, the query and the headers. A field sent
 * under the newer name alone, which the client's version does not have, is
 * dropped from its body, as an added field's value is. A portable file: it
 * runs on all four runtimes.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamRenamed, requestHeaderRenamed, shape, shapeConverted } from '../../src/changes/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { CombinedVersioning, HeaderVersioning, QueryParameterVersioning } from '../../src/index.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

const Thing = shape<{ title: string }>('Thing')
const history = twoVersionHistory(
  [
    change('Renames.', [
      fieldRenamed(Thing, { older: 'name', newer: 'title' }),
      queryParamRenamed('POST /things', { older: 'q', newer: 'search' }),
      requestHeaderRenamed('POST /things', { older: 'X-Old', newer: 'X-New' }),
    ]),
  ],
  { bodies: { 'POST /things': { request: Thing } } },
)
const app = migratingApp(history, new Hono())
app.post('/things', async (c) => c.json({ search: c.req.queries('search') ?? null, q: c.req.query('q') ?? null, header: c.req.header('x-new') ?? null, old: c.req.header('x-old') ?? null, body: await c.req.json() }))

describe('both names sent by an older client', () => {
  it("the older name's value wins in the body, the query and the headers", async () => {
    const res = await app.request('/things?q=older&q=again&search=newer', {
      method: 'POST',
      headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'X-Old': 'older', 'X-New': 'newer' },
      body: JSON.stringify({ name: 'older', title: 'newer' }),
    })
    expect(await res.json()).toEqual({ search: ['older', 'again'], q: null, header: 'older', old: null, body: { title: 'older' } })
  })

  it('the newer name alone reaches the handler as the client sent it', async () => {
    const res = await app.request('/things?search=newer', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'X-New': 'newer' }, body: JSON.stringify({ name: 'n' }) })
    expect(await res.json()).toEqual({ search: ['newer'], q: null, header: 'newer', old: null, body: { title: 'n' } })
  })

  it("renames only the parameter's name: its value and the other parameters reach the handler as the head's would", async () => {
    const read = new Hono()
    migratingApp(history, read)
    read.post('/things', (c) => c.json({ search: c.req.queries('search') ?? null, page: c.req.queries('page') ?? null, order: [...new URL(c.req.url).searchParams.keys()] }))
    const send = (query: string, version: string) =>
      read.request(`/things${query}`, { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(version === '1' ? { name: 'n' } : { title: 'n' }) })
    // An escape that is not UTF-8, one that is no escape, a plus, an encoded ampersand: read as the head reads them.
    const values = ['%E0%A4%A', '%ZZ', 'a+b', '%26and', 'caf%C3%A9', '']
    for (const value of values) {
      const older = await (await send(`?page=%E0%A4%A&q=${value}&page=2`, '1')).json()
      const head = await (await send(`?page=%E0%A4%A&search=${value}&page=2`, '2')).json()
      expect(older).toEqual(head)
    }
  })
})

describe('a field under the newer name alone, which the older version does not have', () => {
  // Version 1's schema is open (no additionalProperties: false), so its document and its check take any other
  // field: `title` is one, of no meaning in version 1. Found by a document-driven fuzzer: a version-1 PATCH
  // `{"title": 42}`, valid against version 1's document, reached the handler as the head's `title`, a value no
  // version's schema allows, and the head's validator refused it with a 400 naming a field version 1 does not have.
  const schema = { type: 'object', properties: { title: { type: 'string', minLength: 1 }, note: { type: 'string' } } }
  const checked = twoVersionHistory([change('Titles.', [fieldRenamed(Thing, { older: 'name', newer: 'title' })])], {
    bodies: { 'POST /things': { request: Thing }, 'PATCH /things': { request: Thing } },
    validation: requestValidation({ schemas: { Thing: schema } }),
  })
  const echo = migratingApp(checked, new Hono())
  echo.on(['POST', 'PATCH'], '/things', async (c) => c.json(await c.req.json()))
  const send = async (method: string, body: unknown) =>
    (await echo.request('/things', { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()

  it('is dropped from an older body, full or partial, as an added field is: the handler reads the head name only from the older one', async () => {
    expect(await send('PATCH', { title: 42 })).toEqual({})
    expect(await send('PATCH', { title: '', note: 'kept' })).toEqual({ note: 'kept' })
    expect(await send('POST', { title: null })).toEqual({})
    expect(await send('PATCH', { name: 'Lamp', title: 42 })).toEqual({ title: 'Lamp' })
    // The head's body is the handler's own.
    const head = await echo.request('/things', { method: 'PATCH', headers: { 'Api-Version': '2', 'Content-Type': 'application/json' }, body: '{"title":42}' })
    expect(await head.json()).toEqual({ title: 42 })
    expect(checked.migrate({ title: 'x' }, { as: Thing, from: '1' })).toEqual({})
  })

  it('beside a converter of its change, is dropped before it: the converter sees the fields of the older version only', async () => {
    // The names of the fields the converter reads (a field cleared is `undefined`, as JSON leaves it out).
    const up = (thing: unknown) => {
      const out = { ...(thing as { title: string }), seen: Object.entries(thing as object).flatMap(([k, v]) => (v === undefined ? [] : [k])) }
      return out
    }
    const converting = twoVersionHistory([change('Titles.', [fieldRenamed(Thing, { older: 'name', newer: 'title' }), shapeConverted(Thing, { up })])], {
      bodies: { 'POST /things': { request: Thing } },
    })
    expect(converting.migrate({ name: 'Lamp', title: 'x' }, { as: Thing, from: '1' })).toEqual({ title: 'Lamp', seen: ['name'] })
    expect(converting.migrate({ title: 'x' }, { as: Thing, from: '1' })).toEqual({ seen: [] })
  })
})

describe("the scheme's own query parameter", () => {
  it('is not renamed by a history: naming it in queryParamRenamed (either side) fails when the middleware is made', () => {
    for (const [older, newer] of [['version', 'ver'], ['v', 'version']] as const) {
      const renaming = twoVersionHistory([change('A rename.', [queryParamRenamed('GET /things', { older, newer })])])
      expect(() => versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: renaming })).toThrow(
        'versionMiddleware: changes: the history renames the query parameter "version" of "GET /things" (queryParamRenamed), which the scheme reads the version from; rename another parameter, or give the scheme another versionParam.',
      )
    }
    expect(() => versionMiddleware({ scheme: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2', versionParam: 'api' }), changes: twoVersionHistory([change('A rename.', [queryParamRenamed('GET /things', { older: 'v', newer: 'version' })])]) })).not.toThrow()
  })
})

describe("the scheme's own request header", () => {
  it('is not renamed by a history: naming it in requestHeaderRenamed (either side, any case) fails when the middleware is made', () => {
    const header = (older: string, newer: string) => twoVersionHistory([change('A rename.', [requestHeaderRenamed('GET /things', { older, newer })])])
    const sentence = (name: string) =>
      `versionMiddleware: changes: the history renames the request header "${name}" of "GET /things" (requestHeaderRenamed), which the scheme reads the version from; rename another header, or give the scheme another header.`
    const scheme = () => new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' })
    expect(() => versionMiddleware({ scheme: scheme(), changes: header('api-version', 'X-Version') })).toThrow(sentence('api-version'))
    expect(() => versionMiddleware({ scheme: scheme(), changes: header('X-Old', 'API-VERSION') })).toThrow(sentence('API-VERSION'))
    const combined = new CombinedVersioning({ schemes: [new QueryParameterVersioning(), new HeaderVersioning({ header: 'Accept-Version' })], allowedVersions: ['1', '2'], defaultVersion: '2' })
    expect(() => versionMiddleware({ scheme: combined, changes: header('Accept-Version', 'X-Version') })).toThrow(sentence('Accept-Version'))
    expect(() => versionMiddleware({ scheme: scheme(), changes: header('X-Old', 'X-New') })).not.toThrow()
  })

  it('a newer name a query writes escaped reaches the handler under that name, each route its own', async () => {
    const renames = twoVersionHistory([
      change('Renames.', [queryParamRenamed('GET /sized', { older: 'size', newer: 'page[size]' }), queryParamRenamed('GET /sorted', { older: 'sort', newer: 'sort by' })]),
    ])
    const read = new Hono()
    migratingApp(renames, read)
    read.get('/sized', (c) => c.json({ value: c.req.query('page[size]') ?? null, url: new URL(c.req.url).search }))
    read.get('/sorted', (c) => c.json({ value: c.req.query('sort by') ?? null, url: new URL(c.req.url).search }))
    // Twice each: the escaped name is made once and then kept.
    for (let i = 0; i < 2; i++) {
      expect(await (await read.request('/sized?size=10', { headers: { 'Api-Version': '1' } })).json()).toEqual({ value: '10', url: '?page%5Bsize%5D=10' })
      expect(await (await read.request('/sorted?sort=name', { headers: { 'Api-Version': '1' } })).json()).toEqual({ value: 'name', url: '?sort+by=name' })
    }
  })
})
