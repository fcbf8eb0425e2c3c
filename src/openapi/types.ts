/**
 * The OpenAPI 3.1 objects the documents are made of, typed as far as this
 * entry point reads or writes them; every object keeps the other fields an
 * OpenAPI tool put there.
 */

/** A parameter (`in: path | query | header | cookie`). */
export interface ParameterObject {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly description?: string
  readonly schema?: SchemaObject
  readonly example?: unknown
  readonly [key: string]: unknown
}

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export interface SchemaObject {
  readonly type?: string | readonly string[]
  readonly description?: string
  readonly properties?: { readonly [name: string]: SchemaObject }
  readonly required?: readonly string[]
  readonly enum?: readonly unknown[]
  readonly pattern?: string
  readonly $ref?: string
  readonly [key: string]: unknown
}

/** A media type of a request body or response (`content['application/json']`). */
export interface MediaTypeObject {
  readonly schema?: SchemaObject
  readonly [key: string]: unknown
}

/** A response header. */
export interface HeaderObject {
  readonly description?: string
  readonly schema?: SchemaObject
  readonly $ref?: string
  readonly [key: string]: unknown
}

/** A response. */
export interface ResponseObject {
  readonly description: string
  readonly headers?: { readonly [name: string]: HeaderObject }
  readonly content?: { readonly [mediaType: string]: MediaTypeObject }
  readonly [key: string]: unknown
}

/** An operation: one method of a path. */
export interface OperationObject {
  readonly operationId?: string
  readonly summary?: string
  readonly description?: string
  readonly deprecated?: boolean
  readonly parameters?: readonly ParameterObject[]
  readonly responses: { readonly [status: string]: ResponseObject }
  readonly [key: string]: unknown
}

/** The operations of one path, by lower-case method. */
export interface PathItemObject {
  readonly get?: OperationObject
  readonly put?: OperationObject
  readonly post?: OperationObject
  readonly delete?: OperationObject
  readonly options?: OperationObject
  readonly head?: OperationObject
  readonly patch?: OperationObject
  readonly trace?: OperationObject
  /** The QUERY operation (OpenAPI 3.2's `query`, under an `x-` name in a 3.1 document: see `operationKey`). */
  readonly 'x-query'?: OperationObject
  /** The 405 the app answers a method this path does not serve with (`versionedOpenAPI`'s `app`). */
  readonly 'x-methodNotAllowed'?: ResponseObject
  readonly [key: string]: unknown
}

/** A server the API is reached at. */
export interface ServerObject {
  readonly url: string
  readonly description?: string
  readonly [key: string]: unknown
}

/** An OpenAPI 3.1 document, as this entry point writes it (deeply frozen). */
export interface OpenAPIDocument {
  readonly openapi: string
  readonly info: {
    readonly title: string
    readonly version: string
    readonly description?: string
    readonly [key: string]: unknown
  }
  readonly servers?: readonly ServerObject[]
  readonly paths: { readonly [path: string]: PathItemObject }
  readonly components?: {
    readonly schemas?: { readonly [name: string]: SchemaObject }
    readonly headers?: { readonly [name: string]: HeaderObject }
    readonly [kind: string]: unknown
  }
  readonly [key: string]: unknown
}

/**
 * A head-version document as OpenAPI tools produce it (hono-openapi's
 * `generateSpecs`, @hono/zod-openapi's `getOpenAPI31Document` or
 * `getOpenAPIDocument`, chanfana's `getGeneratedSchema`), or written by hand:
 * any OpenAPI 3.0 or 3.1 object. Its fields are named so that a document
 * written inline (`document: { openapi, info, paths }`) compiles; their
 * values are checked when the documents are made. (An index signature would
 * refuse the documents tools type as interfaces.)
 */
export interface OpenAPIInput {
  readonly openapi: string
  readonly info?: unknown
  readonly jsonSchemaDialect?: unknown
  readonly servers?: unknown
  readonly paths?: unknown
  readonly webhooks?: unknown
  readonly components?: unknown
  readonly security?: unknown
  readonly tags?: unknown
  readonly externalDocs?: unknown
}

/** The HTTP methods a route is documented with: an OpenAPI 3.2 path item's (3.1's and QUERY). */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query'

export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']

/**
 * The key of `method`'s operation (lower case) in a path item: the method,
 * but QUERY's is `x-query`. OpenAPI 3.2 adds `query` to the Path Item; a
 * 3.1 document (what the documents are, so that 3.1 tools load them) fails
 * the 3.1 schema with it, and takes any `x-` key.
 */
export function operationKey(method: string): string {
  return method === 'query' ? 'x-query' : method
}
