/**
 * Older requests validated in their own version: from the head JSON Schema
 * of each shape, each older version's schema is derived by the history's
 * declared changes, and an older request body (and, where declared, its
 * query parameters, headers and cookies) is validated against it before it
 * migrates up. Whether a value is valid is answered by closures compiled
 * once from the schema (compile.ts), in time linear in its size, after its
 * depth is bounded; at most `maxIssues` issues are listed.
 */
import type { BodyCheck, ParameterRenames, RequestValidation, ValidatedHistory } from '../changes/body-checks.ts'
import { checkRoute } from '../changes/route-changes.ts'
import { Shape, type Layout } from '../changes/shape.ts'
import { InvalidRequestBody } from './invalid-body.ts'
import { issueNames, type IssueType, type JSON_TYPES } from './issues.ts'
import { bodySchema, partialSchema, schemasByVersion, unschemedChange, withDefs } from './older-schemas.ts'
import { headSchemas } from './head-schemas.ts'
import { unreachedShape } from '../changes/layout-reach.ts'
import { headFieldClash } from '../changes/head-fields.ts'
import { keptOlderRefused } from './kept-older.ts'
import type { Changelog } from '../changes/changelog.ts'
import { parameterChecks, type RouteParameters } from './parameters.ts'
import { partValidator, type Limits } from './validate.ts'
import type { Json } from '../json/object.ts'
import { quoted } from '../quote.ts'
import { checkKeyNames, checkOptionNames, isRecord } from '../options.ts'
import type { HeadSchema } from './head-schemas.ts'

/** Options of `requestValidation`. */
export interface RequestValidationOptions {
  /**
   * The head (newest) JSON Schema of each shape, by shape name, and of any
   * component they reference as `#/components/schemas/Name`: an OpenAPI 3.1
   * document's `components.schemas` fits as it is. A shape without a schema
   * accepts any value.
   */
  readonly schemas: Readonly<Record<string, HeadSchema>>
  /**
   * The status of a refused body.
   * @default 422
   */
  readonly status?: 400 | 422 | undefined
  /**
   * The most issues a refusal lists; validation stops once it has them.
   * @default 100
   */
  readonly maxIssues?: number | undefined
  /**
   * The most levels of lists and objects a value may nest; a deeper one is
   * refused with one issue of type `too_deep`, before it is validated.
   * @default 64
   */
  readonly maxDepth?: number | undefined
  /**
   * Your names for the issues' `type`, by kind (`minLength`, `missing`, ...),
   * or for `type` by the one type expected (`type:integer`): an API moving
   * from FastAPI keeps Pydantic's names (`{ minLength: 'string_too_short' }`).
   * @default {} (the kinds' own names)
   */
  readonly issueTypes?: Readonly<Partial<Record<IssueType | `type:${(typeof JSON_TYPES)[number]}`, string>>> | undefined
  /**
   * The query parameters, headers and cookies of routes, by route name as
   * `bodies` names routes (`'GET /products'`, `'GET product-list'`): each a
   * shape whose head schema, in `schemas`, has a property per parameter.
   * @default {} (no parameters are validated)
   */
  readonly parameters?: Readonly<Record<string, RouteParameters>> | undefined
}

const WHERE = 'requestValidation'
const OPTIONS = ['schemas', 'status', 'maxIssues', 'maxDepth', 'issueTypes', 'parameters']

/** A whole number from `min` to `max`, or the default; otherwise a sentence. */
function limit(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) throw new Error(`${WHERE}: ${name} must be a whole number from 1 to ${max}.`)
  return value
}

