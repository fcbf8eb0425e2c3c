/**
 * HeaderVersioning: the version is a request header of its own, e.g.
 * `Api-Version: 2` or `Accept-Version: 1.x` (as Fastify and restify read it).
 */
import { AmbiguousVersion, withoutStack } from '../errors.ts'
import { trimBlanks } from '../formats/trim-blanks.ts'
import { isHeaderName, isHeaderValue } from '../http/header-name.ts'
import type { VersioningOptions } from './options.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { quoted, quotedValue } from '../quote.ts'

/** The longest header name a scheme takes: its name is in the detail of every request it refuses. */
const MAX_HEADER_NAME = 256

/** Options of `HeaderVersioning`. */
export interface HeaderVersioningOptions extends VersioningOptions {
  /**
   * The request header that carries the version.
   * @default 'Api-Version'
   */
  readonly header?: string | undefined
}

/**
 * Reads the version from the header `header`, spaces and tabs around it trimmed (no other whitespace: a version
 * padded with a no-break space is not the version). A missing or blank header means
 * the default version; a version that is not allowed is a 404; a header
 * repeated with different versions (`Api-Version: 1, 2`) is a 400. Responses
 * `Vary` on the header.
 *
 * @example
 * ```ts
 * const scheme = new HeaderVersioning({ header: 'Accept-Version', allowedVersions: ['1.0.0', '1.2.0'], versionFormat: semver() })
 * scheme.determineVersion(new Request('https://api.example.com/users', {
 *   headers: { 'Accept-Version': '1.x' },
 * })) // '1.2.0'
 * ```
 */
export class HeaderVersioning extends BaseVersioning {
  override readonly kind: 'header' = 'header'
  override readonly matchParams: 'none' | 'version' | 'all' = 'none'
  override readonly invalidVersionMessage: string
  override readonly vary: readonly string[]
  declare readonly placement: VersionPlacement
  /** The header that carries the version. */
  readonly header: string
  #ambiguous: AmbiguousVersion | undefined

  constructor(options: HeaderVersioningOptions = {}) {
    super(options, ['header'])
    const { header = 'Api-Version' } = options
    if (!isHeaderName(header)) {
      throw new Error(`HeaderVersioning: header must be a header name such as "Api-Version", got ${quotedValue(header)}.`)
    }
    // The name is in every refused request's detail (DRF's sentence, below), so it is bounded here.
    if (header.length > MAX_HEADER_NAME) {
      throw new Error(`HeaderVersioning: header must be a header name of at most ${MAX_HEADER_NAME} characters, got one of ${header.length}: ${quoted(header)}.`)
    }
    this.header = header
    this.vary = Object.freeze([header])
    this.placement = placed({ header })
    this.invalidVersionMessage = `Invalid version in "${header}" header.`
  }

  /**
   * The base's sentences, and one for each allowed version no request's header can name: a header's value is
   * trimmed and split at commas, and holds no line break nor a character above U+00FF.
   */
  override check(): readonly string[] {
    const unreachable = (this.allowedVersions ?? []).filter((v): v is string => v !== null && (trimBlanks(v) !== v || v === '' || v.includes(',') || !isHeaderValue(v)))
    return [
      ...super.check(),
      ...unreachable.map(
        (v) => `HeaderVersioning: allowedVersions lists ${quoted(v)}, which no ${quoted(this.header)} header can name (its value is trimmed, split at commas, and holds no line break nor a character above U+00FF); rename the version.`,
      ),
    ]
  }

  override determineVersion(request: VersionRequest): string | null {
    const value = request.headers.get(this.header)
    let version: string | null = null
    if (value !== null && !value.includes(',')) {
      const text = trimBlanks(value)
      if (text !== '') version = text
    } else if (value !== null) {
      // Headers repeat as one comma-joined value: each element must name the same version.
      for (const part of value.split(',')) {
        const text = trimBlanks(part)
        if (text === '') continue
        if (version !== null && text !== version) throw (this.#ambiguous ??= withoutStack(() => new AmbiguousVersion()))
        version = text
      }
    }
    const resolved = this.resolveVersion(version ?? this.defaultVersion)
    if (resolved === undefined) throw this.rejection()
    return resolved
  }
  // The default reversal: the client keeps sending its header.
}
