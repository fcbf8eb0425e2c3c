/** The rejections of an older request that does not fit the schema of its own version. */
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

/**
 * 422 Unprocessable Content (or the status `requestValidation` is given): an
 * older client's query parameters, headers or cookies do not fit the schema
 * of the version it asked for. `issues` say where (`["query", "state"]`,
 * `["header", "X-Region"]`, `["cookie", "session"]`) and what, in that
 * version's names, as `InvalidRequestBody`'s do.
 */
export class InvalidRequestParameters extends VersioningError {
  override readonly name = 'InvalidRequestParameters' as const
  readonly status: number
  /** Where and what, from the part's root. */
  readonly issues: readonly RequestIssue[]

  constructor(issues: readonly RequestIssue[], status: number = 422, detail: string = 'The request parameters do not match the schema of its API version.') {
    super(detail, 'InvalidRequestParameters')
    this.status = status
    this.issues = issues
  }
}
