/**
 * What the operator is told of a pin store that fails (`onStoreError`): a
 * read, a first pin or a move that throws, rejects, takes longer than
 * `storeTimeout` or answers something that is not a pin is told once per
 * client per `failureTtl`, with what failed and an error saying what went
 * wrong (never the stored text, the client's id or its key); by default as
 * one `console.error` line starting `clientPins:`, then the error; an
 * `onStoreError` that throws or rejects changes no answer.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { describe, expect, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import { clientPins, memoryPinStore, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import { idOf, NOW, pinnedThings } from '../support/client-pins-fixture.ts'

const pin = (version: string) => ({ version, previous: null, movedAt: null })
const never = <T>(): Promise<T> => new Promise<T>(() => undefined)
/** Text a store holds that no answer, log or error may quote. */
const STORED = 'hand-edited <script>stored text</script>'

/** A store answering as `memoryPinStore(initial)`, but for the calls `broken` gives. */
function storeWith(broken: Partial<PinStore>, initial: Record<string, string> = {}): PinStore {
  return { ...memoryPinStore(initial), ...broken }
}

/** The things API over `store` (versions 1 to 3, default 3) on a clock of its own, with each `onStoreError` call told in `told`. */
function app(store: PinStore, options: Partial<ClientPinsOptions> = {}) {
  const clock = { now: NOW }
  const told: { error: unknown; failed: string; args: number }[] = []
  const things = pinnedThings(store, new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), {
    failureTtl: 30_000,
    storeTimeout: 20,
    now: () => clock.now,
    onStoreError: (...args: unknown[]) => void told.push({ error: args[0], failed: args[1] as string, args: args.length }),
    ...options,
  })
  return { ...things, told, clock }
}

/** The message of `error` (an Error's, else its text). */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const unavailable = { status: 503, body: { detail: "The client's API version could not be looked up; retry, or name a version." } }
const inDefault = { status: 200, body: { version: '3' } }

describe('onStoreError: a failed read', () => {
  const thrown = new Error('get threw')
  const rejected = new Error('get rejected')
  const reads: [string, PinStore['get'], (error: unknown) => void][] = [
    ['throws', () => { throw thrown }, (error) => expect(error).toBe(thrown)],
    ['rejects', () => Promise.reject(rejected), (error) => expect(error).toBe(rejected)],
    ['takes longer than storeTimeout', () => never(), (error) => expect(messageOf(error)).toBe('The pin store gave no answer within storeTimeout (20 ms).')],
    ['answers text that is not a pin', async () => STORED as never, (error) => expect(messageOf(error)).toBe("The pin store's get answered something that is neither a pin, { version, previous, movedAt }, nor null.")],
    ['answers an object that is not a pin', async () => ({ version: 7, note: STORED }) as never, (error) => expect(error).toBeInstanceOf(Error)],
  ]
  it.each(reads)('a get that %s: told once per client per failureTtl, as "read", the answers unchanged', async (_name, get, check) => {
    const { get: request, told, clock, errors } = app(storeWith({ get }))
    for (let i = 0; i < 3; i++) expect(await request('read-key')).toEqual(unavailable)
    expect(told.map((t) => [t.failed, t.args])).toEqual([['read', 2]])
    check(told[0]?.error)
    // Another client: its own failure.
    expect(await request('other-key')).toEqual(unavailable)
    expect(told.length).toBe(2)
    // Past failureTtl the store is asked again, and told again.
    clock.now += 30_001
    expect(await request('read-key')).toEqual(unavailable)
    expect(told.length).toBe(3)
    const id = await idOf('read-key')
    for (const { error } of told) {
      expect(messageOf(error)).not.toContain('stored text')
      expect(messageOf(error)).not.toContain(id)
      expect(messageOf(error)).not.toContain('read-key')
    }
    expect(errors).toEqual([])
  })

  it('with onLookupError "default": told the same, the client answered in the default', async () => {
    const { get, told } = app(storeWith({ get: () => Promise.reject(new Error('down')) }), { onLookupError: 'default' })
    expect(await get('lenient-key')).toEqual(inDefault)
    expect(await get('lenient-key')).toEqual(inDefault)
    expect(told.map((t) => t.failed)).toEqual(['read'])
  })

  it('concurrent requests of a client share one read, and one telling', async () => {
    const { get, told } = app(storeWith({ get: () => Promise.reject(new Error('down')) }))
    expect(await Promise.all([get('busy-key'), get('busy-key'), get('busy-key')])).toEqual([unavailable, unavailable, unavailable])
    expect(told.length).toBe(1)
  })

  it('a store that answers is not told of', async () => {
    const { get, told } = app(memoryPinStore())
    expect(await get('fine-key')).toEqual(inDefault)
    expect(await get('fine-key')).toEqual(inDefault)
    expect(told).toEqual([])
  })
})

