/**
 * What the pins read of the middleware they are given to: the scheme the
 * operator's calls (`upgrade`, `rollback`) check a version against, and the
 * version policy that says which versions are deprecated or past their
 * sunset. Pins given to several middlewares check against one list and one
 * policy, so their schemes must allow the same versions and their policies
 * be one.
 */
import type { VersionPolicy } from '../lifecycle/policy.ts'
import type { BaseVersioning } from '../schemes/base.ts'

/** The versions a scheme allows, as a sentence lists them. */
const listed = (versions: readonly (string | null)[] | null): string => (versions === null ? 'any version' : versions.filter((v) => v !== null).join(', '))

/** Whether two schemes allow the same versions, in any order. */
function sameVersions(a: readonly (string | null)[] | null, b: readonly (string | null)[] | null): boolean {
  if (a === null || b === null) return a === b
  const first = new Set(a)
  const second = new Set(b)
  return first.size === second.size && [...first].every((version) => second.has(version))
}

/** The scheme the pins check versions against once bound to `scheme`, having been bound to `bound` (or to none); a scheme allowing other versions is refused. */
export function boundScheme(where: string, bound: BaseVersioning | undefined, scheme: BaseVersioning): BaseVersioning {
  if (bound === undefined) return scheme
  if (!sameVersions(bound.allowedVersions, scheme.allowedVersions)) {
    throw new Error(
      `${where}: clientVersion was given to a middleware already whose scheme allows other versions (${listed(bound.allowedVersions)}, not ${listed(scheme.allowedVersions)}): upgrade and rollback check a version against one list. Give each middleware its own clientPins({...}) (they may share a store), or schemes that allow the same versions.`,
    )
  }
  return bound
}

/** Whether two policies (or none) give every version the same deprecation and sunset: what the pins read of one. */
function sameDates(a: VersionPolicy | undefined, b: VersionPolicy | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined) return false
  const first = a.describe().versions
  const second = b.describe().versions
  if (first.size !== second.size) return false
  for (const [version, life] of first) {
    const other = second.get(version)
    if (other === undefined || other.deprecation !== life.deprecation || other.sunset !== life.sunset) return false
  }
  return true
}

/**
 * The policy the pins read once bound to a middleware whose policy is
 * `middleware`: their own (`given`), which must give the versions the
 * middleware's dates, else the middleware's, which must give the dates of
 * the one read from a middleware they were given to before (`earlier`,
 * `null` at the first).
 */
export function boundPolicy(where: string, given: VersionPolicy | undefined, earlier: { readonly policy: VersionPolicy | undefined } | null, middleware: VersionPolicy | undefined): VersionPolicy | undefined {
  const what =
    given !== undefined && middleware === undefined
      ? 'clientVersion has a policy, but the middleware has none'
      : given !== undefined && !sameDates(given, middleware)
        ? "clientVersion's policy gives other deprecation or sunset dates than the middleware's"
        : earlier !== null && !sameDates(earlier.policy, middleware)
          ? "clientVersion was given to a middleware already whose policy gives other deprecation or sunset dates than this one's"
          : null
  if (what !== null) {
    throw new Error(
      `${where}: ${what}: upgrade refuses, and usage counts as deprecated, what one policy says. Give the middleware and clientPins the same versionPolicy({...}) (or leave clientPins' policy out: it reads the middleware's).`,
    )
  }
  return given ?? middleware
}
