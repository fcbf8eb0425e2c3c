/**
 * problemDetails' `typeBase` is the start of each rejection's `type`, a link
 * clients and their tools show: a base that would run a script or read the
 * client's own files when followed is refused when it is made. A portable file.
 */
import { describe, expect, it } from 'vitest'
import { NotFound } from '../../src/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'

describe('problemDetails typeBase', () => {
  it.each([['javascript:alert(1)//', 'javascript:'], ['JavaScript:void(0)#', 'javascript:'], ['data:text/html,x/', 'data:'], ['vbscript:x/', 'vbscript:'], ['file:///etc/', 'file:']])('refuses %s', (typeBase, scheme) => {
    expect(() => problemDetails({ typeBase })).toThrow(
      `problemDetails: typeBase must be a URI a client can follow or name, such as "https://errors.example.com/" or "tag:example.com,2026:errors/", not a ${scheme} URI.`,
    )
  })

  // Before, only a base starting with the scheme was refused: URL parsing drops spaces, tabs and line breaks (and
  // so do browsers reading a link), so these passed and each rejection's `type` was a javascript: link, or not a URI.
  it.each([[' javascript:alert(1)//'], ['java\tscript:alert(1)//'], ['JaVa\nScRiPt:alert(1)//'], ['\u0000javascript:alert(1)//'], ['https://errors.example.com/\r\nX: y/'], ['https://errors.example.com/"><script>/']])('refuses %j, not written as a URI', (typeBase) => {
    expect(() => problemDetails({ typeBase })).toThrow(
      'problemDetails: typeBase must be written in URI characters from its scheme on (no spaces, control characters, quotes, "<", ">" or "\\"; percent-encode them), such as "https://errors.example.com/".',
    )
  })

  // Before, it was taken, and every error body's `type` showed the password to every client.
  it.each([['https://errors:s3cret@errors.example.com/'], ['https://ops@errors.example.com/']])('refuses %s, with a user name or password', (typeBase) => {
    expect(() => problemDetails({ typeBase })).toThrow(
      'problemDetails: typeBase holds a user name or password (before "@"), which every error body would show to every client; give a URI that needs none, such as "https://errors.example.com/".',
    )
  })

  it('takes https and tag URIs, and writes the type under them', async () => {
    const answer = problemDetails({ typeBase: 'tag:example.com,2026:errors/' })(new NotFound('Invalid version in URL path.'))
    expect(((await answer.json()) as { type: string }).type).toBe('tag:example.com,2026:errors/unsupported-api-version')
    expect(() => problemDetails({ typeBase: 'https://errors.example.com/' })).not.toThrow()
    expect(() => problemDetails({ typeBase: "https://errors.example.com/a%20b/~x-y_z.(1)!$&'*+,;=:@/?q=[1]#" })).not.toThrow()
  })
})
