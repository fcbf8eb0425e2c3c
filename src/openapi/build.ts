/**
 * One version's document, from the operations read once: the operations
 * that answer in that version, at that version's paths, with the version
 * where the scheme puts it, the lifecycle headers of a deprecated version,
 * and the component schemas as that version has them.
 */
import type { VersionedOperation, VersionSpace } from '../model/api-model.ts'
import { routeEvents, versionedOperation } from '../model/operations.ts'
import { servedOperation } from '../model/served.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { BuildContext } from './context.ts'
import { changelogMarkdown, schemaStepsOf } from './changelog.ts'
import { openAPIPathOf } from './paths.ts'
import { cloneJson } from './normalize.ts'
import { operationIn } from './operation.ts'
import { contractsOf, type ContractContext } from './operation-contracts.ts'
import type { MigrationsOf } from './migrations.ts'
import { placementNote } from './placement.ts'
import { responseHeaders, upcoming } from './response-headers.ts'
import { withoutStaleComponentExamples } from './stale-examples.ts'
import { undoSteps } from '../changes/schema-changes.ts'
import { writtenPattern, type SourceOperation } from './sources.ts'
export type { BuildContext } from './context.ts'
import { operationKey } from './types.ts'
import { versionExtension, versionWays, withoutVersion } from './version-params.ts'
import type { DocumentedVersion } from './versions.ts'
import type { Json } from '../json/object.ts'
import { pointerRef } from '../json/pointer.ts'
import { reachableComponents, refsIn } from '../json/refs.ts'
import { positionIn } from '../model/version-positions.ts'

const COMPONENT_KINDS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems']

/**
 * The component references `operation` (the version's, made from the head's `source`) keeps: the head
 * operation's, but where the version documents a request body of its own in place of the head's inline
 * one, that body's instead of the head's.
 */
function rootsOf(context: BuildContext, source: SourceOperation, operation: Json): readonly string[] {
  const own = source.operation['requestBody'] as Json | undefined
  const body = operation['requestBody']
  if (own === undefined || body === own || typeof own['$ref'] === 'string') return context.refs.get(source) ?? []
  const { requestBody: _replaced, ...rest } = source.operation
  return [...refsIn(rest), ...refsIn(body)]
}


/**
 * The model of the documents' operations, one per source: whether each
 * version serves it and at which path, decided by the model's light part
 * (model/served.ts `servedOperation`, as the request path's); on it
 * (model/operations.ts), its request and response contracts in each version by `contracts`
 * (operation-contracts.ts), its migration by the history's plans
 * (migrations.ts; none from a changelog's JSON), at their first read. Given
 * the `app` that serves them (documents without a route table: the app's
 * `versionMiddleware`), a plain operation whose path writes its version where
 * the app's middleware has the version param (`/v1/special` beside
 * `/:version{v[0-9]+}/*`) is that version's (sources.ts `writtenPattern`).
 */
export function operationsModel(
  operations: readonly SourceOperation[],
  space: VersionSpace,
  placement: VersionPlacement,
  contracts: ContractContext,
  migrations: MigrationsOf | null,
  app?: { readonly routes: readonly { readonly method: string; readonly path: string }[] } | undefined,
): ReadonlyMap<SourceOperation, VersionedOperation> {
  const events = routeEvents(contracts.history, contracts.order, openAPIPathOf)
  const param = waysOf(placement).param
  const written = writtenPattern(app, param)
  return new Map(
    operations.map((source) => {
      const own = param === null || !source.path.includes(`{${param}}`) ? null : (source.patterns.get(param) ?? patternOfParameter(source.operation, param))
      const versionPattern = own ?? (source.routes.length === 0 ? written(source.path) : null)
      const declaration = { method: source.method, path: source.path, name: source.operationId, names: source.names, routes: source.routes, versionPattern }
      const parts = { contracts: contractsOf(contracts, source), migration: migrations?.(source) }
      return [source, versionedOperation(servedOperation(declaration, space, placement, events), space.versions, parts)]
    }),
  )
}

