/**
 * Server-sent events (`text/event-stream`) as a stream of items: each event's
 * data (its `data:` lines joined with line feeds, as a browser's EventSource
 * joins them) is one JSON text, migrated; its other lines (`event:`, `id:`,
 * `retry:`, comments, unknown fields) are written as they came, in their
 * order, the migrated data as one `data:` line where the first one was. An
 * event without data (a comment, a `retry:`), or whose data is empty (which
 * `EventSource` does not dispatch), passes as it is; any other data is an
 * item, white space only too (it is dispatched, and it is not JSON). Lines may end
 * with CRLF, LF or CR, split across chunks anywhere. The other lines are kept
 * as text (never parsed again): those before the data and those after it.
 */
import { MAX_ITEM, tooLong, type Framer, type ItemMigration, type Output } from './ndjson.ts'

/**
 * Server-sent events, one event at a time. The lines of an event before its
 * first `data:` line go out at the end of the chunk they came in (a comment
 * sent as a heartbeat, with no blank line after it, reaches the client as it
 * does the head's); the lines from its data on wait for the event's end, up
 * to `limit` characters.
 */
export function eventFramer(item: ItemMigration, limit: number = MAX_ITEM): Framer {
  /** The current event's lines before its first `data:` line, and after it (each with its line feed). */
  let before = ''
  let after = ''
  /** Its data lines' values joined with line feeds (`null`: no data yet). */
  let data: string | null = null
  let pending = ''
  let afterCR = false

  function line(text: string, out: Output): void {
    if (text === '') {
      dispatch(out, '\n')
      return
    }
    const colon = text.indexOf(':')
    if (colon === 4 ? text.startsWith('data') : colon === -1 && text === 'data') {
      // The value after the colon, less one space if it starts with one.
      const value = colon === -1 ? '' : text.slice(text.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1)
      data = data === null ? value : `${data}\n${value}`
      return
    }
    if (data === null) before += `${text}\n`
    else after += `${text}\n`
  }

  function dispatch(out: Output, end: string): void {
    if (data === null) out.text += before + end
    else {
      out.text += `${before}data: ${data === '' ? '' : item(data)}\n${after}${end}`
    }
    before = after = ''
    data = null
  }

  return {
    push(text, out) {
      // A CR ends a line; an LF right after it (in this chunk or the next) belongs to the same line end.
      if (text === '') return
      let start = afterCR && text.charCodeAt(0) === 10 ? 1 : 0
      afterCR = false
      let lf = text.indexOf('\n', start)
      let cr = text.indexOf('\r', start)
      while (lf !== -1 || cr !== -1) {
        const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr
        if (pending === '') line(text.slice(start, end), out)
        else {
          line(pending + text.slice(start, end), out)
          pending = ''
        }
        start = end + 1
        if (end === cr) {
          if (start === text.length) afterCR = true
          else if (text.charCodeAt(start) === 10) start++
          cr = text.indexOf('\r', start)
        }
        if (lf !== -1 && lf < start) lf = text.indexOf('\n', start)
      }
      if (start < text.length) pending += text.slice(start)
      if (data === null) {
        // Nothing after these lines can change them: written now (within one chunk an event that fails drops them).
        out.text += before
        before = ''
      }
      if (pending.length + (data === null ? 0 : data.length) + after.length > limit) throw tooLong(limit)
    },
    end(out) {
      if (pending !== '') line(pending, out)
      pending = ''
      // An event the stream ended inside: a browser drops it; it is still migrated, never sent in the head's shape.
      if (before !== '' || data !== null) dispatch(out, '')
    },
  }
}
