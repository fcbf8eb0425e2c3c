/**
 * NamespaceVersioning: the version is the namespace the matched route is
 * included under, e.g. routes included with `{ namespace: 'v1' }`.
 */
import { BoundedCache } from '../http/bounded-cache.ts'
import type { VersioningOptions } from './options.ts'
import type { RouteTable } from '../routes/table.ts'
import { BaseVersioning, type VersionMatch, type VersionRequest } from './base.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'

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
  override readonly matchParams: 'none' | 'version' | 'all' = 'none'
  override readonly readsNamespace: boolean = true
  override readonly placement: VersionPlacement = placed({ namespace: true })
  override readonly invalidVersionMessage: string = 'Invalid version in URL path. Does not match any version namespace.'
  /** Each namespace seen, to its version (`undefined` when none is allowed): it depends on options only. */
  readonly #versions = new BoundedCache<{ version: string | undefined }>(1024)

  constructor(options: VersioningOptions = {}) {
    super(options)
  }

  /** A sentence when no route of `table` is included under a namespace naming an allowed version. */
  override checkTable(table: RouteTable): readonly string[] {
    if (table.routes.length === 0 || table.routes.some((route) => route.namespace !== null && this.#versionOf(route.namespace) !== undefined)) return []
    return [
      `NamespaceVersioning: no route of the table is included under a namespace that names an allowed version, so every request gets the default version; include the versioned routes as include('/v1', routes, { namespace: 'v1' }), one namespace per version.`,
    ]
  }

  override determineVersion(_request: VersionRequest, match?: VersionMatch | null): string | null {
    const namespace = match?.namespace
    if (typeof namespace !== 'string' || namespace === '') return this.defaultVersion
    // Namespaces come from the route table, but a custom match could bring any: the cache is bounded.
    const { version } = this.#versions.get(namespace) ?? this.#versions.set(namespace, { version: this.#versionOf(namespace) })
    if (version === undefined) throw this.rejection()
    return version
  }

  /** The first `:`-separated component of `namespace` that is an allowed version, resolved; `undefined` when none is. */
  #versionOf(namespace: string): string | undefined {
    for (const component of namespace.split(':')) {
      const resolved = this.resolveVersion(component)
      if (resolved !== undefined) return resolved as string
    }
    return undefined
  }

  /**
   * `<version>:<name>`. Under a nested namespace (`api:v1`, the current
   * request's), the name under that namespace up to the version
   * (`api:v1:<name>`) when the table has it, as Django prefers the current
   * application's instance.
   */
  override reverseName(table: RouteTable, name: string, version: string, namespace: string | null | undefined): string {
    if (namespace != null) {
      const parts = namespace.split(':')
      const at = parts.indexOf(version)
      if (at > 0) {
        const scoped = `${parts.slice(0, at + 1).join(':')}:${name}`
        if (table.routesNamed(scoped).length > 0) return scoped
      }
    }
    return `${version}:${name}`
  }
}
