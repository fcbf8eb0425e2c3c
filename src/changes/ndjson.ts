/**
 * The item framings of JSON streams: JSON Lines (NDJSON, one JSON text per
 * line) and JSON text sequences (RFC 7464: each JSON text after a record
 * separator). A framer is fed the stream's text piece by piece, whatever the
 * chunk boundaries, and writes out each item as soon as it is whole, through
 * `item` (which migrates one JSON text and returns the migrated text, or
 * throws); it holds at most one incomplete item.
 */

/** Reads a stream's text and writes the migrated text to `out`. */
export interface Framer {
  /** The next piece of text; whole items are migrated and written to `out`. */
  push(text: string, out: string[]): void
  /** The end of the stream: the last item, if it had no line end. */
  end(out: string[]): void
}

/** One item's JSON text migrated (throws when it cannot be). */
export type ItemMigration = (json: string) => string

const BLANK = /^[ \t\r]*$/

/** Whether a line holds only spaces, tabs and CRs (a JSON line fails at its first character, without a regular expression). */
function blankLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code !== 32 && code !== 9 && code !== 13) return false
  }
  return true
}

/** JSON Lines: each line one JSON text; blank lines are kept as they are, a `\r` before `\n` too. */
export function lineFramer(item: ItemMigration): Framer {
  let pending = ''
  function line(text: string, out: string[], end: string): void {
    if (blankLine(text)) {
      out.push(text + end)
      return
    }
    const cr = text.charCodeAt(text.length - 1) === 13
    out.push(item(cr ? text.slice(0, -1) : text) + (cr ? '\r' : '') + end)
  }
  return {
    push(text, out) {
      let nl = text.indexOf('\n')
      if (nl === -1) {
        pending += text
        return
      }
      line(pending + text.slice(0, nl), out, '\n')
      let start = nl + 1
      while ((nl = text.indexOf('\n', start)) !== -1) {
        line(text.slice(start, nl), out, '\n')
        start = nl + 1
      }
      pending = text.slice(start)
    },
    end(out) {
      if (pending !== '') line(pending, out, '')
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
export function sequenceFramer(item: ItemMigration): Framer {
  /** The current record's text (after its RS), `null` before the first RS or once written. */
  let record: string | null = null
  /** Whether the current record has a line feed inside its text (it waits for the next RS). */
  let spread = false
  let lead = ''
  function write(text: string, out: string[]): void {
    if (BLANK.test(text.replace(/\n/g, ''))) {
      out.push(RS + text)
      return
    }
    out.push(RS + item(text) + '\n')
  }
  function feed(text: string, out: string[]): void {
    // Within one record: text up to the next RS.
    if (record === null) {
      // After a written record only white space may follow (or bytes before the first RS: kept as they are).
      if (!BLANK.test(text.replace(/\n/g, ''))) throw new SyntaxError('text outside a record of the sequence')
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
    let parsed = true
    try {
      JSON.parse(whole)
    } catch {
      parsed = false
    }
    if (parsed) {
      write(whole, out)
      record = null
      feed(text.slice(nl + 1), out)
    } else {
      spread = true
      record = whole + text.slice(nl)
    }
  }
  function close(out: string[]): void {
    if (lead !== '') out.push(lead)
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
    },
    end(out) {
      close(out)
    },
  }
}
