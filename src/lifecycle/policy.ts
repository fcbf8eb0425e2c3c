/**
 * The version lifecycle told to clients: which versions exist and which are
 * deprecated (`api-supported-versions`, `api-deprecated-versions`), when a
 * version is deprecated and when it goes away (`Deprecation`, RFC 9745;
 * `Sunset`, RFC 8594; `Link` with `rel="deprecation"` / `rel="sunset"`), the
 * resolved version echoed back, and an optional 410 after a sunset.
 *
 * Opt-in: pass `policy: versionPolicy({...})` to `apiVersioning`. Everything
 * that depends on the options is computed once, when the middleware binds
 * the policy to its scheme.
 */
import { Gone, withoutStack } from '../errors.ts'
import { isHeaderName } from '../http/header-name.ts'
import { PLAIN_VERSIONS, plainVersions } from '../model/reported.ts'
import type { BoundExtension, VersioningExtension } from '../pipeline/extension.ts'
import { lifecycleHeaders, type LifecycleHeaders, type VersionLifecycleDescription, type VersionSchedule } from './schedule.ts'
import { quoted, quotedValue } from '../quote.ts'
import { checkKeyNames, checkOptionNames, isRecord } from '../options.ts'

/** Options of `versionPolicy`. */
export interface VersionPolicyOptions {
  /** The lifecycle of each version that has one, by version. */
  readonly versions?: Readonly<Record<string, VersionSchedule>> | undefined
  /**
   * Report the versions on every response, errors included: `true` for
   * `api-supported-versions` and `api-deprecated-versions`, or other names.
   * A route limited to some versions reports those.
   * @default false
   */
  readonly reportVersions?: boolean | { readonly supported?: string | undefined; readonly deprecated?: string | undefined } | undefined
  /**
   * A response header that echoes the resolved version (`api-version`), so
   * a client that asked for `1.x` learns it got `1.4.0`.
   * @default null (off)
   */
  readonly echoHeader?: string | null | undefined
  /**
   * Refuse a version once its sunset has passed: 410 Gone,
   * `This API version has been sunset.`
   * @default false
   */
  readonly refuseAfterSunset?: boolean | undefined
  /** The clock, in milliseconds since the epoch (for tests). @default Date.now */
  readonly now?: (() => number) | undefined
}

/**
 * A version policy: an extension `apiVersioning` binds to its scheme (which
 * checks it against the scheme's versions), that also tells its settings.
 */
export interface VersionPolicy extends VersioningExtension {
  /** What the policy says, read-only, for tools that describe the API (the OpenAPI documents). */
  describe(): VersionPolicyDescription
}

/** A policy's settings as `VersionPolicy.describe()` reports them: dates in milliseconds since the epoch. */
export interface VersionPolicyDescription {
  /** The lifecycle of each version that has one. */
  readonly versions: ReadonlyMap<string, VersionLifecycleDescription>
  /** The headers that report versions, or `null`. */
  readonly reportVersions: { readonly supported: string; readonly deprecated: string } | null
  readonly echoHeader: string | null
  readonly refuseAfterSunset: boolean
  /** The policy's clock. */
  readonly now: () => number
}

const OPTION_NAMES = ['versions', 'reportVersions', 'echoHeader', 'refuseAfterSunset', 'now']

/**
 * Creates a version policy.
 *
 * @example
 * ```ts
 * const policy = versionPolicy({
 *   versions: { v1: { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z', sunsetLink: 'https://api.example.com/docs/v1-sunset' } },
 *   reportVersions: true,
 *   echoHeader: 'api-version',
 *   refuseAfterSunset: true,
 * })
 * const versioning = apiVersioning({ scheme, routes, policy })
 * ```
 */
