/**
 * `hono-api-versioning/hono`: the middlewares that put the version in Hono's
 * context, `mountRoutes`, which serves a route table's routes, and
 * `appRoutes` and `named`, which name an app's own routes for links.
 */
export { apiVersioning, type ApiVersioningOptions } from './api-versioning.ts'
export { appRoutes } from './app-routes.ts'
export { mountRoutes } from './mount-routes.ts'
export type { VersioningExtension } from '../pipeline/extension.ts'
export { named } from './named.ts'
export type { VersioningEnv } from './variables.ts'
export { versionMiddleware, type AppRoutesEnv, type VersionMiddlewareOptions } from './version-middleware.ts'
