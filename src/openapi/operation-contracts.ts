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
import type { MigrationsOf } from './migrations.ts'
import { checkedParameters } from './older-parameters.ts'
import { olderResponses } from './older-responses.ts'
import { layoutBody, readBodyTypes } from './request-body.ts'
import type { RequestBodies } from './requests.ts'
import { toolkitStatuses, withToolkitResponses, type ErrorBody } from './responses.ts'
import type { SourceOperation } from './sources.ts'
import { withItems, type StreamedBodies } from './streams.ts'
import { versionParametersOf, versionWays, type Unnamed } from './version-params.ts'
import { isObject, type Json } from '../json/object.ts'
import { pointerTokens } from '../json/pointer.ts'
import { positionIn } from '../model/version-positions.ts'

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
  /** The head document's components (its `$ref` parameters and responses are read there), if any. */
  readonly headComponents?: Json | undefined
  /** The request bodies, by the validation's derivation, or `null`. */
  readonly requests: RequestBodies | null
  /** The item layouts of streamed routes, or `null`. */
  readonly streams: StreamedBodies | null
  /** The body of the toolkit's own error answers. */
  readonly errorBody: ErrorBody
  /** The history's migration of each operation (what it reads, migrates and checks in each version), or `null` (a changelog's JSON has none). */
  readonly migrations?: MigrationsOf | null | undefined
  /** Whether `version` is refused with 410 once its sunset passes (the policy refuses after sunsets, and it has one). */
  sunsets(version: string): boolean
}

const NONE: Readonly<Record<string, ContractSchema>> = Object.freeze({})

/** `sunsets` of a policy's description: a version with a sunset, when the policy refuses versions past theirs. */
export function sunsetsOf(policy: { readonly refuseAfterSunset?: boolean | undefined; readonly versions: ReadonlyMap<string, { readonly sunset?: number | null | undefined }> } | null | undefined): (version: string) => boolean {
  return (version) => policy?.refuseAfterSunset === true && (policy.versions.get(version)?.sunset ?? null) !== null
}

/** The component `ref` names in the head document (`#/components/parameters/Limit`), followed through references, or `undefined`. */
function headComponent(context: ContractContext, ref: string): Json | undefined {
  let found: unknown = { $ref: ref }
  for (let hops = 0; hops < 8 && isObject(found) && typeof found['$ref'] === 'string'; hops++) {
    const [top, kind, name, ...rest] = pointerTokens(found['$ref']) ?? []
    const group = context.headComponents?.[kind ?? '']
    if (top !== 'components' || name === undefined || rest.length > 0 || !isObject(group) || !Object.hasOwn(group, name)) return undefined
    found = group[name]
  }
  return isObject(found) && found['$ref'] === undefined ? found : undefined
}

/**
 * The operation's parameters: the version's path param filled in, others
 * with the table's pattern, and the version's own; where the toolkit
 * checks this version's parameters, as it checks them (`checked`).
 */
function parametersIn(
  context: ContractContext,
  source: SourceOperation,
  version: string,
  neutral: boolean,
  checked: Readonly<Record<string, ContractSchema>> | null,
): { parameters: RequestParameter[]; components: Readonly<Record<string, ContractSchema>> } {
  const { placement } = context
  let parameters = Array.isArray(source.operation['parameters']) ? (source.operation['parameters'] as Json[]) : []
  // A query parameter or request header a newer version renamed goes by its older name, and one whose values it
  // changed takes the change's olderSchema, any text without one (undone newest first; in a version, its value
  // changes before its renames), and required or not as its olderRequired says (else as the newer version). A check of
  // this version's parameters has the last word (checkedParameters).
  for (const change of context.history.changesAbove(source.names, positionIn(context.order, version))) {
    if (change.type === 'route.query.changed' || change.type === 'route.request.header.changed') {
      const where = change.type === 'route.query.changed' ? 'query' : 'header'
      const name = change.type === 'route.query.changed' ? change.name : change.header
      const same = (given: unknown) => (where === 'header' ? String(given).toLowerCase() === name.toLowerCase() : given === name)
      parameters = parameters.map((p) => {
        const own = typeof p['$ref'] === 'string' ? headComponent(context, p['$ref']) : p
        if (own === undefined || own['in'] !== where || !same(own['name'])) return p
        const { content: _content, example: _example, examples: _examples, required, ...rest } = own
        const older = typeof change.olderRequired === 'boolean' ? change.olderRequired : required === true
        return { ...rest, ...(older ? { required: true } : {}), schema: (change.olderSchema ?? { type: 'string' }) as Json }
      })
      continue
    }
    const where = change.type === 'route.query.renamed' ? 'query' : change.type === 'route.request.header.renamed' ? 'header' : null
    if (where === null) continue
    const { older, newer } = change as { readonly older: string; readonly newer: string }
    const same = where === 'header' ? (name: unknown) => String(name).toLowerCase() === newer.toLowerCase() : (name: unknown) => name === newer
    parameters = parameters.map((p) => {
      // One your document gives by reference is renamed on a copy of its component.
      const own = typeof p['$ref'] === 'string' ? headComponent(context, p['$ref']) : p
      return own !== undefined && own['in'] === where && same(own['name']) ? { ...own, name: older } : p
    })
  }
  let components: Readonly<Record<string, ContractSchema>> = NONE
  if (checked !== null) ({ parameters, components } = checkedParameters(parameters, checked, (ref) => headComponent(context, ref)))
  parameters = parameters
    .filter((p) => !(p['in'] === 'path' && p['name'] === placement.pathParam))
    .map((parameter) => {
      const pattern = parameter['in'] === 'path' ? source.patterns.get(parameter['name'] as string) : null
      const schema = (parameter['schema'] ?? {}) as Json
      return pattern != null && schema['pattern'] === undefined && schema['$ref'] === undefined ? { ...parameter, schema: { type: 'string', ...schema, pattern } } : parameter
    })
  if (neutral) return { parameters: parameters as RequestParameter[], components }
  const ways = versionWays(placement, version, context.unnamed, context.serverUrl)
  const own = versionParametersOf(ways, version, context.unnamed, placement.anyOne)
  const taken = new Set(own.map((p) => `${p.in} ${p.name.toLowerCase()}`))
  return { parameters: [...(parameters.filter((p) => !taken.has(`${String(p['in'])} ${String(p['name']).toLowerCase()}`)) as RequestParameter[]), ...own], components }
}

