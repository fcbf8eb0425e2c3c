/**
 * `hono-api-versioning/hono`: the middlewares that put the version in Hono's
 * context, and `mountRoutes`, which serves a route table's routes.
 */
import type { BaseVersioning } from '../schemes/base.ts'

export {
  apiVersioning,
  type ApiVersioningMiddleware,
  type ApiVersioningOptions,
  type BoundReverse,
  type VersioningEnv,
  type VersioningVariables,
} from './api-versioning.ts'
export { mountRoutes, type RouteHandler, type RouteHandlers } from './mount-routes.ts'
export type { MiddlewareOptions } from './middleware-options.ts'
export { versionMiddleware, type VersionEnv, type VersionMiddleware } from './version-middleware.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's version, set by the `apiVersioning` and `versionMiddleware` middlewares. */
    version: string | null
    /** The scheme that determined it. */
    versioningScheme: BaseVersioning
  }
}
