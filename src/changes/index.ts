/**
 * Version changes: write each endpoint once, for the newest version, and
 * serve every older version from declared changes. Pass the history to the
 * middleware as `changes`.
 */
export { change } from './change.ts'
export { changelog } from './changelog.ts'
export { fieldAdded, fieldRemoved, fieldRenamed } from './field-changes.ts'
export { fieldChanged } from './field-changed.ts'
export { enumValuesAdded, shapeConverted } from './value-changes.ts'
export type { VersionHistoryOptions } from './history-options.ts'
export { versionHistory } from './history.ts'
export { headerChanged, pathChanged, queryParamChanged, queryParamRenamed, requestHeaderChanged, requestHeaderRenamed, routeAdded, routeRemoved, statusChanged } from './route-changes.ts'
export { BodyTooLarge, MalformedFormBody, MalformedJsonBody, UnreadableBody, UnsupportedBodyType } from './request-errors.ts'
export { shape } from './shape.ts'
