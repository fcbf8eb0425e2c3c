/**
 * Hono's middleware as an app's routes list them (`app.routes`): whether a
 * middleware registered at one pattern runs for a path, and the name Hono
 * gives a middleware function of its own (`cors`, `jwt`, `methodOverride`),
 * by which `check(app)` finds one registered in the wrong place.
 */

/**
 * Whether Hono runs a middleware registered at `pattern` for a route registered at `path`: segment by segment, a
 * `*` segment covers what follows (nothing too), a param (`:id`, `:id{[0-9]+}`, `:id?`) any one segment. A pattern
 * it cannot read so (a `*` inside a segment) is taken to cover, so that nothing is said in doubt.
 */
export function covers(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter((part) => part !== '')
  const have = path.split('/').filter((part) => part !== '')
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string
    if (part.includes('*') && !part.includes('{')) return true
    const segment = have[i]
    if (part.startsWith(':')) {
      if (segment === undefined) return part.endsWith('?') && i === want.length - 1
      continue
    }
    if (segment !== part) return false
  }
  return want.length === have.length
}

/**
 * The name Hono gives a middleware function of its own, as its releases name it: those built with esbuild (every
 * release before 4.13.10) suffix a number to a function named as the variable that holds it (`methodOverride2`,
 * `cors2`, `secureHeaders2`); later releases keep the name (`methodOverride`).
 */
export function honoName(handler: unknown): string | undefined {
  if (typeof handler !== 'function') return undefined
  // Its trailing digits, counted from the end (a regular expression would backtrack over a long run of them).
  const { name } = handler
  let end = name.length
  while (end > 0 && name.charCodeAt(end - 1) >= 0x30 && name.charCodeAt(end - 1) <= 0x39) end--
  return name.slice(0, end)
}
