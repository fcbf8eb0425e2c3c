/**
 * The extensions of one middleware, bound into the stages its request path
 * runs: the version steps; once the route is picked, each extension's
 * lookup, then the request steps, in order, before the handler; the JSON
 * steps composed into one; the response steps in order after it. Each
 * stage takes the visit as decided so far and returns the next one (or the
 * same, when nothing changed).
 */
import { VersioningError } from '../errors.ts'
import type { BoundExtension, ExtensionTarget, JsonStep, NotedChoice, RequestChange, VersioningExtension } from './extension.ts'
import type { Visit } from './visit.ts'

type ResponseStep = NonNullable<BoundExtension['response']>
type JsonAsk = NonNullable<BoundExtension['json']>

/** The extensions of one middleware, bound: what its request path runs per request. */
export interface ExtensionSteps {
  /**
   * The version steps on a decided visit: each may decide the version (a
   * client's pin), or refuse it (no later step). Synchronous unless a step is not.
   */
  version(visit: Visit): Visit | Promise<Visit>
  /** The lookups on a visit whose route is picked: what each extension notes for its later steps. */
  lookup(visit: Visit): Visit
  /**
   * The request steps, after the lookups: each may refuse the request,
   * rewrite it, or find its route absent from the version (no later step).
   */
  request(visit: Visit): Visit | Promise<Visit>
  /** The JSON steps this visit needs, as one, or `undefined`; `null` when no extension has one. */
  readonly json: ((visit: Visit) => JsonStep | undefined) | null
  /** Whether any extension has a response step. */
  readonly finishes: boolean
  /** Whether any extension has a version step (whose choice may add to the response's `Vary`). */
  readonly chooses: boolean
  /** `response` after the response steps; a response with immutable headers is copied once. */
  finish(visit: Visit, response: Response): Response | Promise<Response>
}

/** Binds each of `extensions` to `target`, in order, and gives the stages they make together. */
export function bindExtensions(extensions: readonly VersioningExtension[], target: ExtensionTarget): ExtensionSteps {
  const bound: BoundExtension[] = extensions.map((extension) => extension.bind(target) ?? {})
  /** Each extension's step `key`, with the extension's index, in order. */
  const all = <K extends keyof BoundExtension>(key: K): [number, NonNullable<BoundExtension[K]>][] =>
    bound.flatMap((steps, index) => (steps[key] === undefined ? [] : [[index, steps[key] as NonNullable<BoundExtension[K]>]]))
  const versions = all('version')
  const lookups = all('lookup')
  const requests = all('request')
  const responses = all('response')
  const asks = all('json')

  /** The first extension's step is the outermost. */
  function json(visit: Visit): JsonStep | undefined {
    let step: JsonStep | undefined
    for (let i = asks.length - 1; i >= 0; i--) {
      const [index, ask] = asks[i] as [number, JsonAsk]
      const own = ask(visit, visit.notes?.[index])
      if (own === undefined) continue
      const inner = step
      step =
        inner === undefined
          ? own
          : (value, status, respond) =>
              own(value, status, (changed, stepped, outer) => inner(changed, outer ?? status, (last, also, own) => respond(last, stepped !== false || also !== false, own ?? outer)))
    }
    return step
  }

  function finish(visit: Visit, response: Response, from = 0): Response | Promise<Response> {
    let res = response
    for (let i = from; i < responses.length; i++) {
      const [index, step] = responses[i] as [number, ResponseStep]
      const out = stepped(step, visit, res, visit.notes?.[index])
      if (out instanceof Promise) return out.then((next) => finish(visit, next, i + 1))
      res = out
    }
    return res
  }

  // The version steps and the request steps, each with how its results apply, made once.
  const versionStage: Stage<NonNullable<BoundExtension['version']>, NotedChoice | undefined> = {
    steps: versions,
    run: (step, v) => step(v),
    // A version step's choice: the version, a refusal (no version), what it notes, and the request headers it read.
    apply(v, index, result) {
      // A step that decides nothing may return nothing, as a request step may (a JavaScript extension's `return`).
      if (result === undefined) return v
      const { choice, note, vary } = result
      const notes = note === undefined ? v.notes : notedAt(v.notes, index, note)
      const varies = vary === undefined ? v.vary : v.vary.with(vary)
      if (choice === undefined) return notes === v.notes && varies === v.vary ? v : v.with({ notes, vary: varies })
      // One visit for what the step decided and noted.
      return v.with(choice instanceof VersioningError ? { rejection: choice, version: undefined, notes, vary: varies } : { version: choice.version, notes, vary: varies })
    },
    failed: (choice) => ({ choice }),
  }
  const requestStage: Stage<NonNullable<BoundExtension['request']>, RequestChange> = {
    steps: requests,
    run: (step, v, index) => step(v, v.notes?.[index]),
    apply(v, _index, change) {
      if (change === undefined) return v
      // Answered as a path no route matches: no table route, every version.
      if (change === 'absent') return v.with({ absent: true, route: null, picked: false, versions: null })
      if (change instanceof VersioningError) return v.with({ rejection: change })
      return v.with({ request: change.request, body: change.body ?? v.body })
    },
    failed: (error) => error,
  }

  return {
    version: (visit) => sequence(versionStage, visit),
    lookup(visit) {
      let notes = visit.notes
      for (const [index, step] of lookups) notes = notedAt(notes, index, step(visit, notes?.[index]))
      return notes === visit.notes ? visit : visit.with({ notes })
    },
    request: (visit) => sequence(requestStage, visit),
    json: asks.length === 0 ? null : json,
    finishes: responses.length > 0,
    chooses: versions.length > 0,
    finish,
  }
}

