/**
 * The changelog's Markdown, as a docs page renders it to HTML (micromark,
 * CommonMark, raw HTML passed through as a renderer that trusts its input
 * does): a description a developer wrote with HTML, line breaks, block
 * markers, pipes or backticks stays one bullet of text, in the changelog a
 * history renders and in each OpenAPI document's description. Code spans
 * stay code.
 */
import { micromark } from 'micromark'
import { describe, expect, it } from 'vitest'
import { HeaderVersioning } from '../../../src/index.ts'
import { change, changelog, fieldAdded, headerChanged, shape, versionHistory } from '../../../src/changes/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'

const Item = shape<{ id: number; note: string }>('Item')
const DESCRIPTIONS = [
  'Items have a `note` (`<b>` in it is text).',
  '<script>alert(1)</script> and <img src=x onerror=alert(1)>',
  'A | B | C',
  'Two lines\n## 1 (latest)\n- a bullet of its own',
  'Old Mac line\r# a heading of its own',
  '`a\\` <img src=y onerror=alert(2)> `',
  '# not a heading',
  '1. not a numbered list',
]
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: DESCRIPTIONS.map((d, i) =>
        change(d, [i === 0 ? fieldAdded(Item, 'note') : headerChanged(`GET /items/${i}`, { header: `X-${i}`, down: () => null, ...(i === 2 ? { description: 'now <em>gone</em>\n# too' } : {}) })], { id: `c${i}` }),
      ),
    },
  ],
})
const render = (markdown: string): string => micromark(markdown, { allowDangerousHtml: true })

function expectText(html: string): void {
  expect(html).not.toMatch(/<(?:script|img|em|b)\b/)
  expect(html).not.toMatch(/<h[1-6]>(?!Changelog|API|1|2)/)
}

describe("a change's description rendered as HTML", () => {
  it('in the Markdown changelog: one bullet per change, text and code only', () => {
    const html = render(changelog(history, { format: 'markdown', title: 'API\n# and <i>more</i>' }))
    expectText(html)
    expect(html).not.toContain('<i>')
    expect(html.match(/<h1>/g)).toHaveLength(1)
    expect(html.match(/<h2>/g)).toHaveLength(2)
    // Each change a bullet, and under the header changes a bullet of what they changed.
    expect(html.match(/<li>/g)).toHaveLength(DESCRIPTIONS.length * 2)
    expect(html).toContain('<li>Items have a <code>note</code> (<code>&lt;b&gt;</code> in it is text).')
    expect(html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('<li>Two lines ## 1 (latest) - a bullet of its own')
    expect(html).toContain('<li># not a heading')
    expect(html).toContain('<li>1. not a numbered list')
    expect(html).toContain('<li><code>a\\</code> &lt;img src=y onerror=alert(2)&gt; `')
    expect(html).toContain('response header <code>X-2</code> changed: now &lt;em&gt;gone&lt;/em&gt; # too.')
  })

  it("in each OpenAPI document's description", () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const document = { openapi: '3.1.0', info: { title: 'Items', version: '2' }, paths: {}, components: { schemas: { Item: { type: 'object' } } } }
    const documents = versionedOpenAPI({ scheme, document, changelog: history })
    const description = (documents.document('2') as { info: { description: string } }).info.description
    const changes = description.slice(description.indexOf('## Changelog'))
    const html = render(changes)
    expectText(html)
    expect(html.match(/<li>/g)).toHaveLength(DESCRIPTIONS.length)
    expect(html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;</li>')
    expect(html).toContain('<li>Old Mac line # a heading of its own</li>')
  })

  it('a version name is heading text too', () => {
    const odd = versionHistory({ versions: [{ version: '<img src=x onerror=alert(1)>' }, { version: '2\n# 3' }] })
    const html = render(changelog(odd, { format: 'markdown' }))
    expect(html).not.toMatch(/<img\b/)
    expect(html.match(/<h[1-6]>/g)).toHaveLength(3)
    expect(html).toContain('<h2>2 # 3 (latest)</h2>')
    expect(html).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>')
  })
})
