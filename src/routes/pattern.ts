/**
 * One route path in Hono syntax, compiled once: a matcher for incoming paths
 * and a builder for reversal.
 *
 * Supported: literal segments, `:name` (one segment, `[^/]+`), `:name{regex}`
 * and a trailing optional `:name?`. Each parameter takes a whole segment.
 * Wildcards (`*`) cannot be reversed and are refused.
 */
import { quoted, quotedValue } from '../quote.ts'

/** A parameter of a compiled path. */
export interface PathParam {
  readonly name: string
  /** The regular expression source the value must match (Hono's default `[^/]+`). */
  readonly pattern: string
  readonly optional: boolean
  /** `^(?:pattern)$`, compiled once. */
  readonly test: RegExp
  /**
   * Finds, in a non-empty value, what keeps reversal from writing it as it
   * is: a character encodeURIComponent escapes, or a value `test` refuses
   * (no match: ids and slugs pass with this one test).
   */
  readonly unplain: RegExp
  /** Index of its capture group in `CompiledPath.regexp`. */
  readonly group: number
  /** Whether objects inherit a property of this name (`constructor`, `toString`): kwargs then need an own-property check. */
  readonly inherited: boolean
}

/** A compiled route path. */
export interface CompiledPath {
  readonly params: readonly PathParam[]
  readonly paramNames: ReadonlySet<string>
  /** Matches a decoded pathname: `^source$`. */
  readonly regexp: RegExp
  /** The body of `regexp`, without anchors. */
  readonly source: string
  /**
   * For building, in order: `literals[0]`, then for each param `i` (written
   * with a "/" before it only when it is optional and present)
   * `literals[i + 1]`. Literal text is already URL-encoded; there is one more
   * literal than params.
   */
  readonly literals: readonly string[]
  /** `literals[i]`, and a "/" when param `i` is optional: what goes before param `i` when it is present. */
  readonly heads: readonly string[]
}

const DEFAULT_PARAM_PATTERN = '[^/]+'
/** A character encodeURIComponent escapes. */
const ESCAPED = "[^\\w.!~*'()-]"
/** `unplain` of Hono's default pattern: such a character (which "/" is). */
const UNPLAIN_SEGMENT = RegExp(ESCAPED)

/** Escapes text for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Compiles a route path. Throws an `Error` that names the route and says
 * what to fix when the path cannot be used.
 */
export function compilePath(path: string, where: string): CompiledPath {
  if (typeof path !== 'string' || path[0] !== '/') {
    throw new Error(`${where}: the path must be a string starting with "/", got ${quotedValue(path)}.`)
  }
  return compileRoutePath(path, where)
}

/** `compilePath` for a path its caller checked already: a string starting with "/". */
export function compileRoutePath(path: string, where: string): CompiledPath {
  const params: PathParam[] = []
  const literals: string[] = []
  const names = new Set<string>()
  let source = ''
  let group = 1
  let i = 1
  // Literal text since the last param, not yet encoded.
  let literal = '/'
  while (i <= path.length) {
    if (path[i] !== ':') {
      // A literal segment, up to the next "/".
      let end = path.indexOf('/', i)
      if (end === -1) end = path.length
      const text = path.slice(i, end)
      if (text.includes('*')) {
        throw new Error(`${where}: wildcards ("*") cannot be reversed; name each part with a parameter such as ":rest{.+}".`)
      }
      if (/[{}]/.test(text)) {
        throw new Error(`${where}: ${quoted(text)} has a brace outside a parameter; a pattern goes right after a name, as in ":id{[0-9]+}".`)
      }
      // With the "/" after it, if any.
      literal += path.slice(i, (i = end + 1))
      continue
    }
    // A parameter: ":name", ":name{regex}", optionally followed by "?".
    const segmentStart = i++
    while (i < path.length && !'{/?:'.includes(path[i] as string)) i++
    const name = path.slice(segmentStart + 1, i)
    if (name === '') {
      throw new Error(`${where}: a parameter at position ${segmentStart} has no name; write ":name".`)
    }
    if (names.has(name)) {
      throw new Error(`${where}: the parameter ${quoted(name)} appears twice; give each parameter its own name.`)
    }
    names.add(name)
    let pattern = DEFAULT_PARAM_PATTERN
    if (path[i] === '{') {
      // Up to the "}" that closes it, skipping escapes, classes and nested quantifier braces.
      const open = i
      let depth = 0
      let inClass = false
      for (; i < path.length; i++) {
        const ch = path[i]
        if (ch === '\\') i++
        else if (inClass) inClass = ch !== ']'
        else if (ch === '[') inClass = true
        else if (ch === '{') depth++
        else if (ch === '}' && --depth === 0) break
      }
      if (i >= path.length) {
        throw new Error(`${where}: the pattern of ":${name}" has no closing "}".`)
      }
      pattern = path.slice(open + 1, i++)
      if (pattern === '') throw new Error(`${where}: the pattern of ":${name}" is empty; remove "{}" or write a pattern.`)
    }
    const optional = path[i] === '?'
    if (optional) i++
    if (i < path.length && path[i] !== '/') {
      throw new Error(`${where}: ":${name}" must take a whole path segment; put other text in a segment of its own.`)
    }
    if (optional && i < path.length) {
      throw new Error(`${where}: only the last segment can be optional (":${name}?").`)
    }
    if (/\\[1-9]|\\k</.test(pattern)) {
      throw new Error(`${where}: the pattern of ":${name}" uses a backreference, which cannot survive being embedded in the path; write it without one.`)
    }
    const test = regExp(`^(?:${pattern})$`, `${where}: the pattern of ":${name}" (${quoted(pattern)}) is not a valid regular expression`)
    const unplain = pattern === DEFAULT_PARAM_PATTERN ? UNPLAIN_SEGMENT : RegExp(`^(?!(?:${pattern})$)|${ESCAPED}`)
    params.push({ name, pattern, optional, test, unplain, group, inherited: name in Object.prototype })
    // Its capture group, and any inside its pattern (an alternative that matches "" shows them all).
    group += (RegExp(`(?:${pattern})|`).exec('') as RegExpExecArray).length
    // The "/" before an optional parameter is written only with the parameter.
    if (optional) literal = literal.slice(0, -1)
    source += escapeRegExp(literal) + (optional ? `(?:/(${pattern}))?${literal === '' ? '/?' : ''}` : `(${pattern})`)
    literals.push(encodeLiteral(literal, where))
    // The "/" after it, if any.
    literal = path.slice(i, ++i)
  }
  source += escapeRegExp(literal)
  literals.push(encodeLiteral(literal, where))
  return {
    params,
    paramNames: names,
    regexp: regExp(`^${source}$`, `${where}: the parameter patterns cannot be combined into one path pattern`),
    source,
    literals,
    heads: params.map((param, i) => (param.optional ? `${literals[i]}/` : (literals[i] as string))),
  }
}

/** `RegExp(source)`, or an `Error` that says `why` with the engine's reason. */
function regExp(source: string, why: string): RegExp {
  try {
    return RegExp(source)
  } catch (error) {
    throw new Error(`${why}: ${(error as Error).message}`)
  }
}

function encodeLiteral(text: string, where: string): string {
  try {
    return encodeURI(text)
  } catch {
    throw new Error(`${where}: the path has text that is not well-formed Unicode.`)
  }
}
