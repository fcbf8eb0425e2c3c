/**
 * One route path in Hono syntax, compiled once: a matcher for incoming paths
 * and a builder for reversal.
 *
 * Supported: literal segments, `:name` (one segment, `[^/]+`), `:name{regex}`
 * and a trailing optional `:name?`. Each parameter takes a whole segment.
 * Wildcards (`*`) cannot be reversed and are refused.
 */

/** A parameter of a compiled path. */
export interface PathParam {
  readonly name: string
  /** The regular expression source the value must match (Hono's default `[^/]+`). */
  readonly pattern: string
  readonly optional: boolean
  /** `^(?:pattern)$`, compiled once. */
  readonly test: RegExp
  /** Index of its capture group in `CompiledPath.regexp`. */
  readonly group: number
  /** Its position among the path's params (for positional args). */
  readonly index: number
  /** Whether the pattern is Hono's default `[^/]+`, checked without a regular expression. */
  readonly anySegment: boolean
  /** Whether objects inherit a property of this name (`constructor`, `toString`): kwargs then need an own-property check. */
  readonly inherited: boolean
}

/** Literal text (URL-encoded), or a parameter with the text that precedes it only when it is present. */
type PathPart = { readonly literal: string } | { readonly param: PathParam; readonly prefix: string }

/** A compiled route path. */
export interface CompiledPath {
  readonly path: string
  readonly params: readonly PathParam[]
  readonly paramNames: ReadonlySet<string>
  /** Matches a decoded pathname: `^source$`. */
  readonly regexp: RegExp
  /** The body of `regexp`, without anchors. */
  readonly source: string
  /** How many capture groups `regexp` has. */
  readonly groupCount: number
  /** How many params are required (all but a trailing optional one). */
  readonly requiredCount: number
  /**
   * For building, in order: `literals[0]`, then for each param `i` (written
   * with its `prefixes[i]` only when present) `literals[i + 1]`. Literal text
   * is already URL-encoded; there is one more literal than params.
   */
  readonly literals: readonly string[]
  readonly prefixes: readonly string[]
  /** Whether the path ends with `/` (a format suffix goes before it). */
  readonly trailingSlash: boolean
}

const DEFAULT_PARAM_PATTERN = '[^/]+'

