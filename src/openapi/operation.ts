/**
 * One operation in one version's document, read from the model
 * (`OperationAt.request` and `.responses`, worked out once in
 * operation-contracts.ts): its parameters and request body, its responses
 * with the lifecycle headers' references, `security` and `deprecated`.
 */
import type { OperationAt } from '../model/api-model.ts'
import type { BuildContext } from './context.ts'
import { withoutStaleExamples } from './older-responses.ts'
import { asSentBody } from './request-body.ts'
import { withoutStaleParameterExamples } from './stale-examples.ts'
import type { SourceOperation } from './sources.ts'
import type { DocumentedVersion } from './versions.ts'
import type { Json } from '../json/object.ts'

/** Each response with the lifecycle headers' references added. */
function withHeaders(responses: Json, headerNames: readonly string[]): Json {
  if (headerNames.length === 0) return responses
  const own: Json = {}
  for (const [status, response] of Object.entries(responses)) {
    if (response === null || typeof response !== 'object' || '$ref' in response) {
      own[status] = response
      continue
    }
    const r: Json = { ...(response as Json) }
    const headers: Json = { ...((r['headers'] ?? {}) as Json) }
    for (const name of headerNames) if (!(name in headers)) headers[name] = { $ref: `#/components/headers/${name}` }
    r['headers'] = headers
    own[status] = r
  }
  return own
}

/**
 * The operation of `source` in `entry`'s version, served there as `served`
 * says: a new object for each part that differs, the unchanged parts shared
 * with the head (they are frozen with the first document that has them, and
 * never changed). The component schemas its contracts add (request bodies,
 * the error body) go into `schemas`.
 */
export function operationIn(
  context: BuildContext,
  source: SourceOperation,
  served: OperationAt,
  entry: DocumentedVersion,
  neutral: boolean,
  headerNames: readonly string[],
  schemas: Json,
  stale: { readonly changed: ReadonlySet<string>; readonly schemas: Json } = { changed: new Set(), schemas: {} },
): Json {
  const operation: Json = { ...source.operation }
  const { request, responses } = served
  if (request.parameters.length > 0) operation['parameters'] = withoutStaleParameterExamples(request.parameters, stale.changed, stale.schemas) as unknown as Json[]
  else delete operation['parameters']
  // A PATCH whose body the toolkit checks is documented as the partial update it reads.
  const body = request.partial ?? request.body
  if (body !== null) {
    // A media type the toolkit passes to the handler as sent (unmigrated) is the head's body, whatever the version changes.
    const up = served.migration?.up
    const sent = up === undefined ? (body.body as Json) : asSentBody(body.body as Json, up.forms, up.unmigrated ?? [], stale.changed, stale.schemas, schemas)
    operation['requestBody'] = withoutStaleExamples(sent, stale.changed, stale.schemas)
    Object.assign(schemas, body.components)
  }
  Object.assign(schemas, responses.components)
  operation['responses'] = withHeaders(withoutStaleExamples(responses.byStatus as Json, stale.changed, stale.schemas), headerNames)
  if (context.security !== null && !neutral) operation['security'] = context.security
  if (entry.deprecated || entry.sunsetPassed) {
    operation['deprecated'] = true
    // The day it goes away as contract diff tools read it (oasdiff's `x-sunset`, a full-date: removing the operation is
    // no breaking change after that day), unless the app's own operation gives one.
    if (entry.sunset !== null && operation['x-sunset'] === undefined) operation['x-sunset'] = entry.sunset.slice(0, 10)
  }
  if (typeof operation['operationId'] !== 'string') operation['operationId'] = source.operationId
  return operation
}
