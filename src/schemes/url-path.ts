/**
 * URLPathVersioning: the version is a path parameter of the matched route,
 * e.g. `/:version{v[12]}/users`.
 */
import type { VersioningOptions } from './options.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { BaseVersioning, type VersionMatch, type VersionRequest } from './base.ts'
import type { RouteTable } from '../routes/table.ts'
import { quoted } from '../quote.ts'

/** Options of `URLPathVersioning`; `versionParam` names the path parameter. */
export interface URLPathVersioningOptions<P extends string = 'version'> extends VersioningOptions {
  readonly versionParam?: P | undefined
}

/**
 * Reads the version from the matched route's parameter `versionParam`. A
 * version that is not allowed is a 404. Reversal fills that parameter with the
 * current version.
 *
 * @example
 * ```ts
 * const routes = defineRoutes([route('user-list', '/:version{v[12]}/users')])
 * const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
 * const request = new Request('https://api.example.com/v2/users')
 * scheme.determineVersion(request, routes.resolve('/v2/users')) // 'v2'
 * ```
 */
export class URLPathVersioning<P extends string = 'version'> extends BaseVersioning {
  override readonly kind: 'url-path' = 'url-path'
  override readonly matchParams: 'none' | 'version' | 'all' = 'version'
  override readonly invalidVersionMessage: string = 'Invalid version in URL path.'
  declare readonly versionParam: P
  /**
   * Reversal fills `versionParam` with the current version (the caller's kwargs are left as they are); with
   * positional `args`, each route of the name that takes `versionParam` is tried, the args filling its other
   * params in order.
   */
  declare readonly placement: VersionPlacement

  constructor(options: URLPathVersioningOptions<P> = {}) {
    super(options)
    this.placement = placed({ param: this.versionParam })
  }

  /** A sentence when no route of `table` has the path parameter the version is read from. */
  override checkTable(table: RouteTable): readonly string[] {
    const param = this.versionParam
    if (table.routes.length === 0 || table.routes.some((route) => route.compiled.paramNames.has(param))) return []
    return [
      `URLPathVersioning: no route of the table has the path parameter ${quoted(param)} the version is read from, so every request gets the default version; put ":${param}" in the versioned routes' paths (such as "/:${param}{v[0-9]+}/users"), or set versionParam to the name they use.`,
    ]
  }

  override determineVersion(_request: VersionRequest, match?: VersionMatch | null): string | null {
    const params = match?.params
    const value = params != null && Object.hasOwn(params, this.versionParam) ? params[this.versionParam] : undefined
    const version = typeof value === 'string' ? value : this.defaultVersion
    const resolved = this.resolveVersion(version)
    if (resolved === undefined) throw this.rejection()
    return resolved
  }
}
