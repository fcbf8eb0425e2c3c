/**
 * How a link names the query parameters of the plain route it points to, in
 * the version of the request that builds it (history-plans.ts `LINK_QUERY`):
 * a handler reads the query in the head's names (the request path renamed an
 * older client's), and a link that passes them on (`c.var.reverse(name, {
 * query: c.req.query() })`) gives each parameter the route renamed
 * (`queryParamRenamed`) its name in the link's version again, newest rename
 * first. Values a `queryParamChanged` converts stay as the head has them: it
 * has no way back (docs/hono-apps.md).
 */
import { HISTORY_PLANS, LINK_QUERY, type LinkQuery, type Planned } from './history-plans.ts'
import { renamesOf } from './request-values.ts'
import { planLookup } from './route-plans.ts'

/** Gives `prototype` (a history's) the `LINK_QUERY` method, read from its plans once per middleware. */
export function defineLinkQuery(prototype: object): void {
  Object.defineProperty(prototype, LINK_QUERY, {
    value(this: Planned & { readonly versions: readonly string[] }): LinkQuery {
      const { plans, fallback } = this[HISTORY_PLANS]()
      const lookup = planLookup(plans, fallback)
      const index = new Map(this.versions.map((v, i) => [v, i]))
      return (paths, version, query) => {
        const at = version == null ? undefined : index.get(version)
        const renames = at === undefined ? [] : renamesOf(lookup({ method: 'GET', route: null, routePaths: paths })?.query?.[at])
        if (renames.length === 0) return query
        const out: Record<string, unknown> = {}
        for (const [key, value] of Object.entries(query)) {
          let name = key
          // Oldest rename first in the plan: undone newest first.
          for (let i = renames.length - 1; i >= 0; i--) if ((renames[i] as readonly [string, string])[1] === name) name = (renames[i] as readonly [string, string])[0]
          if (!Object.hasOwn(out, name)) out[name] = value
        }
        return out as typeof query
      }
    },
  })
}
