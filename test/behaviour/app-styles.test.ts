/**
 * Every feature in every app style (docs/app-styles.md): the same API as a
 * route table with `mountRoutes`, as plain Hono routes and as
 * @hono/zod-openapi routes (test/support/app-styles.ts) gets the same
 * answers for the version, links, lifecycle headers and 410, migration,
 * request validation, OpenAPI documents, the typed client, contracts,
 * client pins and `check()`. A portable suite: it runs on Node, inside
 * workerd, on Bun and on Deno. The types of the typed client and of
 * `c.req.param` in each style are in test/typed-client/app-styles.test-d.ts.
 */
import { describe, expect, it } from 'vitest'
import { contracts } from '../../src/contracts/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { APP_STYLES, ORIGIN, plainHistory, styledApp, tableHistory, type AppStyle, type plainApp, type StyledApp, type tableApp, type zodOpenAPIApp } from '../support/app-styles.ts'

/** Before version 1's sunset (after its deprecation), and after it. */
const BEFORE_SUNSET = Date.UTC(2026, 5, 1)
const AFTER_SUNSET = Date.UTC(2027, 5, 1)

const get = (app: { request(input: string, init?: RequestInit): Response | Promise<Response> }, path: string, headers: Record<string, string> = {}) => app.request(`${ORIGIN}${path}`, { headers })
const post = (app: { request(input: string, init?: RequestInit): Response | Promise<Response> }, version: string, body: unknown) =>
  app.request(`${ORIGIN}/people`, { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

/** GET /people/:id through the typed client of each style's app type and history, in a version. */
function personVia(style: AppStyle, app: StyledApp['app']): (version: '1' | '2', id: string) => Promise<Response> {
  const options = { scheme: { in: 'header', name: 'Api-Version' }, fetch: (input: string, init: RequestInit) => app.request(input, init) } as const
  if (style === 'route table') {
    const clients = versionedClient<ReturnType<typeof tableApp>['app'], typeof tableHistory>(ORIGIN, options)
    return (version, id) => clients(version).people[':id'].$get({ param: { id } })
  }
  if (style === 'plain Hono') {
    const clients = versionedClient<ReturnType<typeof plainApp>['app'], typeof plainHistory>(ORIGIN, options)
    return (version, id) => clients(version).people[':id'].$get({ param: { id } })
  }
  const clients = versionedClient<ReturnType<typeof zodOpenAPIApp>['app'], typeof plainHistory>(ORIGIN, options)
  return (version, id) => clients(version).people[':id'].$get({ param: { id } })
}

const v1Person = { id: 1, name: 'Ada Lovelace', self: `${ORIGIN}/people/1` }
const v2Person = { id: 1, fullName: 'Ada Lovelace', email: 'ada@example.com', self: `${ORIGIN}/people/1` }

describe.each(APP_STYLES.map((style) => [style] as const))('%s', (style: AppStyle) => {
  const { app, check, documents } = styledApp(style, { now: () => BEFORE_SUNSET })

  it('check(): no warning', () => {
    expect(check()).toEqual([])
  })

  it('version decided: the header\'s version, the default without one, 404 for one the scheme does not allow (docs/errors.md)', async () => {
    expect(await (await get(app, '/people/1', { 'Api-Version': '1' })).json()).toEqual(v1Person)
    expect(await (await get(app, '/people/1')).json()).toEqual(v2Person)
    const refused = await get(app, '/people/1', { 'Api-Version': '3' })
    expect([refused.status, await refused.json()]).toEqual([404, { detail: 'Invalid version in "Api-Version" header.' }])
  })

  it('reverse/links: the handler\'s link to the route, on an allowed host only', async () => {
    expect(((await (await get(app, '/people/2', { 'Api-Version': '2' })).json()) as { self: string }).self).toBe(`${ORIGIN}/people/2`)
    const spoofed = await app.request('https://evil.test/people/2', { headers: { 'Api-Version': '2' } })
    expect([spoofed.status, await spoofed.json()]).toEqual([400, { detail: 'Invalid host.' }])
  })

  it('lifecycle headers, and 410 after the sunset', async () => {
    const v1 = await get(app, '/people/1', { 'Api-Version': '1' })
    expect([v1.headers.get('deprecation'), v1.headers.get('sunset')]).toEqual(['@1767225600', 'Fri, 01 Jan 2027 00:00:00 GMT'])
    const v2 = await get(app, '/people/1', { 'Api-Version': '2' })
    expect([v2.headers.get('deprecation'), v2.headers.get('sunset')]).toEqual([null, null])
    const later = styledApp(style, { now: () => AFTER_SUNSET }).app
    expect((await get(later, '/people/1', { 'Api-Version': '1' })).status).toBe(410)
    expect((await get(later, '/people/1', { 'Api-Version': '2' })).status).toBe(200)
  })

  it('version changes: an older request migrated up, its response down; a route added in 2 is absent from 1', async () => {
    const created = await post(app, '1', { name: 'Grace Hopper' })
    expect([created.status, await created.json()]).toEqual([201, { id: 7, name: 'Grace Hopper', self: `${ORIGIN}/people/7` }])
    const head = await post(app, '2', { fullName: 'Grace Hopper', email: 'grace@example.com' })
    expect([head.status, await head.json()]).toEqual([201, { id: 7, fullName: 'Grace Hopper', email: 'grace@example.com', self: `${ORIGIN}/people/7` }])
    expect((await get(app, '/people/1/avatar', { 'Api-Version': '1' })).status).toBe(404)
    expect(await (await get(app, '/people/1/avatar', { 'Api-Version': '2' })).json()).toEqual({ url: 'https://cdn.people.test/1.png' })
  })

  it('request validation per version: an older body checked against its own version\'s schema, in its own field names', async () => {
    const refused = await post(app, '1', { fullName: 'Grace Hopper' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ detail: [{ loc: ['body', 'name'], msg: 'Field required.', type: 'missing' }] })
  })

  it('OpenAPI per version: each version\'s document has its own shapes and routes', () => {
    expect(Object.keys(documents.document('1').paths).sort()).toEqual(['/people', '/people/{id}'])
    expect(Object.keys(documents.document('2').paths).sort()).toEqual(['/people', '/people/{id}', '/people/{id}/avatar'])
    expect(Object.keys(documents.document('1').components?.schemas?.['Person']?.properties ?? {}).sort()).toEqual(['id', 'name', 'self'])
    expect(Object.keys(documents.document('2').components?.schemas?.['Person']?.properties ?? {}).sort()).toEqual(['email', 'fullName', 'id', 'self'])
  })

  it('typed client per version: each version\'s client sends its version and gets its shapes', async () => {
    const person = personVia(style, app)
    expect(await (await person('1', '1')).json()).toEqual(v1Person)
    expect(await (await person('2', '1')).json()).toEqual(v2Person)
    expect((await person('1', '1')).headers.get('sunset')).toBe('Fri, 01 Jan 2027 00:00:00 GMT')
  })

  it('contracts: the released version recorded in a lock, and the same code checks against it', async () => {
    const requests = { 'person 1': (version: string) => new Request(`${ORIGIN}/people/1`, { headers: { 'Api-Version': version } }) }
    const frozen = contracts({ app, versions: ['1', '2'], documents, requests })
    const lock = await frozen.record()
    expect(Object.keys(lock.released)).toEqual(['1'])
    expect(lock.released['1']?.responses['person 1']?.body).toEqual(v1Person)
    const report = await contracts({ app: styledApp(style, { now: () => BEFORE_SUNSET }).app, versions: ['1', '2'], documents, requests }).check(lock)
    expect([report.ok, report.differences]).toEqual([true, []])
  })

  it('client pins: a request that names no version gets its client\'s pinned version', async () => {
    const pinned = styledApp(style, { now: () => BEFORE_SUNSET, pins: { 'key-1': '1' } }).app
    expect(await (await get(pinned, '/people/1', { Authorization: 'Bearer key-1' })).json()).toEqual(v1Person)
    expect(await (await get(pinned, '/people/1', { Authorization: 'Bearer key-1', 'Api-Version': '2' })).json()).toEqual(v2Person)
    expect(await (await get(pinned, '/people/1', { Authorization: 'Bearer new-key' })).json()).toEqual(v2Person)
  })
})
