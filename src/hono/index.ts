export * from './api-versioning.ts'
export * from './error-response.ts'
export * from './mount-routes.ts'
export * from '../lifecycle/problem-details.ts'
export * from '../http/vary.ts'
export * from './version-middleware.ts'
export type { VersioningCoreOptions } from './versioning-core.ts'

import type { BaseVersioning } from '../schemes/base.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's version, set by the `apiVersioning` middleware. */
    version: string | null
    /** The scheme that determined it. */
    versioningScheme: BaseVersioning
  }
}
