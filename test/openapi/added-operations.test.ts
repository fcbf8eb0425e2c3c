/**
 * Given `app` and a document of your own, a method the app serves at a
 * documented path that the document lacks is added with a bare response:
 * `200` for a GET, `default` for another method (whose status nothing
 * says), or the status a `statusChanged` of the route names, its `newer` in
 * the newer versions and its `older` in the older ones, as docs/openapi.md
 * says and as the documents made from the table alone have it. Before, such
 * an operation got `200` whatever its method, so a POST answering 201 was
 * documented as answering 200 alone. Each version's answer is checked
 * against its document's statuses.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { change, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const history = versionHistory({
  versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A created thing is answered 201.', [statusChanged('POST /things', { older: 200, newer: 201 })])] }],
})
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/things', (c) => c.json([]))
app.post('/things', (c) => c.json({ id: 1 }, 201))
app.put('/things', (c) => c.body(null, 204))
// The document lists the GET alone: the app's POST and PUT are added.
const document = { openapi: '3.1.0', info: { title: 'Things', version: 'v2' }, paths: { '/things': { get: { responses: { '200': { description: 'The things' } } } } } }
const docs = versionedOpenAPI({ scheme, app, document, changelog: history })

/** The success statuses (2xx and default) a version's document gives a method of /things. */
const successes = (version: string, method: 'get' | 'post' | 'put'): string[] =>
  Object.keys(docs.document(version).paths['/things']?.[method]?.responses ?? {}).filter((status) => status.startsWith('2') || status === 'default')

it('an added POST has the status statusChanged names in each version, an added PUT any status (default)', () => {
  expect(successes('v2', 'post')).toEqual(['201'])
  expect(successes('v1', 'post')).toEqual(['200'])
  expect(successes('v2', 'put')).toEqual(['default'])
  expect(successes('v1', 'put')).toEqual(['default'])
  expect(successes('v2', 'get')).toEqual(['200'])
})

it('each answer has a status its version’s document gives', async () => {
  for (const version of ['v1', 'v2']) {
    for (const method of ['get', 'post', 'put'] as const) {
      const res = await app.request('/things', { method: method.toUpperCase(), headers: { 'Api-Version': version } })
      const given = successes(version, method)
      expect(given.includes(String(res.status)) || given.includes('default'), `${method.toUpperCase()} in ${version}: ${res.status}, documented ${given.join(', ')}`).toBe(true)
    }
  }
})