/**
 * The contracts of `source` in each version: `contracts(version, served)`
 * for the model's `versionedOperation`, called once per version.
 */
export function contractsOf(context: ContractContext, source: SourceOperation): ContractsOf {
  const migrationOf = context.migrations?.(source) ?? null
  return (version, served): OperationContracts => {
    const at = positionIn(context.order, version)
    const { neutral } = served
    // What the history reads in this version (with or without \`requests\`): a body it migrates or checks, parameters it checks.
    const up = migrationOf?.(version)?.up ?? null
    const { parameters, components: parameterComponents } = parametersIn(context, source, version, neutral, up?.parameters ?? null)
    // The body: the one the validation derives for this version (and a PATCH's partial update where it is checked), else the head document's.
    let body: VersionBody | null = null
    let partial: VersionBody | null = null
    let checked = false
    const layout = context.requests?.layoutOf(source.names, source.method) ?? null
    if (layout !== null && context.requests !== null) {
      // A body your document gives by reference is rewritten on a copy of its component (a \`$ref\`'s siblings are ignored).
      const raw = source.operation['requestBody'] as Json | undefined
      const given = typeof raw?.['$ref'] === 'string' ? (headComponent(context, raw['$ref']) ?? raw) : raw
      const full = layoutBody(context.requests, layout, source.method, at, given, false)
      body = full?.body ?? null
      checked = full?.older ?? false
      if (checked && source.method.toUpperCase() === 'PATCH') partial = layoutBody(context.requests, layout, source.method, at, given, true)?.body ?? null
    } else if (source.operation['requestBody'] !== undefined) {
      body = { body: source.operation['requestBody'] as BodyContract, components: NONE }
    }
    // Where the toolkit migrates the body, it reads JSON (and forms where the route takes them), passes on those the
    // route lists in unmigrated, and refuses the others (415).
    if (up !== null && (up.body !== null || up.partialBody !== null)) {
      if (body !== null) body = { ...body, body: readBodyTypes(body.body, up.forms, up.unmigrated) }
      if (partial !== null) partial = { ...partial, body: readBodyTypes(partial.body, up.forms, up.unmigrated) }
    }
    let responses = olderResponses(source.operation['responses'] as Json, context.history.changesAbove(source.names, at), context.history.changesAbove(source.names, context.order.length), (ref) => headComponent(context, ref))
    const items = context.streams?.itemsOf(source.names, source.method) ?? null
    if (items !== null) responses = withItems(responses, items, context.shapes, context.headSchemas)
    const olderBody = checked || (up !== null && (up.body !== null || up.partialBody !== null || up.checked))
    const bodyChecked = checked || up?.checked === true
    const statuses = toolkitStatuses({ placement: context.placement, neutral, sunset: context.sunsets(version), olderBody, bodyChecked, parametersChecked: up?.parametersChecked === true, refusal: up?.refusal })
    let components = NONE
    if (statuses.length > 0) {
      responses = withToolkitResponses(responses, statuses, context.errorBody, (ref) => headComponent(context, ref))
      components = { [context.errorBody.name]: context.errorBody.schema }
    }
    return {
      request: { parameters, body, partial, checked, ...(Object.keys(parameterComponents).length > 0 ? { components: parameterComponents } : {}) },
      responses: { byStatus: responses as Readonly<Record<string, ResponseContract>>, components },
    }
  }
}
