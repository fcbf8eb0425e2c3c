/**
 * Calling an API as its OpenAPI documents say, for the tests that check the
 * documents against the server (the worker example on `wrangler dev`, and
 * `npm run contracts`): every operation of a document, its path params from
 * their schemas, its version where `info['x-api-version']` puts it, a body
 * generated from the request schema of its JSON media type (`application/json`,
 * else any `+json`); each answer validated against the document (status,
 * media type, body; Ajv, JSON Schema 2020-12).
 */
import Ajv2020 from 'ajv/dist/2020.js'
import { isJsonType } from '../../src/changes/media-types.ts'

type Json = Record<string, unknown>

/** One request an operation of a document makes. */
export interface DocumentCall {
  readonly operation: string
  readonly method: string
  /** Path and query. */
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string | undefined
  /** Whether the operation answers every version (it takes none of the version's parameters where the document has some). */
  readonly neutral: boolean
}

/** A way the version travels, as `x-api-version.send` lists it. */
interface Way {
  readonly in: string
  readonly name: string
  readonly value: string
  readonly required: boolean
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'query']

/** The key of a method's operation in a path item: QUERY's is `x-query` (OpenAPI 3.2's `query`, which 3.1 has not). */
const keyOf = (method: string): string => (method === 'query' ? 'x-query' : method)

/** Resolves a local `$ref` of the document. */
function resolve(document: Json, schema: unknown): Json {
  let node = (schema ?? {}) as Json
  for (let i = 0; i < 16 && typeof node['$ref'] === 'string'; i++) {
    const pointer = (node['$ref'] as string).slice(2).split('/')
    node = pointer.reduce<Json>((at, key) => (at[key.replace(/~1/g, '/').replace(/~0/g, '~')] ?? {}) as Json, document)
  }
  return node
}

/** A value valid against `schema` (examples and enums first), for the shapes the documents use. */
export function exampleOf(document: Json, given: unknown, depth = 0): unknown {
  const schema = resolve(document, given)
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0]
  if ('const' in schema) return schema['const']
  if (Array.isArray(schema['enum'])) return schema['enum'][0]
  if (Array.isArray(schema['anyOf'])) return exampleOf(document, schema['anyOf'][0], depth + 1)
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type']
  if (type === 'object' || (type === undefined && schema['properties'] !== undefined)) {
    const out: Json = {}
    if (depth > 8) return out
    for (const [name, inner] of Object.entries((schema['properties'] ?? {}) as Json)) out[name] = exampleOf(document, inner, depth + 1)
    return out
  }
  if (type === 'array') return depth > 8 ? [] : [exampleOf(document, schema['items'], depth + 1)]
  if (type === 'integer' || type === 'number') return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1
  if (type === 'boolean') return true
  if (type === 'null') return null
  if (type === 'string' && (schema['format'] === 'uri' || schema['format'] === 'url')) return 'https://catalog.test/x'
  if (type === 'string' && schema['format'] === 'date-time') return '2026-01-01T00:00:00Z'
  if (type === 'string') return 'x'.repeat(Math.max(1, typeof schema['minLength'] === 'number' ? schema['minLength'] : 1))
  return {}
}

/** The ways of a document's version (`info['x-api-version']`). */
export function waysOf(document: Json): { version: string; ways: Way[]; unnamedGets: boolean } {
  const info = document['info'] as Json
  const ext = info['x-api-version'] as { version: string; send: Way[]; withoutVersion?: { default: string | null; pinned: boolean } }
  const unnamed = ext.withoutVersion
  return { version: ext.version, ways: ext.send, unnamedGets: unnamed !== undefined && !unnamed.pinned && unnamed.default === ext.version }
}

/**
 * The calls of every operation of `document`: with the version as the
 * document puts it (`placed`: its required ways, and the Accept media type
 * it names), or with no version at all.
 */
