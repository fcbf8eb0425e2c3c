/**
 * Which versions get a document, newest first, and what the version policy
 * says of each: deprecated, sunset, or past its sunset (left out when the
 * policy refuses such a version, flagged otherwise).
 */
import { compareVersions, outOfOrder } from '../formats/version-order.ts'
import type { VersionPolicy, VersionPolicyDescription } from '../lifecycle/policy.ts'
import type { VersionLifecycleDescription } from '../lifecycle/schedule.ts'
import { quotedValue } from '../quote.ts'

/** A version that has a document, as the index of versions and the docs page list it. */
export interface DocumentedVersion {
  readonly version: string
  /** Whether it is the newest documented version. */
  readonly latest: boolean
  /** Whether the policy gives it a deprecation date (it then reports it in `api-deprecated-versions`). */
  readonly deprecated: boolean
  /** Its deprecation date (ISO 8601), or `null`. */
  readonly deprecation: string | null
  /** Its sunset date (ISO 8601), or `null`. */
  readonly sunset: string | null
  /** Whether its sunset had passed when the documents were made; such a version is listed only when the policy still serves it. */
  readonly sunsetPassed: boolean
}

/** The versions of a set of documents. */
export interface VersionPlan {
  /** Every version, newest first, those left out included (the changelog is read in this order). */
  readonly order: readonly string[]
  /** The policy's settings, or `null` without a policy. */
  readonly policy: VersionPolicyDescription | null
  /**
   * The versions that get a document, newest first, by the policy's clock:
   * worked out on first use (not at construction: a Worker's clock stands
   * still outside requests), then again only when a sunset passes.
   */
  documented(): readonly DocumentedVersion[]
}

/** What the plan reads of a scheme. */
interface SchemeVersions {
  readonly allowedVersions: readonly (string | null)[] | null
  readonly defaultVersion: string | null
  resolveVersion(version: string | null): string | null | undefined
}

/**
 * The versions to document: `versions` as given (newest first), or the
 * scheme's allowed versions and default, sorted newest first.
 */
export function planVersions(
  scheme: SchemeVersions,
  versions: readonly string[] | undefined,
  policy: VersionPolicy | undefined,
  where: string,
): VersionPlan {
  let order: string[]
  if (versions !== undefined) {
    if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string' || v === '')) {
      throw new Error(`${where}: versions must be a non-empty list of version strings, newest first, such as ['v2', 'v1'].`)
    }
    if (new Set(versions).size !== versions.length) throw new Error(`${where}: versions lists a version twice.`)
    for (const version of versions) {
      if (scheme.allowedVersions !== null && scheme.resolveVersion(version) !== version) {
        throw new Error(`${where}: versions has ${quotedValue(version)}, which the scheme does not allow; allowed: ${scheme.allowedVersions.join(', ')}.`)
      }
    }
    // Versions of one format whose order is known (dates, semantic versions, numbered labels) must come newest first:
    // given oldest first, the oldest would be documented as the latest. Other labels keep the order given.
    if (outOfOrder([...versions].reverse()) !== -1) {
      const newestFirst = [...versions].sort((a, b) => compareVersions(b, a))
      throw new Error(`${where}: versions must be listed newest first (the first is documented as the latest), such as [${newestFirst.map((v) => quotedValue(v)).join(', ')}].`)
    }
    order = [...versions]
  } else {
    if (scheme.allowedVersions === null) {
      throw new Error(`${where}: the scheme allows every version (no allowedVersions), so list the versions to document, newest first, such as versions: ['v2', 'v1'].`)
    }
    const all = new Set<string>()
    for (const version of [...scheme.allowedVersions, scheme.defaultVersion]) if (version !== null) all.add(version)
    order = [...all].sort((a, b) => compareVersions(b, a))
  }
  const described = policy?.describe() ?? null
  const clock = described?.now ?? Date.now
  let cached: { readonly list: readonly DocumentedVersion[]; readonly since: number; readonly until: number } | null = null
  return {
    order,
    policy: described,
    documented() {
      const now = clock()
      if (cached === null || now < cached.since || now >= cached.until) cached = documentedAt(order, described, now)
      return cached.list
    },
  }
}

/** The documented versions at `now`, and the span of time that list holds for (until the next sunset or deprecation). */
function documentedAt(
  order: readonly string[],
  described: VersionPolicyDescription | null,
  now: number,
): { list: readonly DocumentedVersion[]; since: number; until: number } {
  const list: DocumentedVersion[] = []
  let until = Infinity
  for (const version of order) {
    const lifecycle: VersionLifecycleDescription | undefined = described?.versions.get(version)
    const deprecation = lifecycle?.deprecation ?? null
    const sunset = lifecycle?.sunset ?? null
    const sunsetPassed = sunset !== null && now >= sunset
    if (sunset !== null && !sunsetPassed) until = Math.min(until, sunset)
    // The documents say whether a deprecation is to come or has come: the list (and the documents) are made again then.
    if (deprecation !== null && now < deprecation) until = Math.min(until, deprecation)
    // A version the policy answers with 410 Gone has no document.
    if (sunsetPassed && described?.refuseAfterSunset === true) continue
    list.push(
      Object.freeze({
        version,
        latest: list.length === 0,
        deprecated: deprecation !== null,
        deprecation: deprecation === null ? null : new Date(deprecation).toISOString(),
        sunset: sunset === null ? null : new Date(sunset).toISOString(),
        sunsetPassed,
      }),
    )
  }
  return { list: Object.freeze(list), since: now, until }
}
