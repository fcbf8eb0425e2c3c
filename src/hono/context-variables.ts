/**
 * Types only: Hono's `ContextVariableMap` extended with what every versioning
 * middleware sets, so that `c.var.version` is typed on every app.
 */
import type { VersioningVariables } from './variables.ts'

declare module 'hono' {
  interface ContextVariableMap extends VersioningVariables {}
}