export function callsOf(document: Json, placed: boolean, body: (schema: unknown) => unknown = (schema) => exampleOf(document, schema)): DocumentCall[] {
  const { ways } = waysOf(document)
  const out: DocumentCall[] = []
  for (const [template, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[keyOf(method)] as Json | undefined
      if (operation === undefined) continue
      const headers: Record<string, string> = {}
      const query = new URLSearchParams()
      let path = template
      for (const parameter of (operation['parameters'] ?? []) as Json[]) {
        const schema = resolve(document, parameter['schema'])
        if (parameter['in'] === 'path') {
          const value = parameter['name'] === 'id' ? '1' : parameter['name'] === 'slug' ? 'tea' : String(exampleOf(document, schema))
          path = path.replace(`{${String(parameter['name'])}}`, encodeURIComponent(value))
        } else if (placed && parameter['required'] === true) {
          const value = String(exampleOf(document, schema))
          if (parameter['in'] === 'header') headers[parameter['name'] as string] = value
          if (parameter['in'] === 'query') query.set(parameter['name'] as string, value)
        }
      }
      const params = ways.filter((w) => (w.in === 'header' || w.in === 'query') && w.name !== 'Accept')
      const neutral = params.length > 0 && !((operation['parameters'] ?? []) as Json[]).some((p) => params.some((w) => w.name === p['name']))
      if (placed && !neutral) {
        const accept = ways.find((w) => w.name === 'Accept')
        // The media type where it is required, or where no header or query way is (an alternative otherwise).
        if (accept !== undefined && (accept.required || !ways.some((w) => w.required && w.in !== 'path' && w.in !== 'host'))) headers['Accept'] = accept.value
      }
      const host = ways.find((w) => w.in === 'host')
      if (host !== undefined && !neutral) headers['Host'] = new URL(host.name.replace('{version}', host.value)).host
      const request = operation['requestBody'] as Json | undefined
      // A JSON body of any JSON media type (`application/merge-patch+json`, `application/problem+json`), plain JSON first.
      const content = (request?.['content'] ?? {}) as Json
      const type = 'application/json' in content ? 'application/json' : Object.keys(content).find((name) => isJsonType(name))
      const media = type === undefined ? undefined : (content[type] as Json)
      const call: DocumentCall = {
        operation: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        path: path + (query.size > 0 ? `?${query}` : ''),
        neutral,
        headers: type === undefined ? headers : { ...headers, 'Content-Type': type },
        ...(media === undefined ? {} : { body: JSON.stringify(body(media['schema'])) }),
      }
      out.push(call)
    }
  }
  return out
}

/** A validator of answers against `document`: the sentences of what disagrees (none: it agrees). */
export function answerChecker(document: Json): (operation: string, status: number, contentType: string | null, body: string) => string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'doc', components: document['components'] ?? {} })
  const compiled = new Map<string, (value: unknown) => boolean>()
  return (name, status, contentType, text) => {
    const [method, template] = name.split(' ') as [string, string]
    const operation = ((document['paths'] as Record<string, Json>)[template] as Json)[keyOf(method.toLowerCase())] as Json
    const responses = operation['responses'] as Record<string, Json>
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses['default']
    if (response === undefined) return [`${name}: status ${status} is not documented (${Object.keys(responses).join(', ')})`]
    const content = (response['content'] ?? {}) as Record<string, Json>
    if (Object.keys(content).length === 0) return text === '' ? [] : [`${name}: ${status} has a body the document says it has not`]
    const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    const media = content[type]
    if (media === undefined) return [`${name}: ${status} sent as ${type}, documented as ${Object.keys(content).join(', ')}`]
    // A stream of items (`x-itemSchema`, OpenAPI 3.2's `itemSchema`): each item is validated on its own.
    const streamed = media['x-itemSchema'] !== undefined
    if (!streamed && !type.endsWith('json')) return []
    const key = `${name} ${status} ${type}`
    let validate = compiled.get(key)
    if (validate === undefined) {
      const schema = JSON.parse(JSON.stringify((streamed ? media['x-itemSchema'] : media['schema']) ?? {}).replace(/"#\/components\//g, '"doc#/components/')) as object
      const made = ajv.compile(schema)
      compiled.set(key, (validate = (value) => made(value)))
    }
    if (streamed) {
      const items = type === 'text/event-stream' ? eventData(text) : text.split(type === 'application/json-seq' ? '\u001e' : '\n').filter((t) => t.trim() !== '')
      const problems: string[] = []
      for (const item of items) {
        let value: unknown
        try {
          value = JSON.parse(item)
        } catch {
          problems.push(`${name}: ${status} has an item that is not JSON: ${item.slice(0, 200)}`)
          continue
        }
        if (!validate(value)) problems.push(`${name}: ${status} has an item that does not match its item schema: ${item.slice(0, 200)}`)
      }
      return problems
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return [`${name}: ${status} is not JSON`]
    }
    return validate(value) ? [] : [`${name}: ${status} body does not match its schema: ${text.slice(0, 200)}`]
  }
}

/** The data of each server-sent event of `text` (its `data:` lines joined by line feeds), events without data left out. */
function eventData(text: string): string[] {
  const out: string[] = []
  for (const event of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    const data = event.split(/\r\n|\n|\r/).filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    if (data.length > 0) out.push(data.join('\n'))
  }
  return out
}
