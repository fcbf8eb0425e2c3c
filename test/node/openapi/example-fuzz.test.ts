/**
 * The worker example's documents (eight sections: every scheme, a combined
 * one with client pins and a policy, semantic versions, streams) fuzzed as
 * test/node/openapi/schema-fuzz.test.ts fuzzes the app styles: for each
 * version's document, requests generated from it (path and query parameters,
 * headers, bodies; the version where `x-api-version` puts it), each answer a
 * status, media type, body and response headers its document gives (the
 * headers it lists valid against their schemas, the required ones present),
 * never a 5xx; then the version sent in each of its ways with a value no
 * version format reads, and, where the toolkit reads the body (an older
 * version's), bodies it refuses: a documented 4xx, nothing of the request
 * echoed. The head's bodies are the application's to check. Fixed seed,
 * bounded runs.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerChecker } from '../../../scripts/lib/document-calls.ts'
import { documented } from '../../../worker-example/contracts.ts'
import { FIXED_SEED } from '../../support/property-runs.ts'
import { badBodies, MARK, operationsOf, parametersOf, positiveOf, resolve, type Json, type Sent } from '../../support/schema-arbitraries.ts'

const RUNS = 40

interface Way {
  readonly in: string
  readonly name: string
  readonly value: string
  readonly required: boolean
}

const documents = documented.sections.flatMap((section) =>
  section.versions.map(({ version }) => {
    const document = JSON.parse(JSON.stringify(section.document(version))) as Json
    return [`${(document['info'] as Json)['title'] as string} ${version}`, document] as const
  }),
)

// Values no version format reads as a version (a date or a semver range names one): letters beyond hex digits, or markup.
const notAVersion = fc.oneof(fc.constantFrom(MARK, 'latest', 'none'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }).filter((t) => /^[\x21-\x7e]+$/.test(t) && !t.includes(',') && /[g-uwyzG-UWYZ<>]/.test(t)))

describe("the worker example: requests generated from each version's document", () => {
  it.each(documents)('%s', async (_title, document) => {
    const check = answerChecker(document)
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema({ $id: 'doc', components: document['components'] ?? {} })
    const ext = (document['info'] as Json)['x-api-version'] as { version: string; send: Way[] }
    const host = ext.send.find((w) => w.in === 'host')
    const accept = ext.send.find((w) => w.name === 'Accept')
    const origin = host === undefined ? documented.origin : host.name.replace('{version}', host.value)
    const problems: string[] = []
    let sentCount = 0

    /** Sends `sent` to `operation` and says what disagrees with the document (`refused`: it must be a 4xx). */
    async function judge(operation: ReturnType<typeof operationsOf>[number], sent: Sent, refused: boolean): Promise<void> {
      sentCount++
      const res = await documented.app.fetch(new Request(`${origin}${sent.path}`, { method: operation.method, headers: sent.headers, ...(sent.body === undefined ? {} : { body: sent.body }) }))
      const body = await res.text()
      const found = check(operation.name, res.status, res.headers.get('content-type'), body)
      if (res.status >= 500) found.push(`${res.status}`)
      if (refused && (res.status < 400 || res.status >= 500)) found.push(`not refused: ${res.status}`)
      if (refused && body.includes('Zq9')) found.push('reflected')
      const responses = (((document['paths'] as Record<string, Json>)[operation.template] as Json)[operation.method.toLowerCase()] as Json)['responses'] as Record<string, unknown>
      const response = resolve(document, responses[String(res.status)] ?? responses[`${String(res.status)[0]}XX`] ?? responses['default'])
      for (const [name, given] of Object.entries((response['headers'] ?? {}) as Json)) {
        const header = resolve(document, given)
        const value = res.headers.get(name)
        if (value === null) {
          if (header['required'] === true) found.push(`${res.status}: the required header ${name} is missing`)
        } else if (!ajv.validate(JSON.parse(JSON.stringify(header['schema'] ?? {}).replace(/"#\/components\//g, '"doc#/components/')) as object, value)) {
          found.push(`${res.status}: header ${name}: ${value} is not ${JSON.stringify(header['schema'])}`)
        }
      }
      for (const problem of found) problems.push(`${sent.kind ?? 'valid'} ${operation.name} ${JSON.stringify(sent).slice(0, 300)}: ${problem}; ${body.slice(0, 200)}`)
    }

    for (const operation of operationsOf(document)) {
      // The Accept way: required, or an alternative sent or not.
      const acceptValue = accept === undefined ? fc.constant(undefined) : accept.required ? fc.constant(accept.value) : fc.option(fc.constant(accept.value), { nil: undefined })
      const valid = fc.tuple(positiveOf(document, operation), acceptValue).map(([sent, value]) => (value === undefined ? sent : { ...sent, headers: { ...sent.headers, Accept: value } }))
      await fc.assert(
        fc.asyncProperty(valid, (sent) => judge(operation, sent, false)),
        { seed: FIXED_SEED, numRuns: RUNS },
      )
      const negatives: fc.Arbitrary<Sent>[] = []
      for (const way of ext.send.filter((w) => (w.in === 'header' || w.in === 'query') && operation.parameters.some((p) => p['name'] === w.name && p['in'] === w.in))) {
        negatives.push(
          fc.tuple(positiveOf(document, operation), notAVersion).map(([sent, value]) => {
            if (way.in === 'header') return { ...sent, headers: { ...sent.headers, [way.name]: value }, kind: `${way.name} not a version` }
            const url = new URL(sent.path, 'https://x.test')
            url.searchParams.set(way.name, value)
            return { ...sent, path: `${url.pathname}${url.search}`, kind: `${way.name} not a version` }
          }),
        )
      }
      const versioned = operation.parameters.some((p) => ext.send.some((w) => w.name === p['name'])) || !ext.send.some((w) => w.in === 'header' && w.name !== 'Accept')
      if (accept !== undefined && versioned && !/health|changelog/.test(operation.template)) {
        negatives.push(fc.tuple(positiveOf(document, operation), notAVersion).map(([sent, value]) => ({ ...sent, headers: { ...sent.headers, Accept: accept.value.replace(ext.version, value) }, kind: 'Accept not a version' })))
      }
      // The toolkit reads the body where it lists 413 (an older version's); the head's is the application's.
      if (operation.body !== undefined && operation.statuses.includes('413')) {
        negatives.push(fc.tuple(parametersOf(document, operation), badBodies(document, operation)).map(([p, bad]) => ({ path: p.path, headers: { ...p.headers, 'Content-Type': bad.type }, body: bad.body, kind: bad.kind })))
      }
      if (negatives.length === 0) continue
      await fc.assert(
        fc.asyncProperty(fc.oneof(...negatives), (sent) => judge(operation, sent, sent.kind !== 'an empty body')),
        { seed: FIXED_SEED, numRuns: RUNS },
      )
    }
    expect(problems.slice(0, 10)).toEqual([])
    expect(sentCount).toBeGreaterThanOrEqual(operationsOf(document).length * RUNS)
  }, 60_000)
})
