/**
 * The documents of the three app styles (a route table with `mountRoutes`,
 * plain Hono routes with `named()`, @hono/zod-openapi routes:
 * test/support/app-styles.ts) checked against what their app answers, as an
 * outside contract suite would: every operation of every version called as
 * its document says (scripts/lib/document-calls.ts), and the toolkit's own
 * refusals of the same calls (a version not served, an older body that is
 * malformed, of another media type or invalid in its version); each answer's
 * status, media type and body validated against that version's document
 * (Ajv, JSON Schema 2020-12), every document against the official OpenAPI
 * 3.1 schema.
 */
import { describe, expect, it } from 'vitest'
import { answerChecker, callsOf, type DocumentCall } from '../../../scripts/lib/document-calls.ts'
import { APP_STYLES, ORIGIN, styledApp } from '../../support/app-styles.ts'
import { EXAMPLE_NOW_MS } from '../../support/example-clock.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'

type Json = Record<string, unknown>

/** The statuses `document` gives the operation `name` (`METHOD /path`). */
function statusesOf(document: Json, name: string): string[] {
  const [method, path] = name.split(' ') as [string, string]
  return Object.keys(((((document['paths'] as Json)[path] as Json)[method.toLowerCase()] as Json)['responses'] ?? {}) as Json)
}

/**
 * `call`, and the refusals the toolkit answers it with, each named: the
 * body ones where the document says the toolkit reads the body (415: an
 * older version's; the head's is the handler's own).
 */
function refusalsOf(call: DocumentCall, statuses: readonly string[]): [string, DocumentCall][] {
  const out: [string, DocumentCall][] = [['as documented', call]]
  if (call.neutral) return out
  out.push(['a version not served', { ...call, headers: { ...call.headers, 'Api-Version': '9' } }])
  if (call.body !== undefined && statuses.includes('415')) {
    out.push(['malformed JSON', { ...call, body: '{"fullName":' }])
    out.push(['another media type', { ...call, headers: { ...call.headers, 'Content-Type': 'text/plain' }, body: 'Ada' }])
    out.push(['a body its version refuses', { ...call, body: '{"unknown":1}' }])
  }
  return out
}

describe.each(APP_STYLES)('%s: every answer is one its version’s document gives', (style) => {
  const { app, documents } = styledApp(style, { now: () => EXAMPLE_NOW_MS })

  it.each(documents.versions.map((v) => v.version))('version %s', async (version) => {
    const document = JSON.parse(JSON.stringify(documents.document(version))) as Json
    await expectValidOpenAPI31(document)
    const check = answerChecker(document)
    const problems: string[] = []
    const statuses = new Set<number>()
    for (const call of callsOf(document, true)) {
      for (const [what, sent] of refusalsOf(call, statusesOf(document, call.operation))) {
        const res = await app.request(`${ORIGIN}${sent.path}`, { method: sent.method, headers: sent.headers, ...(sent.body === undefined ? {} : { body: sent.body }) })
        statuses.add(res.status)
        for (const problem of check(call.operation, res.status, res.headers.get('content-type'), await res.text())) problems.push(`${what}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
    // The refusals were answered by the toolkit, each with a status its document gives.
    expect([...statuses].filter((s) => s >= 400).sort()).toEqual(version === '1' ? [400, 404, 415, 422] : [404])
  })
})
