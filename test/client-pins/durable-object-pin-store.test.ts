/**
 * durableObjectPinStore's and ClientPinObject's configuration mistakes, each
 * refused at construction with a sentence saying what to fix. The store
 * itself runs against a real Durable Object namespace inside workerd
 * (test/workers/durable-object-pins.test.ts).
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { describe, expect, it } from 'vitest'
import { ClientPinObject, durableObjectPinStore } from '../../src/client-pins/index.ts'

const namespace = { idFromName: (name: string) => name, get: () => ({ fetch: async () => new Response('{}') }) }

describe('durableObjectPinStore: configuration mistakes fail at construction', () => {
  it('refuses what is not a Durable Object namespace', () => {
    for (const given of [undefined, null, {}, { get: () => undefined }, 'PIN_OBJECTS']) {
      expect(() => durableObjectPinStore(given as never)).toThrow(
        'durableObjectPinStore: namespace must be a Durable Object namespace binding, such as env.PIN_OBJECTS (a [[durable_objects.bindings]] entry of wrangler.toml naming the class ClientPinObject).',
      )
    }
  })

  it('refuses a shard count outside 1 to 1024, and a name that is not 1 to 64 printable characters', () => {
    for (const shards of [0, 1025, 2.5, Number.NaN, '32']) {
      expect(() => durableObjectPinStore(namespace, { shards: shards as number })).toThrow('durableObjectPinStore: shards must be a whole number from 1 to 1024, such as 32; keep it once pins are written.')
    }
    for (const name of ['', 'x'.repeat(65), 'a b', 'pins\n', 7]) {
      expect(() => durableObjectPinStore(namespace, { name: name as string })).toThrow('durableObjectPinStore: name must be 1 to 64 printable ASCII characters, such as "client-pins".')
    }
    expect(() => durableObjectPinStore(namespace, { shards: 1024, name: 'x'.repeat(64) })).not.toThrow()
  })

  it('makes no id or stub at construction (Workers refuse them in global scope); an id per object at its first call, kept, and a stub per call', async () => {
    const names: string[] = []
    let stubs = 0
    let calls = 0
    const answer = (body: unknown) => new Response(JSON.stringify(body))
    const store = durableObjectPinStore(
      {
        idFromName: (name) => (names.push(name), name),
        get: (id) => (stubs++, { fetch: async () => (calls++, id === 'pins:0' && calls === 1 ? answer({ shards: 3 }) : answer({ pin: null })) }),
      },
      { shards: 3, name: 'pins' },
    )
    expect([names, calls, stubs]).toEqual([[], 0, 0])
    expect(await store.get('a')).toBeNull()
    expect(await store.get('a')).toBeNull()
    expect(names.length).toBe(new Set(names).size)
    expect(names[0]).toBe('pins:0')
    expect([calls, stubs]).toEqual([3, 3])
  })

  it('a shard count the object answers that is not a whole number (a damaged store) is never quoted in the error', async () => {
    const hostile = durableObjectPinStore({ idFromName: (name) => name, get: () => ({ fetch: async () => new Response(JSON.stringify({ error: 'shards changed', shards: `\r\n${'9'.repeat(64 * 1024)}` }), { status: 409 }) }) }, { shards: 3, name: 'pins' })
    await expect(hostile.get('a')).rejects.toThrow(
      new Error('durableObjectPinStore: the pins named "pins" were written with shards a count that is not a whole number, not 3: with another count clients would move to objects that hold no pin for them. Keep shards at a count that is not a whole number.'),
    )
    const moved = durableObjectPinStore({ idFromName: (name) => name, get: () => ({ fetch: async () => new Response(JSON.stringify({ error: 'shards changed', shards: 8 }), { status: 409 }) }) }, { shards: 3, name: 'pins' })
    await expect(moved.get('a')).rejects.toThrow('were written with shards 8, not 3: with another count clients would move to objects that hold no pin for them. Keep shards at 8.')
  })
})

describe('ClientPinObject', () => {
  it('refuses an object without SQLite storage, saying how to bind it', () => {
    // As workerd answers a class made with new_classes: an sql whose queries throw.
    const disabled = { sql: { exec: (): never => { throw new Error('SQL is not enabled for this Durable Object class.') } } }
    expect(() => new ClientPinObject({ storage: disabled })).toThrow(
      'ClientPinObject: the object has no SQLite storage: bind it as a SQLite-backed class (new_sqlite_classes = ["ClientPinObject"] in a [[migrations]] entry of wrangler.toml). (SQL is not enabled for this Durable Object class.)',
    )
    expect(() => new ClientPinObject({ storage: {} })).toThrow(
      'ClientPinObject: the object has no SQLite storage: bind it as a SQLite-backed class (new_sqlite_classes = ["ClientPinObject"] in a [[migrations]] entry of wrangler.toml).',
    )
  })
})
