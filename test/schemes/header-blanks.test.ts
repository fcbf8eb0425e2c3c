/**
 * HeaderVersioning trims what HTTP calls blanks around a version (spaces and tabs), and nothing else: a version
 * padded with another kind of whitespace (a no-break space, a vertical tab, a byte order mark, a line separator) is
 * not the version it looks like, and is refused as any other version not served, as the Accept header's parameters
 * and the version formats read it. A portable file: the requests are given as the scheme reads them, so every
 * runtime sees the same text (some refuse these characters in a `Headers` before any code runs).
 */
import { describe, expect, it } from 'vitest'
import { HeaderVersioning, NotFound } from '../../src/index.ts'
import type { VersionRequest } from '../../src/schemes/base.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
const open = new HeaderVersioning({ defaultVersion: 'v1' })
const carrying = (value: string): VersionRequest => ({ url: 'https://api.example.com/items', headers: { get: (name) => (name.toLowerCase() === 'api-version' ? value : null) } })

describe('HeaderVersioning and whitespace around a version', () => {
  it.each([
    ['spaces', '  v2  '],
    ['tabs', '\tv2\t'],
    ['spaces around each of two equal elements', ' v2 , v2 '],
  ])('%s are trimmed', (_name, value) => {
    expect(scheme.determineVersion(carrying(value))).toBe('v2')
  })

  it.each([
    ['a no-break space after', 'v2\u00a0'],
    ['a no-break space before', '\u00a0v2'],
    ['a vertical tab', 'v2\u000b'],
    ['a form feed', '\u000cv2'],
    ['a byte order mark', '\ufeffv2'],
    ['a line separator', 'v2\u2028'],
    ['an ideographic space', '\u3000v2'],
  ])('%s is no blank: refused as a version not served', (_name, value) => {
    expect(() => scheme.determineVersion(carrying(value))).toThrow(NotFound)
    expect(() => scheme.determineVersion(carrying(value))).toThrow('Invalid version in "Api-Version" header.')
    // Without allowedVersions, the text is the version, as sent.
    expect(open.determineVersion(carrying(value))).toBe(value)
  })

  it('a value of other whitespace alone is a version, not a missing one', () => {
    expect(() => scheme.determineVersion(carrying('\u00a0'))).toThrow(NotFound)
    expect(scheme.determineVersion(carrying(' \t '))).toBe('v1')
  })
})
