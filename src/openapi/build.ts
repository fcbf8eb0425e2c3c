/**
 * One version's document, from the operations read once: the operations
 * that answer in that version, at that version's paths, with the version
 * where the scheme puts it, the lifecycle headers of a deprecated version,
 * and the component schemas as that version has them.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { BuildContext } from './context.ts'
import { changelogMarkdown, schemaStepsOf } from './changelog.ts'
import { openAPIPathOf } from './paths.ts'
import { cloneJson } from './normalize.ts'
import { operationIn } from './operation.ts'
import { placementNote } from './placement.ts'
import { undoSteps } from './schema-changes.ts'
import type { SourceOperation } from './sources.ts'
export type { BuildContext } from './context.ts'
import type { Json } from './types.ts'
import { versionExtension, versionWays, withoutVersion } from './version-params.ts'
import type { DocumentedVersion } from './versions.ts'

const COMPONENT_KINDS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems']

/** The `#/components/...` references directly in a node (not followed), cached per object: shared parts are walked once. */
const refsCache = new WeakMap<object, readonly string[]>()
const NO_REFS: readonly string[] = Object.freeze([])
export function refsIn(node: unknown): readonly string[] {
  if (node === null || typeof node !== 'object') return NO_REFS
  const cached = refsCache.get(node)
  if (cached !== undefined) return cached
  let refs: Set<string> | null = null
  for (const [key, value] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
    if (key === '$ref') {
      if (typeof value === 'string' && value.startsWith('#/components/')) (refs ??= new Set()).add(value)
    } else if (value !== null && typeof value === 'object') {
      const inner = refsIn(value)
      if (inner.length > 0) {
        refs ??= new Set()
        for (const ref of inner) refs.add(ref)
      }
    }
  }
  const out = refs === null ? NO_REFS : [...refs]
  // A frozen node (a part of a made document, or of the head shared with one) never changes.
  if (Object.isFrozen(node)) refsCache.set(node, out)
  return out
}

/** Every component reference reachable from `roots` (references), following references into `components`. */
export function reachableComponents(roots: Iterable<string>, components: Json): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const ref = stack.pop() as string
    if (seen.has(ref)) continue
    seen.add(ref)
    const [kind, name] = ref.slice('#/components/'.length).split('/')
    const target = (components[kind as string] as Json | undefined)?.[decodePointer(name ?? '')]
    for (const next of refsIn(target)) if (!seen.has(next)) stack.push(next)
  }
  return seen
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Whether a table route answers in `version`: its version limit, and with NamespaceVersioning, its namespace. */
function routeAnswers(context: BuildContext, route: CompiledRoute, version: string): boolean {
  const limit = route.limit
  if (limit !== null && limit.versions !== null && !limit.versions.has(version)) return false
  if (!context.placement.namespace || limit?.neutral === true) return true
  return context.namespaceVersion(route.namespace) === version
}

/** The path of an operation in a version, or `null` when it has none there (a URL path whose version pattern refuses it). */
function pathIn(context: BuildContext, source: SourceOperation, version: string, at: number, neutral: boolean): string | null {
  let path = source.path
  for (const change of context.history.changesAbove(source.names, at)) {
    if (change.type !== 'route.path.changed') continue
    const newer = openAPIPathOf(change.newer)
    if (path.endsWith(newer)) path = path.slice(0, path.length - newer.length) + openAPIPathOf(change.older)
  }
  const param = context.placement.pathParam
  if (param === null) return path
  const token = `{${param}}`
  if (!path.includes(token)) {
    // Without the version in its path, a route answers the default version (or any, in a combination).
    return neutral || context.placement.anyOne || version === context.defaultVersion ? path : null
  }
  const pattern = source.patterns.get(param) ?? patternOfParameter(source.operation, param)
  if (pattern != null && !safeTest(pattern, version)) return null
  return path.split(token).join(encodeURIComponent(version))
}

function patternOfParameter(operation: Json, name: string): string | null {
  const parameters = operation['parameters']
  if (!Array.isArray(parameters)) return null
  const found = parameters.find((p: Json) => p['in'] === 'path' && p['name'] === name) as Json | undefined
  const pattern = (found?.['schema'] as Json | undefined)?.['pattern']
  return typeof pattern === 'string' ? pattern : null
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text)
  } catch {
    return true
  }
}

