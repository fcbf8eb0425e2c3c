/**
 * The keywords that judge a value on its own, compiled: `type`, `enum`,
 * `const`, the number bounds and `multipleOf`, the string lengths,
 * `pattern` and `format`. Each costs time linear in the value's size
 * (`enum` and `const` of lists and objects by canonical text).
 */
import { SchemaMistake, Unsupported, count, isContainer, unicodePattern, type Node, type Test } from './compiled.ts'
import { FORMATS } from './formats.ts'
import { canonical } from './json-values.ts'
import { isObject } from '../json/object.ts'
import { cut, quotedValue } from '../quote.ts'

const TYPES: Readonly<Record<string, Test>> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: isObject,
}

/** The characters of the allowed values an `enum` or `const` issue shows: each of up to `maxIssues` issues says them. */
const SHOWN_VALUES = 200

/**
 * The value (or values) a schema allows, as JSON writes it, cut at
 * `SHOWN_VALUES` characters (with how many values an enum has): an enum of
 * every country, said in each of 100 issues, would otherwise answer a body
 * of a few hundred bytes with a third of a megabyte.
 */
function allowed(value: unknown, count?: number): string {
  const text = JSON.stringify(value)
  if (text.length <= SHOWN_VALUES) return text
  return `${cut(text, SHOWN_VALUES)}${count === undefined ? '' : ` (${count} values)`}`
}

/** The length of a string in code points, as JSON Schema counts it. */
function codePoints(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    n++
  }
  return n
}

/** A finite number as an integer coefficient and a power of ten, from its shortest decimal text. */
function decimal(value: number): readonly [bigint, number] {
  const [coefficient = '0', exponent = '0'] = Math.abs(value).toString().split('e')
  const point = coefficient.indexOf('.')
  const fraction = point === -1 ? 0 : coefficient.length - point - 1
  return [BigInt(coefficient.replace('.', '')), Number(exponent) - fraction]
}

/** Whether `value` is a multiple of `divisor` in decimal (0.3 is a multiple of 0.1), as `@cfworker/json-schema` decides it. */
function multipleOf(divisor: number): (value: number) => boolean {
  const [dc, de] = decimal(divisor)
  const whole = Number.isSafeInteger(divisor)
  return (value) => {
    if (!Number.isFinite(value)) return false
    if (whole && Number.isSafeInteger(value)) return value % divisor === 0
    const [vc, ve] = decimal(value)
    const shift = ve - de
    return shift >= 0 ? (vc * 10n ** BigInt(shift)) % dc === 0n : vc % (dc * 10n ** BigInt(-shift)) === 0n
  }
}

/**
 * Adds the keywords of `node.s` that judge a value on its own, in this
 * order; answers where the type check is (`-1` without one), which an
 * object check made later may stand for.
 */
export function scalarKeywords({ s, keyword }: Node, at: () => number): number {
  let typeAt = -1
  if (s['type'] !== undefined) {
    const given: unknown[] = Array.isArray(s['type']) ? s['type'] : [s['type']]
    const unknown = given.find((t) => typeof t !== 'string' || !Object.hasOwn(TYPES, t))
    if (unknown !== undefined || given.length === 0) {
      const what = Array.isArray(s['type']) ? `type ${quotedValue(s['type'], 200)} has ${unknown === undefined ? 'no type' : `${quotedValue(unknown)}, which is no JSON type`}` : `type ${quotedValue(s['type'])} is no JSON type`
      throw new SchemaMistake(`a schema's ${what}; the types are ${Object.keys(TYPES).join(', ')}.`)
    }
    const names = given as string[]
    const only = names.map((t) => TYPES[t] as Test)
    const msg = `Expected "${names.join('", "')}".`
    const expected = names.length === 1 ? names[0] : undefined
    typeAt = at()
    keyword(only.length === 1 ? (only[0] as Test) : (v) => only.some((t) => t(v)), (_v, out) => out.add('type', msg, undefined, expected))
  }
  if (Array.isArray(s['enum'])) {
    const list = s['enum'] as unknown[]
    const primitives = new Set(list.filter((item) => !isContainer(item)))
    const containers = new Set(list.filter(isContainer).map((item) => canonical(item)))
    const longest = Math.max(0, ...[...containers].map((text) => text.length))
    const msg = `Expected any of ${allowed(list, list.length)}.`
    keyword(containers.size === 0 ? (v) => primitives.has(v) : (v) => (isContainer(v) ? containers.has(canonical(v, longest)) : primitives.has(v)), (_v, out) => out.add('enum', msg))
  }
  if ('const' in s) {
    const expected = s['const']
    const text = canonical(expected)
    const msg = `Expected ${allowed(expected)}.`
    keyword(isContainer(expected) ? (v) => isContainer(v) && canonical(v, text.length) === text : (v) => v === expected, (_v, out) => out.add('const', msg))
  }
  return typeAt
}

