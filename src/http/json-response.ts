/** A JSON response with its `Content-Length`, as error answers are built. */

/** `body` as JSON with `status`, `Content-Type` and `Content-Length` (so no answer goes out chunked). */
export function jsonResponse(body: object, status: number, contentType: string): Response {
  const text = JSON.stringify(body)
  // Every text this library writes is ASCII; other text is measured as UTF-8.
  const length = /^[\x00-\x7f]*$/.test(text) ? text.length : new TextEncoder().encode(text).length
  return new Response(text, { status, headers: { 'Content-Type': contentType, 'Content-Length': String(length) } })
}