function patternOfParameter(operation: Json, name: string): string | null {
  const parameters = operation['parameters']
  if (!Array.isArray(parameters)) return null
  const found = parameters.find((p: Json) => p['in'] === 'path' && p['name'] === name) as Json | undefined
  const pattern = (found?.['schema'] as Json | undefined)?.['pattern']
  return typeof pattern === 'string' ? pattern : null
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
    // A deprecation announced ahead (RFC 9745 allows a date to come) is told as one to come.
    let text = `**Deprecat${upcoming(context.plan, entry.deprecation) ? `ion:** version \`${entry.version}\` will be deprecated on` : `ed:** version \`${entry.version}\` is deprecated since`} ${day(entry.deprecation)}`
    text += entry.sunset === null ? '.' : ` and goes away on ${day(entry.sunset)}.`
    if (lifecycle?.deprecationLink != null) text += ` See ${lifecycle.deprecationLink}.`
    parts.push(text)
  } else if (entry.sunset !== null) {
    parts.push(`Version \`${entry.version}\` goes away on ${day(entry.sunset)}.`)
  }
  const host = context.serverUrl === null ? null : context.serverUrl.replace('{version}', entry.version)
  const note = placementNote(context.placement, entry.version, host)
  // What a request without a version gets, where the document can leave the version out (a newer release changes it).
  const optional = versionWays(context.placement, entry.version, context.unnamed, host).every((w) => !w.required)
  if (note !== '') parts.push(optional ? `${note} ${withoutVersion(context.unnamed)}` : note)
  const changes = changelogMarkdown(context.changelog, context.plan.order, at)
  if (changes !== '') parts.push(changes)
  return parts.join('\n\n')
}

/**
 * The component schemas of version index `at`: the head's at 0; else the
 * next newer version's with the shape changes of that version undone. Each
 * is made once and frozen, sharing the schemas no change touched.
 */
