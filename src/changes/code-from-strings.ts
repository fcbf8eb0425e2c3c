/**
 * Functions made from source text (`new Function`), where the runtime allows
 * it: the shapes' walks (generated-walk.ts) and the copies of laid-out
 * fields (json-copy.ts) whose field names are literals. The source is this
 * toolkit's code and declared names written as string literals
 * (`JSON.stringify`), never a value of a request or a response. Where the
 * runtime refuses (an `EvalError`: workerd during a request, Node's
 * `--disallow-code-generation-from-strings`; a `TypeError` from a locked-down
 * `Function`, as Hardened JavaScript's), `null`, and the caller runs its
 * interpreted twin; from then on, without asking again. So are sources
 * beyond the first `MOST` (layouts made anew and again, such as
 * `history.migrate`'s `as` with names of the caller's choosing): what is
 * kept stays bounded.
 */

/**
 * How many functions a maker (a planner's walks, a copy's) made from strings
 * and how many it left to the interpreted twin: what the differential tests
 * ask, so that they never compare the interpreter with itself.
 */
export interface BackEnds {
  generated: number
  interpreted: number
}

/** Set once the runtime refused code made from strings. */
let refused = false

/** Functions of the same parameters and source are made once (the source holds names and code, never a value). */
const functions = new Map<string, unknown>()

/** At most this many functions are made; further sources are interpreted (declarations make a few dozen). */
const MOST = 4096

/**
 * The function of `params` and `source`, made once; `null` where the
 * runtime refuses code made from strings. workerd allows it while a
 * Worker's global scope runs and refuses it during a request, where a
 * source made before is still found here.
 */
export function functionOf<F>(params: readonly string[], source: string): F | null {
  const key = `${params.join(',')}\n${source}`
  let fn = functions.get(key) as F | undefined
  if (fn === undefined) {
    if (refused || functions.size >= MOST) return null
    try {
      fn = new Function(...params, source) as F
    } catch (error) {
      // Another error would be a fault of the caller's source, never hidden behind the interpreter: unless the
      // runtime refuses the simplest source too (a locked-down Function throws a TypeError, not an EvalError).
      if (!(error instanceof EvalError) && !refusesAll()) throw error
      refused = true
      return null
    }
    functions.set(key, fn)
  }
  return fn
}

/** Whether the runtime refuses even an empty function made from a string. */
function refusesAll(): boolean {
  try {
    new Function('')
    return false
  } catch {
    return true
  }
}
