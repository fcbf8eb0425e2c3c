/**
 * The two-version API the version-change, validation and middleware suites
 * build again and again: versions `1` and `2` in the `Api-Version` header
 * (`2`, the head, by default), a history in which version `2` makes the
 * changes a suite is about, and a Hono app whose versioning middleware
 * migrates through that history. Each suite adds its own routes.
 */
import { Hono } from 'hono'
import { versionHistory, type VersionHistoryOptions } from '../../src/changes/index.ts'
import type { HistoryVersion } from '../../src/changes/history-options.ts'
import type { VersionHistory } from '../../src/changes/history.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

/** Versions `1` and `2` in the `Api-Version` header, `2` when a request names none. */
export const twoVersions = (): HeaderVersioning => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** A history of versions `1` and `2`, version `2` making `changes`; `options` are the rest of its options (bodies, limits ...). */
export function twoVersionHistory(
  changes: HistoryVersion['changes'],
  options: Omit<VersionHistoryOptions<'1' | '2'>, 'versions'> = {},
): VersionHistory<'1' | '2'> {
  return versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], ...options })
}

/** A Hono app whose every request goes through the versioning middleware of `twoVersions()`, migrating through `history`. */
export function migratingApp(history: VersionHistory<'1' | '2'>, app: Hono = new Hono()): Hono {
  app.use('*', versionMiddleware({ scheme: twoVersions(), changes: history }))
  return app
}
