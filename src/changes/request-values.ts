/**
 * An older client's query parameters and request headers as the head reads
 * them: renamed (`queryParamRenamed`, `requestHeaderRenamed`) and their
 * values changed (`queryParamChanged`, `requestHeaderChanged`), step by step
 * in version order, oldest first. Only what a step changes is rewritten:
 * every other parameter and value is kept byte for byte as the client sent
 * it.
 */
import { isHeaderValue } from '../http/header-name.ts'
import { handlerDecoded } from '../http/query.ts'
import type { ExchangeView } from '../pipeline/extension.ts'
import { quoted, quotedValue } from '../quote.ts'
import { UnreadableBody } from './request-errors.ts'

/** A value change of one query parameter or request header: its name in the version of the change, and `up`. */
export interface ValueChange {
  readonly name: string
  /** A header's gives a string or `null`; a query parameter's a list of strings too (the parameter repeated). */
  readonly up: (older: string | null) => string | readonly string[] | null
  /** The JSON Schema of the values older versions send (`queryParamChanged`'s `olderSchema`), when declared. */
  readonly olderSchema?: object | undefined
  /** Whether versions before the change require the parameter (`olderRequired`), when declared; else as the newer version does. */
  readonly olderRequired?: boolean | undefined
}

/** One step of an older request's query or headers: a rename `[older, newer]`, or a value change. */
export type ParameterStep = readonly [string, string] | ValueChange

/** Whether a step is a rename. */
export function isRename(step: ParameterStep): step is readonly [string, string] {
  return Array.isArray(step)
}

/** Whether `step` is a value change that declares what older clients send (an `olderSchema`, or `olderRequired: true`). */
export function declaresOlder(step: ParameterStep): boolean {
  return !isRename(step) && (step.olderSchema !== undefined || step.olderRequired === true)
}

/** The renames among `steps`, in their order (what a reader of names alone needs). */
export function renamesOf(steps: readonly ParameterStep[] | undefined): readonly (readonly [string, string])[] {
  return steps === undefined ? [] : steps.filter(isRename)
}

/** The route that answers, for sentences. */
export function routeName(exchange: Pick<ExchangeView, 'route' | 'method' | 'routePath'>): string {
  return exchange.route === null ? quoted(`${exchange.method} ${exchange.routePath}`) : `route ${quoted(exchange.route.viewName)} (${exchange.method})`
}

/**
 * `up` of a value change run on `value`: a throw is the client's 400 (its value cannot be read in the newer version,
 * as a body converter's throw is), naming the parameter, never its value; a result
 * that is neither a string nor `null` is the server's error, with a sentence for `app.onError`.
 */
function converted(step: ValueChange, value: string | null, header: boolean, exchange: ExchangeView, steps: readonly ParameterStep[], at: number): string | readonly string[] | null {
  const what = header ? 'request header' : 'query parameter'
  let out: unknown
  try {
    out = step.up(value)
  } catch {
    throw new UnreadableBody(`Invalid ${what} ${quoted(sentName(step.name, steps, at, header))}: its value cannot be read in the current version.`)
  }
  if (out === null || typeof out === 'string' || (!header && Array.isArray(out) && out.every((item) => typeof item === 'string'))) return out as string | readonly string[] | null
  throw new Error(`versionHistory: the ${header ? 'requestHeaderChanged' : 'queryParamChanged'} change of ${what} ${quoted(step.name)} on ${routeName(exchange)} for version ${quotedValue(exchange.version)} gave ${quotedValue(out)}; up must return a string${header ? '' : ' or a list of strings'}, or null to leave it out.`)
}

/** `name` as the client sent it: the renames run before step `at` of `steps` undone, newest first. */
function sentName(name: string, steps: readonly ParameterStep[], at: number, caseless: boolean): string {
  let current = name
  for (let i = at - 1; i >= 0; i--) {
    const step = steps[i] as ParameterStep
    if (isRename(step) && (caseless ? step[1].toLowerCase() === current.toLowerCase() : step[1] === current)) current = step[0]
  }
  return current
}

/** The pairs `name=value` of what `up` gave, its values form-encoded (`null`: none). */
function written(name: string, made: string | readonly string[] | null): string[] {
  if (made === null) return []
  return typeof made === 'string' ? [`${name}=${encodedValue(made)}`] : made.map((value) => `${name}=${encodedValue(value)}`)
}

/**
 * A query pair's name or value `raw` as the handler's `c.req.query()` reads it (`handlerDecoded`), as request
 * validation reads it too: an escape of a byte that is not UTF-8 kept as written, where a form decoder gives U+FFFD.
 */
const decoded = handlerDecoded

/** Each declared newer name as a query writes it (form-encoded), made on its first use: the names are the history's, few. */
const encodedNames = new Map<string, string>()

/** `name` form-encoded, as `URLSearchParams` writes it: once per name (encoded anew per request, it cost the renaming about a sixth of its time on Node, a third on Bun). */
function encodedName(name: string): string {
  let encoded = encodedNames.get(name)
  if (encoded === undefined) encodedNames.set(name, (encoded = encodedValue(name)))
  return encoded
}

