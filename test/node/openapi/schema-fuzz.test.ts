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

type Json = Record<string, unknown>

const POSITIVE_RUNS = 300
const NEGATIVE_RUNS = 300
/** A value the fuzzer plants in what it sends, to find it reflected in an answer. */
const MARK = 'Zq9<script>'

/** Resolves a local `$ref`. */
function resolve(document: Json, schema: unknown): Json {
  let node = (schema ?? {}) as Json
  for (let i = 0; i < 16 && typeof node['$ref'] === 'string'; i++) {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => (at[key.replace(/~1/g, '/').replace(/~0/g, '~')] ?? {}) as Json, document)
  }
  return node
}

const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom(MARK, '', ' ', '0', 'null', '\u0000', '../', '%2F', '😀'))

/** Any JSON value (of depth at most 2): where a schema says nothing. */
const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 })

/** An arbitrary of the values `schema` accepts. */
function arbitraryOf(document: Json, given: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, given)
  if ('const' in schema) return fc.constant(schema['const'])
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]))
  const union = (schema['anyOf'] ?? schema['oneOf']) as unknown[] | undefined
  if (Array.isArray(union)) return fc.oneof(...union.map((s) => arbitraryOf(document, s, depth + 1)))
  const types = schema['type'] === undefined ? (schema['properties'] !== undefined ? ['object'] : []) : ([] as unknown[]).concat(schema['type'])
  if (types.length === 0) return anyJson
  return fc.oneof(...types.map((type) => arbitraryOfType(document, schema, String(type), depth)))
}

function arbitraryOfType(document: Json, schema: Json, type: string, depth: number): fc.Arbitrary<unknown> {
  if (type === 'null') return fc.constant(null)
  if (type === 'boolean') return fc.boolean()
  if (type === 'integer') return fc.integer({ min: (schema['minimum'] as number | undefined) ?? -1e9, max: (schema['maximum'] as number | undefined) ?? 1e9 })
  if (type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true, min: (schema['minimum'] as number | undefined) ?? -1e12, max: (schema['maximum'] as number | undefined) ?? 1e12 })
  if (type === 'string') {
    if (typeof schema['pattern'] === 'string') return fc.stringMatching(new RegExp(schema['pattern']), { size: 'small' })
    const minLength = (schema['minLength'] as number | undefined) ?? 0
    return fc.oneof(text, fc.string({ unit: 'binary', minLength, maxLength: minLength + 20 })).filter((s) => [...s].length >= minLength)
  }
  if (type === 'array') return depth > 6 ? fc.constant([]) : fc.array(arbitraryOf(document, schema['items'], depth + 1), { maxLength: 3 })
  if (type === 'object') {
    const properties = (schema['properties'] ?? {}) as Record<string, unknown>
    const required = (schema['required'] ?? []) as string[]
    const record = fc.record(Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(document, s, depth + 1)])), { requiredKeys: required.filter((r) => r in properties) })
    // Extra fields, where the schema allows them: among them the names of other versions' fields, and keys of Object.prototype.
    if (schema['additionalProperties'] === false) return record
    const extraKey = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('fullName', 'email', 'name', 'id', 'self', '__proto__', 'constructor', MARK))
    const extras = fc.dictionary(extraKey.filter((k) => !(k in properties)), anyJson, { maxKeys: 3 })
    return fc.tuple(record, extras).map(([known, more]) => Object.assign(JSON.parse(JSON.stringify(more)) as Json, known))
  }
  return anyJson
}

/** One request, before it is sent. */
interface Sent {
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string
  /** What makes a negative case invalid. */
  readonly kind?: string
}

/** An operation of a document: its method, its path template, its parameters, its JSON body schema. */
interface Operation {
  readonly name: string
  readonly method: string
  readonly template: string
  readonly parameters: readonly Json[]
  readonly body: { schema: unknown; required: boolean } | undefined
  readonly statuses: readonly string[]
}

function operationsOf(document: Json): Operation[] {
  const out: Operation[] = []
  for (const [template, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = item[method] as Json | undefined
      if (operation === undefined) continue
      const request = resolve(document, operation['requestBody'])
      const media = (request['content'] as Json | undefined)?.['application/json'] as Json | undefined
      out.push({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        parameters: ((operation['parameters'] ?? []) as Json[]).map((p) => resolve(document, p)),
        body: media === undefined ? undefined : { schema: media['schema'], required: request['required'] === true },
        statuses: Object.keys(operation['responses'] as Json),
      })
    }
  }
  return out
}

