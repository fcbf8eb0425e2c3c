/**
 * The tables of answers the docs pages hold between `<!-- name:start -->`
 * and `<!-- name:end -->`, which the docs suites make from real requests:
 * a row per input, its answer on the head version (2) beside an older
 * version's (1). The suites read the page; this module only renders and
 * finds the table, so that each page's check is written once.
 */

/** A row of a table: what its first column says. */
export interface TableRow {
  readonly input: string
}

/** The Markdown table of `rows`: `first` heads the first column, `answer` gives a row's cell for each version. */
export async function versionsTable<R extends TableRow>(first: string, rows: readonly R[], answer: (row: R, version: '1' | '2') => Promise<string>): Promise<string> {
  const lines = [`| ${first} | head version (2) | older version (1) |`, '|---|---|---|']
  for (const row of rows) lines.push(`| ${row.input} | ${await answer(row, '2')} | ${await answer(row, '1')} |`)
  return lines.join('\n')
}

/** What `page` holds between `<!-- name:start -->` and `<!-- name:end -->`, or undefined without those lines. */
export function markedSection(page: string, name: string): string | undefined {
  return new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(page)?.[1]
}