/** What form encoding writes as it is (the application/x-www-form-urlencoded byte set): most values, written without a URLSearchParams each. */
const UNENCODED = /^[\w*.-]*$/

/** `text` form-encoded, as `URLSearchParams` writes a value. */
function encodedValue(text: string): string {
  return UNENCODED.test(text) ? text : new URLSearchParams([['', text]]).toString().slice(1)
}

/**
 * `url` with its query's steps run in order: a rename rewrites only names (the older name is the client's version's
 * own, as in a body: a newer one sent beside it is dropped); a value change calls `up` once per value sent for its
 * name (once with `null` when none is), leaving out a value it gives `null` for and writing a changed one
 * form-encoded, as `URLSearchParams` writes it. Every other parameter and value is kept byte for byte as the client
 * sent it: a parsed and serialised query would turn an escape that is not UTF-8 into U+FFFD, which the handler would
 * read otherwise than the head's.
 */
export function migratedQuery(url: string, steps: readonly ParameterStep[], exchange: ExchangeView): string {
  const at = url.indexOf('?')
  // Only value changes read a URL without a query (an absent parameter's `up(null)`).
  if (at === -1 && steps.every(isRename)) return url
  const hash = at === -1 ? -1 : url.indexOf('#', at)
  const end = hash === -1 ? url.length : hash
  const query = at === -1 ? '' : url.slice(at + 1, end)
  let pairs = query === '' ? [] : query.split('&')
  const nameEnd = (pair: string) => (pair.indexOf('=') === -1 ? pair.length : pair.indexOf('='))
  // Each name as the handler reads it; an empty pair ("a&&b") has none.
  let names: (string | undefined)[] = pairs.map((pair) => (pair === '' ? undefined : decoded(pair.slice(0, nameEnd(pair)))))
  let changed = false
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s] as ParameterStep
    if (isRename(step)) {
      const [older, newer] = step
      if (!names.includes(older)) continue
      changed = true
      const newerName = encodedName(newer)
      const kept = pairs.map((pair, i) => (names[i] === newer ? null : names[i] === older ? `${newerName}${pair.slice(nameEnd(pair))}` : pair))
      names = names.map((name) => (name === older ? newer : name)).filter((_, i) => kept[i] !== null)
      pairs = kept.filter((pair): pair is string => pair !== null)
      continue
    }
    const name = step.name
    if (!names.includes(name)) {
      const made = written(encodedName(name), converted(step, null, false, exchange, steps, s))
      if (made.length === 0) continue
      changed = true
      // Pushed one by one: a spread of a long list (a comma list of 200,000 values split) overflows the call stack.
      for (const pair of made) {
        pairs.push(pair)
        names.push(name)
      }
      continue
    }
    const keptPairs: string[] = []
    const keptNames: (string | undefined)[] = []
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[i] as string
      if (names[i] !== name) {
        keptPairs.push(pair)
        keptNames.push(names[i])
        continue
      }
      const equals = pair.indexOf('=')
      const value = equals === -1 ? '' : decoded(pair.slice(equals + 1))
      const made = converted(step, value, false, exchange, steps, s)
      // A value given back as it came keeps the client's bytes.
      const out = made === value ? [pair] : written(pair.slice(0, nameEnd(pair)), made)
      if (made !== value) changed = true
      for (const kept of out) {
        keptPairs.push(kept)
        keptNames.push(name)
      }
    }
    names = keptNames
    pairs = keptPairs
  }
  if (!changed) return url
  const head = at === -1 ? url.slice(0, end) : url.slice(0, at)
  return `${head}${pairs.length === 0 ? '' : `?${pairs.join('&')}`}${url.slice(end)}`
}

/**
 * `request`'s headers with their steps run in order (`null`: nothing changed): a rename moves the older header's
 * value to the newer name, a value change gives `up` the header's value (`null`: absent) and sets what it returns
 * (`null`: removed). A value a header cannot hold is the server's error, never sent on.
 */
export function migratedHeaders(request: Request, steps: readonly ParameterStep[], exchange: ExchangeView): Headers | null {
  let headers: Headers | null = null
  const read = (name: string) => (headers ?? request.headers).get(name)
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s] as ParameterStep
    if (isRename(step)) {
      const [older, newer] = step
      const value = read(older)
      if (value === null) continue
      headers ??= new Headers(request.headers)
      headers.delete(older)
      headers.set(newer, value)
      continue
    }
    const value = read(step.name)
    const made = converted(step, value, true, exchange, steps, s) as string | null
    if (made === value) continue
    if (made !== null && !isHeaderValue(made)) {
      throw new Error(`versionHistory: the requestHeaderChanged change of request header ${quoted(step.name)} on ${routeName(exchange)} for version ${quotedValue(exchange.version)} gave a value a header cannot hold (a line break, NUL or a character above U+00FF); return a header value, or null to leave it out.`)
    }
    headers ??= new Headers(request.headers)
    if (made === null) headers.delete(step.name)
    else headers.set(step.name, made)
  }
  return headers
}
