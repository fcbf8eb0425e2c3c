/**
 * HostNameVersioning: the version is the first label of a three-label host
 * name, e.g. `v1.example.com`.
 */
import { BoundedCache } from '../http/bounded-cache.ts'
import type { VersioningOptions } from './options.ts'
import { hostOf } from '../http/request-url.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { quoted } from '../quote.ts'
import { HOSTNAME_REGEX } from './hostname-pattern.ts'

/**
 * Reads the version from the host of the request URL, port removed. A host
 * that does not match `HOSTNAME_REGEX` gets `defaultVersion`; a matching host
 * whose version is not allowed is a 404. URL parsing lower-cases host names,
 * so `V1.Example.com` gives `v1`.
 *
 * @example
 * ```ts
 * const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] })
 * scheme.determineVersion(new Request('https://v2.api.example/users')) // 'v2'
 * ```
 */
export class HostNameVersioning extends BaseVersioning {
  override readonly kind: 'host-name' = 'host-name'
  override readonly matchParams: 'none' | 'version' | 'all' = 'none'
  override readonly invalidVersionMessage: string = 'Invalid version in hostname.'
  override readonly placement: VersionPlacement = placed({ host: true })
  /** The pattern of a versioned host name. */
  readonly hostnameRegex: RegExp = HOSTNAME_REGEX
  /** Each host seen, to its version (`undefined`: not allowed). */
  readonly #versions = new BoundedCache<{ version: string | null | undefined }>(512)

  constructor(options: VersioningOptions = {}) {
    super(options)
  }

  /**
   * The base's sentences, and one for each allowed version no host can carry: the version label is ASCII letters
   * and digits, lower-cased as URLs lower-case host names.
   */
  override check(): readonly string[] {
    const unreachable = (this.allowedVersions ?? []).filter((v): v is string => v !== null && !/^[a-z0-9]+$/.test(v))
    return [
      ...super.check(),
      ...unreachable.map(
        (v) => `HostNameVersioning: allowedVersions lists ${quoted(v)}, which no host name can carry (its first label is lower-case letters and digits, as URLs write host names); rename the version, such as "v2".`,
      ),
    ]
  }

  override determineVersion(request: VersionRequest): string | null {
    const host = hostOf(request.url)
    const { version } = this.#versions.get(host) ?? this.#versions.set(host, { version: this.#versionOf(host) })
    if (version === undefined) throw this.rejection()
    return version
  }

  /** The version of a host, `undefined` when it is not allowed: it depends on the host and the options only. */
  #versionOf(host: string): string | null | undefined {
    const colon = host.indexOf(':')
    const found = this.hostnameRegex.exec(colon === -1 ? host : host.slice(0, colon))
    if (found === null) return this.defaultVersion
    const version = found[1] as string
    return this.resolveVersion(version)
  }
  // The default reversal: an absolute URL keeps the request's host.
}
