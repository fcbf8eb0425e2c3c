/**
 * Each client pinned to its version, as Stripe pins accounts: a request that names no version is answered in its
 * client's pinned version, read from a `PinStore` through the isolate's lookups (lookups.ts); a new client is pinned
 * to the default version at the first request the app accepts (an answer below 400; a 401, 403, 429 or 5xx counts no
 * call either); an explicit version always wins; a client pinned to a version the scheme no longer serves (or to text
 * no version can be, a damaged entry) is refused with a 410 saying so, or answered in a fallback and moved to it once
 * (retired.ts; a damaged entry is not moved). The client is an identity read from the Hono context (identity.ts),
 * never a raw credential. A middleware extension (`clientVersion` option): its version step decides the version
 * before the route is picked, its response step writes the first pin and counts the call.
 */
import type { Context } from 'hono'
import { VersioningError, withoutStack } from '../errors.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { after } from '../pipeline/after.ts'
import type { ExchangeView, NotedChoice, VersionChoice, VersioningExtension } from '../pipeline/extension.ts'
import { BaseVersioning } from '../schemes/base.ts'
import { boundPolicy, boundScheme } from './bound-scheme.ts'
import { carriesVersionOf } from './carries.ts'
import { spokenDuration } from './duration.ts'
import { usableId } from './identity.ts'
import { isVersionText, PinLookups, settled, UNUSABLE_PIN, type Known } from './lookups.ts'
import type { VersionPolicy } from '../lifecycle/policy.ts'
import { checkPinsOptions, type ClientPinsOptions } from './options.ts'
import { jwtAfter } from './auth-order.ts'
import { latestPin, type Pin } from './pin-store.ts'
import { retiredFallback, retiredRefusal } from './retired.ts'

/** What the version step notes of a request for the response step. */
interface Note {
  /** The client's id, or `undefined` for none. */
  readonly id: string | undefined
  /** Whether the request named its version. */
  readonly named: boolean
  /** The version to pin the client to once the request is answered (it has no pin yet), or `null`. */
  readonly claim: string | null
  /** Whether `client` gave no client at all (rather than an unusable one, or failing): an authentication middleware may not have run yet. */
  readonly unnamed: boolean
  /** When the request was refused with the 503 of a failed lookup: the time this isolate asks the store again, which its answer says. */
  readonly unavailable?: number
  /** The retired version the client is pinned to and the fallback it was answered in (`onRetiredPin`): the pin moves once answered. */
  readonly move?: { readonly from: string; readonly to: string }
  /** The retired version the client is pinned to, when it was refused for it: the call is counted under it (the evidence of who still calls it). */
  readonly refused?: string
}

/** The pins of a middleware's clients: its `clientVersion` option, and the operator's calls. */
export interface ClientPins extends VersioningExtension {
  /**
   * Moves `client`'s pin to `version` (resolved as a request's version
   * would be), keeping the version it had for `rollback`, and gives the
   * version pinned. Refuses, with an `UpgradeRefused`, a version the
   * middleware does not serve or one past its sunset. The version the
   * client holds already writes nothing: its rollback window runs on.
   */
  upgrade(client: string, version: string): Promise<string>
  /**
   * Takes back `client`'s last upgrade within the rollback window, and gives
   * the version it is pinned to again; an `UpgradeRefused` says why not.
   */
  rollback(client: string): Promise<string>
  /** `client`'s pin, from the store (its primary, for a store read through a copy), or `null`. */
  pinOf(client: string): Promise<Pin | null>
}

/** 503 Service Unavailable: the client's pin could not be read (`onLookupError: 'unavailable'`). */
export class ClientVersionUnavailable extends VersioningError {
  override readonly name = 'ClientVersionUnavailable' as const
  readonly status = 503 as const

  constructor(detail: string = "The client's API version could not be looked up; retry, or name a version.") {
    super(detail, 'ClientVersionUnavailable')
  }
}

/** An `upgrade` or `rollback` the pins refuse: its message says why. */
export class UpgradeRefused extends Error {
  override readonly name = 'UpgradeRefused' as const
}

/** The runtime's `waitUntil` for the request (Workers), or `undefined` (Hono's `executionCtx` throws where there is none). */
function waitUntilOf(c: Context): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx
    return typeof ctx?.waitUntil === 'function' ? (promise) => ctx.waitUntil(promise) : undefined
  } catch {
    return undefined
  }
}

/** Swallows a recorder's rejection: recording fails neither a request nor the process running it. */
const ignored = (): void => undefined

/** Version text a refused upgrade names: 1 to 64 letters, digits and `. _ - + : ~ ^ *` (releases, dates, ranges such as `^1.2`). */
const NAMABLE = /^[A-Za-z0-9._+:~^*-]{1,64}$/

