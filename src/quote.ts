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

/** A value a sentence names: a string `quoted`; a number as JavaScript writes it (`NaN`, `-0`, `1n`); a list or a plain object as JSON writes it, its values so written; another object by its kind (`a Map`); escaped and cut as `bare`. */
export function quotedValue(value: unknown, max: number = SHOWN): string {
  if (typeof value === 'string') return quoted(value, max)
  try {
    return bare(written(value, max + 1, []), max)
  } catch {
    // A Proxy whose traps throw, or a getter that does: named by its kind alone.
    return typeof value === 'object' ? 'an object' : typeof value
  }
}

/** `value` as JavaScript reads it, written only until it is longer than `room` (the rest is cut); `open` holds the lists and objects it is inside. */
function written(value: unknown, room: number, open: object[]): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, Math.max(room, 0) + 1))
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value !== 'object' || value === null) return Object.is(value, -0) ? '-0' : typeof value === 'function' || typeof value === 'symbol' ? typeof value : String(value)
  if (open.includes(value)) return 'a cycle'
  const list = Array.isArray(value)
  const proto: unknown = Object.getPrototypeOf(value)
  if (!list && proto !== null && proto !== Object.prototype) {
    // A Map, a Date, a class's instance: by its constructor's name (escaped and cut with the rest).
    const name: unknown = (proto as { constructor?: { name?: unknown } }).constructor?.name
    return typeof name === 'string' && name !== '' ? `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}` : 'an object'
  }
  open.push(value)
  let out = ''
  for (const key of Object.keys(value)) {
    if (out.length > room) break
    out += `${out && ','}${list ? '' : `${JSON.stringify(key.slice(0, Math.max(room, 0) + 1))}:`}${written((value as Record<string, unknown>)[key], room - out.length - 1, open)}`
  }
  open.pop()
  return list ? `[${out}]` : `{${out}}`
}
