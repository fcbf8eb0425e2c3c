/**
 * `hono-api-versioning/hono`: the middlewares that put the version in Hono's
 * context, `mountRoutes`, which serves a route table's routes, and
 * `appRoutes` and `named`, which name an app's own routes for links.
 */
export { apiVersioning, type ApiVersioningMiddleware, type ApiVersioningOptions } from './api-versioning.ts'
export { appRoutes, type AppReverse, type AppReverseOptions, type AppRouteTable, type QueryValue } from './app-routes.ts'
export type { NamedRoutesApp } from './app-route-names.ts'
export type { MiddlewareOptions } from './middleware-options.ts'
export type { BoundExtension, ExchangeView, ExtensionTarget, VersioningExtension } from '../pipeline/extension.ts'
export { mountRoutes, type HandlerChain, type RouteHandler, type RouteHandlers } from './mount-routes.ts'
export { named } from './named.ts'
export type { BoundReverse, RouteTableVariables, VersioningEnv, VersioningVariables } from './variables.ts'
export {
  versionMiddleware,
  type AppRoutesEnv,
  type AppRoutesVariables,
  type VersionMiddleware,
  type VersionMiddlewareOptions,
} from './version-middleware.ts'