export function schemasAt(context: BuildContext, at: number): Json {
  // From the nearest version made before (the head at 0), one version at a time in a loop: a document of the oldest
  // of ten thousand versions needs no deeper stack than the newest's (a recursion per version overflowed it).
  let from = at
  while (from > 0 && !context.schemas.has(from)) from--
  let schemas = context.schemas.get(from)
  if (schemas === undefined) {
    schemas = deepFreeze(((context.head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json)
    context.schemas.set(0, schemas)
  }
  for (let i = from + 1; i <= at; i++) {
    const older: Json = { ...schemas }
    undoSteps(older, schemaStepsOf(context.changelog, context.plan.order[i - 1] as string), context.shapes)
    context.schemas.set(i, (schemas = deepFreeze(older)))
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

/**
 * The 405 the app answers at a path for a method it does not serve there, as
 * a Response Object with the policy's headers (under `x-methodNotAllowed` of the path: OpenAPI has no
 * responses of a path, and no operation of a method that is not served).
 */
function methodNotAllowed(allow: string, context: BuildContext, headerNames: readonly string[]): Json {
  const headers: Json = { Allow: { description: 'The methods of this path.', required: true, schema: { type: 'string', examples: [allow] } } }
  // The policy's headers, as on every answer of the version (optional, as there: a version-neutral route's has none).
  for (const name of headerNames) headers[name] = { $ref: `#/components/headers/${name}` }
  return {
    description: `405: the toolkit answers a method this path does not serve (in a version it serves), with Allow: ${allow}.`,
    headers,
    content: { [context.errorBody.mediaType]: { schema: { $ref: `#/components/schemas/${context.errorBody.name}` } } },
  }
}

/** The methods served at each path of `version`'s document, upper case, HEAD beside GET. */
function methodsServed(context: BuildContext, version: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const source of context.operations) {
    const path = context.served.get(source)?.at(version)?.path
    if (path === undefined) continue
    const methods = out.get(path) ?? new Set<string>()
    const method = source.method.toUpperCase()
    methods.add(method)
    if (method === 'GET') methods.add('HEAD')
    out.set(path, methods)
  }
  return out
}

/** The app's `Allow` at a path (every method it has a handler for) cut to the methods the version serves there (`null`: no 405). */
function allowIn(allow: string | null, served: ReadonlySet<string> | undefined): string | null {
  const own = allow?.split(', ').filter((method) => served?.has(method) === true) ?? []
  return own.length === 0 ? null : own.join(', ')
}

/** The document of `entry`'s version (`links`: the paths `openAPILink` links its answers to). */
export function buildDocument(context: BuildContext, entry: DocumentedVersion, links: readonly string[] = []): Json {
  const { plan, head } = context
  const version = entry.version
  const at = positionIn(plan.order, version)
  const headers = responseHeaders(context.plan, entry, links)
  const headerNames = Object.keys(headers)
  const paths: Record<string, Json> = {}
  const ids = new Set<string>()
  const included: [SourceOperation, Json][] = []
  const added: Json = {}
  // The recursive schemas the server checks parameters against: a component of that name the document lacks.
  const parameterSchemas: Json = {}
  // The component schemas this version changes: the head's media examples that refer to them do not fit it.
  const headSchemas = (((head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json)
  const own = schemasAt(context, at)
  const stale = { changed: new Set(Object.keys(headSchemas).filter((name) => own[name] !== headSchemas[name])), schemas: headSchemas }
  let servedAt: Map<string, Set<string>> | undefined
  for (const source of context.operations) {
    const served = context.served.get(source)?.at(version) ?? null
    if (served === null) continue
    const { path } = served
    const neutral = (context.served.get(source) as VersionedOperation).neutral
    const item = (paths[path] ??= {})
    const allow = allowIn(context.app?.notAllowedAt(source.path, source.routes.flatMap((r) => r.honoPaths)) ?? null, (servedAt ??= methodsServed(context, version)).get(path))
    if (allow !== null && item['x-methodNotAllowed'] === undefined) {
      item['x-methodNotAllowed'] = methodNotAllowed(allow, context, headerNames)
      added[context.errorBody.name] = context.errorBody.schema
    }
    // Two operations at one path and method: the first answers (as Hono runs the first route).
    const key = operationKey(source.method)
    if (item[key] !== undefined) continue
    const operation = operationIn(context, source, served, entry, neutral, headerNames, added, stale)
    Object.assign(parameterSchemas, served.request.components)
    let id = operation['operationId'] as string
    for (let n = 2; ids.has(id); n++) id = `${operation['operationId'] as string}-${n}`
    operation['operationId'] = id
    ids.add(id)
    item[key] = operation
    included.push([source, operation])
  }
  // The head's parts are shared, never changed: what differs is a new object.
  const document: Json = head === null ? { openapi: '3.1.0' } : { ...head }
  document['openapi'] = '3.1.0'
  const headInfo = (head?.['info'] ?? {}) as Json
  const ways = versionWays(context.placement, version, context.unnamed, context.serverUrl)
  document['info'] = { ...headInfo, title: context.info.title, version, description: descriptionOf(context, entry, at), 'x-api-version': versionExtension(version, ways, context.unnamed) }
  // This version's changelog (its changes and the older ones', as the description has them: a newer release
  // leaves it as it was), a copy: the document is frozen, the caller's changelog stays as it was.
  if (context.changelog !== null) {
    const own = context.changelog.versions.filter((v) => positionIn(plan.order, v.version) >= at)
    document['x-changelog'] = cloneJson({ head: version, versions: own })
  }
  if (context.serverUrl !== null) document['servers'] = [{ url: context.serverUrl.replace('{version}', version) }]
  document['paths'] = paths
  const components: Json = {}
  for (const [kind, group] of Object.entries((head?.['components'] ?? {}) as Json)) {
    components[kind] = group !== null && typeof group === 'object' && !Array.isArray(group) ? { ...(group as Json) } : group
  }
  if (components['schemas'] !== undefined) components['schemas'] = { ...schemasAt(context, at) }
  withoutStaleComponentExamples(components, stale.changed, document, head)
  if (Object.keys(added).length > 0) components['schemas'] = { ...((components['schemas'] ?? {}) as Json), ...added }
  if (context.securitySchemes !== null) components['securitySchemes'] = { ...((components['securitySchemes'] ?? {}) as Json), ...context.securitySchemes }
  if (headerNames.length > 0) components['headers'] = { ...((components['headers'] ?? {}) as Json), ...headers }
  // What only the operations this version lacks referred to goes too, and what only the head's inline request body
  // an older version's derived one replaced referred to (the head's request schema, there documented as <Shape>Request).
  if (context.headReachable.size > 0) {
    const roots = new Set<string>(refsIn(document['webhooks']))
    for (const [source, operation] of included) for (const ref of rootsOf(context, source, operation)) roots.add(ref)
    for (const name of headerNames) roots.add(`#/components/headers/${name}`)
    const reachable = reachableComponents(roots, components)
    for (const kind of COMPONENT_KINDS) {
      const group = components[kind] as Json | undefined
      if (group === undefined) continue
      for (const name of Object.keys(group)) {
        const ref = pointerRef(['components', kind, name])
        if (context.headReachable.has(ref) && !reachable.has(ref)) delete group[name]
      }
    }
  }
  const missing = Object.entries(parameterSchemas).filter(([name]) => !Object.hasOwn((components['schemas'] ?? {}) as Json, name))
  if (missing.length > 0) components['schemas'] = { ...((components['schemas'] ?? {}) as Json), ...Object.fromEntries(missing) }
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
