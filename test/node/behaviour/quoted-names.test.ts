/**
 * Every name a sentence of src/ shows goes through src/quote.ts (quoted, bare, quotedValue): escaped, so a CR LF in
 * a route name or a version never starts a log line, and cut, so a name of a megabyte costs a sentence 80 characters.
 * This scan fails on a new `"${name}"` written into a template literal by hand, on `quoted(String(x))` (which loses
 * the value's type: `2` reads as `"2"`), and on `typeof x === 'string' ? quoted(x) : JSON.stringify(x)` (unbounded,
 * and a BigInt or a cycle throws from the error path): use quotedValue for both.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('../../../src/', import.meta.url))
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replaceAll('\\', '/'))
  .sort()

/**
 * The `"${...}"` that stay raw, by file and the text of the interpolation: each is no name in a sentence (a header
 * value, SQL, a key's text), or a name validated when it was made to a short form without quotes, backslashes or
 * controls. A new entry needs the same reason written next to it.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // quote.ts is the helper itself.
  'quote.ts': ['"${text.slice(0, max + 1)'],
  // HTTP header values, not sentences: a Link header's rel, a multipart boundary, an ETag, an Accept parameter
  // (quoted there as RFC 9110 quotes a parameter), a Link's media type (a constant).
  'model/lifecycle-headers.ts': ['"${rel}"`'],
  'changes/form-body.ts': ['"${boundary}"`'],
  'changes/caching.ts': ['"${match[2]', '"${opaque.slice('],
  'typed-client/placement.ts': ['"${version.replace('],
  'openapi/response-headers.ts': ['"${OPENAPI_MEDIA_TYPE}"`'],
  // HTML attributes of the docs page's script tag: the bundle's URL (cdn, checked for URL characters that cannot end
  // the attribute when the page is made) and the pinned bundle's integrity (a constant).
  'openapi/scalar.ts': ['"${cdn}"`', '"${DEFAULT_BUNDLE_INTEGRITY}"'],
  // SQL identifiers, checked by d1.ts's table-name test (letters, digits and "_") before they are quoted.
  'client-pins/d1.ts': ['"${table}"'],
  'client-pins/d1-pin-store.ts': ['"${given}_version"'],
  // The text a JSON value's cache key is made of (length-prefixed), no sentence.
  'validation/json-values.ts': ['"${value}`', '"${top.keys[i] as string}:`'],
  // A response's detail naming JSON types a schema lists, each checked to be one of the seven JSON type names above.
  // A format name, checked to be a key of FORMATS (date, email, uuid, ...).
  'validation/scalar-keywords.ts': ['"${names.join(', '"${s[\'format\']}"'],
  // A keyword's name, tested against /^[$\w]+$/ on the same line.
  'validation/fallback.ts': ['"${uncompiled}"'],
  // The one letter "v" or "V" (tested on the same line).
  'formats/semver.ts': ['"${value[0]}"'],
  // DRF's detail of every refused request ('Invalid version in "Api-Version" header.', docs/schemes.md): the header
  // name is an HTTP token (no quote, backslash, space or control) of at most 256 characters, checked just above.
  'schemes/header.ts': ['"${header}" header.`'],
}

/** `"${` and the interpolation after it, up to its closing brace, with where it is. */
function rawInterpolations(text: string): string[] {
  const found: string[] = []
  for (let at = text.indexOf('"${'); at !== -1; at = text.indexOf('"${', at + 1)) found.push(text.slice(at, text.indexOf('\n', at)))
  return found
}

describe('names in sentences go through quote.ts', () => {
  it('scans the sources', () => {
    expect(sources.length).toBeGreaterThan(100)
    expect(sources).toContain('quote.ts')
  })

  it.each(sources)('%s writes no "${name}" by hand except where listed', (file) => {
    const allowed = ALLOWED[file] ?? []
    const raw = rawInterpolations(readFileSync(srcDir + file, 'utf8')).filter((line) => !allowed.some((a) => line.startsWith(a)))
    expect(raw).toEqual([])
  })

  it.each(sources)('%s quotes a value of any type with quotedValue, not quoted(String(x)) nor JSON.stringify beside quoted', (file) => {
    const text = readFileSync(srcDir + file, 'utf8')
    expect(text.match(/quoted\(String\(/g) ?? []).toEqual([])
    expect(text.match(/typeof [^?]+ === 'string' \? quoted\([^)]*\) : JSON\.stringify\(/g) ?? []).toEqual([])
  })

  it('lists no allowed interpolation a file no longer has (the list stays the reasons of what is there)', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, entries]) => {
      const raw = sources.includes(file) ? rawInterpolations(readFileSync(srcDir + file, 'utf8')) : []
      return entries.filter((a) => !raw.some((line) => line.startsWith(a))).map((a) => `${file}: ${a}`)
    })
    expect(stale).toEqual([])
  })

  it('finds a raw interpolation the way a new one would be written', () => {
    const probe = 'throw new Error(`mountRoutes: no route is named "${key}"; fix it.`)\n'
    expect(rawInterpolations(probe)).toEqual(['"${key}"; fix it.`)'])
  })
})
