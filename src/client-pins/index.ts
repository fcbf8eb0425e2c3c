/**
 * `hono-api-versioning/client-pins`: each client pinned to its version in a
 * store (D1, Durable Objects, Workers KV, or memory), named by an identity rather than its
 * credential, and who still calls each version (D1, Analytics Engine, memory).
 */
export { analyticsUsage, type AnalyticsUsageOptions } from './analytics-usage.ts'
export { ClientVersionUnavailable, clientPins, UpgradeRefused } from './client-pins.ts'
export { d1PinStore } from './d1-pin-store.ts'
export { durableObjectPinStore } from './durable-object-pin-store.ts'
export { d1Usage, type D1UsageOptions } from './d1-usage.ts'
export { bearerClient, jwtSubject } from './identity.ts'
export type { ClientPinsOptions } from './options.ts'
export { kvPinStore, memoryPinStore, readThrough, type PinStore } from './pin-store.ts'
export { memoryUsage, type UsageRecorder } from './usage.ts'
export { ClientPinObject } from './pin-object.ts'
