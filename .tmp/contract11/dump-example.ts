/** Writes every version's document of every worker-example section, and of test fixtures, to out/. */
import { writeFileSync } from 'node:fs'
import { documented } from '../../worker-example/contracts.ts'
import { APP_STYLES, styledApp } from '../../test/support/app-styles.ts'
for (const section of documented.sections) {
  for (const { version } of section.versions) {
    const d = section.document(version)
    writeFileSync(new URL(`./out/example-${d.info.title.replace(/\W+/g, '-')}-${version}.json`, import.meta.url), JSON.stringify(d, null, 1))
  }
}
for (const style of APP_STYLES) {
  const s = styledApp(style, { now: () => Date.parse('2026-06-01T00:00:00Z') })
  for (const { version } of s.documents.versions) writeFileSync(new URL(`./out/styles-${style.replace(/\W+/g, '-')}-${version}.json`, import.meta.url), JSON.stringify(s.documents.document(version), null, 1))
}
process.exit(0)
