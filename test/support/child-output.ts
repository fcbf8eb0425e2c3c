/**
 * What a child process prints, collected as it comes, for the suites that
 * start one (`wrangler dev`, Prism): `printed` resolves once it has printed
 * a marker, and rejects with everything it printed when it exits first or
 * takes too long.
 */
import type { ChildProcess } from 'node:child_process'

/** A child's output so far, and a wait for a line of it. */
export interface ChildOutput {
  /** Everything printed so far, stdout and stderr. */
  text(): string
  /** Resolves once `marker` has been printed; rejects when the child exits first or after `ms`. */
  printed(marker: string, ms: number): Promise<void>
}

/** Collects what `child` (named `what` in errors) prints, from now on. */
export function childOutput(child: ChildProcess, what: string): ChildOutput {
  let text = ''
  let notify = (): void => {}
  const read = (chunk: Buffer): void => {
    text += chunk.toString()
    notify()
  }
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  return {
    text: () => text,
    printed: (marker, ms) =>
      new Promise<void>((resolve, reject) => {
        const finish = (error?: Error): void => {
          clearTimeout(timer)
          notify = () => {}
          child.off('exit', exited)
          if (error === undefined) resolve()
          else reject(error)
        }
        const exited = (code: number | null): void => finish(new Error(`${what} exited with ${code}:\n${text}`))
        const timer = setTimeout(() => finish(new Error(`${what} did not print "${marker}" in ${ms / 1000} s:\n${text}`)), ms)
        notify = () => {
          if (text.includes(marker)) finish()
        }
        child.once('exit', exited)
        notify()
      }),
  }
}
