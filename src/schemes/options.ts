/**
 * The options every scheme shares and their defaults. `BaseVersioning`'s
 * constructor checks them once: a mistake throws a plain `Error` whose
 * message names the scheme and says what to fix.
 */
import type { VersionFormat } from '../formats/format.ts'

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