/** Escapes text for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Counts the capturing groups of a regular expression source. */
function countCaptureGroups(source: string): number {
  let count = 0
  scanPattern(source, 0, (ch, i) => {
    if (ch === '(' && (source[i + 1] !== '?' || (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!'))) count++
    return false
  })
  return count
}

/**
 * Calls `visit` with each character of a regular expression source from
 * `from` on that stands outside escapes and character classes, until it
 * returns `true`; gives that character's index, or -1.
 */
function scanPattern(source: string, from: number, visit: (ch: string, i: number) => boolean): number {
  let inClass = false
  for (let i = from; i < source.length; i++) {
    const ch = source[i] as string
    if (ch === '\\') {
      i++
    } else if (inClass) {
      if (ch === ']') inClass = false
    } else if (ch === '[') {
      inClass = true
    } else if (visit(ch, i)) {
      return i
    }
  }
  return -1
}

/**
 * Compiles a route path. Throws an `Error` that names the route and says
 * what to fix when the path cannot be used.
 */
export function compilePath(path: string, where: string): CompiledPath {
  if (typeof path !== 'string' || path[0] !== '/') {
    throw new Error(`${where}: the path must be a string starting with "/", got ${JSON.stringify(path)}.`)
  }
  const params: PathParam[] = []
  const parts: PathPart[] = []
  let regexp = ''
  let group = 1
  let i = 1
  let literal = '/'
  const names = new Set<string>()

  while (i <= path.length) {
    if (path[i] !== ':') {
      // A literal segment, up to the next "/".
      const end = path.indexOf('/', i)
      const stop = end === -1 ? path.length : end
      const text = path.slice(i, stop)
      if (text.includes('*')) {
        throw new Error(`${where}: wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".`)
      }
      if (text.includes('{') || text.includes('}')) {
        throw new Error(`${where}: "${text}" has a brace outside a parameter; a pattern goes right after a name, as in ":id{[0-9]+}".`)
      }
      literal += text
      if (end === -1) break
      literal += '/'
      i = end + 1
      continue
    }
    // A parameter: ":name", ":name{regex}", optionally followed by "?".
    const segmentStart = i
    i++
    const nameStart = i
    while (i < path.length && path[i] !== '{' && path[i] !== '/' && path[i] !== '?' && path[i] !== ':') i++
    const name = path.slice(nameStart, i)
    if (name === '') {
      throw new Error(`${where}: a parameter at position ${segmentStart} has no name; write ":name".`)
    }
    if (names.has(name)) {
      throw new Error(`${where}: the parameter "${name}" appears twice; give each parameter its own name.`)
    }
    names.add(name)
    let pattern = DEFAULT_PARAM_PATTERN
    if (path[i] === '{') {
      const close = findClosingBrace(path, i)
      if (close === -1) {
        throw new Error(`${where}: the pattern of ":${name}" has no closing "}".`)
      }
      pattern = path.slice(i + 1, close)
      if (pattern === '') throw new Error(`${where}: the pattern of ":${name}" is empty; remove "{}" or write a pattern.`)
      i = close + 1
    }
    let optional = false
    if (path[i] === '?') {
      optional = true
      i++
    }
    if (i < path.length && path[i] !== '/') {
      throw new Error(`${where}: ":${name}" must take a whole path segment; put other text in a segment of its own.`)
    }
    if (optional && i < path.length) {
      throw new Error(`${where}: only the last segment can be optional (":${name}?").`)
    }
    if (/\\[1-9]|\\k</.test(pattern)) {
      throw new Error(`${where}: the pattern of ":${name}" uses a backreference, which cannot survive being embedded in the path; write it without one.`)
    }
    let test: RegExp
    try {
      test = new RegExp(`^(?:${pattern})$`)
    } catch (error) {
      throw new Error(`${where}: the pattern of ":${name}" ("${pattern}") is not a valid regular expression: ${(error as Error).message}`)
    }
    const param: PathParam = {
      name,
      pattern,
      optional,
      test,
      group,
      index: params.length,
      anySegment: pattern === DEFAULT_PARAM_PATTERN,
      inherited: name in Object.prototype,
    }
    group += 1 + countCaptureGroups(pattern)
    params.push(param)
    if (optional) {
      // The "/" before an optional parameter is written only with the parameter.
      const before = literal.slice(0, -1)
      if (before !== '') parts.push({ literal: encodeLiteral(before, where) })
      parts.push({ param, prefix: '/' })
      regexp += `${escapeRegExp(before)}(?:/(${pattern}))?`
      // An optional parameter at the root still matches "/".
      if (before === '') regexp += '/?'
    } else {
      parts.push({ literal: encodeLiteral(literal, where) }, { param, prefix: '' })
      regexp += `${escapeRegExp(literal)}(${pattern})`
    }
    literal = ''
    if (i < path.length) {
      literal = '/'
      i++
    } else {
      break
    }
  }
  if (literal !== '') {
    parts.push({ literal: encodeLiteral(literal, where) })
    regexp += escapeRegExp(literal)
  }
  let full: RegExp
  try {
    full = new RegExp(`^${regexp}$`)
  } catch (error) {
    throw new Error(`${where}: the parameter patterns cannot be combined into one path pattern: ${(error as Error).message}`)
  }
  return {
    path,
    params,
    paramNames: names,
    regexp: full,
    source: regexp,
    groupCount: group - 1,
    requiredCount: params.filter((p) => !p.optional).length,
    ...splitParts(parts),
    trailingSlash: path.length > 1 && path.endsWith('/'),
  }
}

/** The parts as parallel arrays: literals around the params, and each param's prefix. */
function splitParts(parts: readonly PathPart[]): { literals: string[]; prefixes: string[] } {
  const literals: string[] = []
  const prefixes: string[] = []
  let current = ''
  for (const part of parts) {
    if ('literal' in part) {
      current += part.literal
    } else {
      literals.push(current)
      prefixes.push(part.prefix)
      current = ''
    }
  }
  literals.push(current)
  return { literals, prefixes }
}

function encodeLiteral(text: string, where: string): string {
  try {
    return encodeURI(text)
  } catch {
    throw new Error(`${where}: the path has text that is not well-formed Unicode.`)
  }
}

/** Index of the `}` closing the `{` at `open`, skipping escapes, classes and nested quantifier braces. */
function findClosingBrace(path: string, open: number): number {
  let depth = 0
  return scanPattern(path, open, (ch) => (ch === '{' ? (depth++, false) : ch === '}' && --depth === 0))
}
