/** The rejection of an older request whose body does not fit its own version's schema. */
import { VersioningError } from '../errors.ts'
import type { RequestIssue } from './issues.ts'

/**
 * 422 Unprocessable Content (or the status `requestValidation` is given): an
 * older client's JSON body does not fit the schema of the version it asked
 * for. `issues` says where and what, in that version's field names; the
 * default `errorResponse` answers `{"detail": issues}` and `problemDetails()`
 * adds them as `errors`.
 */
export class InvalidRequestBody extends VersioningError {
  override readonly name = 'InvalidRequestBody' as const
  readonly status: number
  /** Where and what, from the body's root (`loc: ["body", "price"]`). */
  readonly issues: readonly RequestIssue[]

  constructor(issues: readonly RequestIssue[], status: number = 422, detail: string = 'The request body does not match the schema of its API version.') {
    super(detail, 'InvalidRequestBody')
    this.status = status
    this.issues = issues
  }
}
