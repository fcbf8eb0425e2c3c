/**
 * A server script of test/support run in a child Bun or Deno process, for
 * the Node tests that talk to it over loopback sockets: it prints what it
 * serves (a port, or a JSON object of ports) on its first line of output.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `script` (a path under the project) in `runtime`, its child kept in `children` (to kill after the tests); resolves with its first line of output. */
export function runtimeServer(runtime: 'bun' | 'deno', script: string, children: ChildProcess[]): Promise<string> {
  const path = `${root}${script}`
  const args = runtime === 'bun' ? [path] : ['run', '--allow-net', '--allow-read', '--allow-env', '--no-check', '--config', `${root}test/runtimes/deno.json`, path]
  const child = spawn(`${root}node_modules/.bin/${runtime}`, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let err = ''
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
    child.once('exit', (code) => reject(new Error(`${runtime} exited with ${String(code)}: ${err}`)))
  })
}
