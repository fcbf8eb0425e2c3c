/**
 * A client pinned to a version the app no longer serves (retired: taken
 * out of the scheme's allowed versions, or a pin naming a version never
 * declared). The client named no version, so the scheme's "invalid version
 * in header" would blame a header it did not send: by default it gets a
 * 410 `PinnedVersionRetired` saying its pinned version is gone, where to
 * name one and which are served (never the stored text); with
 * `onRetiredPin` it is answered in the default or the oldest served
 * version instead, and its pin moved there once.
 */
import { VersioningError, withoutStack } from '../errors.ts'
import type { VersionPlacement } from '../routes/placement.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { quoted } from '../quote.ts'

/** What a client pinned to a retired version gets: the 410, or the version it is answered in and moved to. */
export type OnRetiredPin = 'refuse' | 'default' | 'oldest'

/** 410 Gone: the client named no version, and the version it is pinned to is no longer served. */
export class PinnedVersionRetired extends VersioningError {
  override readonly name = 'PinnedVersionRetired' as const
  readonly status = 410 as const

  constructor(detail: string) {
    super(detail, 'PinnedApiVersionRetired')
  }
}

/** Where a request names its version, as a sentence's phrase, from the scheme's placement (a combination's first way). */
function wayOf(placement: VersionPlacement): string {
  const first = placement.anyOf?.[0] ?? placement
  if (first.header !== null) return `in the ${quoted(first.header)} header`
  if (first.query !== null) return `in the ${quoted(first.query)} query parameter`
  if (first.accept !== null) return `as the ${quoted(first.accept.param)} parameter of the Accept header's media type`
  if (first.host) return 'in the host name'
  return 'in the request'
}

/**
 * The refusal of a client pinned to a version `scheme` no longer serves, as of now: the versions it names are those
 * `gone` leaves served (a version past its sunset with `refuseAfterSunset` is answered 410, so it is not named). Made
 * again only when that list changes (a sunset passed), so a refusal is one filter of the few versions and no new error.
 */
export function retiredRefusal(scheme: BaseVersioning, gone: (version: string) => boolean): () => PinnedVersionRetired {
  const listed = scheme.allowedVersions?.filter((version): version is string => version !== null) ?? []
  let made: { readonly list: string; readonly refusal: PinnedVersionRetired } | undefined
  return () => {
    const served = listed.filter((version) => !gone(version))
    const list = served.length === 0 ? '' : ` (this API serves ${served.join(', ')})`
    if (made?.list !== list) {
      const refusal = withoutStack(
        () => new PinnedVersionRetired(`The API version this client is pinned to is no longer served. Name a version ${wayOf(scheme.placement)}${list}, or ask for the client to be moved to a version served.`),
      )
      made = { list, refusal }
    }
    return made.refusal
  }
}

/**
 * The versions a client pinned to a retired version may be answered in and
 * moved to, in order (`null`: it is refused): the default, or every version
 * `allowedVersions` lists (the first not past its sunset is taken at the
 * request), checked when the middleware is bound: a fallback the scheme
 * cannot give throws a sentence saying what to fix.
 */
export function retiredFallback(onRetiredPin: OnRetiredPin, scheme: BaseVersioning, where: string): readonly string[] | null {
  if (onRetiredPin === 'refuse') return null
  if (onRetiredPin === 'default') {
    const version = scheme.defaultVersion
    if (version === null || typeof scheme.resolveVersion(version) !== 'string') {
      throw new Error(`${where}: clientVersion's onRetiredPin "default" needs the scheme to have a defaultVersion; give it one, or use "oldest" or "refuse".`)
    }
    return [version]
  }
  const listed = scheme.allowedVersions?.filter((version): version is string => version !== null) ?? []
  if (listed.length === 0) {
    throw new Error(`${where}: clientVersion's onRetiredPin "oldest" needs the scheme to list its versions (allowedVersions), oldest first; give it allowedVersions, or use "default" or "refuse".`)
  }
  return Object.freeze(listed)
}
