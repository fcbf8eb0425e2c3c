/**
 * What a handler's source says of its calls to a Context helper
 * (`c.text(...)`, `c.html(...)`): whether one of them may answer a success.
 * A call whose status argument is a literal redirect or error status
 * (`c.text('Not found', 404)`) never does, and such a body is sent to every
 * version as it is (a non-JSON error or redirect body is not migrated), so
 * `check(app)` does not name it. Read as text: a best effort that errs
 * toward naming the handler.
 */

/** The index just past the argument list whose `(` is at `open`, and the source of each top-level argument. */
function argumentsAt(source: string, open: number): readonly string[] {
  const args: string[] = []
  let depth = 0
  let start = open + 1
  for (let i = open; i < source.length; i++) {
    const ch = source[i] as string
    if (ch === '"' || ch === "'" || ch === '`') {
      // Skip a string (a template's `${...}` may hold anything but its own closing quote: read it as part of the string).
      for (i++; i < source.length && source[i] !== ch; i++) if (source[i] === '\\') i++
      continue
    }
    if (ch === '(' || ch === '[' || ch === '{') depth++
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--
      if (depth === 0) {
        args.push(source.slice(start, i))
        return args
      }
    } else if (ch === ',' && depth === 1) {
      args.push(source.slice(start, i))
      start = i + 1
    }
  }
  return args
}

/**
 * Whether some call `.name(...)` in `source` may answer a success: one whose
 * second argument is not a literal status from 300 (`c.text(body, 404)`).
 * A call without arguments is no answer: Context's `text` and `html` take
 * the body, a `Body`'s `text()` (`c.req.text()`, a fetch's, a Blob's) reads one.
 */
export function callsAnswerSuccess(source: string, name: string): boolean {
  const call = new RegExp(`\\.${name}\\s*\\(`, 'g')
  for (const found of source.matchAll(call)) {
    const args = argumentsAt(source, (found.index ?? 0) + found[0].length - 1)
    if (args.length === 1 && (args[0] as string).trim() === '') continue
    const status = args[1]?.trim()
    if (status === undefined || !/^[3-5]\d\d$/.test(status)) return true
  }
  return false
}
