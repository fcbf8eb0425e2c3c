/**
 * The contracts lock: what every released version answered when it was
 * recorded (its OpenAPI document and the responses to the recorded
 * requests), as plain JSON to commit beside the code.
 */
import { isObject } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** The format tag of a lock (it changes only if the format does). */
export const LOCK_FORMAT = 'hono-api-versioning/contracts@1'

/** A recorded response: its status, its headers (lower-case names, in name order) and its body. */
export interface RecordedResponse {
  readonly status: number
  readonly headers: { readonly [name: string]: string }
  /** The parsed JSON of a JSON response, otherwise its text (`''` when empty). */
  readonly body: unknown
}

/** What one released version answered. */
export interface RecordedVersion {
  /** Its OpenAPI document, or `null` when it has none (no `documents`, or a version the documents leave out). */
  readonly document: unknown
  /** The response to each recorded request, by the request's name. */
  readonly responses: { readonly [request: string]: RecordedResponse }
}

/** A contracts lock, as `record()` makes it and `check()` reads it. */
export interface ContractsLock {
  readonly format: typeof LOCK_FORMAT
  /** The head version when the lock was recorded (it is not recorded: it may still change). */
  readonly head: string
  /** Every released version (all but the head), oldest first. */
  readonly released: { readonly [version: string]: RecordedVersion }
}

/** `lock` as a `ContractsLock`, or an `Error` that says what is wrong with it and how to make a new one (the lock's names in it cut, `quote.ts`). */
export function checkLock(lock: unknown, where: string): ContractsLock {
  const fix = 'record it again with record() (npm run contracts -- --update in this repository)'
  if (!isObject(lock) || lock['format'] !== LOCK_FORMAT) {
    throw new Error(`${where}: the lock is not a contracts lock (its "format" is not ${JSON.stringify(LOCK_FORMAT)}); ${fix}.`)
  }
  if (typeof lock['head'] !== 'string' || !isObject(lock['released'])) {
    throw new Error(`${where}: the lock lacks its "head" version or its "released" versions; ${fix}.`)
  }
  for (const [version, recorded] of Object.entries(lock['released'])) {
    if (!isObject(recorded) || !('document' in recorded) || !isObject(recorded['responses'])) {
      throw new Error(`${where}: the lock's version ${quoted(version)} lacks its "document" or "responses"; ${fix}.`)
    }
    for (const [name, response] of Object.entries(recorded['responses'])) {
      if (!isObject(response) || typeof response['status'] !== 'number' || !isObject(response['headers']) || !('body' in response) || Object.values(response['headers']).some((v) => typeof v !== 'string')) {
        throw new Error(`${where}: the lock's response to ${quoted(name)} in version ${quoted(version)} lacks its status, headers or body; ${fix}.`)
      }
    }
  }
  return lock as unknown as ContractsLock
}
