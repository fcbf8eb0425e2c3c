/**
 * HostNameVersioning: the version is the first label of a three-label host
 * name, e.g. `v1.example.com`.
 */
import { NotFound } from '../errors.ts'
import type { VersioningOptions } from '../options.ts'
import { hostOf } from '../request-url.ts'
import { BaseVersioning, type VersionRequest } from './base.ts'

/** The spec's pattern: exactly three dot-separated labels of ASCII letters and digits; group 1 is the version. */
export const HOSTNAME_REGEX: RegExp = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/

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
  override readonly invalidVersionMessage: string = 'Invalid version in hostname.'
  /** The pattern of a versioned host name. */
  readonly hostnameRegex: RegExp = HOSTNAME_REGEX

  constructor(options: VersioningOptions = {}) {
    super(options)
  }

  override determineVersion(request: VersionRequest): string | null {
    const host = hostOf(request.url)
    const colon = host.indexOf(':')
    const found = this.hostnameRegex.exec(colon === -1 ? host : host.slice(0, colon))
    if (found === null) return this.defaultVersion
    const version = found[1] as string
    if (!this.isAllowedVersion(version)) throw new NotFound(this.invalidVersionMessage)
    return version
  }
  // The default reversal: an absolute URL keeps the request's host.
}
