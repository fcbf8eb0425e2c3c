/**
 * `npm run contracts`'s check of documents against behaviour
 * (scripts/lib/document-check.ts), on the worker example: every documented
 * operation of every section agrees with its document, and the one route
 * no document has is listed; an app that drifts from its document, or that
 * serves a route its documents lack, is reported. And the calls it makes of
 * a document: a request body of any JSON media type is sent.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { callsOf } from '../../../scripts/lib/document-calls.ts'
import { checkDocuments } from '../../../scripts/lib/document-check.ts'
import { documented } from '../../../worker-example/contracts.ts'

describe('checking documents against the app that serves them', () => {
  it('the worker example: 77 operations over 8 sections (the /streams routes item by item) agree with their documents; GET / is in none', async () => {
    const result = await checkDocuments(documented.app, documented.sections, documented.origin)
    expect(result.problems).toEqual([])
    expect(result.calls).toBe(77)
    expect(result.undocumented).toEqual([
      'GET / (in no document; answers 200: an undocumented route)',
    ])
  })

  it('an answer that drifts from its document, and a route no document has, are reported', async () => {
    const drifting = new Hono()
    drifting.get('/semver/products/:id', (c) => c.json({ id: Number(c.req.param('id')), title: 42 }))
    drifting.get('/semver/hidden', (c) => c.json({ ok: true }))
    drifting.route('/', documented.app)
    const semver = documented.sections.filter((s) => s.document(s.versions[0]?.version as string).info.title.includes('semantic'))
    const result = await checkDocuments(drifting, semver, documented.origin)
    expect(result.problems.length).toBe(3)
    expect(result.problems.every((p) => p.includes('GET /semver/products/{id}: 200 body does not match its schema'))).toBe(true)
    expect(result.undocumented).toContain('GET /semver/hidden (in no document; answers 200: an undocumented route)')
  })
})

describe('the calls made of a document (scripts/lib/document-calls.ts callsOf)', () => {
  const documentWith = (content: Record<string, unknown>) => ({
    openapi: '3.1.0',
    info: { title: 'people', version: '2', 'x-api-version': { version: '2', send: [] } },
    paths: { '/people/{id}': { patch: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], requestBody: { content }, responses: { '200': { description: 'ok' } } } } },
  })
  const Patch = { type: 'object', properties: { fullName: { type: 'string', examples: ['Ada'] } } }

  it.each(['application/merge-patch+json', 'application/problem+json', 'application/vnd.people+json; charset=utf-8'])('a body documented only as %s is sent with its media type, generated from its schema', (type) => {
    const [call] = callsOf(documentWith({ [type]: { schema: Patch } }), true)
    expect([call?.method, call?.path, call?.headers['Content-Type'], call?.body]).toEqual(['PATCH', '/people/1', type, '{"fullName":"Ada"}'])
  })

  it('plain JSON first, where a JSON body has several media types; none where it has no JSON one', () => {
    const [both] = callsOf(documentWith({ 'application/merge-patch+json': { schema: { type: 'object', properties: { a: { const: 1 } } } }, 'application/json': { schema: Patch } }), true)
    expect([both?.headers['Content-Type'], both?.body]).toEqual(['application/json', '{"fullName":"Ada"}'])
    const [form] = callsOf(documentWith({ 'application/x-www-form-urlencoded': { schema: Patch } }), true)
    expect([form?.headers['Content-Type'], form?.body]).toEqual([undefined, undefined])
  })
})
