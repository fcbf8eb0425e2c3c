/**
 * The user's head-version document as an OpenAPI 3.1 copy, made once: a
 * 3.0 document's schemas get 3.1's forms (`nullable: true` becomes a `null`
 * type, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers), and
 * parameters given for a whole path item move into its operations, where
 * each document can change them.
 */
import { HTTP_METHODS, operationKey } from './types.ts'
import { isObject, type Json } from '../json/object.ts'

/** A deep copy of JSON data (documents are JSON: no functions, no cycles). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** 3.0 schema forms to 3.1, in place, wherever they occur in `node`. */
function upgradeSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) upgradeSchemas(item)
    return
  }
  if (!isObject(node)) return
  if (node['nullable'] === true || node['nullable'] === false) {
    const nullable = node['nullable']
    delete node['nullable']
    if (nullable) {
      const type = node['type']
      if (typeof type === 'string') node['type'] = [type, 'null']
      else if (Array.isArray(type) && !type.includes('null')) node['type'] = [...type, 'null']
      else if (Array.isArray(node['enum']) && !node['enum'].includes(null)) node['enum'] = [...node['enum'], null]
    }
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof node[flag] === 'boolean') {
      if (node[flag] === true && typeof node[bound] === 'number') {
        node[flag] = node[bound]
        delete node[bound]
      } else {
        delete node[flag]
      }
    }
  }
  for (const [key, value] of Object.entries(node)) if (!DATA_KEYS.has(key)) upgradeSchemas(value)
}

/** Keys whose values are data, not schemas: never rewritten. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value'])

/**
 * Checks and copies the head document. Throws a plain `Error` that says what
 * to fix when it is not an OpenAPI 3.0 or 3.1 object with paths.
 */
export function normalizeDocument(input: unknown, where: string): Json {
  if (!isObject(input) || typeof input['openapi'] !== 'string' || !/^3\.[01]\./.test(input['openapi'])) {
    throw new Error(
      `${where}: document must be an OpenAPI 3.0 or 3.1 object (openapi: "3.1.0"), such as hono-openapi's generateSpecs(app) or @hono/zod-openapi's app.getOpenAPI31Document(...) returns.`,
    )
  }
  if (input['paths'] !== undefined && !isObject(input['paths'])) throw new Error(`${where}: the document's paths must be an object of path items.`)
  const document = cloneJson(input)
  const was30 = (document['openapi'] as string).startsWith('3.0.')
  document['openapi'] = '3.1.0'
  if (!isObject(document['info'])) document['info'] = { title: 'API', version: '' }
  const paths = (document['paths'] ?? {}) as Record<string, Json>
  document['paths'] = paths
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue
    const shared = Array.isArray(item['parameters']) ? (item['parameters'] as Json[]) : []
    delete item['parameters']
    for (const method of HTTP_METHODS) {
      const operation = item[operationKey(method)]
      if (!isObject(operation)) continue
      if (shared.length > 0) {
        const own = Array.isArray(operation['parameters']) ? (operation['parameters'] as Json[]) : []
        const key = (p: Json): string => `${String(p['in'])} ${String(p['name'])} ${String(p['$ref'])}`
        const ownKeys = new Set(own.map(key))
        operation['parameters'] = [...shared.filter((p) => !ownKeys.has(key(p))).map(cloneJson), ...own]
      }
      if (!isObject(operation['responses'])) operation['responses'] = { default: { description: 'The response.' } }
    }
  }
  if (was30) upgradeSchemas(document)
  return document
}
