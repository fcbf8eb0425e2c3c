/**
 * Apps composed of sub-apps (`app.route(prefix, sub)`), their documents
 * made from the root app, checked by Stoplight Prism (`prism proxy
 * --errors`) in front of the app served over loopback HTTP: a route table
 * served by a sub-app (its paths documented under the prefix, `/api/items`:
 * Prism ignores a server's path), and plain routes of a sub-app that runs
 * its own `versionMiddleware`, whose history names them as the sub-app
 * registers them. Every documented operation of each version is called
 * through Prism,
 * and Prism reports no request or answer that disagrees with its document;
 * the toolkit's refusals of the same calls (a version not served, an older
 * body malformed or invalid in its version) are each one the document gives
 * (Ajv, JSON Schema 2020-12).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { answerChecker, callsOf, type DocumentCall } from '../../../scripts/lib/document-calls.ts'
import { change, fieldRenamed, routeAdded, shape, versionHistory } from '../../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { requestValidation } from '../../../src/validation/index.ts'
import { freePort } from '../../e2e/wrangler-dev.ts'
import { childOutput } from '../../support/child-output.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'

type Json = Record<string, unknown>

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/sub-apps-prism/`
const children: ChildProcess[] = []
const servers: { close(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
  for (const server of servers) server.close()
})

const Item = shape<{ id: number; title: string }>('Item')
const NewItem = shape<{ title: string }>('NewItem')
const NewItemSchema = { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] }
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const titles = (tags: string) => [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), fieldRenamed(NewItem, { older: 'name', newer: 'title' })]), change('Tags.', [routeAdded(tags)])]
const ref = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } })
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }]
/** The head document of the items API at `prefix`. */
const headDocument = (prefix: string) => ({
  openapi: '3.1.0',
  info: { title: 'Items', version: '2' },
  paths: {
    [`${prefix}/items`]: { post: { operationId: 'createItem', requestBody: { required: true, content: ref('NewItem') }, responses: { '201': { description: 'Created.', content: ref('Item') } } } },
    [`${prefix}/items/{id}`]: { get: { operationId: 'getItem', parameters: id, responses: { '200': { description: 'An item.', content: ref('Item') } } } },
    [`${prefix}/tags`]: { get: { operationId: 'listTags', responses: { '200': { description: 'Tags.', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } }, required: ['id', 'title'] }, NewItem: NewItemSchema } },
})
const validation = requestValidation({ schemas: { NewItem: NewItemSchema } })
const handlers = {
  item: (c: { req: { param(name: 'id'): string }; json(body: object): Response }) => c.json({ id: Number(c.req.param('id')), title: 'Kettle' }),
}

/** A route table in a sub-app at /api; its documents from the root app and the head document at the table's paths. */
function tableApp() {
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: titles('tag-list') }], bodies: { 'item-detail': { response: Item }, 'POST item-list': { request: NewItem, response: Item } }, validation })
  const routes = defineRoutes(history.routes([route('item-list', '/items'), route('item-detail', '/items/:id'), route('tag-list', '/tags')]))
  const versioning = apiVersioning({ scheme, routes, changes: history })
  const sub = new Hono()
  sub.use('*', versioning)
  mountRoutes(sub, versioning, {
    'item-list': { post: async (c) => c.json({ id: 7, ...(await c.req.json<object>()) }, 201) },
    'item-detail': (c) => handlers.item(c),
    'tag-list': (c) => c.json(['tea']),
  })
  const app = new Hono().route('/api', sub)
  return { app, documents: versionedOpenAPI({ scheme, routes, app, document: headDocument(''), changelog: history, requests: { schemas: { NewItem: NewItemSchema }, bodies: { 'POST item-list': { request: NewItem } } } }) }
}

