/**
 * Deciding a request's version: the scheme reads it from the request and
 * the matched route, and the answer is a value: the version, or why the
 * request is refused. A host `allowedHosts` does not list is refused before
 * the scheme reads anything.
 */
import { DisallowedHost, VersioningError, withoutStack } from '../errors.ts'
import { authorityOf } from '../http/request-url.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'

/** A decided version (`null`: none), or the rejection of the request (no version): a value, not an object per request. */
export type Decision = string | null | VersioningError

/** Decides versions with one scheme and host list, bound once per middleware. */
export interface VersionDecider {
  /**
   * The version of `request` answered by a route whose `match` the scheme
   * reads. A version-neutral route (`neutral`) takes whatever version the
   * scheme accepts, else none, and is never refused.
   */
  decide(request: Request, match: VersionMatch | null, neutral: boolean): Decision
  /** Whether the request names a host `allowedHosts` lists (always, without the option). */
  allowsHost(request: Request): boolean
}

/** A decider for `scheme` and the host check `hosts` (`null`: every host). */
export function versionDecider(scheme: BaseVersioning, hosts: ((authority: string) => boolean) | null): VersionDecider {
  let disallowed: DisallowedHost | undefined
  const allowsHost = (request: Request): boolean => hosts === null || hosts(authorityOf(request.url))
  return {
    allowsHost,
    decide(request, match, neutral) {
      if (hosts !== null && !hosts(authorityOf(request.url))) return (disallowed ??= withoutStack(() => new DisallowedHost()))
      try {
        return scheme.determineVersion(request, match)
      } catch (error) {
        if (!(error instanceof VersioningError)) throw error
        return neutral ? null : error
      }
    },
  }
}
