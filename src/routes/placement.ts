/**
 * Where a scheme's version travels, as one value each scheme provides
 * (`scheme.placement`): the path param or query key reversed URLs fill, and
 * every way a request carries it (a header, the media type, the namespace,
 * the host name). Reversal, documents and clients read it; none of them
 * switches on a scheme's kind.
 */

/** The Accept header's part: the media types rendered, the media type parameter, the vendor template. */
export interface AcceptPlacement {
  readonly mediaTypes: readonly string[]
  /** The media type parameter that carries the version, lower-cased (`version`). */
  readonly param: string
  /** The vendor media type template (`application/vnd.example.{version}+json`), or `null`. */
  readonly vendor: string | null
}

/** Where a scheme puts the version. */
export interface VersionPlacement {
  /** The path param the version fills (URL-path versioning), or `null`. */
  readonly param: string | null
  /** The query key set to the version (query-parameter versioning), or `null`. */
  readonly query: string | null
  /** The request header that carries the version, or `null`. */
  readonly header: string | null
  /** Whether each route's namespace names its version (namespace versioning). */
  readonly namespace: boolean
  /** Whether the host name carries the version. */
  readonly host: boolean
  /** The media type that carries the version (Accept header), or `null`. */
  readonly accept: AcceptPlacement | null
  /**
   * A combination's ways, each its scheme's placement, any one of which a
   * request may use; the fields above are the first's (links follow it).
   * `null`: one way.
   */
  readonly anyOf: readonly VersionPlacement[] | null
}

/** No version in the URL or the request: the version only limits which routes exist. */
export const UNPLACED: VersionPlacement = Object.freeze({ param: null, query: null, header: null, namespace: false, host: false, accept: null, anyOf: null })

/** A placement with the given ways set, the others absent. */
export function placed(ways: Partial<VersionPlacement>): VersionPlacement {
  return Object.freeze({ ...UNPLACED, ...ways })
}

/** Every way a placement lets a request carry the version, merged: a combination's first of each kind. */
export interface PlacementWays extends Omit<VersionPlacement, 'anyOf'> {
  /** Whether a request may use any one of several ways (a combination), so none is required. */
  readonly anyOne: boolean
}

/** The request headers `placement` reads the version from (each of a combination's), lower-case. */
export function versionHeadersOf(placement: VersionPlacement): readonly string[] {
  return (placement.anyOf ?? [placement]).flatMap((way) => (way.header === null ? [] : [way.header.toLowerCase()]))
}

/** The ways of `placement`: its own, or a combination's first of each kind (a namespace never combines). */
export function waysOf(placement: VersionPlacement): PlacementWays {
  const ways = placement.anyOf
  if (ways === null) {
    const { param, query, header, namespace, host, accept } = placement
    return { param, query, header, namespace, host, accept, anyOne: false }
  }
  const first = <T>(pick: (way: VersionPlacement) => T | null): T | null => {
    for (const way of ways) {
      const found = pick(way)
      if (found !== null) return found
    }
    return null
  }
  return {
    param: first((w) => w.param),
    query: first((w) => w.query),
    header: first((w) => w.header),
    namespace: false,
    host: ways.some((w) => w.host),
    accept: first((w) => w.accept),
    anyOne: true,
  }
}
