/**
 * The model of a versioned API: its versions (one order, one resolver, one
 * place for lifecycle headers) and every route × method, whatever declared
 * it (a route table with `mountRoutes`, a plain Hono route with `named()`,
 * an @hono/zod-openapi route), with what it is in each version. Built once
 * (version-space.ts; served.ts, the light part the request path reads too;
 * operations.ts; app-model.ts), then only read: the request path, the
 * documents, `validateResponses`, `check()` and the tests ask it whether an
 * operation is served in a version, at which path, and what it takes and
 * answers there, instead of working it out for themselves.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { PlacementWays, VersionPlacement } from '../routes/placement.ts'
import type { LifecycleHeaders } from './lifecycle-headers.ts'

/** The versions of an API: their order, how a request's text resolves to one, and each one's lifecycle headers. */
export interface VersionSpace {
  /** Every version, oldest first. */
  readonly versions: readonly string[]
  /** The newest version, or `null` when there is none (a scheme that allows every version, without a history). */
  readonly head: string | null
  /** The version a request without one gets, or `null`. */
  readonly defaultVersion: string | null
  /** Orders two versions: negative when `a` is older (formats/version-order.ts). */
  compare(a: string, b: string): number
  /** The version a request's text stands for (a date to its release, `1.x` to the highest), or `null` when none is served. */
  resolve(requested: string): string | null
  /** The version a route's namespace stands for (`undefined`: none), as the scheme reads it. */
  namespaceVersion(namespace: string | null): string | null | undefined
  /** The `Deprecation`, `Sunset` and `Link` values of `version`, rendered once. */
  lifecycle(version: string): LifecycleHeaders
}

/**
 * One route × method, whatever declared it, as the light part of the model
 * has it (served.ts): in which versions it is served, at which path.
 */
export interface ServedOperation {
  /** The method, upper-case (`GET`). */
  readonly method: string
  /** Its path in the newest version, in OpenAPI's syntax (`/{version}/users/{id}`). */
  readonly path: string
  /** Its name: the table route's, `named()`'s or the operationId; `null` for a route without one. */
  readonly name: string | null
  /** Every name version changes may give it: its table routes' names (namespaced and not), and `METHOD /path`. */
  readonly names: readonly string[]
  /** The table routes that serve it, in table order (none for a plain Hono or @hono/zod-openapi route). */
  readonly routes: readonly CompiledRoute[]
  /** Where the version travels (the scheme's, the same for every operation). */
  readonly placement: VersionPlacement
  /** Whether it answers every version alike (`versionNeutral`). */
  readonly neutral: boolean
  /** Whether its path writes its version in place of the version param (a route per version, `/v1/special`), which it alone serves. */
  readonly written: boolean
  /** What it is in `version`, or `null` when that version does not serve it or is not one of the space's. Computed once per version of the space. */
  at(version: string): ServedAt | null
}

/** An operation in one version, as the light part of the model has it. */
export interface ServedAt {
  readonly version: string
  /** Its path in that version, in OpenAPI's syntax: a path changed by a version change is the older one, the version filled in when the path carries it. */
  readonly path: string
  /** The names of its path params, in order (the version's own left out when it is filled in). */
  readonly params: readonly string[]
  /** Its version's lifecycle headers. */
  readonly lifecycle: LifecycleHeaders
}

/** One route × method, whatever declared it, with what it takes and answers in each version. */
export interface VersionedOperation extends ServedOperation {
  /** What it is in `version`, or `null` when that version does not serve it or is not one of the space's (the light part's answer). */
  at(version: string): OperationAt | null
}

/** An operation in one version: the light part's answer, and its contracts and migration there. */
export interface OperationAt extends ServedAt {
  /** What a client of this version sends: its parameters and body, with their schemas in this version. Worked out at first read, then kept. */
  readonly request: RequestContract
  /** What it answers in this version, by status and media type. Worked out at first read (with `request`), then kept. */
  readonly responses: ResponseContracts
  /** What the version changes do to its exchanges in this version (the history's route plan, this version's part), or `null`: the head, no history, or nothing to do. Made at first read, then kept. */
  readonly migration: MigrationAt | null
}

/** A migration's compiled steps between one version and the head (run by changes/; opaque here). */
export interface MigrationSteps {
  readonly steps: readonly unknown[]
}

