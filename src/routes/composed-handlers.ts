/**
 * The handlers Hono's `app.route(path, sub)` wraps: when `sub` has its own
 * `onError`, each of its routes' handlers is registered on the parent inside
 * a wrapper marked `COMPOSED_HANDLER` (nested once per such sub-app). These
 * see through the wrappers (at most 16, as no app nests deeper).
 */
import { COMPOSED_HANDLER } from 'hono/utils/constants'

/** The handler inside the wrappers `app.route()` made of `handler` (itself when none). */
export function innermost(handler: unknown): unknown {
  let fn = handler
  for (let depth = 0; depth < 16 && typeof fn === 'function' && COMPOSED_HANDLER in fn; depth++) fn = (fn as unknown as Record<string, unknown>)[COMPOSED_HANDLER]
  return fn
}

/** Whether `handler` is `own`, or a wrapper `app.route()` made of it (at any depth). */
export function runs(handler: unknown, own: unknown): boolean {
  let fn = handler
  for (let depth = 0; depth < 16 && typeof fn === 'function'; depth++) {
    if (fn === own) return true
    if (!(COMPOSED_HANDLER in fn)) return false
    fn = (fn as unknown as Record<string, unknown>)[COMPOSED_HANDLER]
  }
  return false
}
