/**
 * The older values of the response headers a route's `headerChanged` changes
 * name. `Set-Cookie` is a list of lines no comma may join (RFC 6265 §3: an
 * `Expires` date holds one): its `down` gets each line on its own.
 */
import { isHeaderValue } from '../http/header-name.ts'

/** A `headerChanged` change: the header's name and its `down`. */
export type HeaderStep = readonly [string, (value: string | null) => string | null]

/**
 * Applies `changes` (newest step first) to `headers` in place. A `down` that
 * throws or gives what a header cannot hold is the server's error, thrown
 * with `about(name)` (naming the route, the version and the header, never
 * the value) for `app.onError`.
 */
export function olderHeaders(headers: Headers, changes: readonly HeaderStep[], about: (name: string) => string): void {
  for (const [name, down] of changes) {
    if (name.toLowerCase() === 'set-cookie') {
      const lines = setCookies(headers)
      headers.delete(name)
      for (const line of lines.length === 0 ? [null] : lines) {
        const older = olderValue(name, down, line, about)
        if (older !== null) headers.append(name, older)
      }
      continue
    }
    const older = olderValue(name, down, headers.get(name), about)
    if (older === null) headers.delete(name)
    else headers.set(name, older)
  }
}

/** Each `Set-Cookie` line of `headers`, as the handler set them. */
function setCookies(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie()
  const joined = headers.get('set-cookie')
  return joined === null ? [] : [joined]
}

/** One older value of header `name` from `newer`, checked. */
function olderValue(name: string, down: (value: string | null) => string | null, newer: string | null, about: (name: string) => string): string | null {
  let older: unknown
  try {
    older = down(newer)
  } catch (error) {
    throw new Error(`${about(name)}: its down threw${error instanceof Error ? `: ${error.message}` : ''}.`, { cause: error })
  }
  if (older === null || isHeaderValue(older)) return older
  const kind = older === undefined ? 'undefined' : `${typeof older === 'object' ? 'an' : 'a'} ${typeof older}`
  const what = typeof older !== 'string' ? `${kind} (return a string, or null to leave the header out)` : 'a value a header cannot hold (a line break, NUL, or a character above U+00FF)'
  throw new Error(`${about(name)}: its down gave ${what}.`)
}