/** What the version changes do to an operation's exchanges in one older version. */
export interface MigrationAt {
  /** The request, from this version up to the head. */
  readonly up: {
    /** The body's steps, or `null` when the body is not migrated. */
    readonly body: MigrationSteps | null
    /** The steps of a partial body (a PATCH: fields not sent stay absent), or `null`. */
    readonly partialBody: MigrationSteps | null
    /** Whether an older form body is migrated as well as a JSON one (the route's `forms`; else the toolkit refuses it, 415). */
    readonly forms: boolean
    /** The media types (and ranges, `text/*`) of a body passed to the handler as sent, neither read nor migrated (the route's `unmigrated`, beside its request layout); absent or empty: none. */
    readonly unmigrated?: readonly string[] | undefined
    /** Query parameters renamed, `[older, newer]`, oldest step first. */
    readonly query: readonly (readonly [string, string])[]
    /** Request headers renamed, `[older, newer]`, oldest step first. */
    readonly headers: readonly (readonly [string, string])[]
    /** Query parameters whose values change (`queryParamChanged`), each by its name in the version of its change, oldest step first. */
    readonly queryValues: readonly string[]
    /** Request headers whose values change (`requestHeaderChanged`), oldest step first. */
    readonly headerValues: readonly string[]
    /** Whether the body is checked against this version's schema (request validation: 422). */
    readonly checked: boolean
    /** Whether the query parameters, headers and cookies are checked against this version's schemas (422). */
    readonly parametersChecked: boolean
    /**
     * The schemas they are checked against, by where they are (`query`,
     * `header`, `cookie`): an object schema with a property per parameter
     * in this version's names, its components as `$defs`; `null` when none is checked.
     */
    readonly parameters: Readonly<Record<string, ContractSchema>> | null
    /** The status a body or parameters that do not fit are refused with (422, or 400 where the validation says so), or `null` when nothing is checked. */
    readonly refusal: number | null
  }
  /** The response, from the head down to this version. */
  readonly down: {
    /** A success body's steps, or `null`. */
    readonly body: MigrationSteps | null
    /** An error body's steps (status 400 and above), or `null`. */
    readonly error: MigrationSteps | null
    /** Each streamed item's steps, or `null`. */
    readonly items: MigrationSteps | null
    /** Statuses given back, `[newer, older]`, newest step first. */
    readonly status: readonly (readonly [number, number])[]
    /** Response headers whose values change, newest step first. */
    readonly headers: readonly string[]
  }
}

/**
 * A JSON Schema as plain JSON (OpenAPI 3.1's dialect, draft 2020-12). A
 * `$ref` in it points into that version's component schemas
 * (`#/components/schemas/Name`): the version's own, as its document has them.
 */
export interface ContractSchema {
  readonly [keyword: string]: unknown
}

/** One parameter of a request: a path, query, header or cookie value and its schema (an OpenAPI Parameter Object, or a `$ref` to one). */
export interface RequestParameter {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly schema?: ContractSchema
  readonly [field: string]: unknown
}

/** What one media type of a body carries: its `schema`, or for a stream of JSON items, the schema of each item (`x-itemSchema`). */
export interface MediaContract {
  readonly schema?: ContractSchema
  readonly 'x-itemSchema'?: ContractSchema
  readonly [field: string]: unknown
}

/** A request body (an OpenAPI Request Body Object, or a `$ref` to one): its schema per media type. */
export interface BodyContract {
  readonly required?: boolean
  readonly content?: Readonly<Record<string, MediaContract>>
  readonly [field: string]: unknown
}

/** A body and the component schemas its `$ref`s name that this version adds (`<Shape>Request`), by name. */
export interface VersionBody {
  readonly body: BodyContract
  readonly components: Readonly<Record<string, ContractSchema>>
}

/** What a client of one version sends to an operation. */
export interface RequestContract {
  /** Its path, query, header and cookie parameters, the version's own among them where the scheme puts it there. */
  readonly parameters: readonly RequestParameter[]
  /** Its body as a whole (the full shape), or `null` when none is declared. */
  readonly body: VersionBody | null
  /** Its body as the toolkit reads a partial update (a PATCH whose body it checks: no field required), or `null` when that is `body`. */
  readonly partial: VersionBody | null
  /** Whether the toolkit checks and migrates this version's body (its schema is not the head's): it may then answer 400, 413, 415 or 422. */
  readonly checked: boolean
  /** The component schemas its parameters' `$ref`s name that a document may lack (a recursive schema the toolkit checks a parameter against), by name. */
  readonly components?: Readonly<Record<string, ContractSchema>>
}

/** A response (an OpenAPI Response Object, or a `$ref` to one): its schema per media type. */
export interface ResponseContract {
  readonly description?: string
  readonly content?: Readonly<Record<string, MediaContract>>
  readonly [field: string]: unknown
}

/** What an operation answers in one version. */
export interface ResponseContracts {
  /** Each response by status (`'200'`, `'4XX'`, `'default'`): the application's, a status a version change gave back, the toolkit's own rejections. */
  readonly byStatus: Readonly<Record<string, ResponseContract>>
  /** The component schemas their `$ref`s name that the toolkit adds (its error body), by name. */
  readonly components: Readonly<Record<string, ContractSchema>>
}

/** The parts of an operation in a version that depend on its declarations' schemas, worked out by whoever builds the model. */
export interface OperationContracts {
  readonly request: RequestContract
  readonly responses: ResponseContracts
}

/** The model of an API. */
export interface ApiModel {
  readonly space: VersionSpace
  /** Where the version travels, merged over a combination's schemes. */
  readonly ways: PlacementWays
  /** Every operation, in the order the app declares them. */
  readonly operations: readonly VersionedOperation[]
  /** The operation of `method` at OpenAPI path `path` (its newest version's), or `null`: a map lookup. */
  find(method: string, path: string): VersionedOperation | null
}
