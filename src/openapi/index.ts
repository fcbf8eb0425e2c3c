export { versionedOpenAPI, type DocumentedScheme, type VersionedOpenAPI, type VersionedOpenAPIOptions } from './documents.ts'
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
