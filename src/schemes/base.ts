/**
 * The base of every versioning scheme: the shared options, the allowed-version
 * check and the default reversal. Subclass it for a custom scheme and
 * implement `determineVersion`.
 */
import { NotFound, NotImplementedError, withoutStack, type VersioningError } from '../errors.ts'
import type { VersioningOptions } from './options.ts'
import type { RouteTable } from '../routes/table.ts'
import { UNPLACED, type VersionPlacement } from '../routes/placement.ts'
import type { ReverseOptions } from '../routes/types.ts'
import type { VersionFormat } from '../formats/format.ts'
import { quoted } from '../quote.ts'
import { checkOptionNames, isRecord } from '../options.ts'

/** What a scheme reads of a request: a Web `Request` fits, and so does Hono's `c.req.raw`. */
export interface VersionRequest {
  /** The absolute request URL. */
  readonly url: string
  readonly headers: { get(name: string): string | null }
}

/** What a scheme reads of the resolved route (a `RouteMatch` fits). */
export interface VersionMatch {
  /** The namespace the route is included under (`api:v1`). */
  readonly namespace?: string | null | undefined
  /** The route's parameters, decoded. */
  readonly params?: Readonly<Record<string, string | null | undefined>> | undefined
}

/** The base scheme. Calling `determineVersion` on it throws `NotImplementedError`. */
export class BaseVersioning {
  /** A stable identifier of the scheme. */
  readonly kind: string = 'custom'
  /** The version used when the request carries none. */
  declare readonly defaultVersion: string | null
  /** The acceptable versions, or `null` when every version is allowed. */
  declare readonly allowedVersions: readonly (string | null)[] | null
  /** The name of the parameter that carries the version. */
  declare readonly versionParam: string
  /** The detail of this scheme's rejection of a version. */
  readonly invalidVersionMessage: string = 'Invalid version.'
  /** The request headers the version is read from: responses should `Vary` on them. */
  readonly vary: readonly string[] = []
  /**
   * What `determineVersion` reads of the match's params: `'none'`, only
   * `versionParam` (`'version'`), or `'all'`. Middleware decodes no more than
   * this. A subclass that reads other params keeps the default.
   */
  readonly matchParams: 'none' | 'version' | 'all' = 'all'
  /** Where the version travels: the path param or query key reversed URLs fill, and every way a request carries it (none for the base). */
  readonly placement: VersionPlacement = UNPLACED
  /** Whether the version comes from the namespace of a named route, which only a route table has. */
  readonly readsNamespace: boolean = false
  /** How requested versions resolve to released ones (`semver()`, `dateVersions()`), or `null` for exact strings. */
  declare readonly versionFormat: VersionFormat | null
  readonly #accepted: ReadonlySet<string | null> | null
  /** The rejection, made on first use (it is fixed: the same error answers every request). */
  #rejection: VersioningError | undefined
  /** With a version format: requested text to the released version, `null` when none. */
  readonly #resolve: ((requested: string) => string | null) | null

  /**
   * @param options The shared options; checked here, once.
   * @param extraOptionNames Option names a subclass accepts besides the shared ones.
   */
  constructor(options: VersioningOptions = {}, extraOptionNames: readonly string[] = []) {
    const where = new.target.name
    if (!isRecord(options)) {
      throw new Error(`${where}: options must be an object such as { allowedVersions: ['v1', 'v2'] }, got ${describe(options)}.`)
    }
    const known = ['defaultVersion', 'allowedVersions', 'versionParam', 'versionFormat', ...extraOptionNames]
    checkOptionNames(options, where, known)
    // DRF's defaults.
    const { defaultVersion = null, allowedVersions = null, versionParam = 'version', versionFormat = null } = options as Record<string, unknown>
    if (defaultVersion !== null && typeof defaultVersion !== 'string') {
      throw new Error(`${where}: defaultVersion must be a version string or null, got ${describe(defaultVersion)}.`)
    }
    if (typeof versionParam !== 'string' || versionParam === '') {
      throw new Error(`${where}: versionParam must be a non-empty string such as "version", got ${describe(versionParam)}.`)
    }
    if (versionFormat !== null && (typeof versionFormat !== 'object' || typeof (versionFormat as VersionFormat).compile !== 'function')) {
      throw new Error(`${where}: versionFormat must be a version format such as semver() or dateVersions(), or null, got ${describe(versionFormat)}.`)
    }
    let allowed: readonly (string | null)[] | null = null
    if (allowedVersions !== null) {
      if (typeof allowedVersions === 'string') {
        throw new Error(
          `${where}: allowedVersions must be a list of versions such as [${quoted(allowedVersions)}], not the string ${quoted(allowedVersions)}.`,
        )
      }
      if (typeof allowedVersions !== 'object' || !(Symbol.iterator in allowedVersions)) {
        throw new Error(`${where}: allowedVersions must be a list of version strings (or null for any version), got ${describe(allowedVersions)}.`)
      }
      const list = [...(allowedVersions as Iterable<unknown>)]
      for (const item of list) {
        if (item !== null && typeof item !== 'string') {
          throw new Error(`${where}: allowedVersions may hold only version strings and null, got ${describe(item)}.`)
        }
      }
      // Empty allows every version, as unset does.
      if (list.length > 0) allowed = Object.freeze(list as (string | null)[])
    }
    this.allowedVersions = allowed
    this.versionParam = versionParam
    this.versionFormat = versionFormat as VersionFormat | null
    // With a version format, the default resolves like a requested version (a date to its release).
    const resolve = (versionFormat as VersionFormat | null)?.compile(allowed?.filter((v) => v !== null) ?? [], where) ?? null
    const defaultResolved = defaultVersion === null ? null : (resolve?.(defaultVersion) ?? defaultVersion)
    this.#resolve = resolve
    this.defaultVersion = defaultResolved
    // The spec's check, folded into one lookup: a version is allowed when it
    // is a member of allowedVersions, or is not null and equals the default.
    this.#accepted = allowed && new Set(defaultResolved === null ? allowed : [...allowed, defaultResolved])
  }

