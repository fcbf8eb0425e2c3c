/**
 * The item framings of JSON streams: JSON Lines (NDJSON, one JSON text per
 * line) and JSON text sequences (RFC 7464: each JSON text after a record
 * separator). A framer is fed the stream's text piece by piece, whatever the
 * chunk boundaries, and appends each item to its output as soon as it is
 * whole, through `item` (which migrates one JSON text and returns the
 * migrated text, or throws); it holds at most one incomplete item. The
 * output is one string per chunk read (the caller takes it and encodes it
 * once), never an array of pieces to join.
 */

/** Where a framer writes: the migrated text of the whole items so far, until the caller takes it. */
export interface Output {
  text: string
}

/** Reads a stream's text and appends the migrated text to `out.text`. */
export interface Framer {
  /** The next piece of text; whole items are migrated and written to `out`. */
  push(text: string, out: Output): void
  /** The end of the stream: the last item, if it had no line end. */
  end(out: Output): void
}

/**
 * The most text an item may hold (UTF-16 code units, as a string counts them;
 * 64 MiB): a framer holds one incomplete item, and a line (a record, an
 * event) that grows beyond this without its end errors the stream rather than
 * the memory growing without a bound. The head's client gets the bytes as
 * they come; an older client's item must be whole to be migrated.
 */
export const MAX_ITEM: number = 64 * 1024 * 1024

/** The failure of an item held beyond `limit` characters without its end. */
export function tooLong(limit: number): Error {
  return new Error(`it is longer than ${limit} characters without its end, the most an item is held to be migrated`)
}

/** One item's JSON text migrated (throws when it cannot be); `parsed`: its value when the framer parsed it already. */
export type ItemMigration = (json: string, parsed?: unknown) => string

/** Whether `text` from `start` to `end` holds only spaces, tabs and CRs (and line feeds with `lf`); a JSON text fails at its first character. */
function blank(text: string, start: number, end: number, lf: boolean): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code !== 32 && code !== 9 && code !== 13 && (!lf || code !== 10)) return false
  }
  return true
}

/** JSON Lines: each line one JSON text; blank lines are kept as they are, a `\r` before `\n` too. */
export function lineFramer(item: ItemMigration, limit: number = MAX_ITEM): Framer {
  /** The start of the current line, when an earlier chunk ended inside it. */
  let pending = ''
  /** Writes the line `text[start, end)` (its line end `nl`: `'\n'`, or `''` at the stream's end). */
  function line(text: string, start: number, end: number, out: Output, nl: string): void {
    if (blank(text, start, end, false)) {
      out.text += text.slice(start, end) + nl
      return
    }
    if (text.charCodeAt(end - 1) === 13) out.text += `${item(text.slice(start, end - 1))}\r${nl}`
    else out.text += item(text.slice(start, end)) + nl
  }
  return {
    push(text, out) {
      let nl = text.indexOf('\n')
      if (nl === -1) {
        pending += text
        if (pending.length > limit) throw tooLong(limit)
        return
      }
      let start = 0
      if (pending !== '') {
        const first = pending + text.slice(0, nl)
        pending = ''
        line(first, 0, first.length, out, '\n')
        start = nl + 1
        nl = text.indexOf('\n', start)
      }
      for (; nl !== -1; nl = text.indexOf('\n', start)) {
        line(text, start, nl, out, '\n')
        start = nl + 1
      }
      if (start < text.length) pending = text.slice(start)
      if (pending.length > limit) throw tooLong(limit)
    },
    end(out) {
      if (pending !== '') line(pending, 0, pending.length, out, '')
      pending = ''
    },
  }
}

const RS = '\u001e'

/**
 * JSON text sequences: each record starts with RS (0x1E) and ends with a line
 * feed. A record whose text parses at its first line feed is written then; a
 * text spread over several lines waits for the next RS (or the end).
 */
export function sequenceFramer(item: ItemMigration, limit: number = MAX_ITEM): Framer {
  /** The current record's text (after its RS), `null` before the first RS or once written. */
  let record: string | null = null
  /** Whether the current record has a line feed inside its text (it waits for the next RS). */
  let spread = false
  let lead = ''
  function write(text: string, out: Output, parsed?: unknown): void {
    out.text += blank(text, 0, text.length, true) ? RS + text : `${RS}${item(text, parsed)}\n`
  }
  function feed(text: string, out: Output): void {
    // Within one record: text up to the next RS.
    if (record === null) {
      // After a written record only white space may follow (or bytes before the first RS: kept as they are).
      if (!blank(text, 0, text.length, true)) throw new SyntaxError('text outside a record of the sequence')
      lead += text
      return
    }
    if (spread) {
      record += text
      return
    }
    const nl = text.indexOf('\n')
    if (nl === -1) {
      record += text
      return
    }
    const whole = record + text.slice(0, nl)
    // Parsed once: the value is what the item's migration reads.
    let parsed: unknown
    try {
      parsed = JSON.parse(whole)
    } catch {
      parsed = undefined
    }
    if (parsed !== undefined) {
      write(whole, out, parsed)
      record = null
      feed(text.slice(nl + 1), out)
    } else {
      spread = true
      record = whole + text.slice(nl)
    }
  }
  function close(out: Output): void {
    if (lead !== '') out.text += lead
    lead = ''
    if (record !== null) write(record, out)
    record = null
    spread = false
  }
  return {
    push(text, out) {
      let start = 0
      let rs: number
      while ((rs = text.indexOf(RS, start)) !== -1) {
        feed(text.slice(start, rs), out)
        close(out)
        record = ''
        start = rs + 1
      }
      feed(text.slice(start), out)
      // White space after a record goes out as it comes (a heartbeat of line feeds); a record is held up to `limit`.
      if (lead !== '') {
        out.text += lead
        lead = ''
      }
      if (record !== null && record.length > limit) throw tooLong(limit)
    },
    end(out) {
      close(out)
    },
  }
}