describe('onStoreError: a failed first pin', () => {
  const claims: [string, PinStore['claim'], string | undefined][] = [
    ['throws', () => { throw new Error('claim threw') }, 'claim threw'],
    ['rejects', () => Promise.reject(new Error('claim rejected')), 'claim rejected'],
    ['takes longer than storeTimeout', () => never(), 'The pin store gave no answer within storeTimeout (20 ms).'],
    ['answers text that is not a pin', async () => STORED as never, "The pin store's claim answered something that is not a pin: it must give the pin the client holds afterwards, { version, previous, movedAt }."],
    ['answers undefined', async () => undefined as never, "The pin store's claim answered something that is not a pin: it must give the pin the client holds afterwards, { version, previous, movedAt }."],
  ]
  it.each(claims)('a claim that %s: told once per failureTtl, as "claim", the client answered in the default', async (_name, claim, message) => {
    const { get, told, clock } = app(storeWith({ claim }))
    for (let i = 0; i < 3; i++) expect(await get('first-key')).toEqual(inDefault)
    expect(told.map((t) => t.failed)).toEqual(['claim'])
    expect(messageOf(told[0]?.error)).toBe(message)
    clock.now += 30_001
    expect(await get('first-key')).toEqual(inDefault)
    expect(told.map((t) => t.failed)).toEqual(['claim', 'claim'])
  })
})

describe('onStoreError: a failed move off a retired pin', () => {
  it('a put that rejects: told once per failureTtl, as "move", the client answered in its fallback', async () => {
    const store = storeWith({ put: () => Promise.reject(new Error('put rejected')) }, { [await idOf('retired-key')]: '0' })
    const { get, told } = app(store, { onRetiredPin: 'default' })
    for (let i = 0; i < 3; i++) expect(await get('retired-key')).toEqual(inDefault)
    expect(told.map((t) => [t.failed, messageOf(t.error)])).toEqual([['move', 'put rejected']])
  })

  it('a pin read again that is not one: told as "move", with a sentence saying so', async () => {
    let reads = 0
    const store = storeWith({ get: async () => (++reads === 1 ? pin('0') : (STORED as never)) })
    const { get, told } = app(store, { onRetiredPin: 'oldest' })
    expect(await get('retired-key')).toEqual({ status: 200, body: { version: '1' } })
    expect(told.map((t) => t.failed)).toEqual(['move'])
    expect(messageOf(told[0]?.error)).toBe("The pin store's latest (else get), reading the retired pin again before moving it, answered something that is neither a pin, { version, previous, movedAt }, nor null.")
  })
})

