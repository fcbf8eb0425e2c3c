/**
 * How an error message or a report sentence quotes text from outside the
 * developer's code (src/quote.ts): control characters escaped, cut to 80
 * characters with `…`, never a lone half of a surrogate pair at the cut.
 */
import { describe, expect, it } from 'vitest'
import { bare, quoted, quotedValue } from '../../src/quote.ts'

/** A half of a surrogate pair without its other half. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('quoted text', () => {
  it('escapes C0 and C1 controls, DEL and the line separators, as written and in quotes', () => {
    expect(bare('a\r\nb\t\u0000\u001b\u007f\u0085\u2028\u2029')).toBe('a\\r\\nb\\t\\u0000\\u001b\\u007f\\u0085\\u2028\\u2029')
    expect(quoted('say "hi" \\ \n')).toBe('"say \\"hi\\" \\\\ \\n"')
    expect(quoted('user-detail')).toBe(JSON.stringify('user-detail'))
  })

  it('cuts at 80 characters, the escapes counted', () => {
    expect(bare('x'.repeat(80))).toBe('x'.repeat(80))
    expect(bare('x'.repeat(81))).toBe(`${'x'.repeat(79)}…`)
    expect(bare('\n'.repeat(1024 * 1024))).toBe(`${'\\n'.repeat(39)}\\…`)
    expect(quoted('x'.repeat(78))).toBe(`"${'x'.repeat(78)}"`)
    expect(quoted('x'.repeat(79))).toBe(`"${'x'.repeat(78)}…`)
  })

  it('never leaves half of a character outside the basic plane at the cut', () => {
    const cut = bare(`${'x'.repeat(78)}😀😀`)
    expect(cut).toBe(`${'x'.repeat(78)}…`)
    expect(cut).not.toMatch(LONE)
    expect(quoted(`${'x'.repeat(77)}😀😀`)).toBe(`"${'x'.repeat(77)}…`)
    expect(bare(`${'x'.repeat(77)}😀😀`)).toBe(`${'x'.repeat(77)}😀…`)
  })
})

describe('a value a sentence names (quotedValue)', () => {
  it('quotes a string as quoted does, and writes another value as JSON, escaped and cut', () => {
    expect(quotedValue('v1\r\n')).toBe('"v1\\r\\n"')
    expect(quotedValue(`v${'9'.repeat(2 ** 20)}`)).toBe(`"v${'9'.repeat(77)}…`)
    expect([quotedValue(5), quotedValue(null), quotedValue(true), quotedValue(['a', 1])]).toEqual(['5', 'null', 'true', '["a",1]'])
    expect(quotedValue({ k: '\u0085\u2028' })).toBe('{"k":"\\u0085\\u2028"}')
    expect(quotedValue(Array.from({ length: 2 ** 16 }, () => 'x'))).toBe(`[${'"x",'.repeat(19)}"x…`)
  })

  it('names by its kind a value JSON does not write, and a cycle without throwing', () => {
    const cycle: Record<string, unknown> = {}
    cycle['self'] = cycle
    expect([quotedValue(undefined), quotedValue(() => 1), quotedValue(Symbol('s')), quotedValue(1n), quotedValue(cycle)]).toEqual(['undefined', 'function', 'symbol', '1n', '{"self":a cycle}'])
  })

  it('writes a number as JavaScript does, not as JSON (NaN, Infinity, -0 kept), also inside a list or an object', () => {
    expect([NaN, Infinity, -Infinity, -0, 0, 1.5e300].map((n) => quotedValue(n))).toEqual(['NaN', 'Infinity', '-Infinity', '-0', '0', '1.5e+300'])
    expect(quotedValue([NaN, -0, { n: -Infinity }, undefined, 2n])).toBe('[NaN,-0,{"n":-Infinity},undefined,2n]')
  })

  it('names an object that is not a plain object or a list by its kind', () => {
    class Product {}
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    expect([new Map([['a', 1]]), new Set([1]), new Date(0), new Error('x'), new Product(), Object.create(null) as object].map((v) => quotedValue(v))).toEqual(['a Map', 'a Set', 'a Date', 'an Error', 'a Product', '{}'])
    expect(quotedValue({ m: new Map(), 'k\r\n': new Uint8Array(4) })).toBe('{"m":a Map,"k\\r\\n":a Uint8Array}')
    expect(quotedValue(revoked.proxy)).toBe('an object')
  })

  it('stays bounded however large or deep the value', () => {
    let deep: unknown = 'x'.repeat(2 ** 20)
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(quotedValue(deep)).toBe(`${'['.repeat(79)}…`)
    expect(quotedValue({ version: ['\u0085'.repeat(2 ** 20)] })).toBe(`{"version":["${'\\u0085'.repeat(11)}…`)
    const wide: Record<string, number> = {}
    for (let i = 0; i < 1000; i++) wide[`k${i}`] = -0
    expect(quotedValue(wide)).toBe(`{${'"k0":-0,"k1":-0,"k2":-0,"k3":-0,"k4":-0,"k5":-0,"k6":-0,"k7":-0,"k8":-0,"k9":-0,'.slice(0, 78)}…`)
  })
})
