/**
 * Reading an operation's contracts in a version (api-model.ts
 * `RequestContract`, `ResponseContracts`): the response a status and media
 * type get, and the contracts of an operation whose builder knows no
 * schemas (its path params alone, no documented response).
 */
import type { MediaContract, OperationContracts, ResponseContract } from './api-model.ts'

/**
 * The media type `mediaType` of the response `byStatus` gives `status`:
 * its own status, else its class (`4XX`), else `default`; `null` when that
 * response documents no such media type.
 */
export function responseMedia(byStatus: Readonly<Record<string, ResponseContract>>, status: number, mediaType: string): MediaContract | null {
  const key = String(status)
  const response = byStatus[key] ?? byStatus[`${key[0] as string}XX`] ?? byStatus['default']
  return response?.content?.[mediaType] ?? null
}

const NO_COMPONENTS = Object.freeze({})

/** The contracts of an operation with nothing declared but its path: each path param a required string, no body, no response documented. */
export function pathContracts(params: readonly string[]): OperationContracts {
  const parameters = params.map((name) => Object.freeze({ name, in: 'path', required: true, schema: Object.freeze({ type: 'string' }) }))
  return Object.freeze({
    request: Object.freeze({ parameters: Object.freeze(parameters), body: null, partial: null, checked: false }),
    responses: Object.freeze({ byStatus: NO_COMPONENTS, components: NO_COMPONENTS }),
  })
}
