/**
 * AcceptHeaderVersioning: the version is a parameter of the accepted media
 * type, e.g. `Accept: application/json; version=1.0`.
 */
import { parseAccept, parseMediaType, type AcceptedMediaType, type AvailableType } from '../http/accept.ts'
import { negotiateList } from '../http/accept-list.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { NotAcceptable, withoutStack, type VersioningError } from '../errors.ts'
import type { VersioningOptions } from './options.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { quoted, quotedValue } from '../quote.ts'

/** Options of `AcceptHeaderVersioning`. */
export interface AcceptHeaderVersioningOptions extends VersioningOptions {
  /**
   * The media types the application renders, in its order of preference.
   * The accepted one is negotiated against the request's `Accept` header.
   * @default ['application/json']
   */
  readonly mediaTypes?: readonly string[] | undefined
  /**
   * A vendor media type carrying the version in its subtype, with `{version}`
   * where the version goes: `application/vnd.acme.{version}+json` reads `v2`
   * from `Accept: application/vnd.acme.v2+json`. The acceptable range of
   * highest weight wins; without one, the version parameter applies.
   * @default undefined
   */
  readonly vendorMediaType?: string | undefined
}

type Outcome = { readonly version: string | null } | { readonly rejected: VersioningError }

/** A vendor media type split around its `{version}`, lower-cased. */
interface VendorType {
  readonly type: string
  readonly prefix: string
  readonly suffix: string
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
  declare readonly placement: VersionPlacement
  /** The media types the application renders. */
  readonly mediaTypes: readonly string[]
  /** The vendor media type template as given (`application/vnd.acme.{version}+json`), or `null`: read-only, for tools that describe the API. */
  readonly vendorMediaType: string | null
  readonly #available: readonly AvailableType[]
  readonly #param: string
  /** Each Accept header seen, to its outcome: a version, or the detail of the 406. */
  readonly #outcomes = new BoundedCache<Outcome>(512)
  readonly #vendor: VendorType | null
  /** The 406 for no acceptable media type, made on first use. */
  #notAcceptable: VersioningError | undefined

  constructor(options: AcceptHeaderVersioningOptions = {}) {
    super(options, ['mediaTypes', 'vendorMediaType'])
    const where = 'AcceptHeaderVersioning'
    const param = this.versionParam.toLowerCase()
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(param)) {
      throw new Error(`${where}: versionParam must be a media-type parameter name (letters, digits, "-", "_", "."), got ${quoted(this.versionParam)}.`)
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
        throw new Error(`${where}: mediaTypes holds ${quotedValue(text)}, which is not a media type such as "application/json" (no wildcards).`)
      }
      // Fixed there, the version would make every other version's Accept unacceptable (406).
      if (parsed.params.has(param)) {
        throw new Error(`${where}: mediaTypes holds ${quoted(text as string)}, whose ${quoted(this.versionParam)} parameter is where requests put their version; list the media type without it.`)
      }
      return parsed
    })
    this.mediaTypes = Object.freeze([...mediaTypes])
    this.#param = param
    this.#vendor = options.vendorMediaType === undefined ? null : vendorType(options.vendorMediaType, where)
    this.vendorMediaType = options.vendorMediaType ?? null
    this.placement = placed({ accept: Object.freeze({ mediaTypes: this.mediaTypes, param, vendor: this.vendorMediaType }) })
    this.checkVersions(this.allowedVersions ?? [], where)
  }

  /**
   * Checks versions this scheme must match (its own, or a `CombinedVersioning`'s):
   * with `vendorMediaType`, lower-case media-type text, since media types are case-insensitive.
   */
  override checkVersions(versions: readonly (string | null)[], where: string): void {
    if (this.#vendor === null) return
    for (const version of versions) {
      if (version !== null && !/^[a-z0-9!#$%&'*.^_`|~-]+$/.test(version)) {
        throw new Error(`${where}: with vendorMediaType, each allowed version must be lower-case media-type text such as "v2" (media types are case-insensitive), got ${quoted(version)}.`)
      }
    }
  }

  /**
   * The accepted media type of the request and its parameters. Throws
   * `NotAcceptable` ("Could not satisfy the request Accept header.") when no
   * rendered type is acceptable.
   */
  negotiate(request: VersionRequest): AcceptedMediaType {
    const accepted = negotiateList(request.headers.get('accept'), this.#available, this.mediaTypes)
    if (accepted === null) throw new NotAcceptable(NOT_ACCEPTABLE_MESSAGE, 'NotAcceptableMediaType')
    return accepted
  }

  override determineVersion(request: VersionRequest): string | null {
    const header = request.headers.get('accept')
    const key = header ?? ''
    const outcome = this.#outcomes.get(key) ?? this.#outcomes.set(key, this.#outcome(header))
    if ('rejected' in outcome) throw outcome.rejected
    return outcome.version
  }

  protected override createRejection(): VersioningError {
    return new NotAcceptable(this.invalidVersionMessage)
  }

  /** The outcome of an Accept header: it depends on the header and the options only. */
  #outcome(header: string | null): Outcome {
    const vendor = this.#vendor
    if (vendor !== null && header !== null) {
      let best: { q: number; version: string } | undefined
      for (const range of parseAccept(header)) {
        const { type, subtype, q } = range
        if (q === 0 || (best !== undefined && q <= best.q) || type !== vendor.type) continue
        if (subtype.length > vendor.prefix.length + vendor.suffix.length && subtype.startsWith(vendor.prefix) && subtype.endsWith(vendor.suffix)) {
          best = { q, version: subtype.slice(vendor.prefix.length, subtype.length - vendor.suffix.length) }
        }
      }
      if (best !== undefined) {
        const version = this.resolveVersion(best.version)
        return version === undefined ? { rejected: this.rejection() } : { version }
      }
    }
    const accepted = negotiateList(header, this.#available, this.mediaTypes)
    if (accepted === null) return { rejected: (this.#notAcceptable ??= withoutStack(() => new NotAcceptable(NOT_ACCEPTABLE_MESSAGE, 'NotAcceptableMediaType'))) }
    const version = this.resolveVersion(accepted.params.get(this.#param) ?? this.defaultVersion)
    return version === undefined ? { rejected: this.rejection() } : { version }
  }
  // The default reversal: the version is not part of URLs.
}

/** Checks a vendor media type template once, and splits it around `{version}`. */
function vendorType(template: unknown, where: string): VendorType {
  const example = 'such as "application/vnd.acme.{version}+json"'
  if (typeof template !== 'string' || template.split('{version}').length !== 2) {
    throw new Error(`${where}: vendorMediaType must be a media type with one "{version}" in its subtype, ${example}.`)
  }
  const parsed = parseMediaType(template.replace('{version}', 'v'))
  const slash = template.indexOf('/')
  if (parsed === null || parsed.params.size > 0 || template.indexOf('{version}') < slash) {
    throw new Error(`${where}: vendorMediaType must be a media type with one "{version}" in its subtype and no parameters, ${example}.`)
  }
  const [prefix, suffix] = template.toLowerCase().slice(slash + 1).split('{version}') as [string, string]
  return { type: parsed.type, prefix, suffix }
}
