/**
 * With the version in the Accept header (`AcceptHeaderVersioning`, alone or
 * in a combination), the server negotiates `Accept` against the scheme's
 * `mediaTypes` and refuses a request asking for any other type with 406
 * (docs/schemes.md). A document whose operation answers successfully in a
 * media type `mediaTypes` does not list (`text/event-stream` of a
 * server-sent events route, `image/png`) describes an answer a client
 * asking for it never gets: the documents refuse it at construction, with
 * what to add. Ranges (`*\/*`), the scheme's vendor media type, error
 * answers (a client asks for the answer it wants, not for an error) and
 * version-neutral routes (the server negotiates no version for them) are
 * left alone.
 */
import type { Placement } from './placement.ts'
import { mediaType } from '../changes/media-types.ts'
import type { SourceOperation } from './sources.ts'
import { isObject, type Json } from '../json/object.ts'


/** The success responses of an operation (`2xx`, `2XX`), a `$ref` to a response component followed once. */
function successResponses(operation: Json, components: Json): Json[] {
  const responses = isObject(operation['responses']) ? operation['responses'] : {}
  const named = isObject(components['responses']) ? components['responses'] : {}
  const out: Json[] = []
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2(\d\d|XX)$/i.test(status) || !isObject(response)) continue
    const ref = response['$ref']
    const name = typeof ref === 'string' && ref.startsWith('#/components/responses/') ? ref.slice('#/components/responses/'.length) : null
    const given = name === null ? response : Object.hasOwn(named, name) ? named[name] : undefined
    if (isObject(given)) out.push(given)
  }
  return out
}

/** Throws a sentence when one of `operations` (the versioned ones) answers in a media type the Accept header's negotiation refuses. */
export function checkAcceptTypes(operations: readonly SourceOperation[], placement: Placement, components: Json, where: string): void {
  const accept = placement.accept
  if (accept === null) return
  const listed = new Set(accept.mediaTypes.map((type) => mediaType(type)))
  const [prefix, suffix] = accept.vendor === null ? [null, null] : accept.vendor.toLowerCase().split('{version}')
  const refused = new Map<string, string>()
  for (const source of operations) {
    for (const response of successResponses(source.operation, components)) {
      for (const type of Object.keys(isObject(response['content']) ? response['content'] : {}).map((type) => mediaType(type))) {
        const vendor = prefix != null && suffix != null && type.length > prefix.length + suffix.length && type.startsWith(prefix) && type.endsWith(suffix)
        if (type.includes('*') || listed.has(type) || vendor || refused.has(type)) continue
        refused.set(type, `${source.method.toUpperCase()} ${source.path}`)
      }
    }
  }
  if (refused.size === 0) return
  const [type, operation] = [...refused][0] as [string, string]
  const more = refused.size > 1 ? ` (and ${[...refused.keys()].slice(1, 4).join(', ')}${refused.size > 4 ? ', ...' : ''})` : ''
  throw new Error(
    `${where}: ${operation} answers ${type}${more}, which the Accept header's negotiation refuses (mediaTypes lists ${accept.mediaTypes.join(', ')}): a client asking for it gets 406. Add '${type}' to AcceptHeaderVersioning's mediaTypes.`,
  )
}
