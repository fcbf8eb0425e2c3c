/**
 * `hono-api-versioning/lifecycle`: the version lifecycle told to clients
 * (supported and deprecated versions, `Deprecation`, `Sunset`, 410 after a
 * sunset) and rejections as problem details.
 */
export { versionPolicy, type VersionPolicyOptions } from './policy.ts'
export { problemDetails } from './problem-details.ts'
