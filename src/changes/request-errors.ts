/**
 * The rejections of an older client's request body that cannot be migrated
 * up to the head version. Their details name only what the history declares
 * (shapes, fields, list positions), never a value of the request.
 */
import { VersioningError } from '../errors.ts'

/**
 * 400 Bad Request: the request's body is declared JSON (`Content-Type`) on a
 * route whose older versions have request changes, and it does not parse.
 * Its detail is fixed (nothing of the body is echoed).
 */
export class MalformedJsonBody extends VersioningError {
  override readonly name = 'MalformedJsonBody' as const
  readonly status = 400 as const

  constructor(detail: string = 'Malformed JSON in request body.') {
    super(detail, 'MalformedJsonBody')
  }
}

/**
 * 415 Unsupported Media Type: an older client sent a body that is not JSON
 * (`text/plain`, a form, no `Content-Type`) to a route whose request body its
 * version migrates. The handler never reads a body it could not migrate.
 */
export class UnsupportedBodyType extends VersioningError {
  override readonly name = 'UnsupportedBodyType' as const
  readonly status = 415 as const

  constructor(detail: string = 'Unsupported media type in request; send the body as application/json.') {
    super(detail, 'UnsupportedMediaType')
  }
}

/**
 * 400 Bad Request: an older client's JSON body cannot be migrated up: a value
 * is not what the route's layout says (`{"items": {}}` where a list goes), a
 * converter refused a value, or it is nested too deeply. The detail names the
 * place (`$.items[0].price`), as the history declares it.
 */
export class UnreadableBody extends VersioningError {
  override readonly name = 'UnreadableBody' as const
  readonly status = 400 as const

  constructor(detail: string) {
    super(detail, 'UnreadableBody')
  }
}