/** The Markdown of a document's description: the user's, the lifecycle, where the version travels, the changelog. */
function descriptionOf(context: BuildContext, entry: DocumentedVersion, at: number): string {
  const parts: string[] = []
  if (context.info.description !== null && context.info.description !== '') parts.push(context.info.description)
  const day = (iso: string): string => iso.slice(0, 10)
  const lifecycle = context.plan.policy?.versions.get(entry.version)
  if (entry.sunsetPassed && entry.sunset !== null) {
    parts.push(`**Sunset:** version \`${entry.version}\` went away on ${day(entry.sunset)}; it is documented for reference only.`)
  } else if (entry.deprecated && entry.deprecation !== null) {
    let text = `**Deprecated:** version \`${entry.version}\` is deprecated since ${day(entry.deprecation)}`
    text += entry.sunset === null ? '.' : ` and goes away on ${day(entry.sunset)}.`
    if (lifecycle?.deprecationLink != null) text += ` See ${lifecycle.deprecationLink}.`
    parts.push(text)
  } else if (entry.sunset !== null) {
    parts.push(`Version \`${entry.version}\` goes away on ${day(entry.sunset)}.`)
  }
  const host = context.serverUrl === null ? null : context.serverUrl.replace('{version}', entry.version)
  const note = placementNote(context.placement, entry.version, host)
  if (note !== '') parts.push(`${note} ${withoutVersion(context.unnamed)}`)
  const changes = changelogMarkdown(context.changelog, context.plan.order, at)
  if (changes !== '') parts.push(changes)
  return parts.join('\n\n')
}

/** The response headers the policy sends in `version`, as header components (Deprecation, Sunset, Link, and the version reports). */
function policyHeaders(context: BuildContext, entry: DocumentedVersion): Record<string, Json> {
  const policy = context.plan.policy
  const headers: Record<string, Json> = {}
  if (policy === null) return headers
  const lifecycle = policy.versions.get(entry.version)
  const string = (example: string): Json => ({ type: 'string', examples: [example] })
  if (lifecycle?.deprecation != null) {
    const value = `@${Math.floor(lifecycle.deprecation / 1000)}`
    headers['Deprecation'] = { description: `RFC 9745: this version is deprecated since ${new Date(lifecycle.deprecation).toISOString()} (${value}).`, schema: string(value) }
  }
  if (lifecycle?.sunset != null) {
    const value = new Date(lifecycle.sunset).toUTCString()
    headers['Sunset'] = { description: `RFC 8594: this version goes away at ${value}.`, schema: string(value) }
  }
  const links: string[] = []
  if (lifecycle?.deprecationLink != null) links.push(`<${lifecycle.deprecationLink}>; rel="deprecation"`)
  if (lifecycle?.sunsetLink != null) links.push(`<${lifecycle.sunsetLink}>; rel="sunset"`)
  if (links.length > 0) headers['Link'] = { description: 'Links to the pages about the deprecation and the sunset of this version.', schema: string(links.join(', ')) }
  if (policy.reportVersions !== null) {
    headers[policy.reportVersions.supported] = { description: 'The supported versions (of the route, when it exists only in some).', schema: { type: 'string' } }
    headers[policy.reportVersions.deprecated] = { description: 'The deprecated versions (of the route, when it exists only in some).', schema: { type: 'string' } }
  }
  if (policy.echoHeader !== null) headers[policy.echoHeader] = { description: 'The version that answered the request.', schema: string(entry.version) }
  return headers
}

/**
 * The component schemas of version index `at`: the head's at 0; else the
 * next newer version's with the shape changes of that version undone. Each
 * is made once and frozen, sharing the schemas no change touched.
 */
