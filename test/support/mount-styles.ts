/**
 * The two ways an app serves a route table, which the hono and changes
 * suites each run their cases in: the versioning middleware on every
 * request beside `mountRoutes`, or `mountRoutes` alone.
 */
import { Hono, type MiddlewareHandler } from 'hono'

export const MOUNT_STYLES = ['app.use + mountRoutes', 'mountRoutes alone'] as const
export type MountStyle = (typeof MOUNT_STYLES)[number]

/** A new app in `style`: `versioning` used on every request, or nothing yet (the suite mounts its routes with `mountRoutes`). */
export function appInStyle(style: MountStyle, versioning: MiddlewareHandler): Hono {
  const app = new Hono()
  if (style === 'app.use + mountRoutes') app.use('*', versioning)
  return app
}
