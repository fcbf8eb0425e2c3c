export { versionedOpenAPI, type DocumentedScheme, type PinsDocumentation, type VersionedOpenAPI, type VersionedOpenAPIOptions } from './documents.ts'
export type { DocumentedRequests } from './requests.ts'
export type { ErrorFormat } from './responses.ts'
export { apiCatalog, openAPILink, type ApiCatalogOptions, type CatalogEntry, type OpenAPILinkOptions } from './discovery.ts'
export { openAPIRoutes, type OpenAPIIndexEntry, type OpenAPIRoutesOptions, type OpenAPISource } from './serve.ts'
export type { Changelog, ChangelogChange, ChangelogInstruction, ChangelogSource, ChangelogVersion } from './changelog.ts'
export type { DocumentedVersion } from './versions.ts'
export type {
  HeaderObject,
  HttpMethod,
  MediaTypeObject,
  OpenAPIDocument,
  OpenAPIInput,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
  ServerObject,
} from './types.ts'
