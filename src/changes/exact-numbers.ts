/**
 * JSON numbers `JSON.parse` cannot read exactly: an integer beyond what a
 * double carries, which the parse rounds (`12345678901234567891` is read as
 * `12345678901234567000`). A body migrated as a value is serialised again, so
 * such a number would reach the other side changed, and nothing would say so.
 * A fraction is a double on both sides and is left alone.
 *
 * Finding one: a quick look first, for a run of 16 digits (an integer a
 * double may not hold has at least that many), reading about one character
 * in 16, and for an exponent of three digits or more (a number beyond a
 * double's range written short, `1e400`, has no such run); only then a scan
 * of the number tokens outside strings. All are linear in the text.
 *
 * Keeping one: where the runtime gives a reviver the source text of what it
 * read (`context.source`) and writes raw JSON (`JSON.rawJSON`), as Node 22,
 * Bun, Deno and workerd do, a text holding such an integer is parsed again
 * with a reviver that reads it as a `BigInt`, and the value is written back
 * with each `BigInt` as its digits. Only texts the scan found pay for it.
 */

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39

/** Whether `text` has 16 digits in a row: each look at a character that is no digit skips the 16 before the next. */
function hasLongDigitRun(text: string): boolean {
  const n = text.length
  let i = 15
  while (i < n) {
    if (!isDigit(text.charCodeAt(i))) {
      i += 16
      continue
    }
    let start = i
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--
    let end = i + 1
    while (end < n && isDigit(text.charCodeAt(end))) end++
    if (end - start >= 16) return true
    // The next run of 16 starts after this one's end, so it covers `end + 16`.
    i = end + 16
  }
  return false
}

/**
 * An exponent of three digits or more (`e400`, `E+309`, `e0400`): the only way a number without a run of 16 digits
 * goes beyond a double's range, which `JSON.parse` reads as `Infinity` and a migrated body would carry as `null`.
 * (Text such as `"file100"` matches too: it costs the scan below, which finds no such number.)
 */
const LONG_EXPONENT = /[eE]\+?[0-9]{3}/

/** Whether `text` (JSON that parsed) holds a number `JSON.parse` does not read exactly. */
export function hasInexactNumber(text: string): boolean {
  if (!hasLongDigitRun(text) && !LONG_EXPONENT.test(text)) return false
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      // A string: skipped to its closing quote, escapes included.
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === 0x5c) i += 2
        else {
          i++
          if (d === 0x22) break
        }
      }
    } else if (c === 0x2d || isDigit(c)) {
      const start = i
      i++
      while (i < n && isNumberChar(text.charCodeAt(i))) i++
      if (inexact(text.slice(start, i))) return true
    } else i++
  }
  return false
}

/** Digits, `.`, `e`, `E`, `+` and `-`: what a JSON number token is made of. */
function isNumberChar(c: number): boolean {
  return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d
}

const INTEGER = /^-?\d+$/

/**
 * Whether a number token reaches the other side changed once read and serialised again: out of range, or an
 * integer whose text `JSON.stringify` writes otherwise (`12345678901234567891` is written `12345678901234567000`;
 * `36208924926894810` is written as it came, though the double is not that integer).
 */
function inexact(token: string): boolean {
  const value = Number(token)
  if (!Number.isFinite(value)) return true
  if (Number.isSafeInteger(value) || !INTEGER.test(token)) return false
  return integerText(String(value)) !== token
}

/** An integer's text without an exponent (`1.25e+21` gives `1250000000000000000000`). */
function integerText(text: string): string {
  const e = text.indexOf('e')
  if (e === -1) return text
  const mantissa = text.slice(0, e)
  const point = mantissa.indexOf('.')
  const digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1)
  const fraction = point === -1 ? 0 : mantissa.length - point - 1
  return digits + '0'.repeat(Number(text.slice(e + 1)) - fraction)
}

/** What the runtime offers for reading and writing numbers as their text (ES2026's JSON.parse source text access). */
interface SourceJson {
  rawJSON?: (text: string) => unknown
}

/** A reviver's third argument, where the runtime gives it: the text a primitive value was read from. */
type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown

