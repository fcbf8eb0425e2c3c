/**
 * The version formats: every request form of `semver()` and `dateVersions()`
 * with the release it must resolve to (or null), their construction errors
 * word for word, and hostile requests that must come back null, never throw.
 */
import { describe, expect, it } from 'vitest'
import { dateVersions } from '../../src/formats/date.ts'
import { semver } from '../../src/formats/semver.ts'

const MAX = Number.MAX_SAFE_INTEGER

describe('semver()', () => {
  // Deliberately unsorted, with 1.2.10 and 1.10.2 to catch string ordering.
  const released = ['1.2.3', '0.0.3', '2.0.0', '1.10.2', '0.1.0', '1.2.0', '0.0.4', '10.0.0', '0.1.5', '1.3.0', '1.2.10', '2.5.1', '0.2.1', '1.0.0']
  const resolve = semver().compile(released, 'test')

  it('is named semver', () => {
    expect(semver().name).toBe('semver')
  })

  const rows: [string, string, string | null][] = [
    // exact: only the version itself
    ['exact', '1.2.3', '1.2.3'],
    ['exact, compared as numbers', '1.2.10', '1.2.10'],
    ['exact, unreleased', '1.2.4', null],
    ['exact 0.0.x', '0.0.3', '0.0.3'],
    ['exact with v', 'v1.2.3', '1.2.3'],
    ['exact with V', 'V1.2.3', '1.2.3'],
    ['exact, trimmed', ' \t 1.2.3\t ', '1.2.3'],
    // partials are x-ranges
    ['partial major', '1', '1.10.2'],
    ['partial major 0', '0', '0.2.1'],
    ['partial major 10', '10', '10.0.0'],
    ['partial major, unreleased', '3', null],
    ['partial minor', '1.2', '1.2.10'],
    ['partial minor 0.0', '0.0', '0.0.4'],
    ['partial minor, unreleased', '1.4', null],
    ['partial with v', 'v2', '2.5.1'],
    // x-ranges
    ['1.x', '1.x', '1.10.2'],
    ['1.X', '1.X', '1.10.2'],
    ['1.*', '1.*', '1.10.2'],
    ['1.x.x', '1.x.x', '1.10.2'],
    ['1.2.x', '1.2.x', '1.2.10'],
    ['1.2.X', '1.2.X', '1.2.10'],
    ['1.2.*', '1.2.*', '1.2.10'],
    ['2.x', '2.x', '2.5.1'],
    ['3.x, unreleased', '3.x', null],
    ['x', 'x', '10.0.0'],
    ['X', 'X', '10.0.0'],
    ['*', '*', '10.0.0'],
    ['x.x.x', 'x.x.x', '10.0.0'],
    ['v1.x', 'v1.x', '1.10.2'],
    // caret: up to the next change of the leftmost non-zero number
    ['^1.2.3', '^1.2.3', '1.10.2'],
    ['^1.2', '^1.2', '1.10.2'],
    ['^1', '^1', '1.10.2'],
    ['^1.10.2', '^1.10.2', '1.10.2'],
    ['^1.10.3, above every 1.x', '^1.10.3', null],
    ['^2.0.1', '^2.0.1', '2.5.1'],
    ['^0.1.2 stays in 0.1', '^0.1.2', '0.1.5'],
    ['^0.1 stays in 0.1', '^0.1', '0.1.5'],
    ['^0.1.6, above every 0.1.x', '^0.1.6', null],
    ['^0.0.3 is exactly 0.0.3', '^0.0.3', '0.0.3'],
    ['^0.0.4 is exactly 0.0.4', '^0.0.4', '0.0.4'],
    ['^0.0.5, unreleased', '^0.0.5', null],
    ['^0.0 stays in 0.0', '^0.0', '0.0.4'],
    ['^0 stays in 0', '^0', '0.2.1'],
    ['^1.2.x', '^1.2.x', '1.10.2'],
    ['^0.0.x', '^0.0.x', '0.0.4'],
    ['^*', '^*', '10.0.0'],
    ['^v1.2.3', '^v1.2.3', '1.10.2'],
    ['^1.2.3, trimmed', '\t^1.2.3 ', '1.10.2'],
    // tilde: up to the next minor (the next major when only the major is given)
    ['~1.2.3', '~1.2.3', '1.2.10'],
    ['~1.2', '~1.2', '1.2.10'],
    ['~1', '~1', '1.10.2'],
    ['~1.2.11, above every 1.2.x', '~1.2.11', null],
    ['~1.3', '~1.3', '1.3.0'],
    ['~1.4, unreleased', '~1.4', null],
    ['~0.1.2', '~0.1.2', '0.1.5'],
    ['~0.0.3 reaches 0.0.4', '~0.0.3', '0.0.4'],
    ['~V1.2', '~V1.2', '1.2.10'],
    // malformed
    ['empty', '', null],
    ['blanks only', ' \t ', null],
    ['v alone', 'v', null],
    ['^ alone', '^', null],
    ['~ alone', '~', null],
    ['empty part', '1..2', null],
    ['four parts', '1.2.3.4', null],
    ['four wildcard parts', 'x.x.x.x', null],
    ['trailing dot', '1.2.', null],
    ['leading dot', '.1', null],
    ['comparator', '>=1', null],
    ['equals comparator', '=1.2.3', null],
    ['number after wildcard', '1.x.3', null],
    ['number after leading wildcard', 'x.1', null],
    ['negative', '-1', null],
    ['prerelease', '1.2.3-beta', null],
    ['build metadata', '1.2.3+build', null],
    ['leading zero major', '01.2.3', null],
    ['leading zero minor', '1.02', null],
    ['double zero', '00', null],
    ['two vs', 'vv1', null],
    ['v before the operator', 'v^1', null],
    ['two operators', '^~1', null],
    ['double caret', '^^1', null],
    ['blank after operator', '^ 1.2', null],
    ['blank inside', '1 .2', null],
    ['hyphen range', '1 - 2', null],
    ['or range', '1 || 2', null],
    ['letters', 'latest', null],
    ['x glued to a number', '1x', null],
    ['number glued to x', 'x1', null],
    ['newline is not trimmed', '1.2.3\n', null],
    ['fullwidth digits', '１.２.３', null],
    ['Arabic-Indic digit', '١', null],
    ['beyond MAX_SAFE_INTEGER', `${MAX + 1}`, null],
    ['beyond MAX_SAFE_INTEGER in the patch', `1.2.${MAX + 1}`, null],
    ['exponent', '1e3', null],
    ['65 characters', `1.2.${'9'.repeat(61)}`, null],
  ]

  it.each(rows)('%s: %j → %j', (_, requested, expected) => {
    expect(resolve(requested)).toBe(expected)
  })

  it('resolves the largest safe numbers', () => {
    const top = `${MAX}.${MAX}.${MAX}`
    const r = semver().compile(['1.0.0', top], 'test')
    expect(r(top)).toBe(top)
    expect(r(`${MAX}`)).toBe(top)
    expect(r(`^${MAX}.0.0`)).toBe(top)
    expect(r(`~${MAX}.${MAX}`)).toBe(top)
    expect(r(`${MAX}.${MAX}.${MAX - 1}`)).toBeNull()
    expect(r('*')).toBe(top)
  })

  it('trims blanks before the 64-character limit', () => {
    expect(resolve(`${' '.repeat(100)}1.2.3${'\t'.repeat(100)}`)).toBe('1.2.3')
  })

  it('resolves a single release', () => {
    const r = semver().compile(['0.0.0'], 'test')
    expect(r('0.0.0')).toBe('0.0.0')
    expect(r('^0.0.0')).toBe('0.0.0')
    expect(r('0')).toBe('0.0.0')
    expect(r('0.0.1')).toBeNull()
  })

  const sentence = (got: string, tail = '.'): string =>
    `URLPathVersioning: allowedVersions must be semantic versions such as "1.2.0" when versionFormat is semver(); got ${got}${tail}`

  const errors: [string, readonly unknown[], string][] = [
    ['none', [], 'URLPathVersioning: allowedVersions must list at least one semantic version such as "1.2.0" when versionFormat is semver().'],
    ['partial', ['1.0.0', '1.2'], sentence('"1.2"')],
    ['v prefix', ['v1.2.0'], sentence('"v1.2.0"', ' (drop the "v").')],
    ['V prefix', ['V1.2.0'], sentence('"V1.2.0"', ' (drop the "V").')],
    ['prerelease', ['1.2.0-beta'], sentence('"1.2.0-beta"')],
    ['build metadata', ['1.2.0+5'], sentence('"1.2.0+5"')],
    ['leading zero', ['01.2.0'], sentence('"01.2.0"')],
    ['range', ['^1.2.0'], sentence('"^1.2.0"')],
    ['wildcard', ['1.2.x'], sentence('"1.2.x"')],
    ['four parts', ['1.2.0.0'], sentence('"1.2.0.0"')],
    ['blanks', [' 1.2.0'], sentence('" 1.2.0"')],
    ['empty string', [''], sentence('""')],
    ['too large', [`${MAX + 1}.0.0`], sentence(`"${MAX + 1}.0.0"`, ` (each number must be at most ${MAX}).`)],
    ['not a string', [120], sentence('number 120')],
    ['null', [null], sentence('null')],
    ['duplicate', ['1.0.0', '1.2.0', '1.2.0'], 'URLPathVersioning: allowedVersions lists "1.2.0" more than once; list each version once.'],
  ]

  it.each(errors)('refuses at construction: %s', (_, list, message) => {
    expect(() => semver().compile(list as string[], 'URLPathVersioning')).toThrow(new Error(message))
  })
})

