/**
 * The hook through which an older request's body is checked against its own
 * version's schema before it migrates up. The history holds only this
 * interface: the validator (`requestValidation()` of
 * `hono-api-versioning/validation`) is code a history without it never carries.
 */
import type { ParameterStep } from './request-values.ts'
import type { Changelog } from './changelog.ts'
import type { Layout } from './shape.ts'

/** Checks an older request's parsed JSON body; throws the rejection (a `VersioningError`) when it does not fit its version's schema. */
export type BodyCheck = (value: unknown) => void

/**
 * Checks an older request's query parameters, headers and cookies; throws the rejection (a `VersioningError`) when
 * they do not fit its version's schema. `versionQuery`: the query parameter the scheme reads the version from, which
 * is not one of the route's own (`null`: none).
 */
export type ParameterCheck = (request: Request, versionQuery: string | null) => void

/**
 * Per version index (oldest first), a route's query and header steps from that version up to the head, oldest step
 * first (`null`: none): `[older, newer]` names renamed, and values changed (`queryParamChanged`, `requestHeaderChanged`,
 * with the older values' schema where declared).
 */
export interface ParameterRenames {
  readonly query: readonly (readonly ParameterStep[])[] | null
  readonly headers: readonly (readonly ParameterStep[])[] | null
}

/** A field `fieldAdded(shape, field, { keepOlder: true })` adds in `version`, keeping what older requests send for it. */
export interface KeptOlderField {
  readonly version: string
  readonly shape: string
  readonly field: string
}

/** What a history tells a validation about itself, once. */
export interface ValidatedHistory {
  /** The versions, oldest first. */
  readonly versions: readonly string[]
  /** Its changelog (newest version first). */
  readonly changelog: Changelog
  /** The fields added with `keepOlder: true`, read from its instructions (the changelog's `field.added` does not say it). */
  readonly keptOlder?: readonly KeptOlderField[] | undefined
}

/** What `versionHistory`'s `validation` option takes: made by `requestValidation({...})` from `hono-api-versioning/validation`. */
export interface RequestValidation {
  readonly kind: 'request-validation'
  /**
   * Per version index (oldest first), the check of a request body laid out
   * as `layout` in the head version, or `null` where that version's schema
   * is the head's (the app's own validator is enough). Called once per route
   * at construction.
   */
  checks(layout: Layout, history: ValidatedHistory, options?: { readonly partial?: boolean | undefined }): readonly (BodyCheck | null)[]
  /** Throws a sentence where the history contradicts the head's schemas (a field it says the head lacks); called once, when the history is made. */
  checkHistory?(history: ValidatedHistory): void
  /** The routes, named as the history names them, whose query parameters, headers or cookies it validates. */
  readonly parameterRoutes?: readonly string[] | undefined
  /** The names of the shapes of those parameters (a document writes them as parameters, not as component schemas). */
  readonly parameterShapes?: readonly string[] | undefined
  /**
   * Per version index (oldest first), the check of `route`'s query
   * parameters, headers and cookies, given the renames the history declares
   * for it, or `null` where there is nothing to check. Called once per route
   * at construction.
   */
  parameterChecks?(route: string, renames: ParameterRenames, history: ValidatedHistory): readonly (ParameterCheck | null)[]
}

/**
 * The checks of a history's `validation` option (`undefined`: none; given,
 * with what the history tells it), per request layout and whether the body
 * is partial (a PATCH body: its fields are not required), made once each;
 * `null` where no version needs one.
 */
export function checksOf(
  validation: RequestValidation | undefined,
  history: ValidatedHistory | null,
): (layout: Layout | undefined, partial: boolean) => readonly (BodyCheck | null)[] | null {
  const made = [new Map<Layout, readonly (BodyCheck | null)[] | null>(), new Map<Layout, readonly (BodyCheck | null)[] | null>()] as const
  return (layout, partial) => {
    if (layout === undefined || validation === undefined || history === null) return null
    const known = made[partial ? 1 : 0]
    let checks = known.get(layout)
    if (checks === undefined) {
      const list = validation.checks(layout, history, partial ? { partial } : undefined)
      known.set(layout, (checks = list.some((check) => check !== null) ? list : null))
    }
    return checks
  }
}
