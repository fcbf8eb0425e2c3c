/**
 * The check every factory makes of its options object: an object, whose
 * keys are among the options it takes, refused at construction with a
 * sentence naming them.
 */
import { quoted } from './quote.ts'

/**
 * Checks an options object: an object whose keys are among `names`
 * (`undefined` passes unless `required`).
 */
export function checkOptions(options: unknown, where: string, names: readonly string[], required = false): void {
  if (options === undefined && !required) return
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`${where}: pass an options object with ${names.join(', ')}.`)
  }
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new Error(`${where}: unknown option ${quoted(key)}; the options are ${names.join(', ')}.`)
  }
}
