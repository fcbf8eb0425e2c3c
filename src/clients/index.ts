/**
 * `hono-api-versioning/clients`: each client pinned to its version in a
 * store (Workers KV, or memory), and who still calls each version.
 */
export { bearerClient } from './bearer.ts'
export type { CarriesVersion } from './carries.ts'
export { ClientVersionUnavailable, clientPins, UpgradeRefused, type ClientPins, type ClientPinsOptions } from './client-pins.ts'
export { d1Usage, type D1UsageDatabase, type D1UsageOptions, type D1UsageStatement } from './d1-usage.ts'
export { kvPinStore, memoryPinStore, type KVPinNamespace, type KVPinStoreOptions, type PinStore } from './pin-store.ts'
export { memoryUsage, type UsageLog, type UsagePeriod, type UsageRecorder, type VersionCall, type VersionCaller } from './usage.ts'
