/**
 * Server-sent events (`text/event-stream`) as a stream of items: each event's
 * data (its `data:` lines joined with line feeds, as a browser's EventSource
 * joins them) is one JSON text, migrated; its other lines (`event:`, `id:`,
 * `retry:`, comments, unknown fields) are written as they came, in their
 * order, the migrated data as one `data:` line where the first one was. An
 * event without data (a comment, a `retry:`) passes as it is. Lines may end
 * with CRLF, LF or CR, split across chunks anywhere.
 */
import type { Framer, ItemMigration } from './ndjson.ts'

/** Server-sent events, one event at a time. */
export function eventFramer(item: ItemMigration): Framer {
  /** The current event's lines other than data, and where its data goes (`-1`: no data yet). */
  let lines: string[] = []
  let data: string[] = []
  let dataAt = -1
  let pending = ''
  let afterCR = false

  function line(text: string, out: string[]): void {
    if (text === '') {
      dispatch(out, '\n')
      return
    }
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    if (field === 'data') {
      let value = colon === -1 ? '' : text.slice(colon + 1)
      if (value.charCodeAt(0) === 32) value = value.slice(1)
      if (dataAt === -1) {
        dataAt = lines.length
        lines.push('')
      }
      data.push(value)
      return
    }
    lines.push(text)
  }

  function dispatch(out: string[], end: string): void {
    if (dataAt !== -1) {
      const joined = data.join('\n')
      lines[dataAt] = BLANK.test(joined) ? data.map((d) => `data: ${d}`).join('\n') : `data: ${item(joined)}`
    }
    for (const l of lines) out.push(l, '\n')
    out.push(end)
    lines = []
    data = []
    dataAt = -1
  }

  return {
    push(chunk, out) {
      let text = chunk
      if (afterCR && text.charCodeAt(0) === 10) text = text.slice(1)
      afterCR = false
      if (text === '') return
      if (text.indexOf('\r') !== -1) {
        afterCR = text.charCodeAt(text.length - 1) === 13
        text = text.replace(/\r\n?/g, '\n')
      }
      let nl = text.indexOf('\n')
      if (nl === -1) {
        pending += text
        return
      }
      line(pending + text.slice(0, nl), out)
      let start = nl + 1
      while ((nl = text.indexOf('\n', start)) !== -1) {
        line(text.slice(start, nl), out)
        start = nl + 1
      }
      pending = text.slice(start)
    },
    end(out) {
      if (pending !== '') line(pending, out)
      pending = ''
      // An event the stream ended inside: a browser drops it; it is still migrated, never sent in the head's shape.
      if (lines.length > 0) dispatch(out, '')
    },
  }
}

const BLANK = /^\s*$/