const json = JSON as unknown as SourceJson

/** Whether this runtime gives revivers the source text and writes raw JSON (Node 22, Bun, Deno, workerd; not Node 20). */
export const SOURCE_ACCESS: boolean = typeof json.rawJSON === 'function' && (JSON.parse as (text: string, reviver: Reviver) => unknown)('1', (_key, value, context) => (context?.source === '1' ? value : null)) === 1

/**
 * Why a body or an item holding such a number is not migrated (the end of a sentence naming it): where the runtime
 * keeps integers exact, only a number beyond a double's range that is no integer is left.
 */
export const INEXACT: string = SOURCE_ACCESS
  ? "it holds a number beyond a double's range that is no integer (such as 1e400), or an integer of more than 4,300 digits, which the migrated value would carry changed; send such numbers as strings"
  : 'it holds an integer JSON.parse does not read exactly (beyond 2^53), which the migrated value would carry rounded, and this runtime gives JSON.parse no source text to read it exactly (Node 22, Bun, Deno and workerd do); send such numbers as strings'

/**
 * The most digits an integer kept exact may have: reading and writing a `BigInt` costs more than in proportion to
 * its length, so a body of one integer 1 MiB long would cost far more than a body of ids (bench/request-bodies.ts
 * measures both); no id or amount comes near it. Python caps its integers' text at the same length for the same
 * reason.
 */
export const MAX_EXACT_DIGITS = 4300

/** Reads an integer token `JSON.parse` rounds as a `BigInt`; a number out of range that is no integer (`1e400`), or a longer one, cannot be kept. */
const exactReviver: Reviver = (_key, value, context) => {
  if (typeof value !== 'number') return value
  const source = context?.source
  if (source === undefined || !inexact(source)) return value
  if (!INTEGER.test(source) || source.length - (source.charCodeAt(0) === 0x2d ? 1 : 0) > MAX_EXACT_DIGITS) throw new Inexact()
  return BigInt(source)
}

/** A number the exact reading cannot keep either. */
class Inexact extends Error {}

/**
 * The value of JSON text `text` (which `hasInexactNumber` found holding an
 * integer `JSON.parse` rounds), each such integer read as a `BigInt` with its
 * exact digits; `undefined` where that cannot be done: a runtime without
 * source text access, or a number out of a double's range that is no integer
 * (`1e400`) or an integer of more than `MAX_EXACT_DIGITS` digits. Throws what
 * `JSON.parse` throws for text that is not JSON.
 */
export function parseExact(text: string, access: boolean = SOURCE_ACCESS): unknown {
  if (!access) {
    JSON.parse(text)
    return undefined
  }
  try {
    return (JSON.parse as (text: string, reviver: Reviver) => unknown)(text, exactReviver)
  } catch (error) {
    if (error instanceof Inexact) return undefined
    throw error
  }
}

/** Writes a `BigInt` as its digits (its holder's own value: a `toJSON` some code gave BigInt would write it as a string). */
function exactReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const own = this[key]
  return typeof own === 'bigint' ? (json.rawJSON as (text: string) => unknown)(own.toString()) : value
}

/**
 * `value` as JSON text, as `JSON.stringify` writes it, each `BigInt` in it
 * (an integer `parseExact` kept, or one a converter gave) written as its
 * digits. Only for values `parseExact` read: elsewhere a `BigInt` is not JSON.
 */
export function stringifyExact(value: unknown): string {
  return JSON.stringify(value, exactReplacer) as string
}

/**
 * A migrated value as JSON text: `JSON.stringify`'s, or, for a value read by `parseExact` (`exact`) or holding a
 * `BigInt` a converter gave, with each `BigInt` written as its digits where the runtime can (elsewhere it throws
 * `JSON.stringify`'s `TypeError`). A value without one pays nothing more.
 */
export function stringifyMigrated(value: unknown, exact: boolean): string {
  if (!exact) {
    try {
      return JSON.stringify(value)
    } catch (error) {
      if (!(error instanceof TypeError) || !SOURCE_ACCESS) throw error
    }
  }
  return stringifyExact(value)
}
