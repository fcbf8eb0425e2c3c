/**
 * Consecutive versions' documents diffed by a tool nobody here wrote:
 * Optic's breaking-change check (`optic diff <older> <newer> --check`)
 * between each version's document and the next one's, for a route table
 * whose history renames a field (responses and requests), gives a POST a
 * new status, renames a query parameter, then adds a required request
 * field, moves a route, removes a method and adds one. What differs by
 * the version itself (the version parameter's value, the changelog and
 * description) and the 405s' extension Optic does not read are left out
 * before the diff. The breaking changes Optic reports are exactly the
 * history's, and, on the head, the refusals of a body the toolkit stops
 * reading (413, 415, 422: the head's body is the application's to check).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRenamed, pathChanged, queryParamRenamed, routeAdded, routeRemoved, shape, statusChanged, versionHistory } from '../../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../../src/index.ts'
import { versionPolicy } from '../../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { requestValidation } from '../../../src/validation/index.ts'

type Json = Record<string, any>

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/optic-versions/`

const Item = shape<{ id: number; title: string; color: string | null }>('Item')
const NewItem = shape<{ title: string; color: string | null }>('NewItem')
const NewItemSchema = { type: 'object', properties: { title: { type: 'string' }, color: { type: ['string', 'null'] } }, required: ['title', 'color'] }
const bodies = { 'item-detail': { response: Item }, 'item-list': { response: [Item] as const }, 'POST item-list': { request: NewItem, response: Item } }
const history = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('Titles.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), fieldRenamed(NewItem, { older: 'name', newer: 'title' })]), change('Created.', [statusChanged('POST item-list', { older: 200, newer: 201 })]), change('Search.', [queryParamRenamed('item-list', { older: 'q', newer: 'search' })])] },
    { version: '3', changes: [change('Colors.', [fieldAdded(Item, 'color'), fieldAdded(NewItem, 'color', { default: null })]), change('Archive.', [routeAdded('POST item-archive')]), change('No deletes.', [routeRemoved('DELETE item-detail')]), change('Tags.', [pathChanged('item-tags', { older: '/labels/:id', newer: '/tags/:id' })])] },
  ],
  bodies,
  validation: requestValidation({ schemas: { NewItem: NewItemSchema } }),
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
const routes = defineRoutes(history.routes([route('item-list', '/items'), route('item-detail', '/items/:id'), route('item-archive', '/items/:id/archive'), route('item-tags', '/tags/:id')]))
const versioning = apiVersioning({ scheme, routes, changes: history })
const app = new Hono()
const item = { id: 1, title: 'Kettle', color: null }
mountRoutes(app, versioning, {
  'item-list': { get: (c) => c.json([item]), post: (c) => c.json(item, 201) },
  'item-detail': { get: (c) => c.json(item), delete: (c) => c.body(null, 204) },
  'item-archive': { post: (c) => c.json(item) },
  'item-tags': (c) => c.json(['tea']),
})
const ref = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } })
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
const document = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '3' },
  paths: {
    '/items': {
      get: { parameters: [{ name: 'search', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'Items.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } },
      post: { requestBody: { required: true, content: ref('NewItem') }, responses: { '201': { description: 'Created.', content: ref('Item') } } },
    },
    '/items/{id}': { get: { parameters: id, responses: { '200': { description: 'An item.', content: ref('Item') } } }, delete: { parameters: id, responses: { '204': { description: 'Gone.' } } } },
    '/items/{id}/archive': { post: { parameters: id, responses: { '200': { description: 'Archived.', content: ref('Item') } } } },
    '/tags/{id}': { get: { parameters: id, responses: { '200': { description: 'Tags.', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, color: { type: ['string', 'null'] } }, required: ['id', 'title', 'color'] }, NewItem: NewItemSchema } },
}
const documents = versionedOpenAPI({ scheme, routes, app, document, changelog: history, requests: { schemas: { NewItem: NewItemSchema }, bodies } })

/** `version`'s document without what differs by the version alone: its parameter, its changelog and description, the 405s (an extension Optic does not read). */
function comparable(version: string): Json {
  const out = JSON.parse(JSON.stringify(documents.document(version))) as Json
  delete out['x-changelog']
  out['info'] = { title: out['info'].title, version: 'any' }
  for (const item of Object.values(out['paths'] as Json)) {
    delete item['x-methodNotAllowed']
    for (const operation of Object.values(item as Json)) operation.parameters = (operation.parameters ?? []).filter((p: Json) => p['name'] !== 'Api-Version')
  }
  return out
}