/** The `parameters` option, checked: route names and shapes. */
function checkParameters(given: unknown): ReadonlyMap<string, RouteParameters> {
  const out = new Map<string, RouteParameters>()
  if (given === undefined) return out
  if (!isRecord(given)) throw new Error(`${WHERE}: parameters must map route names to { query?, headers?, cookies? } shapes, such as { 'GET /products': { query: ProductFilter } }.`)
  for (const [route, parts] of Object.entries(given)) {
    checkRoute(route, `${WHERE}: parameters`)
    if (!isRecord(parts)) throw new Error(`${WHERE}: parameters[${quoted(route)}] must be { query?, headers?, cookies? }, each a shape (an object, not a Map).`)
    checkKeyNames(parts, `${WHERE}: parameters[${quoted(route)}]`, ['query', 'headers', 'cookies'])
    for (const [part, shape] of Object.entries(parts)) {
      if (shape !== undefined && !(shape instanceof Shape)) throw new Error(`${WHERE}: parameters[${quoted(route)}].${part} must be a shape, such as shape('ProductFilter').`)
    }
    out.set(route, parts as RouteParameters)
  }
  return out
}

/**
 * Validates older requests in their own version: pass the result to
 * `versionHistory` as `validation`. A route whose `bodies` entry has a
 * `request` layout gets, for each older version whose schema differs from
 * the head's, a check before its body migrates; a body that does not fit is
 * refused with `InvalidRequestBody` (422, the issues in that version's
 * field names). Head requests and routes without a request layout pay
 * nothing: the app's own validator checks the head. Its type keeps the
 * `parameters` given (`'~parameters'`, types only), which the typed client
 * reads: an older client's parameter values are its version's.
 *
 * @example
 * ```ts
 * const history = versionHistory({
 *   versions,
 *   bodies: { 'POST /products': { request: Product } },
 *   validation: requestValidation({ schemas: { Product: ProductSchema } }),
 * })
 * ```
 */
export function requestValidation<const P extends Readonly<Record<string, RouteParameters>> = {}>(options: RequestValidationOptions & { readonly parameters?: P | undefined }): RequestValidation & { readonly '~parameters'?: P | undefined } {
  if (!isRecord(options)) throw new Error(`${WHERE}: pass options such as { schemas: { Product: ProductSchema } }.`)
  checkOptionNames(options, WHERE, OPTIONS)
  const { schemas, status = 422 } = options
  if (!isRecord(schemas)) throw new Error(`${WHERE}: schemas must map shape names to JSON Schemas, such as { Product: ProductSchema } (an object, not a Map).`)
  if (status !== 400 && status !== 422) throw new Error(`${WHERE}: status must be 400 or 422.`)
  const limits: Limits = {
    maxIssues: limit(options.maxIssues, 'maxIssues', 100, 1000),
    maxDepth: limit(options.maxDepth, 'maxDepth', 64, 512),
    names: issueNames(options.issueTypes, WHERE),
  }
  const parameters = checkParameters(options.parameters)
  const head = headSchemas(schemas, WHERE)
  const known = new Set(Object.keys(head))
  // A part named without a schema would check nothing in any version: a mistake to fix now.
  for (const [route, parts] of parameters) {
    for (const [part, shape] of Object.entries(parts)) {
      if (shape !== undefined && !known.has(shape.name)) throw new Error(`${WHERE}: parameters[${quoted(route)}].${part} is the shape ${shape.name}, which has no schema in schemas, so no version's ${part} would be checked; add its head schema (an object with a property per ${part === 'query' ? 'parameter' : part === 'headers' ? 'header' : 'cookie'}) to schemas, or take the part out of parameters.`)
    }
  }
  // Per history (one validation may serve several): the schemas of each version, derived once.
  const byHistory = new WeakMap<ValidatedHistory['changelog'], Json[]>()
  const versionsOf = (history: ValidatedHistory): Json[] => {
    let versions = byHistory.get(history.changelog)
    if (versions === undefined) {
      // A field the head's schema lists that the history says the head lacks: the change that brought it back is missing.
      const clash = headFieldClash(head, history.changelog, (shape) => shape, WHERE)
      if (clash !== null) throw new Error(clash)
      const derived = schemasByVersion(head, history.changelog, history.versions)
      // A field added with keepOlder that its older schema refuses as unknown: it could never be kept.
      const refused = keptOlderRefused(history.keptOlder ?? [], derived, history.versions, WHERE)
      if (refused !== null) throw new Error(refused)
      byHistory.set(history.changelog, (versions = derived))
    }
    return versions
  }

  return {
    kind: 'request-validation',
    checks(layout: Layout, history: ValidatedHistory, options?: { readonly partial?: boolean | undefined }): readonly (BodyCheck | null)[] {
      const versions = versionsOf(history)
      const unschemed = unschemedChange(layout, head, history.changelog, WHERE) ?? unmigratedShape(layout, head, history.changelog, known)
      if (unschemed !== null) throw new Error(unschemed)
      const body = bodySchema(layout, known)
      const headSchema = JSON.stringify(withDefs(body, versions[versions.length - 1] as Json))
      return versions.map((defs, v) => {
        if (v === versions.length - 1) return null
        const full = withDefs(body, defs)
        if (JSON.stringify(full) === headSchema) return null
        // A partial body (PATCH) holds the fields the client changes: none is required.
        const schema = options?.partial === true ? partialSchema(full) : full
        const validate = partValidator(schema, limits, WHERE, `version ${quoted(history.versions[v] ?? '')}'s body schema (in that version's field names)`)
        const check = function checkOlderBody(value: unknown): void {
          const issues = validate(value, 'body')
          if (issues !== null) throw new InvalidRequestBody(issues, status)
        }
        // The status it refuses with, for the documents (openapi/migrations.ts).
        return Object.assign(check, { status })
      })
    },
    checkHistory(history: ValidatedHistory): void {
      versionsOf(history)
    },
    parameterRoutes: [...parameters.keys()],
    parameterShapes: [...new Set([...parameters.values()].flatMap((parts) => Object.values(parts).flatMap((shape) => (shape === undefined ? [] : [shape.name]))))],
    parameterChecks(route: string, renames: ParameterRenames, history: ValidatedHistory) {
      // A route it lists no parameters of still has those its value changes declare for older versions (olderSchema, olderRequired).
      return parameterChecks(route, parameters.get(route) ?? {}, renames, history, versionsOf(history), limits, status, WHERE)
    },
  }
}

