/**
 * An app whose version travels off the path (a header) and whose routes have
 * a path param named `version` of their own (`/packages/:name/:version`, a
 * package's version): the typed client leaves that param to the caller, as
 * `hc` does (package-versions.test.ts and its `.test-d.ts`).
 */
import { Hono } from 'hono'
import { versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

export const packagesHistory = versionHistory({ versions: [{ version: '1' }, { version: '2' }] })
export const packagesScheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** The app: a package's version, answered with the API version the request asked for. */
export function packagesApp() {
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: packagesScheme, changes: packagesHistory }))
  return base.get('/packages/:name/:version', (c) => c.json({ name: c.req.param('name'), version: c.req.param('version'), api: c.req.header('Api-Version') ?? null }))
}
export type PackagesApp = ReturnType<typeof packagesApp>
