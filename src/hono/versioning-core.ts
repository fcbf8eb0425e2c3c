/**
 * What both middlewares share: their common options checked once, the
 * response headers (`Vary`, the version policy's), and rejections turned
 * into `HTTPException`s.
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { VersioningError } from '../errors.ts'
import { BaseVersioning } from '../schemes/base.ts'
import type { BoundVersionPolicy, VersionPolicy } from '../lifecycle/policy.ts'
import { detailResponse } from './error-response.ts'
import { mergeVary } from '../http/vary.ts'

/** Options both middlewares take. */
export interface VersioningCoreOptions<S extends BaseVersioning> {
  /** The scheme that determines the version. */
  readonly scheme: S
  /**
   * Builds the response of a rejected version; its status is the answer's (it need not be the error's).
   * @default `{"detail": "<message>"}` as `application/json` with the error's status
   */
  readonly errorResponse?: ((error: VersioningError, c: Context) => Response) | undefined
  /**
   * The version lifecycle told to clients (`versionPolicy({...})`): supported
   * and deprecated versions, `Deprecation`, `Sunset` and `Link` headers, the
   * echoed version, 410 after a sunset.
   * @default undefined (none)
   */
  readonly policy?: VersionPolicy | undefined
}

/** The shared per-request work of a middleware, bound to its options. */
export interface VersioningCore {
  /** The bound policy, or `null`. */
  readonly policy: BoundVersionPolicy | null
  /** Whether responses get headers (`Vary` or the policy's). */
  readonly finishes: boolean
  /** Adds the response headers for `version` (`undefined`: a rejection) and the route's `versions`. */
  finish(res: Response, version: string | null | undefined, versions: ReadonlySet<string> | null): Response
  /** Adds the headers to `c.res` after the handlers ran. */
  finishContext(c: Context, version: string | null | undefined, versions: ReadonlySet<string> | null): void
  /** The rejection as the `HTTPException` to throw. */
  reject(c: Context, error: VersioningError, version: string | null | undefined, versions: ReadonlySet<string> | null): HTTPException
}

/** Checks the options of middleware `where` (`extraNames`: the options it adds) and binds the shared work. */
export function versioningCore<S extends BaseVersioning>(where: string, options: VersioningCoreOptions<S>, extraNames: readonly string[]): VersioningCore {
  if (options === null || typeof options !== 'object') {
    throw new Error(`${where}: pass options such as { scheme: new URLPathVersioning()${extraNames.map((name) => `, ${name}`).join('')} }.`)
  }
  const names = ['scheme', ...extraNames, 'errorResponse', 'policy']
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new Error(`${where}: unknown option "${key}"; the options are ${names.join(', ')}.`)
  }
  const { scheme, errorResponse = detailResponse, policy } = options
  if (!(scheme instanceof BaseVersioning)) {
    throw new Error(`${where}: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).`)
  }
  if (typeof errorResponse !== 'function') {
    throw new Error(`${where}: errorResponse must be a function (error, c) => Response.`)
  }
  if (policy !== undefined && (policy === null || typeof policy !== 'object' || typeof policy.bind !== 'function')) {
    throw new Error(`${where}: policy must come from versionPolicy({...}).`)
  }
  const bound = policy === undefined ? null : policy.bind(scheme)
  const vary = scheme.vary
  const finishes = vary.length > 0 || bound !== null

  function decorate(headers: Headers, version: string | null | undefined, versions: ReadonlySet<string> | null): void {
    if (vary.length > 0) {
      const merged = mergeVary(headers.get('Vary'), vary)
      if (merged !== null) headers.set('Vary', merged)
    }
    bound?.decorate(headers, version, versions)
  }

  function finish(res: Response, version: string | null | undefined, versions: ReadonlySet<string> | null): Response {
    if (!finishes) return res
    try {
      decorate(res.headers, version, versions)
      return res
    } catch {
      // Immutable headers (a fetch() or Response.redirect() response): copy it.
      const copy = new Response(res.body, res)
      decorate(copy.headers, version, versions)
      return copy
    }
  }

  return {
    policy: bound,
    finishes,
    finish,
    finishContext(c, version, versions) {
      const res = finish(c.res, version, versions)
      if (res !== c.res) {
        // A copy: replace without Hono merging the old headers back over ours.
        c.res = undefined
        c.res = res
      }
    },
    reject(c, error, version, versions) {
      // For responses app.onError builds with c.json() and friends.
      for (const name of vary) c.header('Vary', name, { append: true })
      const answer: unknown = errorResponse(error, c)
      if (!(answer instanceof Response)) {
        throw new TypeError(`${where}: errorResponse must return a Response (synchronously), got ${answer instanceof Promise ? 'a Promise' : typeof answer}.`)
      }
      const res = finish(answer, version, versions)
      // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
      return new HTTPException(res.status as ContentfulStatusCode, { res, message: error.detail, cause: error })
    },
  }
}
