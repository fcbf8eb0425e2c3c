/**
 * The check every factory makes of its options object: an object, whose
 * keys are among the options it takes, refused at construction with a
 * sentence naming them.
 */
import { quoted } from './quote.ts'

/**
 * Whether `value` is an object of named entries, as options and tables by name are: not `null`, a list, a `Map`, a
 * `Set`, a `Date` or another of the language's objects (their tag is their kind, `[object Date]`), whose entries
 * `Object.keys` does not see (given one, a factory would read none of them, silently). An instance of a class of the
 * app's own is a record, as an object from another realm and a module's namespace are.
 */
export function isRecord(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  const tag = Object.prototype.toString.call(value)
  // A module's namespace (`import * as schemas from './schemas.ts'`) is one: its exports are its keys.
  return tag === '[object Object]' || tag === '[object Module]'
}

/**
 * Checks an options object: an object whose keys are among `names`
 * (`undefined` passes unless `required`).
 */
export function checkOptions(options: unknown, where: string, names: readonly string[], required = false): void {
  if (options === undefined && !required) return
  if (!isRecord(options)) {
    throw new Error(`${where}: pass an options object with ${names.join(', ')}.`)
  }
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new Error(`${where}: unknown option ${quoted(key)}; the options are ${names.join(', ')}.`)
  }
}
