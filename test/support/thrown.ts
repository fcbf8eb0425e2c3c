/** The error `fn` throws; fails the test when it returns. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error, got a result')
}