export function versionPolicy(options: VersionPolicyOptions): VersionPolicy {
  const where = 'versionPolicy'
  if (!isRecord(options)) {
    throw new Error(`${where}: pass options such as { versions: { v1: { sunset: '2027-01-01T00:00:00Z' } }, reportVersions: true }.`)
  }
  checkOptionNames(options, where, OPTION_NAMES)
  const { versions = {}, reportVersions = false, echoHeader = null, refuseAfterSunset = false, now = Date.now } = options
  if (!isRecord(versions)) throw new Error(`${where}: versions must be an object of lifecycles by version, such as { v1: { sunset: '2027-06-01' } } (not a Map or a list).`)
  const report = reportNames(reportVersions, where)
  if (echoHeader !== null && !isHeaderName(echoHeader)) {
    throw new Error(`${where}: echoHeader must be a header name such as "api-version", or null.`)
  }
  checkOwnNames([...(echoHeader === null ? [] : [['echoHeader', echoHeader] as const]), ...(report === null ? [] : [['reportVersions.supported', report.supported] as const, ['reportVersions.deprecated', report.deprecated] as const])], where)
  if (typeof refuseAfterSunset !== 'boolean') throw new Error(`${where}: refuseAfterSunset must be true or false.`)
  // Called once now: a clock of text (its result compared with the sunsets) never passed one, silently.
  if (typeof now !== 'function' || !Number.isFinite(now())) throw new Error(`${where}: now must be a function returning milliseconds since the epoch.`)
  const lifecycles = new Map<string, LifecycleHeaders>()
  for (const [version, lifecycle] of Object.entries(versions)) {
    lifecycles.set(version, lifecycleHeaders(lifecycle, `${where}: version ${quoted(version)}`))
  }

  /** The default versions of the schemes it is bound to, where it refuses after a sunset: check(app) names one past its sunset. */
  const defaults = new Set<string>()
  const policy: VersionPolicy = {
    // A default version the policy refuses: every request that names no version is answered 410.
    check: () =>
      [...defaults].flatMap((version) => {
        const goneAt = lifecycles.get(version)?.goneAt ?? null
        if (goneAt === null || now() < goneAt) return []
        return [`${where}: the default version ${quoted(version)} is past its sunset, which the policy refuses (refuseAfterSunset): every request that names no version is answered 410 Gone, and no client is pinned to a version it could use; make a version still served the scheme's defaultVersion.`]
      }),
    describe: () => ({ versions: new Map([...lifecycles].map(([v, l]) => [v, l.described])), reportVersions: report, echoHeader, refuseAfterSunset, now }),
    bind({ scheme }): BoundExtension {
      const allowed = scheme.allowedVersions
      if (allowed === null && (report !== null || echoHeader !== null)) {
        throw new Error(
          `${where}: reportVersions and echoHeader need the scheme's allowedVersions, so headers carry only versions you listed, never a client's text.`,
        )
      }
      const all: string[] = []
      for (const version of [...(allowed ?? []), scheme.defaultVersion]) {
        if (version !== null && !all.includes(version)) all.push(version)
      }
      for (const version of lifecycles.keys()) {
        if (allowed !== null && scheme.resolveVersion(version) !== version) {
          throw new Error(`${where}: versions has a lifecycle for ${quotedValue(version)}, which the scheme does not allow; allowed: ${all.join(', ')}.`)
        }
      }
      if (report !== null || echoHeader !== null) {
        for (const version of all) {
          if (!isHeaderName(version)) {
            throw new Error(`${where}: version ${quotedValue(version)} cannot go in a header list; use letters, digits and "._-" in versions you report.`)
          }
        }
      }
      // Both lists go on every response: past about 16 KiB of headers, clients such as Node's fetch read none of it.
      const reported = report === null ? 0 : all.join(', ').length
      if (reported > MAX_REPORTED) {
        throw new Error(`${where}: reportVersions would put ${reported} characters of versions in the headers of every response (at most ${MAX_REPORTED}: clients such as Node's fetch refuse a response with over 16 KiB of headers); allow fewer versions, or turn reportVersions off.`)
      }
      // A custom scheme could return any text: only versions listed go into headers.
      const listed = new Set(all)
      const deprecated = new Set([...lifecycles].filter(([, l]) => l.deprecation !== null).map(([v]) => v))
      // Report values by the set of versions that serve the operation (null: all), rendered on first use. The sets
      // are made once per operation; a rejection that passed several handlers joins theirs per request, so the
      // table is emptied when full, its memory bounded whatever clients send.
      const lists = new Map<ReadonlySet<string> | null, readonly [string, string]>()
      const refuses = refuseAfterSunset && [...lifecycles.values()].some((l) => l.goneAt !== null)
      // A version past its sunset that the policy refuses (410) serves nothing, so it is listed in neither header: the
      // sunsets in order, of which `goneCount` had come at the last response (the lists are made anew when that changes).
      const sunsets = refuses ? [...lifecycles].flatMap(([v, l]) => (l.goneAt === null ? [] : [[l.goneAt, v] as const])).sort((a, b) => a[0] - b[0]) : []
      let goneCount = 0
      let gone = new Set<string>()
      function listsFor(versions: ReadonlySet<string> | null): readonly [string, string] {
        if (sunsets.length > 0) {
          const at = now()
          let count = 0
          while (count < sunsets.length && at >= sunsets[count]![0]) count++
          if (count !== goneCount) {
            goneCount = count
            gone = new Set(sunsets.slice(0, count).map(([, v]) => v))
            lists.clear()
          }
        }
        let found = lists.get(versions)
        if (found === undefined) {
          const served = all.filter((v) => (versions === null || versions.has(v)) && !gone.has(v))
          found = [served.filter((v) => !deprecated.has(v)).join(', '), served.filter((v) => deprecated.has(v)).join(', ')]
          if (lists.size >= MAX_LISTS) lists.clear()
          lists.set(versions, found)
        }
        return found
      }
      let refusal: Gone | undefined

      /** Adds the policy's headers that `headers` lacks (never replacing one the handler set). */
      function decorate(headers: Headers, version: string | null | undefined, versions: ReadonlySet<string> | null): void {
          if (report !== null) {
            const [supported, deprecatedList] = listsFor(versions)
            if (supported !== '' && !headers.has(report.supported)) headers.set(report.supported, supported)
            if (deprecatedList !== '' && !headers.has(report.deprecated)) headers.set(report.deprecated, deprecatedList)
          }
          if (version == null) return
          if (echoHeader !== null && listed.has(version) && !headers.has(echoHeader)) headers.set(echoHeader, version)
          const lifecycle = lifecycles.get(version)
          if (lifecycle === undefined) return
          if (lifecycle.deprecation !== null && !headers.has('Deprecation')) headers.set('Deprecation', lifecycle.deprecation)
          if (lifecycle.sunset !== null && !headers.has('Sunset')) headers.set('Sunset', lifecycle.sunset)
          if (lifecycle.links.length > 0) {
            const existing = headers.get('Link')
            for (const link of lifecycle.links) {
              if (existing === null || !hasRel(existing, link.rel)) headers.append('Link', link.value)
            }
          }
      }

      if (refuses && scheme.defaultVersion !== null) defaults.add(scheme.defaultVersion)
      return {
        // Version-neutral routes are never refused.
        request: refuses
          ? (exchange) => {
              const { version } = exchange
              if (version == null || exchange.route?.limit?.neutral === true) return undefined
              const goneAt = lifecycles.get(version)?.goneAt
              return goneAt != null && now() >= goneAt ? (refusal ??= withoutStack(() => new Gone())) : undefined
            }
          : undefined,
        response(exchange, response) {
          decorate(response.headers, exchange.version, exchange.versions)
          return response
        },
      }
    },
  }
  // A policy that reports versions brings versionMiddleware the model's answer for plain routes (which versions serve
  // a route's method): a middleware without one carries none of that code, and reads no route per request.
  if (report !== null) Object.defineProperty(policy, PLAIN_VERSIONS, { value: plainVersions })
  return policy
}

