/**
 * Whether a request names its version itself, for a scheme: an explicit
 * version always wins over the client's pin. Answered by a twin of the
 * scheme without a default or allowed versions, which gives `null` exactly
 * when the request carries none (as `CombinedVersioning`'s own schemes do).
 */
import type { BaseVersioning } from '../schemes/base.ts'
import { quoted } from '../quote.ts'

/** Tells whether a request carries a version. */
export type CarriesVersion = (request: Request) => boolean

type SchemeClass = new (options: Record<string, unknown>) => BaseVersioning

/** The options that make a default-free twin of each built-in scheme that may see no version. */
const TWIN_OPTIONS: Readonly<Record<string, (scheme: any) => Record<string, unknown>>> = {
  header: (s: { header: string }) => ({ header: s.header }),
  'query-parameter': (s: BaseVersioning) => ({ versionParam: s.versionParam }),
  'accept-header': (s: { versionParam: string; mediaTypes: readonly string[]; vendorMediaType: string | null }) => ({
    versionParam: s.versionParam,
    mediaTypes: s.mediaTypes,
    ...(s.vendorMediaType === null ? {} : { vendorMediaType: s.vendorMediaType }),
  }),
  'host-name': () => ({}),
}

/** `carries` for `scheme`, made once; throws a sentence saying what to fix when it cannot tell. */
export function carriesVersionOf(scheme: BaseVersioning, where: string): CarriesVersion {
  const readers = scheme.kind === 'combined' ? (scheme as unknown as { schemes: readonly BaseVersioning[] }).schemes : [twin(scheme, where)]
  return function carriesVersion(request) {
    for (const reader of readers) {
      try {
        if (reader.determineVersion(request, null) !== null) return true
      } catch {
        // Its scheme refuses what the request carries: the middleware already answered it.
        return true
      }
    }
    return false
  }
}

function twin(scheme: BaseVersioning, where: string): BaseVersioning {
  // Own names only: a custom kind such as "constructor" names no built-in scheme.
  const options = Object.hasOwn(TWIN_OPTIONS, scheme.kind) ? TWIN_OPTIONS[scheme.kind] : undefined
  if (options === undefined) {
    throw new Error(
      `${where}: a ${scheme.constructor.name} (kind ${quoted(scheme.kind)}) cannot tell a request without a version; use HeaderVersioning, QueryParameterVersioning, AcceptHeaderVersioning, HostNameVersioning or CombinedVersioning, or give carriesVersion: (request) => boolean.`,
    )
  }
  try {
    return new (scheme.constructor as SchemeClass)(options(scheme))
  } catch (error) {
    throw new Error(`${where}: could not tell requests without a version for ${scheme.constructor.name} (${(error as Error).message}); give carriesVersion: (request) => boolean.`)
  }
}
