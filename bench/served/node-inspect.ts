/**
 * Node only, for bench/drivers/profile-served.js (bench/served/server.ts loads it
 * on Node; each part is off unless the environment asks for it):
 *
 * - BENCH_PROFILE_OUT=<file>: a CPU profile of the load alone (the inspector's
 *   profiler starts on SIGUSR2, after startup and warm-up, and is written on
 *   exit), sampling every BENCH_PROFILE_INTERVAL µs (100);
 * - BENCH_COUNT_OUT=<file>: per-request counters written on exit, read off
 *   @hono/node-server's lightweight objects after each response: whether the
 *   raw Request was turned into a real one (its `requestCache` symbol) or had
 *   its Headers built, whether the Response became a real one
 *   (`responseCache`) or got a Headers object, whether `app.fetch` answered
 *   with a promise; and how often a scheme's `determineVersion` ran.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import {
  AcceptHeaderVersioning,
  HeaderVersioning,
  HostNameVersioning,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
} from '../../src/index.ts'

type Fetch = (request: Request, ...rest: any[]) => Response | Promise<Response>

/** Starts the profiler on SIGUSR2 when BENCH_PROFILE_OUT is set; the function returned stops it and writes the profile. */
export async function profileWindow(): Promise<() => Promise<void>> {
  const out = process.env['BENCH_PROFILE_OUT']
  if (out === undefined) return async () => {}
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: Number(process.env['BENCH_PROFILE_INTERVAL'] ?? 100) })
  let started = false
  process.on('SIGUSR2', () => {
    started = true
    void session.post('Profiler.start')
  })
  return async () => {
    if (!started) return
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(out, JSON.stringify(profile))
  }
}

const symbol = (o: object, description: string): symbol | undefined => {
  for (let p: object | null = o; p !== null; p = Object.getPrototypeOf(p)) {
    const found = Object.getOwnPropertySymbols(p).find((s) => s.description === description)
    if (found !== undefined) return found
  }
  return undefined
}
const has = (o: object, description: string): boolean => {
  const s = symbol(o, description)
  return s !== undefined && (o as Record<symbol, unknown>)[s] !== undefined
}

/** `fetch` counting what each request made @hono/node-server build, when BENCH_COUNT_OUT is set; `fetch` itself otherwise. */
export function tally(fetch: Fetch): Fetch {
  const out = process.env['BENCH_COUNT_OUT']
  if (out === undefined) return fetch
  const counts = {
    requests: 0,
    promise: 0,
    requestMaterialized: 0,
    requestHeadersBuilt: 0,
    responseMaterialized: 0,
    responseHeadersObject: 0,
    determineVersion: 0,
  }
  for (const Scheme of [AcceptHeaderVersioning, HeaderVersioning, HostNameVersioning, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning]) {
    const proto = Scheme.prototype as { determineVersion: (...args: unknown[]) => string | null }
    const original = proto.determineVersion
    proto.determineVersion = function counted(this: unknown, ...args: unknown[]) {
      counts.determineVersion++
      return original.apply(this, args)
    }
  }
  const inspect = (request: Request, response: Response): void => {
    counts.requests++
    if (has(request, 'requestCache')) counts.requestMaterialized++
    if (has(request, 'headersKey')) counts.requestHeadersBuilt++
    if (has(response, 'responseCache')) counts.responseMaterialized++
    const cache = symbol(response, 'cache')
    const entry = cache === undefined ? undefined : (response as unknown as Record<symbol, unknown[] | undefined>)[cache]
    if (entry !== undefined && entry[2] instanceof Headers) counts.responseHeadersObject++
  }
  process.on('exit', () => writeFileSync(out, JSON.stringify(counts)))
  return (request, ...rest) => {
    const res = fetch(request, ...rest)
    if (res instanceof Promise) {
      counts.promise++
      return res.then((r) => {
        inspect(request, r)
        return r
      })
    }
    inspect(request, res)
    return res
  }
}
