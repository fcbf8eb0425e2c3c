/**
 * Which JSON texts hold a number `JSON.parse` does not read exactly: an
 * integer beyond 2^53 that a double rounds, or one too long for a double;
 * never digits inside a string, a fraction, or an integer a double holds (or
 * writes back as it came). Portable.
 */
import { describe, expect, it } from 'vitest'
import { hasInexactNumber } from '../../src/changes/exact-numbers.ts'

describe('hasInexactNumber', () => {
  it('finds an integer a double rounds, wherever its digits fall', () => {
    const texts = [
      '12345678901234567891',
      '{"id":9007199254740993}',
      '[1,-98765432109876543211]',
      '{"n":1234567890123456789012}',
      `{"n":1${'0'.repeat(400)}}`,
      '{"s":"\\\\","n":12345678901234567891}',
      `{"pad":"${'x'.repeat(15)}","id":12345678901234567891}`,
      `${' '.repeat(7)}[12345678901234567891]`,
    ]
    for (const text of texts) expect(hasInexactNumber(text)).toBe(true)
  })

  it('leaves digits in strings, fractions, and integers a double holds or writes as they came', () => {
    const texts = [
      '{"card":"12345678901234567891"}',
      '{"s":"\\"12345678901234567891"}',
      '{"n":9007199254740992}',
      '{"n":100000000000000000000}',
      '{"b":[36208924926894810]}',
      '{"n":-1234567890123456800000}',
      '{"f":0.12345678901234567890123}',
      '{"e":1e300}',
      '{"n":-0}',
      '[123456789012345,1234567890123456]',
      '[]',
    ]
    for (const text of texts) expect(hasInexactNumber(text)).toBe(false)
  })
})
