export type { Changelog } from './changelog.ts'
export { versionedOpenAPI, type VersionedOpenAPIOptions } from './documents.ts'
export { openAPIRoutes, type OpenAPIRoutesOptions } from './serve.ts'