function schemasAt(context: BuildContext, at: number): Json {
  let schemas = context.schemas.get(at)
  if (schemas === undefined) {
    if (at === 0) {
      schemas = ((context.head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json
    } else {
      schemas = { ...schemasAt(context, at - 1) }
      undoSteps(schemas, schemaStepsOf(context.changelog, context.plan.order[at - 1] as string), context.shapes)
    }
    context.schemas.set(at, deepFreeze(schemas))
  }
  return schemas
}

/** Freezes a JSON value and everything in it (what is frozen already is not walked again). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) deepFreeze(item)
    } else {
      for (const key in value) {
        const child = (value as Record<string, unknown>)[key]
        if (typeof child === 'object' && child !== null) deepFreeze(child)
      }
    }
  }
  return value
}

/** The document of `entry`'s version. */
export function buildDocument(context: BuildContext, entry: DocumentedVersion): Json {
  const { plan, head } = context
  const version = entry.version
  const at = plan.order.indexOf(version)
  const headers = policyHeaders(context, entry)
  const headerNames = Object.keys(headers)
  const paths: Record<string, Json> = {}
  const ids = new Set<string>()
  const included: SourceOperation[] = []
  const added: Json = {}
  for (const source of context.operations) {
    if (!context.history.exists(source.names, at)) continue
    if (source.routes.length > 0 && !source.routes.some((r) => routeAnswers(context, r, version))) continue
    if (source.routes.length === 0 && context.placement.namespace && version !== context.defaultVersion) continue
    const neutral = source.routes.length > 0 && source.routes.every((r) => r.limit?.neutral === true)
    const path = pathIn(context, source, version, at, neutral)
    if (path === null) continue
    const item = (paths[path] ??= {})
    // Two operations at one path and method: the first answers (as Hono runs the first route).
    if (item[source.method] !== undefined) continue
    const operation = operationIn(context, source, entry, at, neutral, headerNames, added)
    let id = operation['operationId'] as string
    for (let n = 2; ids.has(id); n++) id = `${operation['operationId'] as string}-${n}`
    operation['operationId'] = id
    ids.add(id)
    item[source.method] = operation
    included.push(source)
  }
  // The head's parts are shared, never changed: what differs is a new object.
  const document: Json = head === null ? { openapi: '3.1.0' } : { ...head }
  document['openapi'] = '3.1.0'
  const headInfo = (head?.['info'] ?? {}) as Json
  const ways = versionWays(context.placement, version, context.unnamed, context.serverUrl)
  document['info'] = { ...headInfo, title: context.info.title, version, description: descriptionOf(context, entry, at), 'x-api-version': versionExtension(version, ways, context.unnamed) }
  // A copy: the document is frozen, the caller's changelog stays as it was.
  if (context.changelog !== null) document['x-changelog'] = cloneJson(context.changelog)
  if (context.serverUrl !== null) document['servers'] = [{ url: context.serverUrl.replace('{version}', version) }]
  document['paths'] = paths
  const components: Json = {}
  for (const [kind, group] of Object.entries((head?.['components'] ?? {}) as Json)) {
    components[kind] = group !== null && typeof group === 'object' && !Array.isArray(group) ? { ...(group as Json) } : group
  }
  if (components['schemas'] !== undefined) components['schemas'] = { ...schemasAt(context, at) }
  if (Object.keys(added).length > 0) components['schemas'] = { ...((components['schemas'] ?? {}) as Json), ...added }
  if (context.securitySchemes !== null) components['securitySchemes'] = { ...((components['securitySchemes'] ?? {}) as Json), ...context.securitySchemes }
  if (headerNames.length > 0) components['headers'] = { ...((components['headers'] ?? {}) as Json), ...headers }
  // What only the operations this version lacks referred to goes too.
  if (context.headReachable.size > 0) {
    const roots = new Set<string>(refsIn(document['webhooks']))
    for (const source of included) for (const ref of context.refs.get(source) ?? []) roots.add(ref)
    for (const name of headerNames) roots.add(`#/components/headers/${name}`)
    const reachable = reachableComponents(roots, components)
    for (const kind of COMPONENT_KINDS) {
      const group = components[kind] as Json | undefined
      if (group === undefined) continue
      for (const name of Object.keys(group)) {
        const ref = `#/components/${kind}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`
        if (context.headReachable.has(ref) && !reachable.has(ref)) delete group[name]
      }
    }
  }
  if (Object.keys(components).length > 0) document['components'] = components
  else delete document['components']
  if (Array.isArray(document['tags'])) {
    const used = new Set<unknown>()
    for (const item of Object.values(paths)) for (const op of Object.values(item)) for (const tag of ((op as Json)['tags'] ?? []) as unknown[]) used.add(tag)
    const headUsed = new Set<unknown>(context.operations.flatMap((s) => (s.operation['tags'] ?? []) as unknown[]))
    document['tags'] = (document['tags'] as Json[]).filter((t) => used.has(t['name']) || !headUsed.has(t['name']))
  }
  return document
}
