/**
 * AcceptHeaderVersioning: the version is a parameter of the accepted media
 * type, e.g. `Accept: application/json; version=1.0`.
 */
import { negotiate, parseMediaType, type AcceptedMediaType, type AvailableType } from '../accept.ts'
import { BoundedCache } from '../bounded-cache.ts'
import { NotAcceptable } from '../errors.ts'
import type { VersioningOptions } from '../options.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'

/** Options of `AcceptHeaderVersioning`. */
export interface AcceptHeaderVersioningOptions extends VersioningOptions {
  /**
   * The media types the application renders, in its order of preference.
   * The accepted one is negotiated against the request's `Accept` header.
   * @default ['application/json']
   */
  readonly mediaTypes?: readonly string[] | undefined
}

/** The detail of the 406 raised when no rendered media type is acceptable. */
export const NOT_ACCEPTABLE_MESSAGE = 'Could not satisfy the request Accept header.'

/**
 * Reads the version from the media-type parameter `versionParam` of the
 * accepted media type. A version that is not allowed is a 406.
 *
 * @example
 * ```ts
 * const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'], defaultVersion: '1.0' })
 * scheme.determineVersion(new Request('https://api.example.com/users', {
 *   headers: { Accept: 'application/json; version=2.0' },
 * })) // '2.0'
 * ```
 */
export class AcceptHeaderVersioning extends BaseVersioning {
  override readonly kind: 'accept-header' = 'accept-header'
  override readonly matchParams: 'none' | 'version' | 'all' = 'none'
  override readonly invalidVersionMessage: string = 'Invalid version in "Accept" header.'
  override readonly vary: readonly string[] = Object.freeze(['Accept'])
  /** The media types the application renders. */
  readonly mediaTypes: readonly string[]
  readonly #available: readonly AvailableType[]
  readonly #param: string
  /** Each Accept header seen, to its outcome: a version, or the detail of the 406. */
  readonly #outcomes = new BoundedCache<{ version: string | null } | { rejected: string }>(512)

  constructor(options: AcceptHeaderVersioningOptions = {}) {
    super(options, ['mediaTypes'])
    const where = 'AcceptHeaderVersioning'
    const param = this.versionParam.toLowerCase()
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(param)) {
      throw new Error(`${where}: versionParam must be a media-type parameter name (letters, digits, "-", "_", "."), got ${JSON.stringify(this.versionParam)}.`)
    }
    if (param === 'q') {
      throw new Error(`${where}: versionParam cannot be "q", the Accept header's weight parameter; choose another name such as "version".`)
    }
    const mediaTypes = options.mediaTypes ?? ['application/json']
    if (!Array.isArray(mediaTypes) || mediaTypes.length === 0) {
      throw new Error(`${where}: mediaTypes must be a non-empty list such as ["application/json"].`)
    }
    this.#available = mediaTypes.map((text: unknown) => {
      const parsed = typeof text === 'string' ? parseMediaType(text) : null
      if (parsed === null) {
        throw new Error(`${where}: mediaTypes holds ${JSON.stringify(text)}, which is not a media type such as "application/json" (no wildcards).`)
      }
      return parsed
    })
    this.mediaTypes = Object.freeze([...mediaTypes])
    this.#param = param
  }

  /**
   * The accepted media type of the request and its parameters. Throws
   * `NotAcceptable` ("Could not satisfy the request Accept header.") when no
   * rendered type is acceptable.
   */
  negotiate(request: VersionRequest): AcceptedMediaType {
    const accepted = negotiate(request.headers.get('accept'), this.#available)
    if (accepted === null) throw new NotAcceptable(NOT_ACCEPTABLE_MESSAGE)
    return accepted
  }

  override determineVersion(request: VersionRequest): string | null {
    const header = request.headers.get('accept')
    const key = header ?? ''
    const outcome = this.#outcomes.get(key) ?? this.#outcomes.set(key, this.#outcome(header))
    if ('rejected' in outcome) throw new NotAcceptable(outcome.rejected)
    return outcome.version
  }

  /** The outcome of an Accept header: it depends on the header and the options only. */
  #outcome(header: string | null): { version: string | null } | { rejected: string } {
    const accepted = negotiate(header, this.#available)
    if (accepted === null) return { rejected: NOT_ACCEPTABLE_MESSAGE }
    const version = accepted.params.get(this.#param) ?? this.defaultVersion
    return this.isAllowedVersion(version) ? { version } : { rejected: this.invalidVersionMessage }
  }
  // The default reversal: the version is not part of URLs.
}
