/** The rejections of an older request that does not fit the schema of its own version. */
import { VersioningError } from '../errors.ts'
import type { RequestIssue } from './issues.ts'

/** A refusal that lists its issues: where and what, from a request part's root. */
abstract class InvalidRequestPart extends VersioningError {
  readonly status: number
  /** Where and what, from the part's root (`loc: ["body", "price"]`, `["query", "state"]`). */
  readonly issues: readonly RequestIssue[]

  constructor(issues: readonly RequestIssue[], status: number, detail: string, code: string) {
    super(detail, code)
    this.status = status
    this.issues = issues
  }
}

/**
 * 422 Unprocessable Content (or the status `requestValidation` is given): an
 * older client's JSON body does not fit the schema of the version it asked
 * for. `issues` says where and what, in that version's field names; the
 * default `errorResponse` answers `{"detail": issues}` and `problemDetails()`
 * adds them as `errors`.
 */
export class InvalidRequestBody extends InvalidRequestPart {
  override readonly name = 'InvalidRequestBody' as const

  constructor(issues: readonly RequestIssue[], status: number = 422, detail: string = 'The request body does not match the schema of its API version.') {
    super(issues, status, detail, 'InvalidRequestBody')
  }
}

/**
 * 422 Unprocessable Content (or the status `requestValidation` is given): an
 * older client's query parameters, headers or cookies do not fit the schema
 * of the version it asked for. `issues` say where (`["query", "state"]`,
 * `["header", "X-Region"]`, `["cookie", "session"]`) and what, in that
 * version's names, as `InvalidRequestBody`'s do.
 */
export class InvalidRequestParameters extends InvalidRequestPart {
  override readonly name = 'InvalidRequestParameters' as const

  constructor(issues: readonly RequestIssue[], status: number = 422, detail: string = 'The request parameters do not match the schema of its API version.') {
    super(issues, status, detail, 'InvalidRequestParameters')
  }
}
