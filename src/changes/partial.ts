/**
 * Partial bodies (PATCH, JSON Merge Patch): an older client's object holds
 * only the fields it sent. The instructions' `up` functions are derived for
 * it here, from the full ones: a value computed from the older object (a
 * `fieldAdded` default function, a `shapeConverted` `up`) is kept only when
 * every field it read was sent, so nothing is invented from a field the
 * client left out; a value computed only from fields sent as `null` is
 * `null` (the merge patch deletes what they became).
 */
import type { Convert } from './instruction.ts'
import { MigrationFailure } from './migration-failure.ts'
import { isObject } from '../json/object.ts'

/** What a function read of an object: the fields it asked for, and whether each was sent. */
interface Reads {
  /** Fields read that the client did not send. */
  absent: number
  /** Fields read that the client sent as a value other than `null`. */
  values: number
  /** Fields read that the client sent as `null`. */
  nulls: number
}

/** `object` seen through a proxy that counts the fields read (own fields of the object only). */
function tracked(object: Record<string, unknown>, reads: Reads): Record<string, unknown> {
  const seen = new Set<string>()
  return new Proxy(object, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !seen.has(key)) {
        seen.add(key)
        const value = target[key]
        if (value === undefined) reads.absent++
        else if (value === null) reads.nulls++
        else reads.values++
      }
      return Reflect.get(target, key, receiver) as unknown
    },
  })
}

/**
 * A `fieldAdded` default on a partial object: `undefined` (left absent) when
 * the function reads no field (a constant is never a value the client sent)
 * or a field the client did not send; `null` when it reads only fields sent
 * as `null`; else its value. A function that throws after reading an absent
 * or `null` field is read the same way (it could not derive anything).
 */
export function partialDefault(make: (older: Record<string, unknown>) => unknown, object: Record<string, unknown>): unknown {
  const reads: Reads = { absent: 0, values: 0, nulls: 0 }
  let value: unknown
  let failed: unknown = undefined
  let threw = false
  try {
    value = make(tracked(object, reads))
  } catch (error) {
    threw = true
    failed = error
  }
  if (reads.absent > 0 || reads.values + reads.nulls === 0) return undefined
  if (reads.values === 0) return null
  if (threw) throw failed
  return value
}

/**
 * A `shapeConverted` `up` for a partial object: the converter gets a copy of
 * the fields sent; when it read a field the client did not send, the fields
 * it added are left out (they may be made of nothing), and if it also took
 * away a field the client sent, the body cannot be migrated as a partial
 * one: a `MigrationFailure` (400 for the client) rather than a field lost.
 */
export function partialConverter(up: Convert): Convert {
  return function convertPartial(value: unknown): unknown {
    if (!isObject(value)) return up(value)
    const reads: Reads = { absent: 0, values: 0, nulls: 0 }
    const sent = Object.keys(value).filter((key) => value[key] !== undefined)
    let result: unknown
    try {
      // The fields sent alone: one an earlier step left `undefined` (renamed, dropped) is not read by a spread of the copy.
      result = up(tracked(Object.fromEntries(sent.map((key) => [key, value[key]])), reads))
    } catch (error) {
      if (reads.absent === 0) throw error
      throw lost(sent)
    }
    if (reads.absent === 0 || !isObject(result)) return result
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(result)) if (sent.includes(key)) out[key] = result[key]
    if (sent.some((key) => !Object.hasOwn(out, key) || out[key] === undefined)) throw lost(sent)
    return out
  }
}

function lost(sent: readonly string[]): MigrationFailure {
  return new MigrationFailure(
    'layout',
    sent.length === 0 ? 'a partial body this version cannot migrate' : 'a partial body whose fields this version migrates together with fields it does not have; send them all',
  )
}
