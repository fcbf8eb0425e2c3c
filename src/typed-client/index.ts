/**
 * Typed clients per version (`hono-api-versioning/typed-client`): Hono's `hc`
 * typed with the shapes of one version of a history, sending that version
 * as the server's scheme reads it, and reporting its lifecycle (`onLifecycle`). Imports no
 * server code.
 */
export { versionedClient, type VersionedClientOptions } from './client.ts'
export type { ShapeAt } from './older.ts'