/** The most version sets whose header values a policy keeps at once. */
const MAX_LISTS = 256
/** The most characters of versions `reportVersions` puts on each response, both lists together. */
const MAX_REPORTED = 8192

function reportNames(value: VersionPolicyOptions['reportVersions'], where: string): { supported: string; deprecated: string } | null {
  if (value === false) return null
  if (value === true) return { supported: 'api-supported-versions', deprecated: 'api-deprecated-versions' }
  if (!isRecord(value)) {
    throw new Error(`${where}: reportVersions must be true, false, or header names such as { supported: "api-supported-versions" }.`)
  }
  checkKeyNames(value, `${where}: reportVersions`, ['supported', 'deprecated'])
  const { supported = 'api-supported-versions', deprecated = 'api-deprecated-versions' } = value
  for (const name of [supported, deprecated]) {
    if (!isHeaderName(name)) throw new Error(`${where}: reportVersions names must be header names such as "api-supported-versions".`)
  }
  return { supported, deprecated }
}

/**
 * Header fields HTTP (or this policy) gives a meaning of its own: framing, representation, caching, cookies,
 * redirects, CORS, and the lifecycle headers. A version written into one would break the response or change what it
 * says, so `echoHeader` and the `reportVersions` names may not be one of them (`content-*`, `access-control-*` and
 * `cross-origin-*` whole).
 */
