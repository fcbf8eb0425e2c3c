/**
 * Requests generated from an OpenAPI 3.1 document, as a schema-driven fuzzer
 * (Schemathesis) makes them: a JSON Schema → fast-check arbitrary for the
 * subset the toolkit's documents use (`$ref`, `type` lists, objects with
 * extra fields where allowed, strings with `pattern` or `minLength`, numbers,
 * enums, `anyOf`/`oneOf`), and each operation's valid requests (path and
 * query parameters, headers, a JSON body). For test/node/openapi/schema-fuzz.test.ts.
 * Web APIs and fast-check only.
 */
import fc from 'fast-check'

export type Json = Record<string, unknown>

/** A value the fuzzer plants in what it sends, to find it reflected in an answer. */
export const MARK = 'Zq9<script>'

/** Resolves a local `$ref`. */
export function resolve(document: Json, schema: unknown): Json {
  let node = (schema ?? {}) as Json
  for (let i = 0; i < 16 && typeof node['$ref'] === 'string'; i++) {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => (at[key.replace(/~1/g, '/').replace(/~0/g, '~')] ?? {}) as Json, document)
  }
  return node
}

export const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom(MARK, '', ' ', '0', 'null', '\u0000', '../', '%2F', '😀'))

/** Any JSON value (of depth at most 2): where a schema says nothing. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 })

/** An arbitrary of the values `schema` accepts. */
export function arbitraryOf(document: Json, given: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, given)
  if ('const' in schema) return fc.constant(schema['const'])
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]))
  const union = (schema['anyOf'] ?? schema['oneOf']) as unknown[] | undefined
  // A recursive schema ends where its union allows it (`anyOf: [{ $ref: Self }, { type: 'null' }]`).
  if (Array.isArray(union) && depth > 4) {
    const leaf = union.find((s) => resolve(document, s)['$ref'] === undefined && !('properties' in resolve(document, s)) && resolve(document, s)['type'] !== 'object')
    if (leaf !== undefined) return arbitraryOf(document, leaf, depth + 1)
  }
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
export interface Sent {
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string
  /** What makes a negative case invalid. */
  readonly kind?: string
}

/** An operation of a document: its method, its path template, its parameters, its JSON body schema. */
export interface Operation {
  readonly name: string
  readonly method: string
  readonly template: string
  readonly parameters: readonly Json[]
  readonly body: { schema: unknown; required: boolean } | undefined
  readonly statuses: readonly string[]
}

export function operationsOf(document: Json): Operation[] {
  const out: Operation[] = []
  for (const [template, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'query']) {
      // QUERY's operation is the path item's `x-query` (OpenAPI 3.2's `query`).
      const operation = item[method === 'query' ? 'x-query' : method] as Json | undefined
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

/** The path (with its query) and headers of valid requests of `operation` (without its body). */
export function parametersOf(document: Json, operation: Operation): fc.Arbitrary<{ path: string; headers: Record<string, string> }> {
  const pathParams = operation.parameters.filter((p) => p['in'] === 'path')
  const others = operation.parameters.filter((p) => p['in'] === 'header' || p['in'] === 'query')
  const value = (p: Json) => arbitraryOf(document, p['schema']).map(String)
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => value(p).filter((s) => s !== ''))),
      fc.tuple(...others.map((p) => (p['required'] === true ? value(p) : fc.option(value(p), { nil: undefined })))),
    )
    .map(([pathValues, otherValues]) => {
      let path = operation.template
      pathParams.forEach((p, i) => (path = path.replace(`{${String(p['name'])}}`, encodeURIComponent(pathValues[i] as string))))
      const headers: Record<string, string> = {}
      const query = new URLSearchParams()
      others.forEach((p, i) => {
        const given = otherValues[i]
        if (given === undefined) return
        if (p['in'] === 'header') headers[p['name'] as string] = given
        else query.append(p['name'] as string, given)
      })
      return { path: query.size === 0 ? path : `${path}?${query}`, headers }
    })
}

export const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON']

/** Valid requests of `operation`. */
export function positiveOf(document: Json, operation: Operation): fc.Arbitrary<Sent> {
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
export function badBodies(document: Json, operation: Operation): fc.Arbitrary<{ kind: string; body: string; type: string }> {
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
