/**
 * URLPathVersioning: the version is a path parameter of the matched route,
 * e.g. `/:version{v[12]}/users`.
 */
import { NoReverseMatch } from '../errors.ts'
import type { VersioningOptions } from './options.ts'
import type { RouteTable } from '../routes/table.ts'
import { BaseVersioning, type VersionedUncheckedOptions, type VersionMatch, type VersionRequest } from './base.ts'

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

  constructor(options: URLPathVersioningOptions<P> = {}) {
    super(options)
  }

  override determineVersion(_request: VersionRequest, match?: VersionMatch | null): string | null {
    const params = match?.params
    const value = params != null && Object.hasOwn(params, this.versionParam) ? params[this.versionParam] : undefined
    const version = typeof value === 'string' ? value : this.defaultVersion
    const resolved = this.resolveVersion(version)
    if (resolved === undefined) throw this.rejection()
    return resolved
  }

  /**
   * Adds the current version as the `versionParam` kwarg. With positional
   * `args`, each route of that name that takes `versionParam` is tried with
   * the args filling its other params in order. The caller's kwargs are not
   * changed.
   */
  override reverse(table: RouteTable, name: string, options: VersionedUncheckedOptions = {}): string {
    const { version, args } = options
    if (version == null) return super.reverse(table, name, options)
    if (args === undefined) {
      return super.reverse(table, name, { ...options, kwargs: { ...options.kwargs, [this.versionParam]: version } })
    }
    let failure: unknown = new NoReverseMatch(name, args, `no route of that name takes "${this.versionParam}".`)
    for (const route of table.routesNamed(name)) {
      if (!route.compiled.paramNames.has(this.versionParam)) continue
      const kwargs: Record<string, string | number> = Object.create(null) as Record<string, string | number>
      kwargs[this.versionParam] = version
      const others = route.compiled.params.filter((p) => p.name !== this.versionParam)
      if (args.length > others.length) continue
      args.forEach((value, i) => (kwargs[(others[i] as { name: string }).name] = value))
      try {
        return super.reverse(table, name, { ...options, args: undefined, kwargs })
      } catch (error) {
        failure = error
      }
    }
    throw failure
  }
}