/**
 * The sentence for a body whose schema refers to a shape an older version
 * changes at a place `layout` puts no shape (a `Price` inside a `Product`
 * that does not declare it nested): that version's body would be checked as
 * its own, then reach the handler unmigrated. Shapes whose changes only add
 * enum values are left out: an older value is a head value. `null`: none.
 */
function unmigratedShape(layout: Layout, head: Json, changelog: Changelog, known: ReadonlySet<string>): string | null {
  const versionOf = new Map<string, string>()
  const moved = new Set<string>()
  for (const entry of changelog.versions) {
    for (const change of entry.changes) {
      for (const instruction of change.instructions) {
        if (!('shape' in instruction) || instruction.type === 'enum.added') continue
        moved.add(instruction.shape)
        if (!versionOf.has(instruction.shape)) versionOf.set(instruction.shape, entry.version)
      }
    }
  }
  if (moved.size === 0) return null
  const missed = unreachedShape(bodySchema(layout, known), layout, { schemas: head }, moved, (shape) => shape.name)
  if (missed === null) return null
  const { component, at, holder } = missed
  const fix = holder === null || missed.cyclic ? `put ${component} where the layout reaches it, or refer to another schema there` : `declare where it sits in ${holder.shape}: shape('${holder.shape}', { nested: { ${/^[A-Za-z_$][\w$]*$/.test(holder.field) ? holder.field : JSON.stringify(holder.field)}: ${holder.list ? `[${component}]` : component} } })`
  return `${WHERE}: a request body's schema refers to ${component} at ${at}, which version ${versionOf.get(component)} changes, but its layout puts no shape there: an older version's body would be checked with its own ${component} and reach the handler unmigrated; ${fix}.`
}
