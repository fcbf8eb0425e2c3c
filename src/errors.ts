/**
 * Errors a versioning scheme raises for a request, and the reversal error.
 *
 * Request rejections carry an HTTP `status` and a fixed `detail` text, never a
 * value taken from the request, so they can be serialised as
 * `{"detail": "<message>"}` without reflecting client input.
 */
import { bare, quoted } from './quote.ts'

/** The base of every request rejection raised by a scheme. */
export abstract class VersioningError extends Error {
  /** HTTP status code of the rejection. */
  abstract readonly status: number
  /** The fixed, human-readable message (also `message`). */
  declare readonly detail: string
  /**
   * A stable, machine-readable code (problem details' `code`):
   * `UnsupportedApiVersion`, `NotAcceptableMediaType`, `AmbiguousApiVersion`,
   * `DisallowedHost`, `MethodNotAllowed`, `ApiVersionSunset` or
   * `ClientVersionUnavailable` (`hono-api-versioning/client-pins`).
   */
  declare readonly code: string

  /** @param code Defaults to `UnsupportedApiVersion`. */
  constructor(detail: string, code: string = 'UnsupportedApiVersion') {
    super(detail)
    this.detail = detail
    this.code = code
  }
}

/**
 * 406 Not Acceptable: raised by `AcceptHeaderVersioning` for a version that is
 * not allowed, and when no media type the application renders is acceptable.
 */
export class NotAcceptable extends VersioningError {
  override readonly name = 'NotAcceptable' as const
  readonly status = 406 as const
}

/** 404 Not Found: raised by the URL, namespace, host and query schemes for a version that is not allowed. */
export class NotFound extends VersioningError {
  override readonly name = 'NotFound' as const
  readonly status = 404 as const
}

/** 400 Bad Request: the request carries two different versions (combined schemes, a repeated header). */
export class AmbiguousVersion extends VersioningError {
  override readonly name = 'AmbiguousVersion' as const
  readonly status = 400 as const

  constructor(detail: string = 'The request carries more than one API version.') {
    super(detail, 'AmbiguousApiVersion')
  }
}

/** 400 Bad Request: the request names a host that `allowedHosts` does not list (Django's `DisallowedHost`). */
export class DisallowedHost extends VersioningError {
  override readonly name = 'DisallowedHost' as const
  readonly status = 400 as const

  constructor(detail: string = 'Invalid host.') {
    super(detail, 'DisallowedHost')
  }
}

/** 405 Method Not Allowed: a table route asked with a method `mountRoutes` serves no handler for (with `Allow`). */
export class MethodNotAllowed extends VersioningError {
  override readonly name = 'MethodNotAllowed' as const
  readonly status = 405 as const

  constructor(detail: string = 'Method not allowed.') {
    super(detail, 'MethodNotAllowed')
  }
}

/** 410 Gone: the version's sunset has passed and the version policy refuses it. */
export class Gone extends VersioningError {
  override readonly name = 'Gone' as const
  readonly status = 410 as const

  constructor(detail: string = 'This API version has been sunset.') {
    super(detail, 'ApiVersionSunset')
  }
}

/**
 * Raised when `determineVersion` is called on `BaseVersioning` itself, or on a
 * subclass that does not implement it. The message names the class:
 * `<ClassName>.determineVersion() must be implemented.`
 */
export class NotImplementedError extends Error {
  override readonly name = 'NotImplementedError' as const
}

/**
 * `make()` with no stack trace captured: request rejections are fixed data
 * answered on a hot path, and capturing a stack is most of an error's cost.
 */
export function withoutStack<T>(make: () => T): T {
  const errors = Error as { stackTraceLimit?: number | undefined }
  const limit = errors.stackTraceLimit
  errors.stackTraceLimit = 0
  try {
    return make()
  } finally {
    errors.stackTraceLimit = limit
  }
}

/** The parameters a failed reversal was called with. */
export type ReverseParams = readonly unknown[] | Readonly<Record<string, unknown>> | undefined

/** The most characters of its parameters a `NoReverseMatch` message holds. */
const MAX_PARAMS_TEXT = 200

/**
 * Raised by `reverse` when no route of that name accepts the given parameters.
 * The message says which name and which parameters failed, and why.
 */
export class NoReverseMatch extends Error {
  override readonly name = 'NoReverseMatch' as const
  /** The route name that was reversed (after any namespace prefixing). */
  declare readonly routeName: string
  /** The positional or keyword parameters given. */
  declare readonly params: ReverseParams
  /** Why no route accepted them. */
  declare readonly reason: string

  constructor(routeName: string, params: ReverseParams, reason: string) {
    let json: string
    try {
      json = JSON.stringify(params, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(params)
    } catch {
      json = '(unprintable)'
    }
    // Parameters can carry what a client sent: the message (for logs) holds their first 200 characters, its controls escaped.
    const shown = bare(json, MAX_PARAMS_TEXT + 1)
    json = json.length > MAX_PARAMS_TEXT + 1 ? `${shown} (${json.length} characters)` : shown
    super(`Reverse for ${quoted(routeName)} with ${params === undefined ? 'no parameters' : `${Array.isArray(params) ? 'args' : 'kwargs'} ${json}`} not found: ${reason}`)
    this.routeName = routeName
    this.params = params
    this.reason = reason
  }
}
