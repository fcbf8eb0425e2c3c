/**
 * `hono-api-versioning/hono`: the middlewares that put the version in Hono's
 * context, and `mountRoutes`, which serves a route table's routes.
 */
export { apiVersioning, type ApiVersioningMiddleware, type ApiVersioningOptions } from './api-versioning.ts'
export type { MiddlewareOptions } from './middleware-options.ts'
export { mountRoutes, type HandlerChain, type RouteHandler, type RouteHandlers } from './mount-routes.ts'
export type { BoundReverse, RouteTableVariables, VersioningEnv, VersioningVariables } from './variables.ts'
export { versionMiddleware, type VersionMiddleware } from './version-middleware.ts'
