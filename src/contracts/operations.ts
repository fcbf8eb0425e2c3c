/**
 * The documented operation a request reached, and the JSON Schema of the
 * response it got, as a version's OpenAPI document describes them. Each
 * document's path templates are compiled once, on first use.
 */
import type { OpenAPIDocument, OperationObject, SchemaObject } from '../openapi/types.ts'

/** An operation of a document and its path template. */
export interface DocumentedOperation {
  readonly path: string
  readonly operation: OperationObject
}

interface CompiledPath {
  readonly path: string
  readonly regex: RegExp
  readonly item: Readonly<Record<string, unknown>>
}

interface Matcher {
  /** The base path of the document's first server (`''`: none). */
  readonly base: string
  readonly paths: readonly CompiledPath[]
}

const matchers = new WeakMap<OpenAPIDocument, Matcher>()

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function compile(document: OpenAPIDocument): Matcher {
  const server = document.servers?.[0]?.url
  // `{version}` and other server variables stand for one label each.
  const base = server === undefined ? '' : new URL(server.replace(/\{[^}]*\}/g, 'x'), 'http://server.invalid').pathname.replace(/\/+$/, '')
  const paths = Object.entries(document.paths)
    .map(([path, item]) => {
      const parts = path.split(/(\{[^}]+\})/)
      const source = parts.map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escape(part))).join('')
      return { path, regex: new RegExp(`^${source}$`), item: item as Readonly<Record<string, unknown>>, params: parts.filter((p) => p.startsWith('{')).length }
    })
    // A literal path wins over a template that also matches (`/users/me` before `/users/{id}`).
    .sort((a, b) => a.params - b.params)
  return { base, paths }
}

/** The operation of `document` that `method` and `pathname` reach, or `null`. */
export function findOperation(document: OpenAPIDocument, method: string, pathname: string): DocumentedOperation | null {
  let matcher = matchers.get(document)
  if (matcher === undefined) {
    matcher = compile(document)
    matchers.set(document, matcher)
  }
  if (!pathname.startsWith(matcher.base)) return null
  const path = pathname.slice(matcher.base.length) || '/'
  const key = method.toLowerCase()
  for (const candidate of matcher.paths) {
    const operation = candidate.item[key]
    if (operation !== undefined && candidate.regex.test(path)) return { path: candidate.path, operation: operation as OperationObject }
  }
  return null
}

/** The schema `operation` documents for a response of `status` and `mediaType`, or `null` when it documents none. */
export function responseSchema(operation: OperationObject, status: number, mediaType: string): SchemaObject | null {
  const responses = operation.responses
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses['default']
  const media = response?.content?.[mediaType]
  return media?.schema ?? null
}
