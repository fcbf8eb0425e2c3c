/**
 * The PinStore contract (test/support/pin-store-contract.ts) on the
 * in-memory store; test/workers/durable-object-pins.test.ts runs it on D1,
 * D1 read through KV, KV and Durable Objects inside workerd.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { memoryPinStore } from '../../src/client-pins/index.ts'
import { pinStoreContract } from '../support/pin-store-contract.ts'

pinStoreContract('memoryPinStore', () => memoryPinStore(), { atomicClaim: true })
