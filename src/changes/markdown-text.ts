/**
 * Text a developer wrote (a change's description, a changelog's title) as
 * one line of Markdown in a changelog: the changelog a history renders and
 * the description of each OpenAPI document, which docs pages render as HTML.
 */

/** CommonMark's line endings, and the runs of them: a description is one line. */
const LINE_BREAKS = /[\r\n]+/g

/** A line that would open a block of its own: a heading, a quote, a list item, a rule, a fence of tildes. */
const BLOCK_START = /^(?:#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|([-*_])(?:\s*\1){2,}\s*$|~{3})/
/** An ordered list item's number: its `.` or `)` is escaped. */
const ORDERED_START = /^(\d{1,9})([.)])(?=\s|$)/

/**
 * `text` as one line of Markdown that stays where it is put: line breaks
 * become spaces (so it cannot end a bullet and start a heading or a section
 * of its own), a start that would open a block is escaped, and `<` outside
 * code spans is escaped, so no raw HTML (a `<script>`, an `<img>`) reaches a
 * page that renders the Markdown. Code spans (`` `like this` ``), emphasis
 * and links stay as written. Linear in the text's length.
 */
export function markdownLine(text: string): string {
  const line = text.replace(LINE_BREAKS, ' ').trim()
  // The runs of backticks as written (a backslash escapes nothing inside a code span), by length, in order: a code
  // span closes at the next run of its opener's length.
  const runs = new Map<number, number[]>()
  for (let i = 0; i < line.length; ) {
    if (line[i] !== '`') {
      i++
      continue
    }
    let length = 1
    while (line[i + length] === '`') length++
    const list = runs.get(length)
    if (list === undefined) runs.set(length, [i])
    else list.push(i)
    i += length
  }
  // For each length, the index of its first run not yet passed.
  const next = new Map<number, number>()
  let out = ''
  for (let i = 0; i < line.length; ) {
    const ch = line[i] as string
    if (ch === '\\') {
      // An escape the author wrote stays (a backslash before a backtick opens no code span).
      out += line.slice(i, i + 2)
      i += 2
      continue
    }
    if (ch === '`') {
      let length = 1
      while (line[i + length] === '`') length++
      const list = runs.get(length) ?? []
      let at = next.get(length) ?? 0
      while (at < list.length && (list[at] as number) < i + length) at++
      next.set(length, at + 1)
      // No run of its length closes it: the backticks are text (escaped at the start, where three would open a fence).
      const end = at < list.length ? (list[at] as number) + length : i + length
      out += i === 0 && end === length && length >= 3 ? `\\${line.slice(i, end)}` : line.slice(i, end)
      i = end
      continue
    }
    out += ch === '<' ? '\\<' : ch
    i++
  }
  const ordered = ORDERED_START.exec(out)
  if (ordered !== null) return `${ordered[1]}\\${ordered[2]}${out.slice(ordered[0].length)}`
  return BLOCK_START.test(out) ? `\\${out}` : out
}
