/**
 * The documents of a plain Hono app with routes per version (their version
 * written in their paths, `/v1/special`, beside a middleware on
 * `/:version{v[0-9]+}/*`) checked against what the app answers, as an
 * outside contract suite would (scripts/lib/document-calls.ts): every
 * operation of every version's document called as that document says, each
 * answer validated against it (Ajv, JSON Schema 2020-12) and answered in
 * that document's version, every document against the official OpenAPI 3.1
 * schema. Node alone (Ajv and the OpenAPI schema validator).
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { answerChecker, callsOf } from '../../../scripts/lib/document-calls.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { URLPathVersioning } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'

type Json = Record<string, unknown>

const ORIGIN = 'https://api.example.com'
const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const app = new Hono()
app.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme, allowedHosts: ['api.example.com'] }))
app.get('/v1/special', (c) => c.json({ version: c.var.version, special: true }))
app.get('/v2/other', (c) => c.json({ version: c.var.version, other: true }))
app.get('/:version{v[12]}/users', (c) => c.json({ version: c.var.version, users: [] }))

const answer = (required: string) => ({
  '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', required: ['version', required], properties: { version: { type: 'string' } } } } } },
})
const document = {
  openapi: '3.1.0',
  info: { title: 'Per version', version: 'v2' },
  paths: {
    '/v1/special': { get: { operationId: 'special', responses: answer('special') } },
    '/v2/other': { get: { operationId: 'other', responses: answer('other') } },
    '/{version}/users': { get: { operationId: 'users', parameters: [{ name: 'version', in: 'path', required: true, schema: { type: 'string' } }], responses: answer('users') } },
  },
}
const documents = versionedOpenAPI({ scheme, app, document })

describe('a plain app with routes per version: every answer is one its version’s document gives, in that version', () => {
  it.each(['v1', 'v2'])('version %s', async (version) => {
    const made = JSON.parse(JSON.stringify(documents.document(version))) as Json
    await expectValidOpenAPI31(made)
    const check = answerChecker(made)
    const problems: string[] = []
    const versions: string[] = []
    for (const call of callsOf(made, true)) {
      const res = await app.request(`${ORIGIN}${call.path}`, { method: call.method, headers: call.headers })
      const text = await res.text()
      problems.push(...check(call.operation, res.status, res.headers.get('content-type'), text))
      versions.push((JSON.parse(text) as { version: string }).version)
    }
    expect(problems).toEqual([])
    // Two operations in each version's document, each answered in that version.
    expect(versions).toEqual([version, version])
  })
})
