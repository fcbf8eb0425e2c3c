/**
 * `hono-api-versioning/client-pins`: each client pinned to its version in a
 * store (D1, Workers KV, or memory), named by an identity rather than its
 * credential, and who still calls each version (D1, Analytics Engine, memory).
 */
export { analyticsUsage, type AnalyticsDataset, type AnalyticsUsage, type AnalyticsUsageOptions } from './analytics-usage.ts'
export type { CarriesVersion } from './carries.ts'
export { ClientVersionUnavailable, clientPins, UpgradeRefused, type ClientPins } from './client-pins.ts'
export type { D1Database, D1Statement } from './d1.ts'
export { d1PinStore, type D1PinStoreOptions } from './d1-pin-store.ts'
export { d1Usage, type D1UsageOptions } from './d1-usage.ts'
export { bearerClient, clientHasher, jwtSubject, type BearerClientOptions, type ClientOf, type HashedClient, type JwtSubjectOptions } from './identity.ts'
export type { ClientPinsOptions } from './options.ts'
export { kvPinStore, memoryPinStore, readThrough, type KVPinNamespace, type KVPinStoreOptions, type Pin, type PinStore } from './pin-store.ts'
export type { BatchOptions } from './usage-buffer.ts'
export { memoryUsage, type CallersPage, type CallersQuery, type UsageLog, type UsageRecorder, type VersionCall, type VersionCaller } from './usage.ts'
