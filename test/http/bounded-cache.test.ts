import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../../src/http/bounded-cache.ts'
import { AcceptHeaderVersioning, HostNameVersioning } from '../../src/index.ts'
import type { VersionFormat } from '../../src/formats/format.ts'

describe('BoundedCache', () => {
  it('remembers, and empties itself when full', () => {
    const cache = new BoundedCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBe(3)
  })

  it('keeps no key longer than 1,024 characters, but returns its value', () => {
    const cache = new BoundedCache<number>(8)
    const long = 'x'.repeat(1025)
    expect(cache.set(long, 7)).toBe(7)
    expect(cache.get(long)).toBeUndefined()
    cache.set('x'.repeat(1024), 8)
    expect(cache.get('x'.repeat(1024))).toBe(8)
  })
})

// README ("Header and host memo tables"): at most 512 entries, emptied when full. Seen through the
// schemes: a version format counts how often a version is worked out, which a remembered header or
// host skips. The figure is written here, not read from the code.
describe('the memo tables of the schemes hold 512 entries', () => {
  /** A version format that resolves every text to "v1", counting the texts it is asked about. */
  function countingFormat(): { format: VersionFormat; asked: string[] } {
    const asked: string[] = []
    return { asked, format: { name: 'counting', compile: () => (requested) => (asked.push(requested), 'v1') } }
  }

  it.each([
    ['Accept outcomes (AcceptHeaderVersioning)', (format: VersionFormat) => {
      const scheme = new AcceptHeaderVersioning({ allowedVersions: ['v1'], versionFormat: format })
      return (i: number) => scheme.determineVersion(new Request('http://t/', { headers: { accept: `application/json; version=x${i}` } }))
    }],
    ['host versions (HostNameVersioning)', (format: VersionFormat) => {
      const scheme = new HostNameVersioning({ allowedVersions: ['v1'], versionFormat: format })
      return (i: number) => scheme.determineVersion(new Request(`http://x${i}.example.com/`))
    }],
  ])('%s', (_table, make) => {
    const { format, asked } = countingFormat()
    const determine = make(format)
    for (let i = 0; i < 512; i++) expect(determine(i)).toBe('v1')
    expect(asked).toHaveLength(512)
    // All 512 are remembered: asking again works nothing out.
    for (let i = 0; i < 512; i++) determine(i)
    expect(asked).toHaveLength(512)
    // The 513th distinct value empties the table: the first is worked out again.
    determine(512)
    expect(asked).toHaveLength(513)
    determine(0)
    expect(asked.slice(512)).toEqual(['x512', 'x0'])
  })
})
