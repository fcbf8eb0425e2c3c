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
 * (`text/plain`, no `Content-Type`, or a form on a route whose `bodies` entry
 * does not say `forms: true`) to a route whose request body its version
 * migrates. The handler never reads a body it could not migrate.
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

/**
 * 413 Content Too Large: an older client's body is larger than the
 * history's `maxBodySize` (bytes), which it reads before parsing: refused
 * when its `Content-Length` says so, or as soon as that many bytes came.
 */
export class BodyTooLarge extends VersioningError {
  override readonly name = 'BodyTooLarge' as const
  readonly status = 413 as const

  constructor(detail: string = 'The request body is too large.') {
    super(detail, 'BodyTooLarge')
  }
}

/**
 * 400 Bad Request: an older client's form body (`multipart/form-data`,
 * `application/x-www-form-urlencoded`) on a route that migrates forms does
 * not parse (a multipart body without its boundary, a part cut short).
 */
export class MalformedFormBody extends VersioningError {
  override readonly name = 'MalformedFormBody' as const
  readonly status = 400 as const

  constructor(detail: string = 'Malformed form data in request body.') {
    super(detail, 'MalformedFormBody')
  }
}
