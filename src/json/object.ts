/** JSON objects: the one type and test every layer reads (documents, schemas, bodies, locks). */

/** A JSON object: not null, not an array. */
export type Json = Record<string, unknown>

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
