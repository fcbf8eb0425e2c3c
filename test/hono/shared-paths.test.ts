/**
 * Two table routes whose paths Hono matches alike (`/items/5` matches
 * `/items/:id{[0-9]+}` and `/items/:key`), the first limited to a version
 * the request does not name: the second answers, and its own version
 * changes migrate the request up and the response down, exactly as when it
 * is the only route at the URL. A handler that builds a JSON answer with
 * `c.json()` but returns another response gets that response migrated.
 */
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'
import { appInStyle, MOUNT_STYLES } from '../support/mount-styles.ts'
import { Hono } from 'hono'

const A = shape<{ title: string }>('A')
const B = shape<{ label: string }>('B')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2' }, { version: '3', changes: [change('Titles and labels.', [fieldRenamed(A, { older: 'name', newer: 'title' }), fieldRenamed(B, { older: 'tag', newer: 'label' })])] }],
  bodies: { a: { request: A, response: A }, b: { request: B, response: B } },
})

function itemsApp(style: (typeof MOUNT_STYLES)[number]): Hono {
  const routes = defineRoutes([versioned(['1'], route('a', '/items/:id{[0-9]+}')), route('b', '/items/:key')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), routes, changes: history })
  const app = appInStyle(style, versioning)
  mountRoutes(app, versioning, {
    a: { get: (c) => c.json({ title: 'A' }), post: async (c) => c.json({ title: (await c.req.json<{ title?: string }>()).title ?? 'none' }) },
    b: { get: (c) => c.json({ label: 'B' }), post: async (c) => c.json({ label: (await c.req.json<{ label?: string }>()).label ?? 'none' }) },
  })
  return app
}

const send = (app: Hono, path: string, version: string, body?: object) =>
  app.request(path, body === undefined ? { headers: { 'Api-Version': version } } : { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe.each(MOUNT_STYLES)('routes Hono matches at one URL (%s)', (style) => {
  const app = itemsApp(style)

  it.each(['/items/5', '/items/abc'])('%s in version 2: the route that serves version 2 answers in its version 2 shape', async (path) => {
    const res = await send(app, path, '2')
    expect([res.status, await res.json()]).toEqual([200, { tag: 'B' }])
  })

  it.each(['/items/5', '/items/abc'])("%s in version 2: the body reaches that route's handler migrated up", async (path) => {
    const res = await send(app, path, '2', { tag: 'x' })
    expect([res.status, await res.json()]).toEqual([200, { tag: 'x' }])
  })

  it('the route limited to version 1 answers version 1 in its own shape', async () => {
    expect(await (await send(app, '/items/5', '1')).json()).toEqual({ name: 'A' })
    expect(await (await send(app, '/items/5', '1', { name: 'y' })).json()).toEqual({ name: 'y' })
  })

  it('the head gets the head shapes', async () => {
    expect(await (await send(app, '/items/5', '3')).json()).toEqual({ label: 'B' })
    expect(await (await send(app, '/items/abc', '3', { label: 'z' })).json()).toEqual({ label: 'z' })
  })
})

describe("a handler's answer is migrated unless the JSON step built that very answer", () => {
  const app = new Hono()
  const P = shape<{ fullName: string }>('P')
  const changes = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Full names.', [fieldRenamed(P, { older: 'name', newer: 'fullName' })])] }], bodies: { 'GET /people/1': { response: P } } })
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes }))
  app.get('/people/1', (c) => {
    // A JSON answer built and set aside: the handler answers with another one.
    c.json({ fullName: 'draft' })
    return c.body(JSON.stringify({ fullName: 'Ada' }), 200, { 'Content-Type': 'application/json' })
  })

  it('an older client gets the answer the handler returned, migrated', async () => {
    const res = await app.request('/people/1', { headers: { 'Api-Version': '1' } })
    expect([res.status, await res.json()]).toEqual([200, { name: 'Ada' }])
  })

  it('the head gets it as it is', async () => {
    expect(await (await app.request('/people/1', { headers: { 'Api-Version': '2' } })).json()).toEqual({ fullName: 'Ada' })
  })
})
