/**
 * Why a value could not be migrated, and where: a value that does not fit its
 * layout, or a converter that threw. The walk that finds it builds the JSON
 * path as it unwinds, so the common case (no failure) pays nothing for it.
 */

/** A migration that could not be done; `path` leads from the body's root to the value. */
export class MigrationFailure extends Error {
  override readonly name = 'MigrationFailure'
  /** The JSON path's segments, outermost first (filled in as the walk unwinds). */
  readonly path: (string | number)[] = []
  /**
   * `layout`: the value is not what its layout says; `converter`: a converter
   * threw; `history`: the value has a field the history says its version
   * lacks (a change the history misses, such as a `fieldAdded`); `beside`:
   * a converter repeated the work of a `fieldRenamed` of its change
   * (converter-beside.ts), the app's mistake whichever way the value goes.
   */
  readonly reason: 'layout' | 'converter' | 'history' | 'beside'
  /** What was found or what threw, for sentences (never a client's value). */
  readonly what: string

  constructor(reason: MigrationFailure['reason'], what: string, cause?: unknown) {
    super(what, cause === undefined ? undefined : { cause })
    this.reason = reason
    this.what = what
  }

  /** The path as JSONPath (`$.items[0].price`). */
  get at(): string {
    return jsonPath(this.path)
  }
}

/** `error` with `segment` put in front of its path, when it is a `MigrationFailure`. */
export function within(error: unknown, segment: string | number): unknown {
  if (error instanceof MigrationFailure) error.path.unshift(segment)
  return error
}

/**
 * A step going down that writes `field` (a rename's older name, a removed
 * field given back) and finds it there already: the value's version has it,
 * which the history says it lacks. `sentence` says which change and what to
 * declare; the path leads to the field.
 */
export function fieldTaken(field: string, sentence: string): MigrationFailure {
  const failure = new MigrationFailure('history', sentence)
  failure.path.push(field)
  return failure
}

/** A present value where the layout expects `expected`: a failure (`null` and missing values are left as they are). */
export function misfit(value: unknown, expected: string): unknown {
  if (value === null || value === undefined) return value
  throw new MigrationFailure('layout', `expected ${expected}, found ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}`)
}

/** What failed and where, as a sentence for developers (`app.onError`, `history.migrate`). */
export function failureSentence(failure: MigrationFailure): string {
  if (failure.reason === 'layout') return `the value at ${failure.at} does not fit its layout: ${failure.what}`
  if (failure.reason === 'history' || failure.reason === 'beside') return `at ${failure.at}, ${failure.what}`
  return `at ${failure.at}, ${failure.what}${failure.cause instanceof Error ? `: ${failure.cause.message}` : ''}`
}

/** Path segments as JSONPath (`$.items[0].price`; a name that is no identifier in brackets). */
function jsonPath(segments: readonly (string | number)[]): string {
  let out = '$'
  for (const segment of segments) out += typeof segment === 'number' ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`
  return out
}