/**
 * Answers that say nothing of a client: authentication refused it (401, 403), a rate limit did (429), or the server
 * failed (5xx). Nothing is pinned or counted for them: a later middleware refusing random keys this way would
 * otherwise write a pin and a usage row per request.
 */
const noClient = (status: number): boolean => status === 401 || status === 403 || status === 429 || status >= 500

/** Whether an answer pins its client: the app accepted the request (a pin is written at the first one). */
const accepted = (status: number): boolean => status < 400

/**
 * Pins each client to its version. Give the result to the middleware as
 * `clientVersion`; keep it to call `upgrade` and `rollback`.
 *
 * @example
 * ```ts
 * const pins = clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'an example secret of 32 characters or more' }) })
 * app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins }))
 * ```
 */
export function clientPins(options: ClientPinsOptions): ClientPins {
  const where = 'clientPins'
  const { store, client, vary, onLookupError, onStoreError, onRetiredPin, cacheTtl, cacheSize, failureTtl, storeTimeout, rollbackWindow, usage, policy, carriesVersion, now } = checkPinsOptions(where, options)
  /** The middleware's policy, as the pins read it when bound (`policy` must be that one). */
  let lifecycle = policy?.describe()
  let read: { readonly policy: VersionPolicy | undefined } | null = null
  const lookups = new PinLookups(store, { cacheTtl, cacheSize, failureTtl, storeTimeout, onStoreError, now })
  /** The credential's headers: a choice made without a version named reads them, so its responses list them in `Vary`. */
  const varies = Object.freeze([...vary])
  let unavailable: ClientVersionUnavailable | undefined
  const longest = Math.ceil(failureTtl / 1000) // The most seconds a refused client waits (a clock set back would say more).
  /** The scheme of the middleware first bound, for `upgrade` (a later one must allow the same versions). */
  let bound: BaseVersioning | undefined

  const past = (version: string, key: 'deprecation' | 'sunset'): boolean => {
    const at = lifecycle?.versions.get(version)?.[key] ?? null
    return at !== null && (lifecycle?.now ?? Date.now)() >= at
  }
  /** Whether `version` is no longer served, though the scheme allows it: past its sunset in a policy that refuses it then (410). */
  const gone = (version: string): boolean => lifecycle?.refuseAfterSunset === true && past(version, 'sunset')

  /** `client` of the context as a usable id, `null` when it gave none, `undefined` when it gave an unusable one, failed, or gave none within `storeTimeout`. */
  function idOf(c: Context): string | null | undefined | Promise<string | null | undefined> {
    let id: ReturnType<typeof client>
    try {
      id = client(c)
    } catch {
      return undefined
    }
    return id instanceof Promise ? settled(() => id, storeTimeout).then(checked, () => undefined) : checked(id)
  }

  /** The last id found usable: a client that calls again is not checked again. */
  let lastUsable: string | undefined
  const checked = (id: unknown): string | null | undefined => {
    if (id === null || id === undefined) return null
    if (id === lastUsable) return lastUsable
    const usable = usableId(id)
    if (usable !== undefined) lastUsable = usable
    return usable
  }

  function bind(target: Parameters<VersioningExtension['bind']>[0]): ReturnType<VersioningExtension['bind']> {
    const given = target.scheme
    if (!(given instanceof BaseVersioning)) throw new Error(`${target.where}: clientVersion needs the middleware's scheme to be a versioning scheme.`)
    const scheme: BaseVersioning = given
    const carries = carriesVersion ?? carriesVersionOf(scheme, `${target.where}: clientVersion`)
    if (usage !== undefined && scheme.allowedVersions === null) {
      throw new Error(
        `${target.where}: clientVersion's usage needs the scheme to list its versions (allowedVersions): a scheme that accepts any version would count each version a client names as a row of its own, so writes would grow with requests. Give the scheme allowedVersions, or leave usage out.`,
      )
    }
    bound = boundScheme(target.where, bound, scheme)
    read = { policy: boundPolicy(target.where, policy, read, target.policy as VersionPolicy | undefined) }
    lifecycle = read.policy?.describe()
    const misplaced =
      `${target.where}: clientVersion read no client before the handlers ran, but one after: an authentication middleware registered after the versioning middleware names the client, too late for its pinned version. ` +
      'Register the authentication middleware (hono/jwt, bearerAuth ...) before the versioning middleware, or read the client from the request itself (bearerClient).'

    /** The choice of each pinned text seen (the few versions pins hold), resolved once. */
    const choices = new BoundedCache<VersionChoice>(64)
    /** The versions a client pinned to a retired one may be answered in and moved to, in order, or `null`: it is refused. */
    const fallbacks = retiredFallback(onRetiredPin, scheme, target.where)
    const refusal = fallbacks === null ? retiredRefusal(scheme, gone) : null
    /** What `choices` holds for a pin the scheme no longer serves: a marker, told apart by identity. */
    const retired: VersionChoice = Object.freeze({ version: null })
    /** The choice of each fallback version, made once. */
    const fallbackChoices = new Map<string, VersionChoice>((fallbacks ?? []).map((version) => [version, Object.freeze({ version })]))

    /** The first fallback not past its sunset (the policy's clock), else the last: its request gets the policy's 410, and no move. */
    function fallbackNow(versions: readonly string[]): string {
      for (const version of versions) if (!past(version, 'sunset')) return version
      return versions[versions.length - 1] as string
    }

    /** The version in `pinned`; for a version the scheme no longer serves, and for text that cannot be a version (a damaged entry), `retired`. */
    function pinnedIn(pinned: string): VersionChoice {
      if (pinned === UNUSABLE_PIN) return retired
      const known = choices.get(pinned)
      if (known !== undefined) return known
      const version = scheme.resolveVersion(pinned)
      return choices.set(pinned, version === undefined ? retired : { version })
    }

    /** The choice when the client's pin cannot be read. */
    function failed(): VersionChoice {
      return onLookupError === 'default' ? undefined : (unavailable ??= withoutStack(() => new ClientVersionUnavailable()))
    }

    /** The choice for a client that named no version, from what is known of its pin. */
    function chosen(id: string, known: Known): NotedChoice {
      if ('failed' in known) {
        const choice = failed()
        return { choice, note: choice === undefined ? { id, named: false, claim: null, unnamed: false } : { id, named: false, claim: null, unnamed: false, unavailable: known.until }, vary: varies }
      }
      if (known.pin !== null) {
        const choice = pinnedIn(known.pin)
        if (choice !== retired) return { choice, note: { id, named: false, claim: null, unnamed: false }, vary: varies }
        // A damaged entry names no version: it is counted under none and left for an operator's upgrade to mend, not moved.
        const damaged = known.pin === UNUSABLE_PIN
        if (fallbacks === null) return { choice: refusal?.(), note: { id, named: false, claim: null, unnamed: false, ...(damaged ? {} : { refused: known.pin }) }, vary: varies }
        const to = fallbackNow(fallbacks)
        return { choice: fallbackChoices.get(to) as VersionChoice, note: { id, named: false, claim: null, unnamed: false, ...(damaged ? {} : { move: { from: known.pin, to } }) }, vary: varies }
      }
      // No pin yet: answered in the default, pinned to it once answered.
      return { choice: undefined, note: { id, named: false, claim: scheme.defaultVersion, unnamed: false }, vary: varies }
    }

    function withId(given: string | null | undefined, named: boolean): NotedChoice | Promise<NotedChoice> {
      const id = given ?? undefined
      // A request that names no version is answered in its client's (or, for none, the default): it varies on the credential.
      if (id === undefined || named) return { choice: undefined, note: { id, named, claim: null, unnamed: given === null }, vary: named ? undefined : varies }
      const known = lookups.read(id)
      return known instanceof Promise ? known.then((k) => chosen(id, k)) : chosen(id, known)
    }

    /** After the handlers: the call, for an answer that names a client (`noClient`), and the first pin, for an accepted one. */
    function settle(exchange: ExchangeView, response: Response, note: Note, c: Context): Response | Promise<Response> {
      if (note.unavailable !== undefined) return retryLater(response, note.unavailable)
      if (noClient(response.status)) return response
      if (note.id === undefined) {
        // Only a request whose client gave none and that named no version could have been answered in a pin.
        if (note.named || !note.unnamed) return response
        return after(idOf(c), (later) => {
          if (typeof later === 'string') throw new Error(misplaced)
          return response
        })
      }
      // A client refused for its retired pin is counted under that version (1 to 64 printable characters, one per client).
      const version = exchange.version ?? note.refused
      if (usage !== undefined && typeof version === 'string') {
        try {
          const recorded: unknown = usage.record({ version, client: note.id, route: exchange.route?.path ?? exchange.routePath, deprecated: past(version, 'deprecation'), at: now() })
          // A recorder of one's own that returns a promise: its rejection is not left unhandled (Node would exit).
          if (recorded instanceof Promise) recorded.catch(ignored)
        } catch {
          // Recording never fails a request.
        }
      }
      const claim =
        exchange.rejected || !accepted(response.status) ? undefined
        : note.claim !== null ? lookups.claim(note.id, note.claim)
        : note.move !== undefined ? lookups.move(note.id, note.move.from, note.move.to)
        : undefined
      if (claim === undefined) return response
      // On Workers the first pin is written after the response; elsewhere the request waits for it.
      const waitUntil = waitUntilOf(c)
      if (waitUntil === undefined) return claim.then(() => response)
      waitUntil(claim)
      return response
    }

    /** The 503 of a failed lookup, with `Retry-After`: the seconds until this isolate asks the store again (`failureTtl` after the failure). */
    function retryLater(response: Response, until: number): Response {
      // None for a failureTtl under a second: the store is asked again at once.
      if (response.status !== 503 || failureTtl < 1000 || response.headers.has('Retry-After')) return response
      const left = Math.ceil((until - now()) / 1000)
      try {
        // The seconds left (at least 1, at most `longest`), as digits alone (String(1e21) would be "1e+21").
        response.headers.set('Retry-After', BigInt(left < 1 ? 1 : left < longest ? left : longest).toString())
      } catch {
        // An errorResponse of one's own that answers with immutable headers keeps them.
      }
      return response
    }

    return {
      version(exchange): NotedChoice | Promise<NotedChoice> {
        const named = carries(exchange.request)
        // An explicit version depends on no client: without a usage log, nothing to do.
        if (named && usage === undefined) return { choice: undefined }
        const id = idOf(exchange.context as Context)
        return id instanceof Promise ? id.then((resolved) => withId(resolved, named)) : withId(id, named)
      },
      response(exchange, response, noted) {
        const note = noted as Note | undefined
        // Vary lists the credential's headers already (the version step's choice names them).
        if (note === undefined) return response
        return settle(exchange, response, note, exchange.context as Context)
      },
    }
  }

  /** `version` as the bound middleware would serve it, or the refusal's sentence. */
  function servable(version: unknown, what: string, unnamed = 'the version given'): string {
    if (bound === undefined) throw new UpgradeRefused(`${where}.${what}: give the pins to a middleware (its clientVersion option) first, so they know its versions.`)
    const resolved = typeof version === 'string' ? bound.resolveVersion(version) : undefined
    if (resolved === undefined || resolved === null) {
      // The version is named only when it is written as versions are: an operator's endpoint answering the message reflects no markup nor quotes.
      const named = typeof version === 'string' && NAMABLE.test(version) ? JSON.stringify(version) : unnamed
      throw new UpgradeRefused(`${where}.${what}: ${named} is not a version this API serves${bound.allowedVersions === null ? '' : ` (${bound.allowedVersions.filter((v): v is string => v !== null && !gone(v)).join(', ')})`}.`)
    }
    if (past(resolved, 'sunset')) throw new UpgradeRefused(`${where}.${what}: ${resolved} is past its sunset; pin a supported version.`)
    return resolved
  }

  const checkedId = (id: unknown, what: string): string => {
    const usable = usableId(id)
    if (usable === undefined) throw new UpgradeRefused(`${where}.${what}: client must be a client id of 1 to 96 printable ASCII characters (bearerClient's idOf(key) gives a key's).`)
    return usable
  }

  return {
    bind,
    check: (app) => jwtAfter(app, client),
    async upgrade(id, version) {
      const client = checkedId(id, 'upgrade')
      const resolved = servable(version, 'upgrade')
      const held = await latestPin(store, client)
      // Already there: nothing written, so the last upgrade's rollback window is not restarted.
      if (held !== null && held.version === resolved) {
        lookups.moved(client, resolved)
        return resolved
      }
      // A damaged entry (text no version can be) is no version to go back to: not kept as previous.
      const previous = held === null ? null : isVersionText(held.version) ? held.version : null
      await store.put(client, { version: resolved, previous, movedAt: previous === null ? null : now() })
      lookups.moved(client, resolved)
      return resolved
    },
    async rollback(id) {
      const client = checkedId(id, 'rollback')
      const held = await latestPin(store, client)
      if (held === null || held.previous === null || held.movedAt === null) throw new UpgradeRefused(`${where}.rollback: the client has no upgrade to take back.`)
      if (now() - held.movedAt > rollbackWindow) {
        throw new UpgradeRefused(`${where}.rollback: the client's last upgrade is older than the rollback window (${spokenDuration(rollbackWindow)}); upgrade it to the version it needs instead.`)
      }
      const version = servable(held.previous, 'rollback', "the client's previous version")
      await store.put(client, { version, previous: null, movedAt: null })
      lookups.moved(client, version)
      return version
    },
    pinOf: async (id) => latestPin(store, checkedId(id, 'pinOf')),
  }
}
