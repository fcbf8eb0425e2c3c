/**
 * Text from outside the developer's code (a lock file's names, a version a
 * client sent, a document's keys) as an error message or a report sentence
 * quotes it: control characters escaped, so a CR LF never starts a line of
 * a log, and cut, so a name of a megabyte costs a sentence no more than its
 * first characters. The one place every such sentence quotes a name.
 */

/** The characters of a name a sentence shows, as of a value (`…` marks the cut). */
export const SHOWN = 80

/** C0 and C1 controls, DEL, and the line and paragraph separators: what a sentence never holds raw. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

const escapeControl = (c: string): string => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** `out` cut to `max` characters with `…`, when longer; never between the halves of a surrogate pair. */
export function cut(out: string, max: number = SHOWN): string {
  if (out.length <= max) return out
  const end = /[\uD800-\uDBFF]/.test(out.charAt(max - 2)) ? max - 2 : max - 1
  return `${out.slice(0, end)}…`
}

/** `text` as it reads, its controls escaped (`\r`, `\n`, `\u0000`), cut to `max` characters. */
export function bare(text: string, max: number = SHOWN): string {
  return cut(text.slice(0, max + 1).replace(CONTROL, escapeControl), max)
}

/** `text` in double quotes as JSON writes a string (a `"` or `\` in it escaped too), its controls escaped, cut to `max` characters. */
export function quoted(text: string, max: number = SHOWN): string {
  return cut(`"${text.slice(0, max + 1).replace(/["\\]/g, '\\$&').replace(CONTROL, escapeControl)}"`, max)
}

/** A value a sentence names: a string `quoted`, another value as JSON writes it (escaped and cut as `bare`), or by its kind when JSON has none (`undefined`, a function). */
export function quotedValue(value: unknown, max: number = SHOWN): string {
  if (typeof value === 'string') return quoted(value, max)
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch {
    json = undefined
  }
  return json === undefined ? (typeof value === 'object' ? 'an object JSON cannot write' : typeof value) : bare(json, max)
}
