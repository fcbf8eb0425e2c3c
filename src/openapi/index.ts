export type { Changelog } from './changelog.ts'
export { apiCatalog, openAPILink, type ApiCatalogOptions, type OpenAPILinkOptions } from './discovery.ts'
export { versionedOpenAPI, type VersionedOpenAPIOptions } from './documents.ts'
export { openAPIRoutes, type OpenAPIRoutesOptions } from './serve.ts'
