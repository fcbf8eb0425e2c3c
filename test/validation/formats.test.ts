/**
 * `format` in the compiled closures: each format asserted accepts exactly
 * the strings @cfworker/json-schema's check of it accepts (on listed
 * strings, and on strings generated from the characters of each format),
 * a format 2020-12 does not define is an annotation, and a refusal names the
 * format, never the string.
 */
import { format as reference } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileSchema } from '../support/compile-schema.ts'
import { FORMATS } from '../../src/validation/formats.ts'
import { partValidator } from '../../src/validation/validate.ts'
import { assertProperty } from '../support/property-runs.ts'

/** Strings each format's check must judge as the library does: valid ones, near misses, and odd ones. */
const LISTED: Readonly<Record<string, readonly string[]>> = {
  'date-time': ['2024-02-29T23:59:59Z', '2024-02-29t23:59:59.123+01:00', '2024-02-29 23:59:59Z', '2023-02-29T00:00:00Z', '2024-01-01T00:00:00', '2024-01-01T24:00:00Z', '1998-12-31T23:59:60Z', '1998-12-31T22:59:60-01:00', '2024-01-01T12:00:60Z', '2024-01-01TT12:00:00Z', '2024-01-01\t12:00:00Z'],
  date: ['2024-02-29', '2023-02-29', '2024-13-01', '2024-00-10', '2024-1-01', '20240101', '2024-04-31', '١٢٣٤-01-01'],
  time: ['23:59:59Z', '23:59:59', '12:00:00.5+05:30', '12:00:00+24:00', '23:59:60Z', '00:00:00z'],
  duration: ['P1D', 'PT1H', 'P1Y2M3DT4H5M6S', 'P1W', 'P', 'PT', 'P1DT', 'P1.5D', 'P1W2D'],
  email: ['a@example.com', 'first.last@sub.example.org', '"quoted name"@example.com', '.a@example.com', 'a.@example.com', 'a..b@example.com', 'a@[127.0.0.1]', 'a@[IPv6:::1]', 'a@-example.com', 'a@', '@example.com', `${'a'.repeat(65)}@example.com`],
  hostname: ['example.com', 'a', 'a-b.c', '-a.com', 'a-.com', 'a..b', 'a.', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}a`, 'xn--bcher-kva.example'],
  ipv4: ['127.0.0.1', '255.255.255.255', '256.0.0.1', '01.02.003.4', '1.2.3', '1.2.3.4.5', '1.2.3.04 '],
  ipv6: ['::1', '::', '1:2:3:4:5:6:7:8', '1::8', '1:2:3:4:5:6:7::', '::ffff:127.0.0.1', '::ffff:127.0.0.01', '1:2:3:4:5:6:7:8:9', 'g::1', 'fe80::1%eth0', '1:2:3:4:5:6:1.2.3.4'],
  uri: ['https://example.com/a?b#c', 'urn:isbn:0451450523', 'mailto:a@example.com', '//example.com', '/relative', 'relative', 'http://[::1]:80/', 'http://a b', 'http:/[::1]/x', 'a:%zz'],
  'uri-reference': ['', '#frag', '?q', '/a/b', 'a/b', '//host', 'https://example.com', '\\\\a', 'a b', '1a:b', 'a"b'],
  'uri-template': ['http://example.com/{id}', '{+path}/x', '{', '{a,b}', '}'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000', '123e4567e89b12d3a456426614174000', '123e4567-e89b-12d3-a456-42661417400g'],
  regex: ['^a+$', '(', '\\Z', 'a\\Z', '[a-'],
  'json-pointer': ['', '/a/b', '/a~1b', '/a~2', 'a'],
  'json-pointer-uri-fragment': ['#', '#/a/b', '#/a%20b', '/a'],
  'relative-json-pointer': ['0', '1/a', '0#', '-1', '01'],
}

/** Characters each format is made of, and some that are not. */
const ALPHABETS: Readonly<Record<string, string>> = {
  'date-time': '0123456789-:T tZz.+0123456789',
  date: '0123456789-0123456789',
  time: '0123456789:Zz.+-0123456789',
  duration: 'PYMWDTHS0123456789.',
  email: 'ab.@-"[]:1 \\',
  hostname: 'ab-.0Z_',
  ipv4: '0123456789...',
  ipv6: '0123456789abcdefg:::.%',
  uri: 'ab:/?#@%20[]:.~ "',
  'uri-reference': 'ab:/?#@%20[]:.~ "',
  'uri-template': 'ab{}+#,/%20:*',
  uuid: '0123456789abcdefABCDEF-g',
  regex: 'a()[]\\Z+*?{}',
  'json-pointer': '/~01a',
  'json-pointer-uri-fragment': '#/~01a%20',
  'relative-json-pointer': '0123/#~',
}

const fromAlphabet = (alphabet: string) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join(''))

describe('format checks accept what @cfworker/json-schema accepted', () => {
  const names = Object.keys(FORMATS)

  it('asserts the formats of 2020-12 and the library, and no others', () => {
    expect(names.sort()).toEqual(Object.keys(reference).filter((name) => name !== 'url').sort())
  })

  it.each(names)('%s', (name) => {
    const ours = FORMATS[name] as (text: string) => boolean
    const theirs = (reference as Record<string, (text: string) => boolean>)[name] as (text: string) => boolean
    for (const text of LISTED[name] ?? []) expect([text, ours(text)]).toEqual([text, theirs(text)])
    // Valid strings of the other formats are near misses of this one.
    for (const text of Object.values(LISTED).flat()) expect([text, ours(text)]).toEqual([text, theirs(text)])
    assertProperty(
      fc.property(fc.oneof(fromAlphabet(ALPHABETS[name] as string), fc.string({ maxLength: 12 })), (text) => {
        expect(ours(text)).toBe(theirs(text))
      }),
      { numRuns: 500 },
    )
  })
})

describe('format in a schema', () => {
  it('is asserted on strings only', () => {
    const test = compileSchema({ format: 'email' }) as (value: unknown) => boolean
    expect([test('a@example.com'), test('not an address'), test(3), test(null), test(['x'])]).toEqual([true, false, true, true, true])
  })

  it('an unknown format, and url, are annotations', () => {
    for (const format of ['no-such-format', 'url', 'int32', 'binary']) {
      const test = compileSchema({ type: 'string', format }) as (value: unknown) => boolean
      expect(test).not.toBeNull()
      expect(test('anything at all')).toBe(true)
    }
  })

  it('a refusal names the format, never the string', () => {
    const validate = partValidator({ type: 'object', properties: { contact: { type: 'string', format: 'email' } } }, { maxIssues: 10, maxDepth: 8, names: (type) => type }, 'test')
    expect(validate({ contact: '<img src=x onerror=alert(1)>' }, 'body')).toEqual([{ loc: ['body', 'contact'], msg: 'String does not match format "email".', type: 'format' }])
  })
})