describe('dateVersions()', () => {
  const released = ['2026-11-01', '2000-02-29', '2025-06-01', '2024-02-29', '2025-01-15']
  const resolve = dateVersions().compile(released, 'test')

  it('is named date', () => {
    expect(dateVersions().name).toBe('date')
  })

  const rows: [string, string, string | null][] = [
    ['a release itself', '2025-06-01', '2025-06-01'],
    ['the day after a release', '2025-06-02', '2025-06-01'],
    ['the day before a release', '2025-05-31', '2025-01-15'],
    ['between releases, across a year', '2025-01-14', '2024-02-29'],
    ['the first release', '2000-02-29', '2000-02-29'],
    ['after a leap day', '2000-03-01', '2000-02-29'],
    ['the latest release', '2026-11-01', '2026-11-01'],
    ['after every release', '9999-12-31', '2026-11-01'],
    ['before every release', '2000-02-28', null],
    ['the first possible date', '0001-01-01', null],
    ['trimmed', ' \t2025-06-01 \t', '2025-06-01'],
    // malformed, though each is on or after some release
    ['29 February of a common year', '2025-02-29', null],
    ['29 February of a century', '2100-02-29', null],
    ['31 April', '2025-04-31', null],
    ['day 32', '2025-01-32', null],
    ['day 0', '2025-01-00', null],
    ['month 13', '2025-13-01', null],
    ['month 0', '2025-00-10', null],
    ['year 0', '0000-01-01', null],
    ['two-digit year', '25-01-01', null],
    ['five-digit year', '20250-01-01', null],
    ['unpadded', '2025-1-1', null],
    ['slashes', '2025/01/01', null],
    ['no separators', '20250101', null],
    ['with a time', '2025-01-01T00:00', null],
    ['signed year', '+2025-01-01', null],
    ['newline is not trimmed', '2025-06-01\n', null],
    ['fullwidth digits', '２０２５-０６-０１', null],
    ['empty', '', null],
    ['letters', 'latest', null],
    ['semver', '1.2.3', null],
  ]

  it.each(rows)('%s: %j → %j', (_, requested, expected) => {
    expect(resolve(requested)).toBe(expected)
  })

  it('resolves a single release', () => {
    const r = dateVersions().compile(['2026-11-01'], 'test')
    expect(r('2026-11-01')).toBe('2026-11-01')
    expect(r('2027-01-01')).toBe('2026-11-01')
    expect(r('2026-10-31')).toBeNull()
  })

  const sentence = (got: string): string =>
    `HeaderVersioning: allowedVersions must be real calendar dates written YYYY-MM-DD such as "2026-11-01" when versionFormat is dateVersions(); got ${got}.`

  const errors: [string, readonly unknown[], string][] = [
    ['none', [], 'HeaderVersioning: allowedVersions must list at least one date such as "2026-11-01" when versionFormat is dateVersions().'],
    ['30 February', ['2026-02-30'], sentence('"2026-02-30"')],
    ['29 February of a common year', ['2026-02-29'], sentence('"2026-02-29"')],
    ['unpadded', ['2026-2-1'], sentence('"2026-2-1"')],
    ['year 0', ['0000-01-01'], sentence('"0000-01-01"')],
    ['blanks', ['2026-11-01 '], sentence('"2026-11-01 "')],
    ['semver', ['1.2.0'], sentence('"1.2.0"')],
    ['not a string', [20261101], sentence('number 20261101')],
    ['duplicate', ['2026-11-01', '2025-06-01', '2026-11-01'], 'HeaderVersioning: allowedVersions lists "2026-11-01" more than once; list each date once.'],
  ]

  it.each(errors)('refuses at construction: %s', (_, list, message) => {
    expect(() => dateVersions().compile(list as string[], 'HeaderVersioning')).toThrow(new Error(message))
  })
})

