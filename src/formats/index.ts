/** `hono-api-versioning/formats`: ordered versions, for a scheme's `versionFormat` option. */
export { dateVersions } from './date.ts'
export type { VersionFormat } from './format.ts'
export { semver } from './semver.ts'
