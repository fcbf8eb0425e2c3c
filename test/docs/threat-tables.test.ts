/**
 * The threat tables of the feature pages: every feature page has one, and
 * the tables bench/threats.ts prints (between `<!-- threats:start -->` and
 * `<!-- threats:end -->`) hold, for each input of test/support/threats.ts,
 * the answer that input gets today. The timings and heap figures are the
 * bench's, not checked here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markedSection } from '../support/docs-tables.ts'
import { THREAT_TABLES } from '../support/threats.ts'

const read = (page: string): string => readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8')

/** The pages of features that read a request, a response, a credential or a store entry. */
const FEATURE_PAGES = ['docs/client-versions.md', 'docs/middleware.md', 'docs/openapi.md', 'docs/request-validation.md', 'docs/version-changes.md', ...Object.keys(THREAT_TABLES)]

/** The first two cells of each row of a Markdown table: input and answer. */
function rows(table: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of table.split('\n').slice(2)) {
    const cells = line.split(' | ')
    out.set((cells[0] as string).replace(/^\| /, ''), cells[1] as string)
  }
  return out
}

describe('threat tables', () => {
  it.each(FEATURE_PAGES)('%s has a threat table', (page) => {
    expect(read(page)).toMatch(/^#+ .*Threat/m)
  })

  describe.each(Object.entries(THREAT_TABLES))('%s', (page, cases) => {
    const table = markedSection(read(page), 'threats')
    const written = rows(table ?? '')

    it('holds a row for each input, and no other', () => {
      expect(table, `${page} has no <!-- threats:start --> section: paste it from npm run bench:threats`).toBeDefined()
      expect([...written.keys()]).toEqual(cases.map((c) => c.input))
    })

    it.each(cases.map((c) => [c.input, c] as const))('%s', async (_input, threat) => {
      const send = await threat.prepare()
      expect(written.get(threat.input)).toBe(await send())
    })
  })
})
