/**
 * The two ways an app serves a route table, which the hono and changes
 * suites each run their cases in: the versioning middleware on every
 * request beside `mountRoutes`, or `mountRoutes` alone.
 */
import { Hono, type MiddlewareHandler } from 'hono'

export const MOUNT_STYLES = ['app.use + mountRoutes', 'mountRoutes alone'] as const
export type MountStyle = (typeof MOUNT_STYLES)[number]

/** `app` in `style`: `versioning` used on the requests of `at` (every request by default), or nothing yet (the suite mounts its routes with `mountRoutes`). */
export function useInStyle(app: Hono, style: MountStyle, versioning: MiddlewareHandler, at = '*'): Hono {
  if (style === 'app.use + mountRoutes') app.use(at, versioning)
  return app
}

/** A new app in `style` (see useInStyle). */
export const appInStyle = (style: MountStyle, versioning: MiddlewareHandler): Hono => useInStyle(new Hono(), style, versioning)
