/** Rejections as RFC 9457 problem details (`application/problem+json`). */
import type { VersioningError } from '../errors.ts'
import { PROBLEM_ANSWER } from '../http/middleware-answers.ts'
import { jsonResponse } from '../http/json-response.ts'
import { holdsCredentials } from '../http/url-credentials.ts'
import { checkOptions } from '../options.ts'

/** Options of `problemDetails`. */
export interface ProblemDetailsOptions {
  /**
   * A base URI for `type`: the code in kebab case is appended
   * (`https://errors.example.com/` gives `https://errors.example.com/unsupported-api-version`).
   * Without it, `type` is `about:blank` and `title` the status phrase, as RFC 9457 §4.2.1 asks.
   * @default undefined
   */
  readonly typeBase?: string | undefined
}

/** An absolute URI as RFC 3986 writes it: a scheme, then URI characters alone. */
const URI_TEXT = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/

/** The titles of the codes this library raises, with a `typeBase`. */
const TITLES: Readonly<Record<string, string>> = {
  UnsupportedApiVersion: 'Unsupported API version',
  NotAcceptableMediaType: 'Not acceptable media type',
  AmbiguousApiVersion: 'Ambiguous API version',
  DisallowedHost: 'Disallowed host',
  MethodNotAllowed: 'Method not allowed',
  ApiVersionSunset: 'API version sunset',
  ClientVersionUnavailable: "Client's API version unavailable",
  PinnedApiVersionRetired: "Client's pinned API version retired",
  InvalidRequestBody: 'Invalid request body',
}

/** The status phrases of the statuses this library answers with (RFC 9110). */
const PHRASES: Readonly<Record<number, string>> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable', 410: 'Gone', 413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 503: 'Service Unavailable' }

/**
 * An `errorResponse` for `apiVersioning` that answers with problem details:
 * `type`, `title`, `status`, `detail` (the scheme's fixed message, nothing
 * from the request) and `code` (`UnsupportedApiVersion`,
 * `NotAcceptableMediaType`, `AmbiguousApiVersion`, `ApiVersionSunset`,
 * `InvalidRequestBody`); an older body refused by `requestValidation` adds
 * `errors`, its issues (`[{"loc": ["body", "price"], "msg": ..., "type": ...}]`).
 *
 * @example
 * ```ts
 * apiVersioning({ scheme, routes, errorResponse: problemDetails({ typeBase: 'https://errors.example.com/' }) })
 * // 404 {"type":"https://errors.example.com/unsupported-api-version","title":"Unsupported API version",
 * //      "status":404,"detail":"Invalid version in URL path.","code":"UnsupportedApiVersion"}
 * ```
 */
export function problemDetails(options: ProblemDetailsOptions = {}): (error: VersioningError) => Response {
  checkOptions(options, 'problemDetails', ['typeBase'])
  const { typeBase } = options
  if (typeBase !== undefined && (typeof typeBase !== 'string' || !URL.canParse(typeBase) || !/[/#]$/.test(typeBase))) {
    throw new Error('problemDetails: typeBase must be an absolute URI ending in "/" or "#", such as "https://errors.example.com/".')
  }
  // Written as a URI is (RFC 3986), from its scheme on: URL parsing, and the tools that show `type` as a link, drop
  // spaces, tabs and line breaks, so ' javascript:' or 'java\tscript:' would be read as the scheme refused below.
  if (typeBase !== undefined && !URI_TEXT.test(typeBase)) {
    throw new Error('problemDetails: typeBase must be written in URI characters from its scheme on (no spaces, control characters, quotes, "<", ">" or "\\"; percent-encode them), such as "https://errors.example.com/".')
  }
  // Every error body carries `type`: a user name or password in it would be shown to every client.
  if (typeBase !== undefined && holdsCredentials(typeBase)) {
    throw new Error('problemDetails: typeBase holds a user name or password (before "@"), which every error body would show to every client; give a URI that needs none, such as "https://errors.example.com/".')
  }
  // `type` is a link clients and their tools show: never one that runs a script or reads the client's own files.
  if (typeBase !== undefined && /^(?:javascript|vbscript|data|blob|file):/i.test(typeBase)) {
    throw new Error(`problemDetails: typeBase must be a URI a client can follow or name, such as "https://errors.example.com/" or "tag:example.com,2026:errors/", not a ${typeBase.slice(0, typeBase.indexOf(':') + 1).toLowerCase()} URI.`)
  }
  const answer = function problemResponse(error: VersioningError) {
    const { status, code } = error
    const typed = typeBase !== undefined
    const body = {
      type: typed ? typeBase + code.replace(/[A-Z]/g, (letter, at: number) => (at === 0 ? '' : '-') + letter.toLowerCase()) : 'about:blank',
      // Own names only: an error of your own may carry any code (`constructor` is no title).
      title: (typed && Object.hasOwn(TITLES, code) ? TITLES[code] : undefined) ?? (Object.hasOwn(PHRASES, status) ? PHRASES[status] : undefined) ?? 'Error',
      status,
      detail: error.detail,
      code,
    }
    // An older body refused by requestValidation: where and what, as an extension member.
    const issues = (error as { issues?: unknown }).issues
    return jsonResponse(issues === undefined ? body : { ...body, errors: issues }, status, 'application/problem+json')
  }
  // Marked, so OpenAPI documents given the app know its refusals' format (openapi/app-middleware.ts).
  return Object.defineProperty(answer, PROBLEM_ANSWER, { value: true })
}
