/**
 * QueryParameterVersioning: the version is a query parameter, e.g.
 * `/users?version=1.0`.
 */
import type { VersioningOptions } from './options.ts'
import { isPlainQueryName, lastQueryValue } from '../http/query.ts'
import { searchOf } from '../http/request-url.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'
import type { RouteTable } from '../routes/table.ts'
import { bare, quoted } from '../quote.ts'

/**
 * Reads the version from the query parameter `versionParam` (percent-decoded;
 * the last value when repeated, as Django does; `''` for `?version=`). A
 * version that is not allowed is a 404. Reversal sets the parameter to the
 * current version.
 *
 * @example
 * ```ts
 * const scheme = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] })
 * scheme.determineVersion(new Request('https://api.example.com/users?version=2.0')) // '2.0'
 * ```
 */
export class QueryParameterVersioning extends BaseVersioning {
  override readonly kind: 'query-parameter' = 'query-parameter'
  override readonly matchParams: 'none' | 'version' | 'all' = 'none'
  override readonly invalidVersionMessage: string = 'Invalid version in query parameter.'

  /** Reversal sets `versionParam` to the current version, replacing any value in place. */
  override readonly placement: VersionPlacement
  readonly #plainParam: boolean

  constructor(options: VersioningOptions = {}) {
    super(options)
    this.placement = placed({ query: this.versionParam })
    this.#plainParam = isPlainQueryName(this.versionParam)
  }

  /** A sentence when the table's format override (`?format=`) reads the same query parameter as the version. */
  override checkTable(table: RouteTable): readonly string[] {
    if (table.formatQueryParam !== this.versionParam) return []
    return [
      `QueryParameterVersioning: versionParam ${quoted(this.versionParam)} is also the table's formatQueryParam, so a request's ?${bare(this.versionParam)}= names both its version and its format and links carry the version as a format; give one of them another name, such as versionParam "version".`,
    ]
  }

  override determineVersion(request: VersionRequest): string | null {
    const version = lastQueryValue(searchOf(request.url), this.versionParam, this.#plainParam) ?? this.defaultVersion
    const resolved = this.resolveVersion(version)
    if (resolved === undefined) throw this.rejection()
    return resolved
  }
}
