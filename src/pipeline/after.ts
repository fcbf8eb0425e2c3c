/**
 * Runs `then` on a value that may still be coming: at once when it is here,
 * after the promise otherwise. For rejections and other steps whose `then`
 * is made anyway: the path every accepted request takes branches inline, so
 * it makes no closure unless a step is asynchronous.
 */
export function after<T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(then) as Promise<Awaited<R>>) : then(value)
}

/** Throws `exception`: the `then` of `after` for a rejection that may still be coming. */
export function thrown(exception: unknown): never {
  throw exception
}
