/** `hono-api-versioning/formats`: ordered versions, for a scheme's `versionFormat` option. */
export { dateVersions } from './date.ts'
export { semver } from './semver.ts'
