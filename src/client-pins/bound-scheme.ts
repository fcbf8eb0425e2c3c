/**
 * The scheme the operator's calls (`upgrade`, `rollback`) check a version
 * against: the one of the middleware the pins are given to. Pins given to
 * several middlewares check against one list, so their schemes must allow
 * the same versions.
 */
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
