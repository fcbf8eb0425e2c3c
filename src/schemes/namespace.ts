/**
 * NamespaceVersioning: the version is the namespace the matched route is
 * included under, e.g. routes included with `{ namespace: 'v1' }`.
 */
import { NotFound } from '../errors.ts'
import type { VersioningOptions } from '../options.ts'
import type { RouteTable } from '../route-table.ts'
import { BaseVersioning, type VersionedUncheckedOptions, type VersionMatch, type VersionRequest } from './base.ts'

/**
 * Reads the version from the matched route's namespace: the first of its
 * `:`-separated components that is an allowed version. A route outside any
 * namespace gets `defaultVersion`. Reversal prefixes the name with the
 * current version (`v1:user-list`).
 *
 * @example
 * ```ts
 * const routes = defineRoutes([
 *   include('/v1', [route('user-list', '/users')], { namespace: 'v1' }),
 *   include('/v2', [route('user-list', '/users')], { namespace: 'v2' }),
 * ])
 * const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] })
 * scheme.determineVersion(request, routes.resolve('/v2/users')) // 'v2'
 * ```
 */
export class NamespaceVersioning extends BaseVersioning {
  override readonly kind: 'namespace' = 'namespace'
  override readonly invalidVersionMessage: string = 'Invalid version in URL path. Does not match any version namespace.'

  constructor(options: VersioningOptions = {}) {
    super(options)
  }

  override determineVersion(_request: VersionRequest, match?: VersionMatch | null): string | null {
    const namespace = match?.namespace
    if (typeof namespace !== 'string' || namespace === '') return this.defaultVersion
    for (const version of namespace.split(':')) {
      if (this.isAllowedVersion(version)) return version
    }
    throw new NotFound(this.invalidVersionMessage)
  }

  /** Reverses `<version>:<name>` when a version is set. */
  override reverse(table: RouteTable, name: string, options: VersionedUncheckedOptions = {}): string {
    const { version } = options
    return super.reverse(table, version == null ? name : `${version}:${name}`, options)
  }
}
