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
  checkOptionNames(options, where, names)
}

/**
 * Refuses a key of `options` that is not among `names`, with a sentence
 * naming them and, for a misspelt one, the option it may mean: a factory
 * that ignored it would run with that option at its default, silently.
 */
export function checkOptionNames(options: object, where: string, names: readonly string[]): void {
  refuseUnknown(options, names, (key) => `${where}: unknown option ${key}; ${names.length === 1 ? `the only option is ${names[0]}` : `the options are ${names.join(', ')}`}.`)
}

/** The same for the keys of an entry of options (`where`: the entry, such as `versionHistory: bodies["GET /x"]`). */
export function checkKeyNames(entry: object, where: string, names: readonly string[]): void {
  refuseUnknown(entry, names, (key) => `${where} has an unknown key ${key}; its keys are ${names.join(', ')}.`)
}

/** Throws `sentence` of the first key of `object` not among `names`, quoted, with the name it may mean. */
function refuseUnknown(object: object, names: readonly string[], sentence: (key: string) => string): void {
  for (const key of Object.keys(object)) {
    if (names.includes(key)) continue
    const hint = meant(key, names)
    throw new Error(sentence(`${quoted(key)}${hint === undefined ? '' : ` (did you mean ${quoted(hint)}?)`}`))
  }
}

/**
 * The option a misspelt `key` may mean: one that starts with the same five
 * letters (in any case), or, for a key of four letters or more, one within
 * two edits of it (a letter added, left out or changed).
 */
function meant(key: string, names: readonly string[]): string | undefined {
  const typed = key.toLowerCase()
  if (typed.length > 64) return undefined
  return (
    names.find((name) => typed.length >= 5 && name.toLowerCase().startsWith(typed.slice(0, 5))) ??
    (typed.length < 4 ? undefined : names.find((name) => edits(typed, name.toLowerCase()) <= 2))
  )
}

/** The Levenshtein distance between `a` and `b`, row by row. */
function edits(a: string, b: string): number {
  let last = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row.push(Math.min((last[j] as number) + 1, (row[j - 1] as number) + 1, (last[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)))
    last = row
  }
  return last[b.length] as number
}
