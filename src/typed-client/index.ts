/**
 * Typed clients per version (`hono-api-versioning/typed-client`): Hono's `hc`
 * typed with the shapes of one version of a history, sending that version
 * as the server's scheme reads it, and reporting its lifecycle. Imports no
 * server code.
 */
export { versionedClient, type ClientFetch, type ClientOfVersion, type SchemaAt, type VersionedClient, type VersionedClientOptions } from './client.ts'
export { versionLifecycle, type VersionLifecycle } from './lifecycle.ts'
export type { LayoutAt, RequestAt, ResponseAt, RouteExistsAt, ShapeAt, ValueAt, VersionsOf } from './older.ts'
export type { VersionPlacement } from './placement.ts'
