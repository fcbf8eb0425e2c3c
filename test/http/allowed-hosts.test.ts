/**
 * `allowedHosts`: patterns that are not host names are refused at construction (an internationalised name is listed
 * as URLs write it, `xn--bcher-kva.de`); per request, whatever the authority (huge, odd, user info), the test
 * answers a boolean, never throws, and true only for a listed host.
 *
 * A portable file: Web APIs and vitest only.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedHosts } from '../../src/http/allowed-hosts.ts'

describe('allowedHosts patterns', () => {
  it.each(['*.example.com', 'example.com:80', 'http://example.com', 'a_b.com', '', 'bü cher.de', 'bücher.de:80'])('refuses %j as a host name', (pattern) => {
    expect(() => allowedHosts([pattern], 'apiVersioning')).toThrow(
      `apiVersioning: allowedHosts holds ${JSON.stringify(pattern)}, which is not a host name; list names without scheme or port such as "api.example.com", ".example.com" for a domain and its subdomains, or "*".`,
    )
  })

  // Before, refused as "not a host name", without the form to list.
  it.each([
    ['bücher.de', 'xn--bcher-kva.de'],
    ['.Bücher.de', '.xn--bcher-kva.de'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
  ])('refuses the internationalised name %j, naming the ASCII form requests carry', (pattern, ascii) => {
    expect(() => allowedHosts([pattern], 'apiVersioning')).toThrow(new Error(`apiVersioning: allowedHosts holds ${JSON.stringify(pattern)}, which requests carry in its ASCII form; list ${JSON.stringify(ascii)} instead.`))
    expect(allowedHosts([ascii], 'apiVersioning')(`${ascii.replace(/^\./, '')}:8787`)).toBe(true)
  })

  it('takes an internationalised name as URLs write it, as requests carry it', () => {
    const allows = allowedHosts(['xn--bcher-kva.de'], 'apiVersioning')
    expect([allows('xn--bcher-kva.de:8787'), allows('www.xn--bcher-kva.de')]).toEqual([true, false])
  })
})

describe('allowedHosts per request', () => {
  const allows = allowedHosts(['api.example.com', '.example.org', '[::1]'], 'apiVersioning')

  it('answers a boolean for any authority, and true only for a listed one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (authority) => {
        const answer = allows(authority)
        expect(typeof answer).toBe('boolean')
        if (answer) expect(/^(api\.example\.com|(.+\.)?example\.org|\[::1\])\.?(:[0-9]+)?$/i.test(authority)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it.each([
    ['a 1 MB authority', 'a'.repeat(1 << 20), false],
    ['a 1 MB authority of labels ending in a listed domain', `${'a.'.repeat(1 << 19)}example.org`, true],
    ['user info', 'user@api.example.com', false],
    ['a look-alike suffix', 'api.example.com.evil.net', false],
    ['a trailing dot and a port', 'API.EXAMPLE.COM.:443', true],
    ['an IPv6 literal', '[::1]:8080', true],
  ])('%s', (_name, authority, allowed) => {
    expect(allows(authority)).toBe(allowed)
  })
})
