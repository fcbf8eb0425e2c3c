/**
 * The `curl` command lines the docs pages show, read as the requests they
 * send, for the end-to-end suites that run them against `wrangler dev`.
 */

/** A `curl` command line, as the request it sends. */
export interface CurlCommand {
  /** The first word (`curl`, for a command the suites can run). */
  readonly program: string
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  /** `-d`: the body sent. */
  readonly data: string | undefined
  /** `-D -` (with `-o /dev/null`): the command prints the status line and headers, not the body. */
  readonly headersOnly: boolean
}

/** The words of a shell command line (single and double quotes, no escapes: the pages use none). */
export function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? (m[3] as string))
}

/** Reads a command line: `-X`, `-H`, `-d`, `-D`, `-o`; the output flags (`-s`, `-N`, `-i`, together or not) change nothing sent. */
export function curlCommand(line: string): CurlCommand {
  const [program = '', ...args] = words(line)
  let method = 'GET'
  let url = ''
  let data: string | undefined
  let headersOnly = false
  const headers: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (/^-[siN]+$/.test(arg)) continue
    if (arg === '-X') method = args[++i] as string
    else if (arg === '-H') {
      const header = args[++i] as string
      headers[header.slice(0, header.indexOf(':'))] = header.slice(header.indexOf(':') + 1).trim()
    } else if (arg === '-d') data = args[++i]
    else if (arg === '-D') headersOnly = args[++i] === '-'
    else if (arg === '-o') i++
    else url = arg
  }
  return { program, method, url, headers, data, headersOnly }
}
