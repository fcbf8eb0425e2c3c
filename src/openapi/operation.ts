/**
 * One operation in one version's document: its parameters (the version's
 * own where the scheme puts it), its request body as that version's
 * validation has it, its responses (the status a route change gave back,
 * the toolkit's own answers, the lifecycle headers), and `deprecated`.
 */
import type { BuildContext } from './context.ts'
import { toolkitStatuses, withToolkitResponses } from './responses.ts'
import type { SourceOperation } from './sources.ts'
import { withItems } from './streams.ts'
import { versionParametersOf, versionWays } from './version-params.ts'
import type { DocumentedVersion } from './versions.ts'
import type { Json } from '../json/object.ts'

/** The operation's parameters: the version's path param filled in, others with the table's pattern, and the version's own. */
function parametersIn(context: BuildContext, source: SourceOperation, version: string, neutral: boolean): Json[] {
  const { placement } = context
  let parameters = Array.isArray(source.operation['parameters']) ? (source.operation['parameters'] as Json[]) : []
  parameters = parameters
    .filter((p) => !(p['in'] === 'path' && p['name'] === placement.pathParam))
    .map((parameter) => {
      const pattern = parameter['in'] === 'path' ? source.patterns.get(parameter['name'] as string) : null
      const schema = (parameter['schema'] ?? {}) as Json
      return pattern != null && schema['pattern'] === undefined && schema['$ref'] === undefined ? { ...parameter, schema: { type: 'string', ...schema, pattern } } : parameter
    })
  if (neutral) return parameters
  const ways = versionWays(placement, version, context.unnamed, context.serverUrl)
  const own = versionParametersOf(ways, version, context.unnamed, placement.anyOne)
  const taken = new Set(own.map((p) => `${p.in} ${p.name.toLowerCase()}`))
  return [...parameters.filter((p) => !taken.has(`${String(p['in'])} ${String(p['name']).toLowerCase()}`)), ...(own as unknown as Json[])]
}

/** Each response with the lifecycle headers' references added. */
function withHeaders(responses: Json, headerNames: readonly string[]): Json {
  if (headerNames.length === 0) return responses
  const own: Json = {}
  for (const [status, response] of Object.entries(responses)) {
    if (response === null || typeof response !== 'object' || '$ref' in response) {
      own[status] = response
      continue
    }
    const r: Json = { ...(response as Json) }
    const headers: Json = { ...((r['headers'] ?? {}) as Json) }
    for (const name of headerNames) if (!(name in headers)) headers[name] = { $ref: `#/components/headers/${name}` }
    r['headers'] = headers
    own[status] = r
  }
  return own
}

/**
 * The operation of `source` in `version`: a new object for each part that
 * differs, the unchanged parts shared with the head (they are frozen with
 * the first document that has them, and never changed). Schemas it adds
 * (request bodies, the error body) go into `schemas`.
 */
export function operationIn(context: BuildContext, source: SourceOperation, entry: DocumentedVersion, at: number, neutral: boolean, headerNames: readonly string[], schemas: Json): Json {
  const operation: Json = { ...source.operation }
  const version = entry.version
  const parameters = parametersIn(context, source, version, neutral)
  if (parameters.length > 0) operation['parameters'] = parameters
  else delete operation['parameters']
  let responses = operation['responses'] as Json
  for (const change of context.history.changesAbove(source.names, at)) {
    if (change.type === 'route.status.changed' && Object.hasOwn(responses, String(change.newer))) {
      responses = Object.fromEntries(Object.entries(responses).map(([status, r]) => [status === String(change.newer) ? String(change.older) : status, r]))
    }
  }
  const items = context.streams?.itemsOf(source.names, source.method) ?? null
  if (items !== null) responses = withItems(responses, items, context.shapes, ((context.head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json)
  let olderBody = false
  const layout = context.requests?.layoutOf(source.names, source.method) ?? null
  if (layout !== null && context.requests !== null) {
    const { body, older } = context.requests.bodyAt(layout, at, schemas, source.method.toUpperCase() === 'PATCH')
    olderBody = older
    const given = (operation['requestBody'] ?? {}) as Json
    operation['requestBody'] = { ...given, required: true, content: { 'application/json': { schema: body } } }
  }
  const sunset = context.plan.policy?.refuseAfterSunset === true && entry.sunset !== null
  const statuses = toolkitStatuses({ placement: context.placement, neutral, sunset, olderBody })
  if (statuses.length > 0) {
    responses = withToolkitResponses(responses, statuses, context.errorBody)
    schemas[context.errorBody.name] = context.errorBody.schema
  }
  operation['responses'] = withHeaders(responses, headerNames)
  if (context.security !== null && !neutral) operation['security'] = context.security
  if (entry.deprecated || entry.sunsetPassed) operation['deprecated'] = true
  if (typeof operation['operationId'] !== 'string') operation['operationId'] = source.operationId
  return operation
}