/** The breaking changes Optic reports from `older` to `newer`: `METHOD /path: rule`, each once, sorted. */
function breaking(older: string, newer: string): string[] {
  return opticBreaking(comparable(older), comparable(newer))
}

/** The breaking changes Optic reports from the document `older` to `newer`. */
function opticBreaking(olderDocument: Json, newerDocument: Json): string[] {
  const [older, newer] = ['older', 'newer']
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}${older}.json`, JSON.stringify(olderDocument))
  writeFileSync(`${dir}${newer}.json`, JSON.stringify(newerDocument))
  const run = spawnSync(`${root}node_modules/.bin/optic`, ['diff', `${dir}${older}.json`, `${dir}${newer}.json`, '--check'], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: 'true', NO_COLOR: '1' }, timeout: 60_000 })
  const found = new Set<string>()
  let operation = ''
  for (const line of `${run.stdout}${run.stderr}`.split('\n')) {
    const at = /^\s*[x✔] ((?:GET|POST|PUT|PATCH|DELETE) \S+):/.exec(line)
    if (at !== null) operation = at[1] as string
    const rule = /^\s*x \[(.+?)\] (.+?)\. This is a breaking change\./.exec(line)
    if (rule !== null) found.add(`${operation}: ${rule[2] as string}`)
  }
  return [...found].sort()
}

describe("Optic's breaking changes between consecutive versions are the history's", () => {
  // Each diff runs Optic once (3 to 5 s on a loaded 2-core machine).
  it('1 to 2: the renamed field, and the POST’s status', () => {
    expect(breaking('1', '2')).toEqual([
      "GET /items/{id}: cannot remove response property 'name'",
      "GET /items: cannot remove response property 'name'",
      "POST /items: cannot add a required request property 'title' to an existing operation",
      "POST /items: cannot remove response property 'id'",
      "POST /items: cannot remove response property 'name'",
      'POST /items: must not remove response status code 200',
    ])
  }, 60_000)

  it('2 to 3: the required field, the moved route and the removed method; the body refusals the head leaves to the app', () => {
    expect(breaking('2', '3')).toEqual([
      'DELETE /items/{id}: cannot remove an operation',
      'DELETE /items/{id}: must not remove response status code 204',
      'DELETE /items/{id}: must not remove response status code 400',
      'DELETE /items/{id}: must not remove response status code 404',
      'GET /labels/{id}: cannot remove an operation',
      'GET /labels/{id}: must not remove response status code 200',
      'GET /labels/{id}: must not remove response status code 400',
      'GET /labels/{id}: must not remove response status code 404',
      "POST /items: cannot add a required request property 'color' to an existing operation",
      'POST /items: must not remove response status code 413',
      'POST /items: must not remove response status code 415',
      'POST /items: must not remove response status code 422',
    ])
  }, 60_000)
})

describe('what Optic reports on the documents as served (docs/contracts.md)', () => {
  // Two versions and no change between them: only what differs by the version alone, and the policy's 410.
  const dated = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const policy = versionPolicy({ versions: { '1': { deprecation: '2026-01-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z' } }, refuseAfterSunset: true, now: () => Date.parse('2026-06-01T00:00:00Z') })
  const notes = defineRoutes([route('note', '/notes/:id')])
  const served = apiVersioning({ scheme: dated, routes: notes, policy })
  const notesApp = mountRoutes(new Hono(), served, { note: (c) => c.json({ id: 1 }) })
  const docs = versionedOpenAPI({ scheme: dated, routes: notes, app: notesApp, policy })

  it("reports the version parameter's enum, and the 410 a version with a sunset documents under refuseAfterSunset", () => {
    expect(opticBreaking(docs.document('1') as Json, docs.document('2') as Json)).toEqual([
      "GET /notes/{id}: cannot remove enum option '1' from header parameter 'Api-Version'",
      'GET /notes/{id}: must not remove response status code 410',
    ])
  }, 60_000)
})