const MEANINGFUL_FIELDS = new Set([
  'age', 'allow', 'cache-control', 'connection', 'date', 'deprecation', 'etag', 'expires', 'host', 'keep-alive',
  'last-modified', 'link', 'location', 'proxy-authenticate', 'retry-after', 'server', 'set-cookie', 'strict-transport-security',
  'sunset', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'vary', 'www-authenticate',
  // The rest of RFC 9110's and RFC 9111's fields, cookies, and those browsers act on (`Refresh: 2` reloads the page every 2 s).
  'accept', 'accept-charset', 'accept-encoding', 'accept-language', 'accept-ranges', 'alt-svc', 'authentication-info',
  'authorization', 'clear-site-data', 'cookie', 'expect', 'forwarded', 'from', 'if-match', 'if-modified-since', 'if-none-match',
  'if-range', 'if-unmodified-since', 'max-forwards', 'nel', 'origin', 'origin-agent-cluster', 'permissions-policy', 'pragma',
  'proxy-authentication-info', 'proxy-authorization', 'range', 'referer', 'referrer-policy', 'refresh', 'report-to',
  'reporting-endpoints', 'server-timing', 'service-worker-allowed', 'timing-allow-origin', 'user-agent', 'via', 'warning',
  'x-content-type-options', 'x-frame-options',
])

/** Refuses a header name of the policy's own that HTTP gives a meaning, or that two of its settings share. */
function checkOwnNames(names: readonly (readonly [option: string, name: string])[], where: string): void {
  const seen = new Map<string, string>()
  for (const [option, name] of names) {
    const lower = name.toLowerCase()
    if (MEANINGFUL_FIELDS.has(lower) || lower.startsWith('content-') || lower.startsWith('access-control-') || lower.startsWith('cross-origin-')) {
      throw new Error(`${where}: ${option} is ${quotedValue(name)}, a header HTTP gives a meaning of its own; choose a name of yours such as "api-version".`)
    }
    const other = seen.get(lower)
    if (other !== undefined) {
      throw new Error(`${where}: ${other} and ${option} are both ${quotedValue(name)}; give each its own header name.`)
    }
    seen.set(lower, option)
  }
}

/**
 * Whether a `Link` header (RFC 8288) has a link whose `rel` lists `rel`.
 * URLs and quoted values are skipped: `<...?rel=sunset>` and
 * `title="a; rel=sunset"` do not count.
 */
function hasRel(header: string, rel: string): boolean {
  let param = ''
  let inUrl = false
  let quoted = false
  for (let i = 0; i <= header.length; i++) {
    const ch = header[i]
    if (ch === undefined || ((ch === ';' || ch === ',') && !inUrl && !quoted)) {
      // One parameter ends (and, at a comma, one link).
      const eq = param.indexOf('=')
      if (eq !== -1 && param.slice(0, eq).trim().toLowerCase() === 'rel') {
        const value = param.slice(eq + 1).trim().replace(/^"|"$/g, '').toLowerCase()
        if (value.split(' ').includes(rel)) return true
      }
      param = ''
    } else if (inUrl) {
      if (ch === '>') inUrl = false
    } else if (ch === '<' && !quoted) {
      inUrl = true
    } else if (quoted && ch === '\\') {
      i++ // a quoted-pair: the next character is literal
    } else {
      if (ch === '"') quoted = !quoted
      param += ch
    }
  }
  return false
}
