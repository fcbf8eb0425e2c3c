/** What one version's document is made from, fixed when `versionedOpenAPI` is called. */
import type { VersionedOperation } from '../model/api-model.ts'
import type { AppRouteMethods } from './app-routes.ts'
import type { Changelog } from './changelog.ts'
import type { Placement } from './placement.ts'
import type { ErrorBody } from './responses.ts'
import type { SourceOperation } from './sources.ts'
import type { Unnamed } from './version-params.ts'
import type { VersionPlan } from './versions.ts'
import type { Json } from '../json/object.ts'

/** Everything a document is made from, fixed at construction. */
export interface BuildContext {
  readonly plan: VersionPlan
  readonly operations: readonly SourceOperation[]
  readonly placement: Placement
  readonly defaultVersion: string | null
  /** Each operation in the model: whether a version serves it, at which path, and its request and response contracts there. */
  readonly served: ReadonlyMap<SourceOperation, VersionedOperation>
  readonly changelog: Changelog | null
  /** The head document (normalized), or `null` for documents from the table alone. */
  readonly head: Json | null
  /** Components reachable from the head document's operations, as `#/components/<kind>/<name>`. */
  readonly headReachable: ReadonlySet<string>
  /** The component references of each operation (worked out once). */
  readonly refs: ReadonlyMap<SourceOperation, readonly string[]>
  /** The component schemas of each version index (index 0: the head's), made from the newer one's and kept. */
  readonly schemas: Map<number, Json>
  readonly info: { readonly title: string; readonly description: string | null }
  /** The server URL, with `{version}` where the version goes, or `null`. */
  readonly serverUrl: string | null
  readonly shapes: Readonly<Record<string, string>>
  /** What a request without a version gets. */
  readonly unnamed: Unnamed
  /** The body of the toolkit's own error answers. */
  readonly errorBody: ErrorBody
  /** The app's routes (their methods, where it answers 405), or `null`. */
  readonly app: AppRouteMethods | null
  /** The security requirement of versioned operations (a pinned client's key), or `null`. */
  readonly security: readonly Json[] | null
  /** The security scheme of pinned clients, by name, or `null`. */
  readonly securitySchemes: Json | null
}
