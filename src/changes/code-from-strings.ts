/**
 * Functions made from source text (`new Function`), where the runtime allows
 * it: the shapes' walks (generated-walk.ts) and the copies of laid-out
 * fields (json-copy.ts) whose field names are literals. The source is this
 * toolkit's code and declared names written as string literals
 * (`JSON.stringify`), never a value of a request or a response. Where the
 * runtime refuses (an `EvalError`: workerd during a request, Node's
 * `--disallow-code-generation-from-strings`, a no-eval policy), `null`, and
 * the caller runs its interpreted twin; from then on, without asking again.
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
const made = new Map<string, unknown>()

/**
 * The function of `params` and `source`, made once; `null` where the
 * runtime refuses code made from strings. workerd allows it while a
 * Worker's global scope runs and refuses it during a request, where a
 * source made before is still found here.
 */
export function functionOf<F>(params: readonly string[], source: string): F | null {
  const key = `${params.join(',')}\n${source}`
  let fn = made.get(key) as F | undefined
  if (fn === undefined) {
    if (refused) return null
    try {
      fn = new Function(...params, source) as F
    } catch (error) {
      // Any other error would be a fault of the caller's source: never hidden behind the interpreter.
      if (!(error instanceof EvalError)) throw error
      refused = true
      return null
    }
    made.set(key, fn)
  }
  return fn
}
