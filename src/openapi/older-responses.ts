/**
 * What the route changes of newer versions make of an operation's
 * responses in an older version's document: a status given back
 * (`statusChanged`), a response header whose value a newer version
 * changed (`headerChanged`: its older value is the change's, maybe none).
 */
import { NO_CONTENT } from '../changes/older-status.ts'
import type { ChangelogInstruction } from './changelog.ts'
import type { Json } from '../json/object.ts'

/**
 * `responses` with one status key renamed, the others in place; renamed to a status without content (204, 205, 304),
 * its response documented without content, as the server sends it (`resolve` reads a response given by reference).
 */
function renamedStatus(responses: Json, newer: string, older: string, resolve: (ref: string) => Json | undefined): Json {
  const renamed = (r: unknown): unknown => (NO_CONTENT.has(Number(older)) ? withoutContent(r, resolve) : r)
  return Object.fromEntries(Object.entries(responses).map(([status, r]) => (status === newer ? [older, renamed(r)] : [status, r])))
}

/** A response without its `content` (a copy; one given by reference, read by `resolve`, becomes a copy of its component). */
function withoutContent(given: unknown, resolve: (ref: string) => Json | undefined): unknown {
  const ref = given !== null && typeof given === 'object' ? (given as Json)['$ref'] : undefined
  const response = typeof ref === 'string' ? (resolve(ref) ?? given) : given
  if (response === null || typeof response !== 'object' || '$ref' in response || !('content' in response)) return given
  const { content: _content, ...rest } = response as Json
  return rest
}

/**
 * A response with the headers named in `changed` (lower case) documented as
 * a newer version's change leaves them: optional, any text. A response
 * given by reference (read by `resolve`) that has such a header becomes a
 * copy of its component, changed for this operation alone.
 */
function withChangedHeaders(given: unknown, changed: ReadonlyMap<string, string>, resolve: (ref: string) => Json | undefined): unknown {
  const ref = given !== null && typeof given === 'object' ? (given as Json)['$ref'] : undefined
  const response = typeof ref === 'string' ? (resolve(ref) ?? given) : given
  if (response === null || typeof response !== 'object' || '$ref' in response) return given
  const headers = (response as Json)['headers'] as Json | undefined
  if (headers === undefined || !Object.keys(headers).some((name) => changed.has(name.toLowerCase()))) return given
  const own: Json = {}
  for (const [name, header] of Object.entries(headers)) {
    const why = changed.get(name.toLowerCase())
    own[name] = why === undefined ? header : { description: `${why} In this version its value is the older one, or the header is absent.`, required: false, schema: { type: 'string' } }
  }
  return { ...(response as Json), headers: own }
}

/**
 * Responses that document no success status, only `default` (a table
 * route's, whose status the table does not say), under the head's status
 * where a version's statusChanged tells it (`every`: the operation's route
 * changes, newest first): the newest change's newer status.
 */
function knownStatus(responses: Json, every: readonly ChangelogInstruction[], resolve: (ref: string) => Json | undefined): Json {
  if (!Object.hasOwn(responses, 'default') || Object.keys(responses).some((status) => status.startsWith('2'))) return responses
  const newest = every.find((change) => change.type === 'route.status.changed')
  if (newest === undefined || newest.type !== 'route.status.changed') return responses
  return renamedStatus(responses, 'default', String(newest.newer), resolve)
}

/**
 * The responses of the head (`responses`) in the version the route changes
 * `changes` (newest first) lead back to: each status a newer version gave
 * (where the head documents it) under the older one, each header a newer
 * version changed optional and described so (`resolve` reads a response
 * given by reference).
 */
export function olderResponses(responses: Json, changes: readonly ChangelogInstruction[], every: readonly ChangelogInstruction[], resolve: (ref: string) => Json | undefined = () => undefined): Json {
  let out = knownStatus(responses, every, resolve)
  const changed = new Map<string, string>()
  for (const change of changes) {
    if (change.type === 'route.status.changed' && Object.hasOwn(out, String(change.newer))) out = renamedStatus(out, String(change.newer), String(change.older), resolve)
    if (change.type === 'route.header.changed' && !changed.has(change.header.toLowerCase())) {
      changed.set(change.header.toLowerCase(), change.description ?? `A newer version changed ${change.header}.`)
    }
  }
  if (changed.size === 0) return out
  return Object.fromEntries(Object.entries(out).map(([status, response]) => [status, withChangedHeaders(response, changed, resolve)]))
}

/** The component schemas `node` refers to, following references through `schemas` (each name once). */
export function referred(node: unknown, schemas: Json, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referred(item, schemas, found)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length)
        if (!found.has(name)) {
          found.add(name)
          referred(schemas[name], schemas, found)
        }
      } else referred(value, schemas, found)
    }
  }
  return found
}

/**
 * A responses or request body object whose media types' `example` and
 * `examples` are left out where their schema refers to a component schema
 * `changed` names (an older version's, which the head's examples do not
 * fit); the others as they are.
 */
export function withoutStaleExamples<T>(node: T, changed: ReadonlySet<string>, schemas: Json): T {
  if (changed.size === 0) return node
  const media = (m: unknown): unknown => {
    if (m === null || typeof m !== 'object' || (!('example' in m) && !('examples' in m))) return m
    // A stream's items are its `x-itemSchema` (streams.ts).
    const names = referred([(m as Json)['schema'], (m as Json)['x-itemSchema']], schemas)
    if (![...names].some((name) => changed.has(name))) return m
    const { example: _example, examples: _examples, ...rest } = m as Json
    return rest
  }
  const withContent = (holder: unknown): unknown => {
    if (holder === null || typeof holder !== 'object' || !('content' in holder)) return holder
    const content = (holder as Json)['content'] as Json
    return { ...(holder as Json), content: Object.fromEntries(Object.entries(content).map(([type, m]) => [type, media(m)])) }
  }
  if (node !== null && typeof node === 'object' && 'content' in node) return withContent(node) as T
  return Object.fromEntries(Object.entries(node as Json).map(([status, response]) => [status, withContent(response)])) as T
}