/** Plain routes in a sub-app at /plain with its own versionMiddleware, the history naming them as the sub-app registers them. */
function plainApp() {
  const bodies = { 'GET /items/:id': { response: Item }, 'POST /items': { request: NewItem, response: Item } }
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: titles('GET /tags') }], bodies, validation })
  const sub = new Hono()
  sub.use('*', versionMiddleware({ scheme, changes: history }))
  sub.post('/items', async (c) => c.json({ id: 7, ...(await c.req.json<object>()) }, 201))
  sub.get('/items/:id', (c) => handlers.item(c))
  sub.get('/tags', (c) => c.json(['tea']))
  const app = new Hono().route('/plain', sub)
  return { app, documents: versionedOpenAPI({ scheme, app, document: headDocument('/plain'), changelog: history, requests: { schemas: { NewItem: NewItemSchema }, bodies } }) }
}

/** `app` over loopback HTTP, and Prism in front of it for `document` (named `name`), listening. */
async function proxied(app: Hono, document: Json, name: string): Promise<string> {
  const server = serve({ fetch: (request) => app.fetch(request), hostname: '127.0.0.1', port: 0 })
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}${name}.json`, JSON.stringify(document))
  const port = await freePort()
  const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const child = spawn(`${root}node_modules/.bin/prism`, ['proxy', `${dir}${name}.json`, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  await childOutput(child, `prism for ${name}`).printed('Prism is listening', 60_000)
  return `http://127.0.0.1:${port}`
}

/** The refusals the toolkit answers `call` with in version 1: a version not served; a body malformed, or invalid in its version. */
function refusalsOf(call: DocumentCall): DocumentCall[] {
  const out: DocumentCall[] = [{ ...call, headers: { ...call.headers, 'Api-Version': '9' } }]
  if (call.body !== undefined) out.push({ ...call, body: '{"name":' }, { ...call, body: '{"unknown":1}' })
  return out
}

const apps = { 'a table in a sub-app at /api': tableApp(), 'plain routes of a sub-app at /plain with its own middleware': plainApp() }
const cases = Object.entries(apps).flatMap(([title, { app, documents }]) => documents.versions.map(({ version }) => [title, version, app, JSON.parse(JSON.stringify(documents.document(version))) as Json] as const))
// Started together: each Prism takes 2 to 5 s to listen on a loaded 2-core machine.
const proxies = cases.map(([, version, app, document], i) => proxied(app, document, `case-${i}-${version}`))

describe('sub-apps: Prism finds nothing the server answers against the root app’s documents', () => {
  it.each(cases.map(([title, version], i) => [title, version, i] as const))('%s, version %s', async (_title, version, i) => {
    const [, , app, document] = cases[i] as (typeof cases)[number]
    await expectValidOpenAPI31(document)
    const proxy = await (proxies[i] as Promise<string>)
    const check = answerChecker(document)
    const violations: string[] = []
    const statuses: number[] = []
    for (const call of callsOf(document, true)) {
      const answer = await fetch(`${proxy}${call.path}`, { method: call.method, headers: call.headers, ...(call.body === undefined ? {} : { body: call.body }) })
      const text = await answer.text()
      statuses.push(answer.status)
      const prismError = (answer.headers.get('content-type') ?? '').includes('problem+json') && text.includes('stoplight.io/prism/errors')
      if (answer.headers.get('sl-violations') !== null || prismError) violations.push(`${call.operation}: ${answer.status} ${answer.headers.get('sl-violations') ?? text.slice(0, 300)}`)
      for (const refused of version === '1' ? refusalsOf(call) : []) {
        const res = await app.request(refused.path, { method: refused.method, headers: refused.headers, ...(refused.body === undefined ? {} : { body: refused.body }) })
        statuses.push(res.status)
        violations.push(...check(call.operation, res.status, res.headers.get('content-type'), await res.text()))
      }
    }
    expect(violations).toEqual([])
    // Version 1: its own POST status and shapes, and the refusals (404, 400, 422); no tags route. Version 2: the head's.
    expect(statuses).toEqual(version === '1' ? [201, 404, 400, 422, 200, 404] : [201, 200, 200])
  }, 30_000)
})
