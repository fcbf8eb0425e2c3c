/**
 * `npm run contracts`'s check of documents against behaviour
 * (scripts/lib/document-check.ts), on the worker example: every documented
 * operation of every section agrees with its document, and the one route
 * no document has is listed; an app that drifts from its document, or that
 * serves a route its documents lack, is reported.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
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
