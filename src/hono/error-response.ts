/** The response of a rejected version, as DRF renders it. */
import type { VersioningError } from '../errors.ts'

/**
 * `{"detail": "<message>"}` with the error's status (404 or 406) and
 * `Content-Type: application/json`. The detail is the scheme's fixed
 * message: nothing from the request is reflected.
 */
export function detailResponse(error: VersioningError): Response {
  return new Response(JSON.stringify({ detail: error.detail }), {
    status: error.status,
    headers: { 'Content-Type': 'application/json' },
  })
}
