/**
 * `validateResponses` over a route table a sub-app serves
 * (`app.route('/api', sub)`), Hono matching the full path: each response is
 * checked against its operation, whether the documents were made from the
 * root app (the table's paths under the prefix) or from the sub-app with
 * the prefix as `serverUrl` (the sub-app's paths).
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { validateResponses } from '../../src/contracts/index.ts'
import type { ResponseContractProblem } from '../../src/contracts/validate-responses.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('person-detail', '/people/:id')])
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const person = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }
const document = {
  openapi: '3.1.0',
  info: { title: 'People', version: '2' },
  paths: { '/people/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'A person.', content: { 'application/json': { schema: person } } } } } } },
}

/** The app: the table in a sub-app at /api, its handler answering `body`, its answers checked against the documents `made` gives. */
function appAnswering(body: object, made: 'root' | 'sub'): { app: Hono; problems: ResponseContractProblem[] } {
  const versioning = apiVersioning({ scheme, routes })
  const problems: ResponseContractProblem[] = []
  const sub = new Hono()
  let docs: ReturnType<typeof versionedOpenAPI> | null = null
  sub.use('*', versioning, (c, next) => validateResponses(docs as ReturnType<typeof versionedOpenAPI>, { enabled: true, onInvalid: (problem) => void problems.push(problem) })(c, next))
  mountRoutes(sub, versioning, { 'person-detail': (c) => c.json(body) })
  const app = new Hono().route('/api', sub)
  docs = made === 'root' ? versionedOpenAPI({ scheme, routes, app, document }) : versionedOpenAPI({ scheme, routes, app: sub, document, serverUrl: '/api' })
  return { app, problems }
}

describe('validateResponses over a table served by a sub-app under /api', () => {
  it.each(['root', 'sub'] as const)('documents made from the %s app: a drifting answer is reported, a documented one is not', async (made) => {
    const drifting = appAnswering({ id: 'seven' }, made)
    expect((await drifting.app.request('/api/people/7')).status).toBe(200)
    expect(drifting.problems.map((p) => [p.version, p.path, p.status])).toEqual([['2', made === 'root' ? '/api/people/{id}' : '/people/{id}', 200]])
    const right = appAnswering({ id: 7 }, made)
    await right.app.request('/api/people/7')
    expect(right.problems).toEqual([])
  })
})
