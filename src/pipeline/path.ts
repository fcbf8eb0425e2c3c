/**
 * The request path before the handler, framework-free: stages that each
 * take what was decided so far and return the next decision as a value.
 *
 *   decide (the scheme) → pick (the route that serves the method in that
 *   version, as the model's light part answers it, model/served.ts
 *   `firstIn`, before the first visit is made) → choose (a client's pin: the
 *   version steps; the route picked again if one changes the version)
 *   → prepare (the extensions' lookups and request steps: lifecycle,
 *     validation, migration) → a `Visit`, accepted or refused.
 *
 * The framework's side (hono/engine.ts) runs the handler on the visit and
 * finishes the response (finish.ts).
 */
import { VersioningError } from '../errors.ts'
import type { VaryList } from '../http/vary.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { VersionMatch } from '../schemes/base.ts'
import { after } from './after.ts'
import type { VersionDecider } from './decide.ts'
import type { ExtensionSteps } from './extension-steps.ts'
import { firstIn } from '../model/served.ts'
import { Visit, type Candidates, type VisitReader } from './visit.ts'

/** Where a request is served: what the framework matched for it. */
export interface Place {
  /** The table route at the matched path, or `null` (a route outside the table, or no table). */
  readonly route: CompiledRoute | null
  /** What the scheme reads of the matched route (its params, namespace), or `null`. */
  readonly match: VersionMatch | null
  /** The routes whose handlers serve the method there, in order, or `null` (no handler known). */
  readonly candidates: Candidates | null
  /**
   * The versions that serve the request's method there (`null` or absent: every version): the model's light part
   * for the candidates' operation (its limits, namespace, version pattern and route life, model/reported.ts), worked
   * out once per handler and method; with no candidates, the matched route's limit. What the visit reports.
   */
  readonly versions?: ReadonlySet<string> | null | undefined
}

/** The stages of one middleware's request path before the handler. */
export interface RequestPath {
  /** Runs the stages on `request` served at `place`: its visit, accepted or refused. Synchronous unless a step is not. */
  enter(request: Request, place: Place, source: unknown): Visit | Promise<Visit>
}

/**
 * The request path of a scheme's `decider` and the extensions' `steps` (`null`: none), on requests the framework's
 * `reader` reads; `vary`: the request headers the scheme reads the version from.
 */
export function requestPath(decider: VersionDecider, steps: ExtensionSteps | null, reader: VisitReader, vary: VaryList): RequestPath {
  /** Stage 4 (and 2 again when a version step changed the version) on a visit whose version steps ran. */
  function prepare(visit: Visit, place: Place, scheme: string | null | undefined): Visit | Promise<Visit> {
    if (visit.rejection !== null || steps === null) return visit
    let picked = visit
    if (visit.version !== scheme) {
      const route = firstIn(place.candidates, visit.version)
      const answering = route ?? place.route
      // A new visit only when the route picked for the new version is another (never without candidates).
      if (answering !== visit.route || (route !== undefined) !== visit.picked) picked = visit.with({ route: answering, picked: route !== undefined })
    }
    return steps.request(steps.lookup(picked))
  }

  return {
    enter(request, place, source) {
      const { route, match, candidates } = place
      // Stage 1: the scheme's decision; stage 2, the route picked for its version, before the visit is made, as the
      // model's light part answers it (model/served.ts firstIn: the first candidate that exists in the version; the
      // matched route stays, not picked, when none does).
      const decision = decider.decide(request, match, route?.limit?.neutral === true)
      const rejection = decision instanceof VersioningError ? decision : null
      const version = rejection === null ? (decision as string | null) : undefined
      const picked = rejection === null ? firstIn(candidates, version) : undefined
      const decided = new Visit(reader, source, request, version, picked ?? route, picked !== undefined, place.versions ?? null, vary, rejection, null, false, null, false)
      if (steps === null || rejection !== null) return decided
      // Stage 3: a client's pin (the version steps); then stage 4.
      return after(steps.version(decided), (chosen) => prepare(chosen, place, version))
    },
  }
}

/** A refusal of a visit (keeping its version, or for no version with `versions` reported). */
export function refused(visit: Visit, rejection: VersioningError, versions?: ReadonlySet<string> | null): Visit {
  return versions === undefined ? visit.with({ rejection }) : visit.with({ rejection, version: undefined, versions })
}
