import type { VersionFormat } from '../formats/format.ts'

/**
 * Construction-time checks of scheme options. A mistake throws a plain
 * `Error` whose message names the scheme and says what to fix.
 */

/** Options every scheme takes (DRF's `DEFAULT_VERSION`, `ALLOWED_VERSIONS`, `VERSION_PARAM`). */
export interface VersioningOptions {
  /**
   * The version used when the request carries none.
   * @default null
   */
  readonly defaultVersion?: string | null | undefined
  /**
   * The acceptable versions. `null` or empty allows every version. Include
   * `null` to allow requests that carry no version when there is no default.
   * @default null
   */
  readonly allowedVersions?: Iterable<string | null> | null | undefined
  /**
   * The name of the media-type parameter, path parameter or query key that
   * carries the version.
   * @default 'version'
   */
  readonly versionParam?: string | undefined
  /**
   * How requested versions resolve to the released ones in `allowedVersions`
   * (`semver()`: `1.x` to the highest 1.y.z; `dateVersions()`: a date to the
   * nearest earlier release). The resolved version is what `determineVersion`
   * returns. `null` compares versions as exact strings.
   * @default null
   */
  readonly versionFormat?: VersionFormat | null | undefined
}

/** The defaults of the shared options, as in DRF. */
export const DEFAULT_OPTIONS: {
  readonly defaultVersion: null
  readonly allowedVersions: null
  readonly versionParam: 'version'
} = Object.freeze({ defaultVersion: null, allowedVersions: null, versionParam: 'version' })

/** The shared options after checking. */
export interface ResolvedOptions {
  readonly defaultVersion: string | null
  /** `null` when every version is allowed (unset or empty). */
  readonly allowedVersions: readonly (string | null)[] | null
  readonly versionParam: string
  readonly versionFormat: VersionFormat | null
}

const SHARED_KEYS = ['defaultVersion', 'allowedVersions', 'versionParam', 'versionFormat'] as const

/**
 * Checks `options` for `where` (the scheme's name): the shared options, and
 * that every key is one of them or of `extraKeys`.
 */
export function resolveOptions(options: unknown, where: string, extraKeys: readonly string[]): ResolvedOptions {
  if (options === undefined) options = {}
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`${where}: options must be an object such as { allowedVersions: ['v1', 'v2'] }, got ${describe(options)}.`)
  }
  const record = options as Record<string, unknown>
  const known = [...SHARED_KEYS, ...extraKeys]
  for (const key of Object.keys(record)) {
    if (!known.includes(key)) {
      const hint = known.find((k) => k.toLowerCase().startsWith(key.toLowerCase().slice(0, 5)))
      throw new Error(
        `${where}: unknown option "${key}"${hint === undefined ? '' : ` (did you mean "${hint}"?)`}; the options are ${known.join(', ')}.`,
      )
    }
  }
  const { defaultVersion = DEFAULT_OPTIONS.defaultVersion, allowedVersions = DEFAULT_OPTIONS.allowedVersions, versionParam = DEFAULT_OPTIONS.versionParam } =
    record
  if (defaultVersion !== null && typeof defaultVersion !== 'string') {
    throw new Error(`${where}: defaultVersion must be a version string or null, got ${describe(defaultVersion)}.`)
  }
  if (typeof versionParam !== 'string' || versionParam === '') {
    throw new Error(`${where}: versionParam must be a non-empty string such as "version", got ${describe(versionParam)}.`)
  }
  const { versionFormat = null } = record
  if (versionFormat !== null && (typeof versionFormat !== 'object' || typeof (versionFormat as VersionFormat).compile !== 'function')) {
    throw new Error(`${where}: versionFormat must be a version format such as semver() or dateVersions(), or null, got ${describe(versionFormat)}.`)
  }
  return { defaultVersion, allowedVersions: resolveAllowed(allowedVersions, where), versionParam, versionFormat: versionFormat as VersionFormat | null }
}

function resolveAllowed(value: unknown, where: string): readonly (string | null)[] | null {
  if (value === null) return null
  if (typeof value === 'string') {
    throw new Error(
      `${where}: allowedVersions must be a list of versions such as [${JSON.stringify(value)}], not the string ${JSON.stringify(value)}.`,
    )
  }
  if (typeof value !== 'object' || !(Symbol.iterator in value)) {
    throw new Error(`${where}: allowedVersions must be a list of version strings (or null for any version), got ${describe(value)}.`)
  }
  const list = [...(value as Iterable<unknown>)]
  for (const item of list) {
    if (item !== null && typeof item !== 'string') {
      throw new Error(`${where}: allowedVersions may hold only version strings and null, got ${describe(item)}.`)
    }
  }
  return list.length === 0 ? null : Object.freeze(list as (string | null)[])
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
