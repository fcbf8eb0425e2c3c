/**
 * CombinedVersioning: several schemes read in order, one default and one
 * allowed list for all; a request carrying two different versions is a 400.
 */
import { AmbiguousVersion, withoutStack } from '../errors.ts'
import type { VersioningOptions } from './options.ts'
import type { RouteTable } from '../routes/table.ts'
import { placed, type VersionPlacement } from '../routes/placement.ts'
import { BaseVersioning, type VersionMatch, type VersionRequest } from './base.ts'

/** Options of `CombinedVersioning`: the schemes, and the shared options that apply to all of them. */
export interface CombinedVersioningOptions extends VersioningOptions {
  /**
   * The schemes, in order. Each is built without `defaultVersion`,
   * `allowedVersions` and `versionFormat`: those belong to the combination.
   */
  readonly schemes: readonly BaseVersioning[]
}

/**
 * Asks each scheme for the version the request carries. One version (or the
 * same one several times) is the request's; none means `defaultVersion`; two
 * different ones are a 400 `AmbiguousVersion` rather than a silent pick. The
 * version is then checked (and resolved, with a `versionFormat`) against
 * `allowedVersions`; a version not served gets the answer of the scheme that
 * carried it (the first scheme's when none did); a route the version lacks,
 * a 404 `Invalid version.`. Responses `Vary` on every
 * header any scheme reads; links are reversed the way the first scheme
 * reverses them.
 *
 * @example
 * ```ts
 * const scheme = new CombinedVersioning({
 *   schemes: [new HeaderVersioning(), new QueryParameterVersioning()],
 *   allowedVersions: ['1', '2'],
 *   defaultVersion: '1',
 * })
 * scheme.determineVersion(new Request('https://api.example.com/users?version=2')) // '2'
 * scheme.determineVersion(new Request('https://api.example.com/users?version=2', {
 *   headers: { 'Api-Version': '1' },
 * })) // throws AmbiguousVersion (400)
 * ```
 */
export class CombinedVersioning extends BaseVersioning {
  override readonly kind: 'combined' = 'combined'
  override readonly matchParams: 'none' | 'version' | 'all'
  override readonly vary: readonly string[]
  /** The schemes, in the order they are asked. */
  readonly schemes: readonly BaseVersioning[]
  /** The first scheme's ways (links follow it), and each scheme's in `anyOf`. */
  override readonly placement: VersionPlacement
  #ambiguous: AmbiguousVersion | undefined

  constructor(options: CombinedVersioningOptions) {
    super(options, ['schemes'])
    const where = 'CombinedVersioning'
    // The base checked the options; plain JavaScript may call this without any (the base's default, {}).
    const { schemes } = options ?? {}
    if (!Array.isArray(schemes) || schemes.length < 2) {
      throw new Error(`${where}: schemes must list two or more schemes, such as [new HeaderVersioning(), new QueryParameterVersioning()].`)
    }
    for (const scheme of schemes as unknown[]) {
      if (!(scheme instanceof BaseVersioning)) {
        throw new Error(`${where}: schemes may hold only versioning schemes such as new HeaderVersioning().`)
      }
      if (scheme.defaultVersion !== null || scheme.allowedVersions !== null || scheme.versionFormat !== null) {
        throw new Error(
          `${where}: give defaultVersion, allowedVersions and versionFormat to CombinedVersioning, not to its ${scheme.constructor.name}, so one rule applies to every scheme.`,
        )
      }
      if (scheme.readsNamespace) {
        throw new Error(`${where}: NamespaceVersioning cannot be combined: it tells versions from other namespaces only by its own allowedVersions.`)
      }
      // A scheme with rules of its own for version text (vendor media types) checks the combined list.
      scheme.checkVersions(this.allowedVersions ?? [], where)
    }
    this.schemes = Object.freeze([...schemes])
    this.placement = placed({ ...(schemes[0] as BaseVersioning).placement, anyOf: Object.freeze(schemes.map((scheme) => scheme.placement)) })
    this.vary = Object.freeze([...new Set(schemes.flatMap((scheme) => scheme.vary))])
    this.matchParams = schemes.every((scheme) => scheme.matchParams === 'none') ? 'none' : 'all'
  }

  override determineVersion(request: VersionRequest, match?: VersionMatch | null): string | null {
    let carried: string | null = null
    let from: BaseVersioning | undefined
    for (const scheme of this.schemes) {
      const version = scheme.determineVersion(request, match)
      if (version === null) continue
      if (from === undefined) {
        carried = version
        from = scheme
      } else if (version !== carried) {
        throw (this.#ambiguous ??= withoutStack(() => new AmbiguousVersion()))
      }
    }
    const resolved = this.resolveVersion(carried ?? this.defaultVersion)
    if (resolved === undefined) throw (from ?? (this.schemes[0] as BaseVersioning)).rejection()
    return resolved
  }

  /** The first scheme's reversal. */
  override reverseName(table: RouteTable, name: string, version: string, namespace: string | null | undefined): string {
    return (this.schemes[0] as BaseVersioning).reverseName(table, name, version, namespace)
  }
}
