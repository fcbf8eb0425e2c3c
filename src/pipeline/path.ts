/**
 * The request path before the handler, framework-free: stages that each
 * take what was decided so far and return the next decision as a value.
 *
 *   decide (the scheme) → choose (a client's pin: the version steps)
 *   → pick (the route that serves the method in that version, once)
 *   → prepare (the extensions' lookups and request steps: lifecycle,
 *     validation, migration) → a `Visit`, accepted or refused.
 *
 * The framework's side (hono/engine.ts) runs the handler on the visit and
 * finishes the response (finish.ts).
 */
import type { VersioningError } from '../errors.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { VersionMatch } from '../schemes/base.ts'
import { after } from './after.ts'
import type { VersionDecider } from './decide.ts'
import type { ExtensionSteps } from './extension-steps.ts'
import { existsIn, versionsOf, Visit, type Candidates, type VisitSource } from './visit.ts'

/** Where a request is served: what the framework matched for it. */
export interface Place {
  /** The table route at the matched path, or `null` (a route outside the table, or no table). */
  readonly route: CompiledRoute | null
  /** What the scheme reads of the matched route (its params, namespace), or `null`. */
  readonly match: VersionMatch | null
  /** The routes whose handlers serve the method there, in order, or `null` (no handler known). */
  readonly candidates: Candidates | null
}

/** The stages of one middleware's request path before the handler. */
export interface RequestPath {
  /** Runs the stages on `request` served at `place`: its visit, accepted or refused. Synchronous unless a step is not. */
  enter(request: Request, method: string, place: Place, source: VisitSource): Visit | Promise<Visit>
  /** The visit answered by `route` instead (a handler of another path Hono matched picked it): the lookups run again for it. */
  answerWith(visit: Visit, route: CompiledRoute): Visit
}

/** The request path of a scheme's `decider` and the extensions' `steps` (`null`: none). */
export function requestPath(decider: VersionDecider, steps: ExtensionSteps | null): RequestPath {
  /** Stage 3: the first of `candidates` that exists in the version answers (none: the matched route stays, not picked). */
  function pick(visit: Visit, candidates: Candidates | null): Visit {
    for (const route of candidates ?? []) {
      if (existsIn(route, visit.version)) return visit.with({ route, picked: true, versions: versionsOf(route) })
    }
    return visit
  }

  /** Stages 3 and 4 on a visit whose version is decided. */
  function prepare(visit: Visit, candidates: Candidates | null): Visit | Promise<Visit> {
    if (visit.rejection !== null) return visit
    const picked = pick(visit, candidates)
    return steps === null ? picked : steps.request(steps.lookup(picked))
  }

  return {
    enter(request, method, place, source) {
      const { route, candidates } = place
      // Stage 1: the scheme's decision, as a visit.
      const { version, rejection } = decider.decide(request, place.match, route?.limit?.neutral === true)
      const decided = new Visit(source, method, { request, version, route, versions: versionsOf(route), rejection })
      // Stage 2: a client's pin (the version steps).
      if (rejection !== null || steps === null || !steps.chooses) return prepare(decided, candidates)
      return after(steps.version(decided), (chosen) => prepare(chosen, candidates))
    },
    answerWith(visit, route) {
      const answered = visit.with({ route, picked: true, versions: versionsOf(route) })
      return steps === null ? answered : steps.lookup(answered)
    },
  }
}

/** A refusal of a visit (keeping its version, or for no version with `versions` reported). */
export function refused(visit: Visit, rejection: VersioningError, versions?: ReadonlySet<string> | null): Visit {
  return versions === undefined ? visit.with({ rejection }) : visit.with({ rejection, version: undefined, versions })
}
