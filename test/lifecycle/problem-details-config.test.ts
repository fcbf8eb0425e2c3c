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

  it('takes https and tag URIs, and writes the type under them', async () => {
    const answer = problemDetails({ typeBase: 'tag:example.com,2026:errors/' })(new NotFound('Invalid version in URL path.'))
    expect(((await answer.json()) as { type: string }).type).toBe('tag:example.com,2026:errors/unsupported-api-version')
    expect(() => problemDetails({ typeBase: 'https://errors.example.com/' })).not.toThrow()
  })
})