/** A response step on `response`, or, when its headers are immutable (a `fetch()` response), on a copy (as `withHeaders`, without a closure per request). */
function stepped(step: ResponseStep, visit: Visit, response: Response, note: unknown): Response | Promise<Response> {
  try {
    return step(visit, response, note)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return step(visit, new Response(response.body, response), note)
  }
}

/** Steps run in order (`steps`, each with its extension's index), how each runs, and how its result applies. */
interface Stage<S, R> {
  readonly steps: readonly (readonly [number, S])[]
  run(step: S, visit: Visit, index: number): R | Promise<R>
  apply(visit: Visit, index: number, result: R): Visit
  /** A thrown `VersioningError` as a result. */
  failed(error: VersioningError): R
}

/**
 * Runs the steps of `stage` in order on `visit` from `from` on, each result
 * applied by `stage.apply`, until one refuses the request or finds its route
 * absent. A step that throws a `VersioningError` refuses as returning it
 * would (`stage.failed`: that result); any other error is the app's.
 * Synchronous unless a step is not.
 */
function sequence<S, R>(stage: Stage<S, R>, visit: Visit, from = 0): Visit | Promise<Visit> {
  const { steps } = stage
  let current = visit
  for (let i = from; i < steps.length && current.rejection === null && !current.absent; i++) {
    const index = (steps[i] as readonly [number, S])[0]
    const before = current
    let out: R | Promise<R>
    try {
      out = stage.run((steps[i] as readonly [number, S])[1], current, index)
    } catch (error) {
      return stage.apply(before, index, stage.failed(refusal(error)))
    }
    if (out instanceof Promise) {
      return out.then(
        (result) => sequence(stage, stage.apply(before, index, result), i + 1),
        (error: unknown) => stage.apply(before, index, stage.failed(refusal(error))),
      )
    }
    current = stage.apply(current, index, out)
  }
  return current
}

/** `notes` with `note` at `index` (the same list when nothing changes). */
function notedAt(notes: readonly unknown[] | null, index: number, note: unknown): readonly unknown[] | null {
  if (notes?.[index] === note) return notes
  const copy = notes === null ? [] : [...notes]
  copy[index] = note
  return copy
}

/** A step's thrown `VersioningError` as its result; any other error is the app's. */
function refusal(error: unknown): VersioningError {
  if (error instanceof VersioningError) return error
  throw error
}
