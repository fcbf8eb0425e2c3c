/**
 * `versionSpace`: the versions of an API, read once from the scheme (its
 * allowed versions and default, or the versions given), the one order
 * (formats/version-order.ts) and the policy's lifecycle headers.
 */
import { compareVersions } from '../formats/version-order.ts'
import type { VersionSpace } from './api-model.ts'
import { NO_LIFECYCLE_HEADERS, type LifecycleHeaders } from './lifecycle-headers.ts'

/** What the space reads of a scheme: any scheme of this package fits. */
export interface SpaceScheme {
  readonly allowedVersions: readonly (string | null)[] | null
  readonly defaultVersion: string | null
  resolveVersion(version: string | null): string | null | undefined
}

/** What the space reads of a version policy: `versionPolicy(...)` fits. */
export interface SpacePolicy {
  describe(): {
    readonly versions: ReadonlyMap<string, { readonly headers: LifecycleHeaders; readonly sunset?: number | null | undefined }>
    /** Whether a version past its sunset is refused with 410. */
    readonly refuseAfterSunset?: boolean | undefined
  }
}

/**
 * The version space of `scheme`: `versions` as given, oldest first (a
 * history's, or the documented ones), else the scheme's allowed versions and
 * default in their order; `policy` gives each version's lifecycle headers.
 */
export function versionSpace(scheme: SpaceScheme, options: { readonly versions?: readonly string[] | undefined; readonly policy?: SpacePolicy | undefined } = {}): VersionSpace {
  let versions: readonly string[]
  if (options.versions !== undefined) versions = Object.freeze([...options.versions])
  else {
    const all = new Set<string>()
    for (const version of [...(scheme.allowedVersions ?? []), scheme.defaultVersion]) if (version !== null) all.add(version)
    versions = Object.freeze([...all].sort(compareVersions))
  }
  const lifecycles = options.policy?.describe().versions
  return {
    versions,
    head: versions[versions.length - 1] ?? null,
    defaultVersion: scheme.defaultVersion,
    compare: compareVersions,
    resolve: (requested) => scheme.resolveVersion(requested) ?? null,
    namespaceVersion: (namespace) => namespaceVersion(scheme, namespace),
    lifecycle: (version) => lifecycles?.get(version)?.headers ?? NO_LIFECYCLE_HEADERS,
  }
}

/** The version a route's `namespace` stands for under `scheme` (`undefined`: none), as NamespaceVersioning reads it: the first component that is a version. */
export function namespaceVersion(scheme: SpaceScheme, namespace: string | null): string | null | undefined {
  if (namespace === null || namespace === '') return scheme.defaultVersion
  for (const component of namespace.split(':')) {
    const version = scheme.resolveVersion(component)
    if (version !== undefined) return version
  }
  return undefined
}
