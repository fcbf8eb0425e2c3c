/**
 * What the operator is told of a pin store that failed (`clientPins`'
 * `onStoreError`): by default one `console.error` line saying what failed
 * and what the client got, followed by the error (its message and stack).
 * Told once per failure the isolate meets: a failed store is not asked
 * again about that client for `failureTtl` (lookups.ts), so a store that is
 * down is told about once per client per `failureTtl`. Never told the
 * client's id or credential, and never able to fail a request.
 */
import { spokenDuration } from './duration.ts'

/** What failed: reading a client's pin, writing its first pin, or moving its pin off a retired version. */
export type StoreFailure = 'read' | 'claim' | 'move'

/** Told of a store failure: the error (what the store threw or rejected with, or an `Error` saying what went wrong) and what failed. */
export type OnStoreError = (error: unknown, failed: StoreFailure) => unknown

/**
 * The error of a store that answered something that is not a pin. What it
 * answered is store content (an edit or a bug can fill it with anything),
 * so it is never quoted.
 */
export function notAPin(failed: StoreFailure): Error {
  if (failed === 'claim') return new Error("The pin store's claim answered something that is not a pin: it must give the pin the client holds afterwards, { version, previous, movedAt }.")
  const call = failed === 'read' ? 'get' : 'latest (else get), reading the retired pin again before moving it,'
  return new Error(`The pin store's ${call} answered something that is neither a pin, { version, previous, movedAt }, nor null.`)
}

/** The error of a store call not settled within `storeTimeout`. */
export const timedOut = (storeTimeout: number): Error => new Error(`The pin store gave no answer within storeTimeout (${storeTimeout} ms).`)

/**
 * The default `onStoreError`: `console.error` of a sentence saying what
 * failed and what the client got (as `onLookupError` says), then the error.
 */
export function loggedStoreError(onLookupError: 'unavailable' | 'default', failureTtl: number): OnStoreError {
  const again = `failureTtl (${spokenDuration(failureTtl)})`
  const sentences: Readonly<Record<StoreFailure, string>> = {
    read:
      onLookupError === 'unavailable'
        ? `clientPins: the pin store failed to read a client's pin, so the client got a 503 (ClientVersionUnavailable); its requests that name no version get it for ${again} without the store being asked again:`
        : `clientPins: the pin store failed to read a client's pin, so the client was answered in the default version, not pinned (onLookupError "default"); its requests that name no version are answered so for ${again} without the store being asked again:`,
    claim: `clientPins: the pin store failed to write a client's first pin, so the client was answered in the default version and is not pinned; the write is tried again after ${again}:`,
    move: `clientPins: the pin store failed to move a client's pin off a retired version, so the client was answered in its fallback version (onRetiredPin) and is still pinned to the retired one; the move is tried again after ${again}:`,
  }
  return (error, failed) => console.error(sentences[failed], error)
}

/** Tells `onStoreError` of `error`: what it throws, or a promise it returns that rejects, is dropped (it never fails a request). */
export function tell(onStoreError: OnStoreError, error: unknown, failed: StoreFailure): void {
  try {
    const told = onStoreError(error, failed)
    // An async onStoreError: its rejection is not left unhandled (Node would exit).
    if (told !== undefined) Promise.resolve(told).catch(() => undefined)
  } catch {
    // An onStoreError that throws changes no answer.
  }
}
