/**
 * Each operation's migration in a version lives in the model
 * (`OperationAt.migration`, src/openapi/migrations.ts): the history's route
 * plan, that version's part, found by the request path's own lookup, made
 * once at first read. An older request through the middleware is
 * migrated as the model's migration says; the head has none, and documents
 * made from a changelog's JSON (which has no plans) have none. A portable
 * suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamRenamed, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route } from '../../src/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { appModel } from '../../src/openapi/app-model.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const Item = shape<{ readonly title: string }>('Item')
const history = versionHistory({
  versions: [
    { version: 'v1' },
    {
      version: 'v2',
      changes: [
        change('Items are created with 201, titles are called title, the search is q.', [
          statusChanged('POST item-list', { older: 200, newer: 201 }),
          queryParamRenamed('GET item-list', { older: 'search', newer: 'q' }),
          fieldRenamed(Item, { older: 'name', newer: 'title' }),
        ]),
      ],
    },
  ],
  bodies: { 'item-list': { request: Item, response: Item } },
})
const routes = defineRoutes([include('/api', [route('item-list', '/items'), route('health', '/health')])])
const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const methods = { 'item-list': ['get', 'post', 'delete'], health: ['get'] } as const
const model = versionedOpenAPI({ scheme, routes, changelog: history, methods: { ...methods } }).model as ApiModel

describe("each version's migration, in the model", () => {
  it("an older version's: the request's query renames, the response's statuses and body steps, by method", () => {
    const post = model.find('POST', '/api/items')?.at('v1')?.migration
    const get = model.find('GET', '/api/items')?.at('v1')?.migration
    expect([post?.down.status, post?.up.query, post?.down.body !== null]).toEqual([[[201, 200]], [], true])
    expect([get?.down.status, get?.up.query, get?.down.body !== null]).toEqual([[], [['search', 'q']], true])
  })

  it("a DELETE of the route has no request body steps of the route's own (the request path's lookup), its POST has them", () => {
    const del = model.find('DELETE', '/api/items')?.at('v1')?.migration
    const post = model.find('POST', '/api/items')?.at('v1')?.migration
    expect([del?.up.body ?? null, del?.down.body !== null, post?.up.body !== null]).toEqual([null, true, true])
  })

  it('none on the head, none for a route the history leaves alone, none from a changelog without plans', () => {
    expect(model.find('POST', '/api/items')?.at('v2')?.migration).toBeNull()
    expect(model.find('GET', '/api/health')?.at('v1')?.migration).toBeNull()
    const fromJson = versionedOpenAPI({ scheme, routes, changelog: history.changelog(), methods: { ...methods } }).model as ApiModel
    expect(fromJson.find('POST', '/api/items')?.at('v1')?.migration).toBeNull()
  })

  it('is made once: every read gives the same object', () => {
    const at = model.find('POST', '/api/items')?.at('v1')
    expect(at?.migration).toBe(at?.migration)
  })

  it('an older request through the middleware is migrated as it says, and an app\'s model says the same', async () => {
    const versioning = apiVersioning({ scheme, routes, changes: history })
    const app = mountRoutes(new Hono(), versioning, {
      'item-list': { get: (c) => c.json({ title: c.req.query('q') ?? 'none' }), post: (c) => c.json({ title: 'made' }, 201), delete: (c) => c.json({ title: 'gone' }) },
      health: (c) => c.text('ok'),
    })
    const posted = await app.request('/api/items', { method: 'POST', headers: { 'Api-Version': 'v1' } })
    const found = await app.request('/api/items?search=lamp', { headers: { 'Api-Version': 'v1' } })
    const said = model.find('POST', '/api/items')?.at('v1')?.migration
    expect([posted.status, await posted.json(), await found.json()]).toEqual([said?.down.status[0]?.[1], { name: 'made' }, { name: 'lamp' }])
    const served = appModel({ scheme, app, routes, history })
    expect(served.find('POST', '/api/items')?.at('v1')?.migration?.down.status).toEqual([[201, 200]])
    expect(served.find('GET', '/api/items')?.at('v1')?.migration?.up.query).toEqual([['search', 'q']])
  })
})
