import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { authorityOf, hostOf } from '../../src/http/request-url.ts'
import { assertProperty } from '../support/property-runs.ts'

/** The definition authorityOf reads with indexOf: `scheme://` and the authority up to the first `/`, `?` or `#`. */
const ABSOLUTE = /^[^/?]+:\/\/([^/?#]*)/

describe('authorityOf', () => {
  it('reads the authority of absolute URLs, and nothing of other text', () => {
    expect(authorityOf('http://v1.api.example:8787/users?version=1#top')).toBe('v1.api.example:8787')
    expect(authorityOf('https://user:pass@api.example/')).toBe('user:pass@api.example')
    expect(authorityOf('http://api.example?x=1')).toBe('api.example')
    expect(authorityOf('http://api.example#x')).toBe('api.example')
    expect(authorityOf('http://')).toBe('')
    expect(authorityOf('/users')).toBe('')
    expect(authorityOf('://host/')).toBe('')
    expect(authorityOf('a?b://host/')).toBe('')
    expect(authorityOf('http:/host/')).toBe('')
    expect(authorityOf('')).toBe('')
    expect(hostOf('http://user@v2.api.example:8787/')).toBe('v2.api.example:8787')
  })

  it('agrees with its definition on any text made of URL punctuation', () => {
    const text = fc.array(fc.constantFrom('h', 'v1', '.', ':', '/', '//', '://', '?', '#', '@', 'é', '\n', ' '), { maxLength: 12 }).map((parts) => parts.join(''))
    assertProperty(
      fc.property(text, (url) => {
        expect(authorityOf(url)).toBe(ABSOLUTE.exec(url)?.[1] ?? '')
      }),
      { numRuns: 2000 },
    )
  })
})