describe('hostile requests: null, never a throw', () => {
  const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((c) => c !== '\t')
  const hostile: [string, string][] = [
    ['1 × 10,000', '1'.repeat(10_000)],
    ['x × 100,000', 'x'.repeat(100_000)],
    ['"1." × 5,000', '1.'.repeat(5_000)],
    ['^ × 10,000', '^'.repeat(10_000)],
    ['v × 65', 'v'.repeat(65)],
    ['digits × 1,000,000', '9'.repeat(1_000_000)],
    ['dates × 1,000', '2025-06-01'.repeat(1_000)],
    ['blanks around 100,000 digits', ` ${'1'.repeat(100_000)}\t`],
    ['NUL', '\u0000'],
    ['NUL after a version', '1.2.3\u0000'],
    ['NUL after a date', '2025-06-01\u0000'],
    ['DEL', '\u007f'],
    ['lone surrogate', '\uD800'],
    ['emoji', '\u{1F600}'],
    ['emoji version', '1.\u{1F600}.3'],
    ['right-to-left mark', '\u200F1.2.3'],
    ['BOM', '\uFEFF1.2.3'],
    ['no-break space', '\u00A01.2.3'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ...controls.map((c): [string, string] => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]),
    ...controls.map((c): [string, string] => [`1.2.3 then U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, `1.2.3${c}`]),
  ]
  const formats = [
    ['semver', semver().compile(['1.2.3', '2.0.0'], 'test')],
    ['date', dateVersions().compile(['2025-06-01'], 'test')],
  ] as const

  for (const [name, resolve] of formats) {
    it.each(hostile)(`${name}: %s`, (_, requested) => {
      expect(resolve(requested)).toBeNull()
    })

    it(`${name}: non-string requests from untyped callers`, () => {
      for (const value of [undefined, null, 1, {}, [], Symbol('s')]) expect(resolve(value as unknown as string)).toBeNull()
    })
  }
})
