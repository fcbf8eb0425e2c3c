/**
 * The answers the toolkit itself gives an operation, documented beside the
 * application's own: 404 or 406 for a version it does not serve, 400 for a
 * request with two versions (a repeated header, or two ways of a combination), 410 for a version
 * past its sunset, and 400, 413, 415 and 422 for an older client's body that
 * is malformed, too large, not JSON, or does not fit its version's schema; each with the
 * media type and body the middleware's `errorResponse` sends.
 */
import type { Placement } from './placement.ts'
import type { Json } from '../json/object.ts'

/** How the middleware answers its rejections: `{"detail": ...}` as `application/json` (the default), or `problemDetails()`'s `application/problem+json`. */
export type ErrorFormat = 'detail' | 'problem-details'

/** The component schema of the toolkit's error bodies in a format. */
export interface ErrorBody {
  readonly name: string
  readonly mediaType: string
  readonly schema: Json
}

const issues = { type: 'array', items: { type: 'object', properties: { loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' }, type: { type: 'string' } } } }

/** The error body of a format. */
export function errorBodyOf(format: unknown, where: string): ErrorBody {
  if (format === undefined || format === 'detail') {
    return {
      name: 'VersioningError',
      mediaType: 'application/json',
      schema: { type: 'object', description: 'A rejection of the versioning middleware.', properties: { detail: { anyOf: [{ type: 'string' }, issues] } }, required: ['detail'] },
    }
  }
  if (format === 'problem-details') {
    return {
      name: 'ProblemDetails',
      mediaType: 'application/problem+json',
      schema: {
        type: 'object',
        description: 'RFC 9457 problem details.',
        properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, code: { type: 'string' }, errors: issues },
        required: ['type', 'title', 'status', 'detail', 'code'],
      },
    }
  }
  throw new Error(`${where}: errors must be 'detail' (the default errorResponse) or 'problem-details' (errorResponse: problemDetails()), as the middleware answers.`)
}

/** What decides the toolkit's answers to one operation in one version. */
export interface Rejections {
  readonly placement: Placement
  /** Whether the operation is version-neutral (it answers every version). */
  readonly neutral: boolean
  /** Whether this version is refused with 410 once its sunset passes. */
  readonly sunset: boolean
  /** Whether the toolkit reads and migrates this version's request body (400, 413, 415). */
  readonly olderBody: boolean
  /** Whether it checks that body against this version's schema (422; default: \`olderBody\`). */
  readonly bodyChecked?: boolean | undefined
  /** Whether it checks this version's query parameters, headers and cookies against their schemas (422). */
  readonly parametersChecked?: boolean | undefined
  /** The status those checks refuse with, where the history says (\`requestValidation\`'s \`status\`: 400 or 422). @default 422 */
  readonly refusal?: number | null | undefined
}

/** The statuses the toolkit may answer an operation with, and why. */
export function toolkitStatuses(r: Rejections): [number, string][] {
  const { placement } = r
  const out: [number, string][] = []
  // A version-neutral route is answered whatever version a request names (none refused, none negotiated): none of these.
  const versioned = !r.neutral
  const reads = placement.pathParam !== null || placement.namespace || placement.header !== null || placement.query !== null || placement.host
  if (versioned && reads) out.push([404, 'Not found, or a version this API does not serve.'])
  if (versioned && placement.accept !== null) out.push([406, 'The Accept header asks for a media type or version this API does not serve.'])
  // Two versions are refused (400) where the scheme reads two: a repeated header, or two ways of a combination. A
  // repeated query parameter gives its last value and a host names one version, so neither alone is refused.
  const twice = versioned && (placement.header !== null || placement.anyOne)
  if (twice || r.olderBody) out.push([400, 'The request names more than one version, comes to a host this API does not serve, or its body cannot be read.'])
  if (r.sunset && versioned) out.push([410, 'This version is past its sunset.'])
  if (r.olderBody) {
    out.push([413, 'The body is larger than the largest older body the toolkit reads (maxBodySize).'])
    out.push([415, 'The body is not JSON.'])
  }
  const body = r.bodyChecked ?? r.olderBody
  if (body || r.parametersChecked === true) {
    const what = body && r.parametersChecked === true ? 'The body or a parameter does not' : body ? 'The body does not' : 'A query parameter, header or cookie does not'
    const status = r.refusal === 400 ? 400 : 422
    const other = out.findIndex(([s]) => s === status)
    const refused = `${what} match this version's request schema.`
    if (other === -1) out.push([status, refused])
    else out[other] = [status, `${(out[other] as [number, string])[1].replace(/\.$/, '')}; or ${refused[0]?.toLowerCase()}${refused.slice(1)}`]
  }
  return out.sort((a, b) => a[0] - b[0])
}

/** A response object, or the one a reference names (read by \`resolve\`); \`undefined\` for anything else. */
function read(response: unknown, resolve: (ref: string) => Json | undefined): Json | undefined {
  if (response === null || typeof response !== 'object') return undefined
  const ref = (response as Json)['$ref']
  const found = typeof ref === 'string' ? resolve(ref) : (response as Json)
  return found !== undefined && !('$ref' in found) ? found : undefined
}

/**
 * `responses` with the toolkit's statuses added: the error body's media type
 * joins a status the application documents (as an `anyOf` with the
 * application's schema where it documents the same media type), or the
 * status is added. A status the application documents by reference
 * (`#/components/responses/NotFound`, read by `resolve`) gets a copy of that
 * response with the toolkit's body joined, for this operation alone: the
 * shared component stays as other operations have it. A status the
 * application documents by its class or `default` alone, with a body, gets
 * that response with the toolkit's body joined, under the toolkit's
 * description (the status would otherwise shadow the application's body).
 */
export function withToolkitResponses(responses: Json, statuses: readonly [number, string][], error: ErrorBody, resolve: (ref: string) => Json | undefined = () => undefined): Json {
  if (statuses.length === 0) return responses
  const out: Json = { ...responses }
  const media = { schema: { $ref: `#/components/schemas/${error.name}` } }
  for (const [status, description] of statuses) {
    const key = String(status)
    // A status the application documents only by its class (\`4XX\`) or \`default\`, with a body: its answers of this status have that body too.
    const range = [out[`${key[0] as string}XX`], out['default']].map((r) => read(r, resolve)).find((r) => r !== undefined && r['content'] !== undefined)
    const given = out[key] ?? (range === undefined ? undefined : { ...range, description })
    const existing = read(given, resolve)
    if (existing !== undefined) {
      const response = existing
      const content = (response['content'] ?? {}) as Json
      let made = response
      if (!(error.mediaType in content)) made = { ...response, content: { ...content, [error.mediaType]: media } }
      else {
        // The application answers this status in the same media type: either body may come.
        const own = (content[error.mediaType] ?? {}) as Json
        const schema = own['schema'] as Json | undefined
        const errorRef = media.schema.$ref
        const has = (s: Json | undefined): boolean => s?.['$ref'] === errorRef || (Array.isArray(s?.['anyOf']) && (s['anyOf'] as Json[]).some((x) => x['$ref'] === errorRef))
        if (schema !== undefined && !has(schema)) made = { ...response, content: { ...content, [error.mediaType]: { ...own, schema: { anyOf: [schema, media.schema] } } } }
      }
      if (made !== response || out[key] === undefined) out[key] = made
    } else if (given === undefined) {
      out[key] = { description, content: { [error.mediaType]: media } }
    }
  }
  return out
}
