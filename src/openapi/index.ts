export { apiCatalog, openAPILink } from './discovery.ts'
export { versionedOpenAPI, type VersionedOpenAPIOptions } from './documents.ts'
export { openAPIRoutes } from './serve.ts'
