/**
 * What every `PinStore` must do, as one suite each store's test file runs
 * against its own store (in process: memory; on workerd: D1, D1 read through
 * KV, KV, Durable Objects): no pin until one is claimed, a claim that keeps
 * the first pin and never overwrites an upgrade, a put read back whole,
 * clients kept apart, ids of any printable form up to 96 characters, and
 * (for the stores whose first pin is atomic) concurrent claims of one client
 * giving one pin.
 */
import { describe, expect, it } from 'vitest'
import type { PinStore } from '../../src/client-pins/index.ts'

export interface ContractOptions {
  /** Whether concurrent first claims of one client must agree (every store but KV alone). */
  readonly atomicClaim: boolean
}

/** Runs the contract against stores `make` gives, a fresh one per test. */
export function pinStoreContract(name: string, make: () => PinStore, { atomicClaim }: ContractOptions): void {
  describe(`${name}: the PinStore contract`, () => {
    it('has no pin for a client never claimed', async () => {
      expect(await make().get('nobody')).toBeNull()
    })

    it('claims a first pin, and keeps it against a later claim of another version', async () => {
      const store = make()
      expect(await store.claim('first', '1')).toEqual({ version: '1', previous: null, movedAt: null })
      expect(await store.claim('first', '2')).toEqual({ version: '1', previous: null, movedAt: null })
      expect(await store.get('first')).toEqual({ version: '1', previous: null, movedAt: null })
    })

    it('reads back a put whole (an upgrade with its previous version and time), and a claim never overwrites it', async () => {
      const store = make()
      await store.claim('moved', '1')
      await store.put('moved', { version: '2', previous: '1', movedAt: 1_788_000_000_000 })
      expect(await store.get('moved')).toEqual({ version: '2', previous: '1', movedAt: 1_788_000_000_000 })
      expect(await store.claim('moved', '3')).toEqual({ version: '2', previous: '1', movedAt: 1_788_000_000_000 })
      await store.put('moved', { version: '1', previous: null, movedAt: null })
      expect(await store.get('moved')).toEqual({ version: '1', previous: null, movedAt: null })
    })

    it('keeps clients apart, whatever printable form their ids take (up to 96 characters)', async () => {
      const store = make()
      const ids = ['a', 'A', `${'f'.repeat(64)}`, 'x'.repeat(96), 'with space', `quote"'\\`, '%2F/..', 'pin:other']
      for (const [i, id] of ids.entries()) await store.claim(id, `v${i}`)
      expect(await Promise.all(ids.map(async (id) => (await store.get(id))?.version))).toEqual(ids.map((_, i) => `v${i}`))
    })

    if (atomicClaim) {
      it('gives one pin to ten concurrent first claims of one client, each claim answering it', async () => {
        const store = make()
        const held = await Promise.all(['1', '2', '3', '1', '2', '3', '1', '2', '3', '1'].map((version) => store.claim('racer', version)))
        expect(new Set(held.map((pin) => pin.version)).size).toBe(1)
        expect((await store.get('racer'))?.version).toBe(held[0]?.version)
      })
    }
  })
}
