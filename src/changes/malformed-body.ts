/** The rejection of a request whose JSON body cannot be migrated because it does not parse. */
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