describe('onStoreError that fails', () => {
  const failing: [string, () => unknown][] = [
    ['throws', () => { throw new Error('onStoreError threw') }],
    ['rejects', () => Promise.reject(new Error('onStoreError rejected'))],
    ['is async and throws', async () => { throw new Error('onStoreError threw, async') }],
  ]
  it.each(failing)('one that %s changes no answer (and leaves no unhandled rejection)', async (_name, onStoreError) => {
    const down = storeWith({ get: () => Promise.reject(new Error('down')), claim: () => Promise.reject(new Error('down')) })
    const options = { onStoreError: onStoreError as ClientPinsOptions['onStoreError'] }
    const strict = app(down, options)
    expect(await strict.get('any-key')).toEqual(unavailable)
    expect(await strict.get('any-key')).toEqual(unavailable)
    const lenient = app(down, { ...options, onLookupError: 'default' })
    expect(await lenient.get('any-key')).toEqual(inDefault)
    const claims = app(storeWith({ claim: () => Promise.reject(new Error('down')) }), options)
    expect(await claims.get('any-key')).toEqual(inDefault)
    expect([...strict.errors, ...lenient.errors, ...claims.errors]).toEqual([])
    // Any rejection left unhandled surfaces in the runtime before the test ends.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it('a non-function is refused when the pins are made', () => {
    expect(() => clientPins({ store: memoryPinStore(), client: () => null, onStoreError: 'log' as never })).toThrow(
      'clientPins: onStoreError must be a function (error, failed) => void, told of each store failure (failed: "read", "claim" or "move"); () => {} tells nothing.',
    )
  })
})

describe('onStoreError by default', () => {
  /** Runs `test` with console.error's calls kept in `logged`. */
  async function logging(test: (logged: unknown[][]) => Promise<void>): Promise<void> {
    const original = console.error
    const logged: unknown[][] = []
    console.error = (...args: unknown[]) => void logged.push(args)
    try {
      await test(logged)
    } finally {
      console.error = original
    }
  }
  const defaults = { onStoreError: undefined }

  it('logs a failed read once per failureTtl with console.error: a sentence saying what failed and that the client got a 503, then the error', () =>
    logging(async (logged) => {
      const error = new Error('D1_ERROR: no such table: client_pins')
      const { get } = app(storeWith({ get: () => Promise.reject(error) }), defaults)
      for (let i = 0; i < 3; i++) expect(await get('logged-key')).toEqual(unavailable)
      expect(logged).toEqual([
        [
          "clientPins: the pin store failed to read a client's pin, so the client got a 503 (ClientVersionUnavailable); its requests that name no version get it for failureTtl (30 seconds) without the store being asked again:",
          error,
        ],
      ])
    }))

  it('says what the client got with onLookupError "default", and for a first pin or a move', () =>
    logging(async (logged) => {
      const down = (): Promise<never> => Promise.reject(new Error('down'))
      await app(storeWith({ get: down }), { ...defaults, onLookupError: 'default', failureTtl: 60_000 }).get('key-1')
      await app(storeWith({ claim: down }), defaults).get('key-2')
      await app(storeWith({ put: down }, { [await idOf('key-3')]: '0' }), { ...defaults, onRetiredPin: 'default' }).get('key-3')
      expect(logged.map((args) => args[0])).toEqual([
        `clientPins: the pin store failed to read a client's pin, so the client was answered in the default version, not pinned (onLookupError "default"); its requests that name no version are answered so for failureTtl (1 minute) without the store being asked again:`,
        "clientPins: the pin store failed to write a client's first pin, so the client was answered in the default version and is not pinned; the write is tried again after failureTtl (30 seconds):",
        "clientPins: the pin store failed to move a client's pin off a retired version, so the client was answered in its fallback version (onRetiredPin) and is still pinned to the retired one; the move is tried again after failureTtl (30 seconds):",
      ])
      expect(logged.map((args) => messageOf(args[1]))).toEqual(['down', 'down', 'down'])
      const ids = await Promise.all(['key-1', 'key-2', 'key-3'].map(idOf))
      for (const line of logged.flat().map(messageOf)) for (const text of [...ids, 'key-1', 'key-2', 'key-3']) expect(line).not.toContain(text)
    }))

  it('() => {} logs nothing', () =>
    logging(async (logged) => {
      expect(await app(storeWith({ get: () => Promise.reject(new Error('down')) }), { onStoreError: () => {} }).get('quiet-key')).toEqual(unavailable)
      expect(logged).toEqual([])
    }))
})
