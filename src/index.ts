/**
 * `hono-api-versioning`: the versioning schemes, the errors, named routes and
 * the versioned reversal, on Web `Request`/`URL` alone.
 */
export {
  AmbiguousVersion,
  DisallowedHost,
  Gone,
  MethodNotAllowed,
  NoReverseMatch,
  NotAcceptable,
  NotFound,
  VersioningError,
} from './errors.ts'
export { createReverse } from './reverse/create-reverse.ts'
export { include, route } from './routes/definitions.ts'
export { defineRoutes } from './routes/table.ts'
export { versioned, versionNeutral } from './routes/versions.ts'
export { AcceptHeaderVersioning } from './schemes/accept-header.ts'
export { BaseVersioning } from './schemes/base.ts'
export { CombinedVersioning } from './schemes/combined.ts'
export { HeaderVersioning } from './schemes/header.ts'
export { HostNameVersioning } from './schemes/host-name.ts'
export { NamespaceVersioning } from './schemes/namespace.ts'
export type { VersioningOptions } from './schemes/options.ts'
export { QueryParameterVersioning } from './schemes/query-parameter.ts'
export { URLPathVersioning } from './schemes/url-path.ts'
