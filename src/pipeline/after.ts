/**
 * Runs `then` on a value that may still be coming: at once when it is here,
 * after the promise otherwise. The request path is synchronous unless a step
 * is not, so requests that need no promise pay none.
 */
export function after<T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(then) as Promise<Awaited<R>>) : then(value)
}