/** The path and headers of valid requests of `operation` (without its body). */
function parametersOf(document: Json, operation: Operation): fc.Arbitrary<{ path: string; headers: Record<string, string> }> {
  const pathParams = operation.parameters.filter((p) => p['in'] === 'path')
  const headers = operation.parameters.filter((p) => p['in'] === 'header')
  const value = (p: Json) => arbitraryOf(document, p['schema']).map(String)
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => value(p).filter((s) => s !== ''))),
      fc.tuple(...headers.map((p) => (p['required'] === true ? value(p) : fc.option(value(p), { nil: undefined })))),
    )
    .map(([pathValues, headerValues]) => {
      let path = operation.template
      pathParams.forEach((p, i) => (path = path.replace(`{${String(p['name'])}}`, encodeURIComponent(pathValues[i] as string))))
      const out: Record<string, string> = {}
      headers.forEach((p, i) => {
        if (headerValues[i] !== undefined) out[p['name'] as string] = headerValues[i]
      })
      return { path, headers: out }
    })
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON']

/** Valid requests of `operation`. */
function positiveOf(document: Json, operation: Operation): fc.Arbitrary<Sent> {
  const params = parametersOf(document, operation)
  const { body } = operation
  if (body === undefined) return params
  const sentBody = fc.tuple(arbitraryOf(document, body.schema), fc.constantFrom(...JSON_TYPES))
  const optional = body.required ? sentBody : fc.option(sentBody, { nil: undefined })
  return fc.tuple(params, optional).map(([p, b]) => (b === undefined ? p : { path: p.path, headers: { ...p.headers, 'Content-Type': b[1] }, body: JSON.stringify(b[0]) }))
}

/** A JSON value nested `levels` deep. */
const nested = (levels: number): unknown => {
  let value: unknown = MARK
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

/** Body mutations of a valid object body, each making it invalid against its schema (or unreadable). */
function badBodies(document: Json, operation: Operation): fc.Arbitrary<{ kind: string; body: string; type: string }> {
  const schema = resolve(document, operation.body?.schema)
  const properties = Object.keys((schema['properties'] ?? {}) as Json)
  const required = (schema['required'] ?? []) as string[]
  const valid = arbitraryOf(document, operation.body?.schema).filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) as fc.Arbitrary<Json>
  const wrongValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant([MARK]), fc.constant({ [MARK]: MARK }))
  const kinds: fc.Arbitrary<{ kind: string; body: string; type: string }>[] = [
    fc.constantFrom('{"a":', '{', '[1,', '{"a":1}}', MARK, '\u0000', '{"a":NaN}', "{'a':1}").map((body) => ({ kind: 'malformed JSON', body, type: 'application/json' })),
    fc.constant({ kind: 'an empty body', body: '', type: 'application/json' }),
    fc.tuple(valid, fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/jsonx')).map(([v, type]) => ({ kind: 'another media type', body: JSON.stringify(v), type })),
    fc.oneof(fc.jsonValue({ maxDepth: 1 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)), fc.constant([])).map((v) => ({ kind: 'not an object', body: JSON.stringify(v) ?? 'null', type: 'application/json' })),
    fc.integer({ min: 100, max: 1000 }).map((levels) => ({ kind: 'deep nesting', body: JSON.stringify({ ...Object.fromEntries(properties.map((p) => [p, nested(levels)])) }), type: 'application/json' })),
  ]
  if (required.length > 0) kinds.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, drop]) => ({ kind: 'a required field missing', body: JSON.stringify({ ...v, [drop]: undefined }), type: 'application/json' })))
  if (properties.length > 0) {
    kinds.push(fc.tuple(valid, fc.constantFrom(...properties), wrongValue).map(([v, field, bad]) => ({ kind: 'a field of the wrong type', body: JSON.stringify({ ...v, [field]: bad }), type: 'application/json' })))
    kinds.push(fc.tuple(valid, fc.constantFrom(...properties), fc.integer({ min: 1_100_000, max: 1_500_000 })).map(([v, field, size]) => ({ kind: 'a value past maxBodySize', body: JSON.stringify({ ...v, [field]: MARK.repeat(size / MARK.length) }), type: 'application/json' })))
  }
  return fc.oneof(...kinds)
}

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
