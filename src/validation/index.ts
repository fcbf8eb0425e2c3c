/**
 * Older requests validated in their own version: each older version's
 * request schema derived from the head's by a history's declared changes.
 * Needs `@cfworker/json-schema` (an optional peer dependency).
 */
export { InvalidRequestBody, InvalidRequestParameters } from './invalid-body.ts'
export { requestValidation, type RequestValidationOptions } from './request-validation.ts'