/** Adds the number bounds, `multipleOf`, the string lengths, `pattern` and `format` of `node.s`. */
export function valueKeywords({ s, keyword }: Node): void {
  const numeric = (key: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum', test: (v: number, limit: number) => boolean, words: string) => {
    const limit = s[key]
    if (limit === undefined) return
    if (typeof limit !== 'number') throw new Unsupported(key)
    const msg = `Number is ${words} ${limit}.`
    keyword((v) => typeof v !== 'number' || test(v, limit), (_v, out) => out.add(key, msg))
  }
  numeric('minimum', (v, l) => v >= l, 'less than')
  numeric('maximum', (v, l) => v <= l, 'greater than')
  numeric('exclusiveMinimum', (v, l) => v > l, 'less than or equal to')
  numeric('exclusiveMaximum', (v, l) => v < l, 'greater than or equal to')
  if (s['multipleOf'] !== undefined) {
    const divisor = s['multipleOf']
    if (typeof divisor !== 'number' || !Number.isFinite(divisor) || divisor <= 0) throw new SchemaMistake(`a schema's multipleOf is ${JSON.stringify(divisor)}, not a number greater than 0.`)
    const test = multipleOf(divisor)
    const msg = `Number is not a multiple of ${divisor}.`
    keyword((v) => typeof v !== 'number' || test(v), (_v, out) => out.add('multipleOf', msg))
  }
  if (s['minLength'] !== undefined || s['maxLength'] !== undefined) {
    const min = count(s, 'minLength') ?? 0
    const max = count(s, 'maxLength') ?? Infinity
    keyword(
      (v) => {
        if (typeof v !== 'string') return true
        // A string of n UTF-16 units has between n/2 and n code points: count them only when that decides.
        if (v.length < min || Math.ceil(v.length / 2) > max) return false
        if (v.length <= max && Math.ceil(v.length / 2) >= min) return true
        const n = codePoints(v)
        return n >= min && n <= max
      },
      (v, out) => {
        const n = codePoints(v as string)
        if (n < min) out.add('minLength', `String is too short (${n} < ${min}).`)
        else out.add('maxLength', `String is too long (${n} > ${max}).`)
      },
    )
  }
  if (s['pattern'] !== undefined) {
    const pattern = unicodePattern(s['pattern'], 'pattern')
    keyword((v) => typeof v !== 'string' || pattern.test(v), (_v, out) => out.add('pattern', 'String does not match pattern.'))
  }
  if (s['format'] !== undefined) {
    if (typeof s['format'] !== 'string') throw new Unsupported('format')
    const check = Object.hasOwn(FORMATS, s['format']) ? FORMATS[s['format']] : undefined
    // A format not asserted is an annotation.
    if (check !== undefined) {
      const msg = `String does not match format "${s['format']}".`
      keyword((v) => typeof v !== 'string' || check(v), (_v, out) => out.add('format', msg))
    }
  }
}
