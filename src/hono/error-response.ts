/** The response of a rejected version, as DRF renders it. */
import type { VersioningError } from '../errors.ts'
import { jsonResponse } from '../http/json-response.ts'

/**
 * `{"detail": "<message>"}` with the error's status (404 or 406) and
 * `Content-Type: application/json`. The detail is the scheme's fixed
 * message: nothing from the request is reflected. An error with `issues`
 * (an older body refused by `requestValidation`) answers them as the
 * detail, as FastAPI does: `{"detail": [{"loc": [...], "msg": ..., "type": ...}]}`.
 */
export function detailResponse(error: VersioningError): Response {
  return jsonResponse({ detail: (error as { issues?: unknown }).issues ?? error.detail }, error.status, 'application/json')
}
