/**
 * Each operation's request and response contracts in a version, worked out
 * in this one place for the model (model/api-model.ts `OperationAt.request`
 * and `.responses`), which the documents, `validateResponses` and the
 * contracts read: its parameters (the version's own where the scheme puts
 * it), its request body as that version's validation has it (requests.ts),
 * its responses (the status a route change gave back, a stream's items as
 * that version has them, the toolkit's own answers).
 */
import type { BodyContract, ContractSchema, OperationContracts, RequestParameter, ResponseContract, VersionBody } from '../model/api-model.ts'
import type { ContractsOf } from '../model/operations.ts'
import type { ChangelogRouteHistory } from './changelog.ts'
import type { Placement } from './placement.ts'
import type { RequestBodies } from './requests.ts'
import { toolkitStatuses, withToolkitResponses, type ErrorBody } from './responses.ts'
import type { SourceOperation } from './sources.ts'
import { withItems, type StreamedBodies } from './streams.ts'
import { versionParametersOf, versionWays, type Unnamed } from './version-params.ts'
import type { Json } from '../json/object.ts'

/** What the contracts are worked out from, fixed when the documents (or an app's model) are made. */
export interface ContractContext {
  /** The versions, newest first. */
  readonly order: readonly string[]
  readonly placement: Placement
  readonly unnamed: Unnamed
  readonly serverUrl: string | null
  /** The changelog's route changes (a status a version gave back). */
  readonly history: ChangelogRouteHistory
  /** The component schema of each shape the changelog names, when not the shape's own name. */
  readonly shapes: Readonly<Record<string, string>>
  /** The head document's component schemas (a stream's item schema refers to them). */
  readonly headSchemas: Json
  /** The request bodies, by the validation's derivation, or `null`. */
  readonly requests: RequestBodies | null
  /** The item layouts of streamed routes, or `null`. */
  readonly streams: StreamedBodies | null
  /** The body of the toolkit's own error answers. */
  readonly errorBody: ErrorBody
  /** Whether `version` is refused with 410 once its sunset passes (the policy refuses after sunsets, and it has one). */
  sunsets(version: string): boolean
}

const NONE: Readonly<Record<string, ContractSchema>> = Object.freeze({})

/** `sunsets` of a policy's description: a version with a sunset, when the policy refuses versions past theirs. */
export function sunsetsOf(policy: { readonly refuseAfterSunset?: boolean | undefined; readonly versions: ReadonlyMap<string, { readonly sunset?: number | null | undefined }> } | null | undefined): (version: string) => boolean {
  return (version) => policy?.refuseAfterSunset === true && (policy.versions.get(version)?.sunset ?? null) !== null
}

/** The operation's parameters: the version's path param filled in, others with the table's pattern, and the version's own. */
function parametersIn(context: ContractContext, source: SourceOperation, version: string, neutral: boolean): RequestParameter[] {
  const { placement } = context
  let parameters = Array.isArray(source.operation['parameters']) ? (source.operation['parameters'] as Json[]) : []
  parameters = parameters
    .filter((p) => !(p['in'] === 'path' && p['name'] === placement.pathParam))
    .map((parameter) => {
      const pattern = parameter['in'] === 'path' ? source.patterns.get(parameter['name'] as string) : null
      const schema = (parameter['schema'] ?? {}) as Json
      return pattern != null && schema['pattern'] === undefined && schema['$ref'] === undefined ? { ...parameter, schema: { type: 'string', ...schema, pattern } } : parameter
    })
  if (neutral) return parameters as RequestParameter[]
  const ways = versionWays(placement, version, context.unnamed, context.serverUrl)
  const own = versionParametersOf(ways, version, context.unnamed, placement.anyOne)
  const taken = new Set(own.map((p) => `${p.in} ${p.name.toLowerCase()}`))
  return [...(parameters.filter((p) => !taken.has(`${String(p['in'])} ${String(p['name']).toLowerCase()}`)) as RequestParameter[]), ...own]
}

/** The JSON body of `layout` at version index `at`, over the head document's own request body (`given`). */
function jsonBody(requests: RequestBodies, layout: Parameters<RequestBodies['bodyAt']>[0], at: number, given: Json, partial: boolean): { readonly body: VersionBody; readonly older: boolean } {
  const components: Json = {}
  const { body, older } = requests.bodyAt(layout, at, components, partial)
  const contract: BodyContract = { ...given, required: true, content: { 'application/json': { schema: body } } }
  return { body: { body: contract, components: components as Readonly<Record<string, ContractSchema>> }, older }
}

/**
 * The contracts of `source` in each version: `contracts(version, served)`
 * for the model's `versionedOperation`, called once per version.
 */
export function contractsOf(context: ContractContext, source: SourceOperation): ContractsOf {
  return (version, served): OperationContracts => {
    const at = context.order.indexOf(version)
    const { neutral } = served
    const parameters = parametersIn(context, source, version, neutral)
    // The body: the one the validation derives for this version (and a PATCH's partial update where it is checked), else the head document's.
    let body: VersionBody | null = null
    let partial: VersionBody | null = null
    let checked = false
    const layout = context.requests?.layoutOf(source.names, source.method) ?? null
    if (layout !== null && context.requests !== null) {
      const given = (source.operation['requestBody'] ?? {}) as Json
      const full = jsonBody(context.requests, layout, at, given, false)
      body = full.body
      checked = full.older
      if (checked && source.method.toUpperCase() === 'PATCH') partial = jsonBody(context.requests, layout, at, given, true).body
    } else if (source.operation['requestBody'] !== undefined) {
      body = { body: source.operation['requestBody'] as BodyContract, components: NONE }
    }
    let responses = source.operation['responses'] as Json
    for (const change of context.history.changesAbove(source.names, at)) {
      if (change.type === 'route.status.changed' && Object.hasOwn(responses, String(change.newer))) {
        responses = Object.fromEntries(Object.entries(responses).map(([status, r]) => [status === String(change.newer) ? String(change.older) : status, r]))
      }
    }
    const items = context.streams?.itemsOf(source.names, source.method) ?? null
    if (items !== null) responses = withItems(responses, items, context.shapes, context.headSchemas)
    const statuses = toolkitStatuses({ placement: context.placement, neutral, sunset: context.sunsets(version), olderBody: checked })
    let components = NONE
    if (statuses.length > 0) {
      responses = withToolkitResponses(responses, statuses, context.errorBody)
      components = { [context.errorBody.name]: context.errorBody.schema }
    }
    return {
      request: { parameters, body, partial, checked },
      responses: { byStatus: responses as Readonly<Record<string, ResponseContract>>, components },
    }
  }
}