  /**
   * Whether `version` is acceptable: always when `allowedVersions` is unset or
   * empty; otherwise when it equals `defaultVersion` (and is not null) or is a
   * member of `allowedVersions`.
   */
  isAllowedVersion(version: string | null): boolean {
    return this.#accepted === null || this.#accepted.has(version)
  }

  /**
   * The version a request's version text stands for, or `undefined` when it
   * is not acceptable. Without a `versionFormat` that is the text itself when
   * `isAllowedVersion` accepts it; with one, an allowed version stands for
   * itself and other text resolves through the format (`1.x` to the highest
   * 1.y.z released, a date to the nearest earlier release).
   */
  resolveVersion(version: string | null): string | null | undefined {
    if (this.#accepted === null || this.#accepted.has(version)) return version
    return this.#resolve === null || version === null ? undefined : (this.#resolve(version) ?? undefined)
  }

  /**
   * The error this scheme answers a version it does not serve with: a
   * `NotFound` with `invalidVersionMessage` (`NotAcceptable` for the Accept
   * header), made once, without a stack trace. Middleware also raises it for
   * a route the version lacks.
   */
  rejection(): VersioningError {
    return (this.#rejection ??= withoutStack(() => this.createRejection()))
  }

  /** Makes the error `rejection()` gives, once: a `NotFound` with `invalidVersionMessage`. */
  protected createRejection(): VersioningError {
    return new NotFound(this.invalidVersionMessage)
  }

  /**
   * The version the request addresses, or an error (`NotFound`,
   * `NotAcceptable`). Subclasses implement it.
   */
  determineVersion(request: VersionRequest, match?: VersionMatch | null): string | null {
    void request
    void match
    throw new NotImplementedError(`${this.constructor.name}.determineVersion() must be implemented.`)
  }

  /**
   * Configuration DRF accepts but which is almost always a mistake, as
   * sentences that say what to fix (none: an empty list): a `defaultVersion`
   * outside `allowedVersions`, which requests without a version still get.
   */
  check(): readonly string[] {
    const { allowedVersions, defaultVersion } = this
    if (allowedVersions === null || defaultVersion === null || allowedVersions.includes(defaultVersion)) return []
    return [
      `${this.constructor.name}: defaultVersion ${quoted(defaultVersion)} is not in allowedVersions (${allowedVersions.map((v) => (v === null ? 'null' : quoted(v))).join(', ')}); DRF accepts this, but it is almost always a typo: list it in allowedVersions, or correct it.`,
    ]
  }

  /**
   * Sentences about a route table this scheme reads versions through (none: an empty list), for the middleware's
   * `check()`: the base has none; the URL path and namespace schemes say when no route carries a version.
   */
  checkTable(table: RouteTable): readonly string[] {
    void table
    return []
  }

  /**
   * Checks versions this scheme must read (its own, or a `CombinedVersioning`'s
   * list) against rules of its own, throwing an `Error` that starts with
   * `where`. The base has none.
   */
  checkVersions(versions: readonly (string | null)[], where: string): void {
    void versions
    void where
  }

  /**
   * The route name a reversal of `name` in `version` uses: `name` itself;
   * `NamespaceVersioning` names the version's namespace (`v1:name`).
   * `namespace` is the current request's.
   */
  reverseName(table: RouteTable, name: string, version: string, namespace: string | null | undefined): string {
    void table
    void version
    void namespace
    return name
  }

  /**
   * The scheme's reversal (DRF's `versioning_scheme.reverse`): `name` reversed
   * for a request whose version is `options.version`, carrying that version
   * where the scheme puts it (`placement`, `reverseName`). Throws
   * `NoReverseMatch`. `createReverse` adds DRF's fallback to the plain
   * reversal.
   */
  reverse(table: RouteTable, name: string, options: ReverseOptions = {}): string {
    const { version } = options
    return version == null ? table.reverseUnchecked(name, options) : table.reverseUnchecked(this.reverseName(table, name, version, options.namespace), options, this.placement)
  }
}

/** A value as configuration errors name it: strings quoted, other values by their kind. */
function describe(value: unknown): string {
  if (typeof value === 'string') return quoted(value)
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  // One of the language's objects (a Map, a Date, a Promise) by its kind, which options are not: "an object" would not say it.
  if (typeof value === 'object' && !isRecord(value)) {
    const kind = Object.prototype.toString.call(value).slice(8, -1)
    return `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind}`
  }
  // By its name: its source may be long, and is the app's.
  if (typeof value === 'function') return value.name === '' ? 'a function' : `the function ${quoted(value.name)}${FACTORIES.has(value.name) ? ` (call it: ${value.name}())` : ''}`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

/** The version formats' factories, which a format option takes called. */
const FACTORIES: ReadonlySet<string> = new Set(['semver', 'dateVersions'])
