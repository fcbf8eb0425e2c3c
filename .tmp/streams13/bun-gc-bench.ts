/** bench/streams.ts on Bun with a forced collection before each heap sample (Bun has no --expose-gc; Bun.gc(true) is its own). */
;(globalThis as { gc?: () => void }).gc = () => (globalThis as unknown as { Bun: { gc(sync: boolean): void } }).Bun.gc(true)
await import('../../bench/streams.ts')
