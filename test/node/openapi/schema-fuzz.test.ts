/**
 * The documents of the three app styles (test/support/app-styles.ts) fuzzed
 * as Schemathesis would: for each style and version, every operation of the
 * server's own document gets requests generated FROM that document (a small
 * JSON Schema → fast-check arbitrary for the subset the documents use: `$ref`,
 * `type` lists, objects, strings, numbers, enums, `anyOf`/`oneOf`), sent to
 * `app.request`, and each answer is checked against the same document
 * (status, media type, body; Ajv 2020-12, scripts/lib/document-calls.ts).
 *
 * - Positive: path params, the version header and bodies as the document
 *   allows them (optional fields present or not, extra fields where no
 *   `additionalProperties: false` forbids them, `application/json` with and
 *   without parameters) → a documented answer, never a 5xx.
 * - Negative, where the document says the toolkit reads the body (it lists
 *   415: an older version's body): wrong types, a required field missing,
 *   huge strings, deep nesting, another media type, malformed JSON, an empty
 *   body → a documented 4xx; and, everywhere, a version header the document
 *   does not allow → a documented 4xx. Never a 5xx, nothing of the request
 *   reflected, and an older version's error body in that version's own field
 *   names (no head-only field named).
 *
 * The head version's bodies are the application's to check (the route table
 * and plain Hono handlers of the fixture check none), so its negative cases
 * are the version's alone. Deterministic: fast-check's fixed seed, bounded
 * runs; the counts per style and version are asserted at the end.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerChecker } from '../../../scripts/lib/document-calls.ts'
import { APP_STYLES, ORIGIN, styledApp } from '../../support/app-styles.ts'
import { EXAMPLE_NOW_MS } from '../../support/example-clock.ts'
import { FIXED_SEED } from '../../support/property-runs.ts'
import { badBodies, MARK, operationsOf, parametersOf, positiveOf, type Json, type Operation, type Sent } from '../../support/schema-arbitraries.ts'

const POSITIVE_RUNS = 300
const NEGATIVE_RUNS = 300

/**
 * A version header value that names no allowed version. Not one whose elements (split at commas, blanks trimmed)
 * are all blank, which is a request without a version (docs/schemes.md), nor one repeating one version.
 */
const namesOne = (value: string): boolean => new Set(value.split(',').map((part) => part.trim()).filter((part) => part !== '')).size <= 1 && ['', '1', '2'].includes(value.split(',').map((part) => part.trim()).find((part) => part !== '') ?? '')
const badVersion = fc.oneof(fc.constantFrom('9', '0', '1, 2', '2,1', MARK, 'v2', ' 2x', '1.0', '3'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }).filter((s) => /^[\x21-\x7e]+$/.test(s) && !namesOne(s)))

describe.each(APP_STYLES)('%s: requests generated from each version’s document', (style) => {
  const { app, documents } = styledApp(style, { now: () => EXAMPLE_NOW_MS })
  const send = (operation: Operation, sent: Sent) =>
    app.request(`${ORIGIN}${sent.path}`, { method: operation.method, headers: sent.headers, ...(sent.body === undefined ? {} : { body: sent.body }) })

  it.each(documents.versions.map((v) => v.version))('version %s', async (version) => {
    const document = JSON.parse(JSON.stringify(documents.document(version))) as Json
    const check = answerChecker(document)
    const head = documents.versions[0]?.version as string
    const headOnly = version === head ? [] : ['fullName', 'email']
    const counts = { positive: 0, negative: 0 }
    const kinds = new Set<string>()

    /** What is wrong with `res` as an answer to `sent` (none: it is right); `refused`: it must be a 4xx. */
    async function problemsOf(operation: Operation, sent: Sent, res: Response, refused: boolean): Promise<string[]> {
      const body = await res.text()
      // An empty body passes to the handler as it is (docs/request-validation.md): its answer is the head's, the application's own.
      const asHead = sent.kind === 'an empty body' && version !== head ? await send(operation, { ...sent, headers: { ...sent.headers, 'Api-Version': head } }) : undefined
      const headAnswer = asHead === undefined ? undefined : [asHead.status, asHead.headers.get('content-type'), await asHead.text()]
      if (headAnswer !== undefined) expect([res.status, res.headers.get('content-type'), body]).toEqual(headAnswer)
      const problems = headAnswer === undefined ? check(operation.name, res.status, res.headers.get('content-type'), body) : []
      if (res.status >= 500) problems.push(`${res.status}: ${body.slice(0, 200)}`)
      if (refused) {
        if (res.status < 400 || res.status >= 500) problems.push(`not refused: ${res.status}`)
        if (body.includes(MARK) || body.includes('Zq9')) problems.push(`reflected: ${body.slice(0, 200)}`)
        for (const field of headOnly) if (body.includes(`"${field}"`)) problems.push(`names the head's field ${field}: ${body.slice(0, 300)}`)
      }
      return problems.map((p) => `${operation.name} ${JSON.stringify(sent).slice(0, 300)}: ${p}`)
    }

    for (const operation of operationsOf(document)) {
      await fc.assert(
        fc.asyncProperty(positiveOf(document, operation), async (sent) => {
          counts.positive++
          expect(await problemsOf(operation, sent, await send(operation, sent), false)).toEqual([])
        }),
        { seed: FIXED_SEED, numRuns: POSITIVE_RUNS },
      )
      const versionHeader = operation.parameters.find((p) => p['in'] === 'header' && p['name'] === 'Api-Version')
      const negatives: fc.Arbitrary<Sent>[] = []
      if (versionHeader !== undefined)
        negatives.push(fc.tuple(positiveOf(document, operation), badVersion).map(([sent, bad]) => ({ ...sent, headers: { ...sent.headers, 'Api-Version': bad }, kind: 'a version not allowed' })))
      // The body is the toolkit's to read where the document lists 415 (an older version's), else the application's.
      if (operation.body !== undefined && operation.statuses.includes('415'))
        negatives.push(
          fc.tuple(parametersOf(document, operation), badBodies(document, operation)).map(([p, bad]) => ({ path: p.path, headers: { ...p.headers, 'Content-Type': bad.type }, body: bad.body, kind: bad.kind })),
        )
      if (negatives.length === 0) continue
      await fc.assert(
        fc.asyncProperty(fc.oneof(...negatives), async (sent) => {
          counts.negative++
          kinds.add(sent.kind ?? '')
          expect(await problemsOf(operation, sent, await send(operation, sent), true)).toEqual([])
        }),
        { seed: FIXED_SEED, numRuns: NEGATIVE_RUNS },
      )
    }
    // Every operation was fuzzed, and every kind of invalid request sent: in the head, its version alone (its bodies are the application's).
    const operations = operationsOf(document).length
    expect(counts).toEqual({ positive: operations * POSITIVE_RUNS, negative: operations * NEGATIVE_RUNS })
    const older = ['malformed JSON', 'an empty body', 'another media type', 'not an object', 'deep nesting', 'a required field missing', 'a field of the wrong type', 'a value past maxBodySize']
    expect([...kinds].sort()).toEqual(['a version not allowed', ...(version === head ? [] : older)].sort())
  }, 60_000)
})
