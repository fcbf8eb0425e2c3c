/**
 * The operation a request reached and the responses it documents in a
 * version: from the route Hono matched, read from the model
 * (`OperationAt.responses`, worked out once for the documents and this
 * check alike), or, for documents without a model, by the document's path
 * templates (compiled once, on first use).
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { ApiModel, ResponseContract } from '../model/api-model.ts'
import { openAPIPathOf } from '../openapi/paths.ts'
import { operationKey, type OpenAPIDocument, type OperationObject } from '../openapi/types.ts'

/** An operation's path template in a version, and its responses there by status. */
export interface DocumentedOperation {
  readonly path: string
  readonly responses: Readonly<Record<string, ResponseContract>>
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

/**
 * The parts of a template (`/users/{id}`, `https://{version}.api.test`): its
 * literal text and, in between, the names of its `{variables}`. Read with
 * indexOf, not a regular expression, so that a long run of `{` costs linear time.
 */
function templateParts(template: string): { readonly literals: readonly string[]; readonly variables: number } {
  const literals: string[] = []
  let at = 0
  for (;;) {
    const open = template.indexOf('{', at)
    const close = open === -1 ? -1 : template.indexOf('}', open)
    if (close === -1) {
      literals.push(template.slice(at))
      return { literals, variables: literals.length - 1 }
    }
    literals.push(template.slice(at, open))
    at = close + 1
  }
}

function compile(document: OpenAPIDocument): Matcher {
  const server = document.servers?.[0]?.url
  // Server variables (`{version}`) stand for one label each.
  let base = server === undefined ? '' : new URL(templateParts(server).literals.join('x'), 'http://server.invalid').pathname
  while (base.endsWith('/')) base = base.slice(0, -1)
  const paths = Object.entries(document.paths)
    .map(([path, item]) => {
      const { literals, variables } = templateParts(path)
      return { path, regex: new RegExp(`^${literals.map(escape).join('[^/]+')}$`), item: item as Readonly<Record<string, unknown>>, variables }
    })
    // A literal path wins over a template that also matches (`/users/me` before `/users/{id}`).
    .sort((a, b) => a.variables - b.variables)
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
  const key = operationKey(method.toLowerCase())
  for (const candidate of matcher.paths) {
    const operation = candidate.item[key]
    if (operation !== undefined && candidate.regex.test(path)) return { path: candidate.path, responses: (operation as OperationObject).responses as Readonly<Record<string, ResponseContract>> }
  }
  return null
}

/**
 * The operation of the route Hono matched for this request (`matchedRoutes`:
 * the app's own router, not matched again here): the first matched route of
 * the request's method (or all methods) that the model has, at its path in
 * `version` and with its responses there, or `null` when that version does
 * not serve it.
 */
export function matchedOperation(c: Context, model: ApiModel, version: string): DocumentedOperation | null {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
  for (const route of matchedRoutes(c)) {
    if (route.method !== method && route.method !== 'ALL') continue
    const at = model.find(method, openAPIPathOf(route.path))?.at(version)
    if (at != null) return { path: at.path, responses: at.responses.byStatus }
  }
  return null
}
