/**
 * Version changes: write each endpoint once, for the newest version, and
 * serve every older version from declared changes. Pass the history to the
 * middleware as `changes`.
 */
export { change, type Change, type ChangeOptions } from './change.ts'
export { changelogMarkdown, changelogWithRoutes, type Changelog, type ChangelogChange, type ChangelogInstruction, type ChangelogVersion } from './changelog.ts'
export {
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  type FieldAddedOptions,
  type FieldChangedOptions,
  type FieldRemovedOptions,
} from './field-changes.ts'
export { enumValuesAdded, shapeConverted, type EnumValuesAddedOptions, type ShapeConvertedOptions } from './value-changes.ts'
export type { HistoryVersion, MigrateOptions, RouteBodies, VersionHistoryOptions } from './history-options.ts'
export { versionHistory, type VersionHistory } from './history.ts'
export type { BodyCheck, RequestValidation, ValidatedHistory } from './body-checks.ts'
export type { BoundChanges } from './http-steps.ts'
export type { Instruction } from './instruction.ts'
export { MalformedJsonBody, UnreadableBody, UnsupportedBodyType } from './request-errors.ts'
export { headerChanged, pathChanged, queryParamRenamed, requestHeaderRenamed, routeAdded, routeRemoved, statusChanged, type HeaderChangedOptions } from './route-changes.ts'
export { shape, type AnyShape, type FieldOf, type Layout, type LayoutValue, type Shape, type ShapeOptions } from './shape.ts'
export type { InferOutput, StandardSchemaV1 } from './standard-schema.ts'
