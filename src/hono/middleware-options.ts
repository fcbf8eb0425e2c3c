/**
 * The options both middlewares take, checked once: the scheme, the answer
 * to a rejection, the allowed hosts, and the extensions in the order they
 * run (the client's version first: the version it decides is the one the
 * policy and the changes see).
 */
import type { Context } from 'hono'
import type { VersioningError } from '../errors.ts'
import { allowedHosts } from '../http/allowed-hosts.ts'
import type { VersioningExtension } from '../pipeline/extension.ts'
import { BaseVersioning } from '../schemes/base.ts'
import { detailResponse } from './error-response.ts'
import { checkOptionNames, isRecord } from '../options.ts'

/** Options both middlewares take. */
export interface MiddlewareOptions<S extends BaseVersioning> {
  /** The scheme that determines the version. */
  readonly scheme: S
  /**
   * Builds the response of a rejected version; its status is the answer's (it need not be the error's).
   * @default `{"detail": "<message>"}` as `application/json` with the error's status
   */
  readonly errorResponse?: ((error: VersioningError, c: Context) => Response) | undefined
  /**
   * The version lifecycle told to clients (`versionPolicy({...})` from
   * `hono-api-versioning/lifecycle`): supported and deprecated versions,
   * `Deprecation`, `Sunset` and `Link` headers, the echoed version, 410 after
   * a sunset.
   * @default undefined (none)
   */
  readonly policy?: VersioningExtension | undefined
  /**
   * The hosts requests may name, as Django's `ALLOWED_HOSTS`: exact names,
   * `.example.com` for a domain and its subdomains, or `*`; ports are
   * ignored. Any other host (user info included) is refused with 400
   * `{"detail": "Invalid host."}` before the scheme reads anything, so
   * `HostNameVersioning` only reads listed hosts and links only carry them.
   * @default undefined (every host)
   */
  readonly allowedHosts?: readonly string[] | undefined
  /**
   * The version changes (`versionHistory({...})` from
   * `hono-api-versioning/changes`): handlers written for the newest version,
   * older requests migrated up before them and responses migrated down after.
   * @default undefined (none)
   */
  readonly changes?: VersioningExtension | undefined
  /**
   * The version of a request that names none, from its client
   * (`clientPins({...})` from `hono-api-versioning/client-pins`): looked up
   * before the policy and the changes see the version.
   * @default undefined (the scheme's default version)
   */
  readonly clientVersion?: VersioningExtension | undefined
  /**
   * The app's own steps on every versioned request (an audit log, a per-version rate limit): each a
   * `VersioningExtension`, bound once like the built-in ones and run after them, in the order given
   * (docs/middleware.md, "Extensions").
   * @default [] (none)
   */
  readonly extensions?: readonly VersioningExtension[] | undefined
}

/** The options, checked. */
export interface CheckedOptions {
  readonly scheme: BaseVersioning
  readonly errorResponse: (error: VersioningError, c: Context) => Response
  /** The host check (`null`: every host). */
  readonly hosts: ((authority: string) => boolean) | null
  /** The extensions, in the order their steps run. */
  readonly extensions: readonly VersioningExtension[]
  /** The version policy among them, which client pins read too. */
  readonly policy: VersioningExtension | undefined
}

/** Checks the options of middleware `where` (`extraNames`: the options it adds); a mistake throws a sentence saying what to fix. */
export function checkOptions(where: string, options: MiddlewareOptions<BaseVersioning>, extraNames: readonly string[]): CheckedOptions {
  if (!isRecord(options)) {
    throw new Error(`${where}: pass options such as { scheme: new URLPathVersioning()${extraNames.length > 0 ? `, ${extraNames[0]}` : ''} }.`)
  }
  const names = ['scheme', ...extraNames, 'errorResponse', 'policy', 'changes', 'allowedHosts', 'clientVersion', 'extensions']
  checkOptionNames(options, where, names)
  const { scheme, errorResponse = detailResponse, policy, changes, allowedHosts: hosts, clientVersion, extensions: own = [] } = options
  if (!(scheme instanceof BaseVersioning)) {
    throw new Error(`${where}: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).`)
  }
  // BaseVersioning's own throws NotImplementedError: every request would answer 500.
  if (scheme.determineVersion === BaseVersioning.prototype.determineVersion) {
    throw new Error(`${where}: the scheme ${scheme.constructor.name} does not implement determineVersion(request, match); give it one that returns the request's version, or use a scheme such as HeaderVersioning.`)
  }
  if (typeof errorResponse !== 'function') {
    throw new Error(`${where}: errorResponse must be a function (error, c) => Response.`)
  }
  if (policy !== undefined && !isExtension(policy, 'describe')) {
    throw new Error(`${where}: policy must come from versionPolicy({...}).`)
  }
  if (changes !== undefined && !isExtension(changes, 'changelog')) {
    throw new Error(`${where}: changes must come from versionHistory({...}).`)
  }
  if (clientVersion !== undefined && !isExtension(clientVersion, 'upgrade')) {
    throw new Error(`${where}: clientVersion must come from clientPins({...}).`)
  }
  if (!Array.isArray(own) || !own.every((e: unknown) => isExtension(e, 'bind'))) {
    throw new Error(`${where}: extensions must be objects with bind(target).`)
  }
  const extensions = [clientVersion, policy, changes, ...own].filter((e): e is VersioningExtension => e !== undefined)
  return { scheme, errorResponse, hosts: hosts === undefined ? null : allowedHosts(hosts, where), extensions, policy }
}

/** Whether `value` is an extension with the method its factory gives it (`describe`, `changelog`, `upgrade`). */
function isExtension(value: unknown, own: string): value is VersioningExtension {
  return value !== null && typeof value === 'object' && typeof (value as VersioningExtension).bind === 'function' && typeof (value as Record<string, unknown>)[own] === 'function'
}
