#!/usr/bin/env node
// `npm run contracts`: checks that the released versions answer as the lock
// recorded them (their OpenAPI documents and recorded responses), and exits 1
// with a sentence per difference when they do not. `-- --update` records the
// lock again instead (an explicit step: when a version is released, or a
// change to a released version is meant). When the module also exports
// `documented` ({ app, sections: [documents, ...], origin? }), every
// operation of every version's document is called on the app as the
// document says, each answer validated against it (scripts/lib/document-check.ts),
// and the app's routes no document has are listed: a disagreement exits 1.
//
//   node scripts/contracts.ts [--update] [<contracts module> [<lock file>]]
//
// The module's default export is a `contracts({...})` of
// hono-api-versioning/contracts; the defaults are the worker example's
// (worker-example/contracts.ts, worker-example/contracts.lock.json).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Contracts } from '../src/contracts/index.ts'
import { checkDocuments, type CheckedApp, type CheckedDocuments } from './lib/document-check.ts'

const args = process.argv.slice(2)
const update = args.includes('--update')
const [moduleArg = 'worker-example/contracts.ts', lockArg] = args.filter((a) => a !== '--update')
const modulePath = resolve(moduleArg)
const lockPath = resolve(lockArg ?? modulePath.replace(/\.[cm]?[jt]s$/, '.lock.json'))

const loaded = (await import(pathToFileURL(modulePath).href)) as {
  default?: Contracts
  documented?: { readonly app: CheckedApp; readonly sections: readonly CheckedDocuments[]; readonly origin?: string }
}
const frozen = loaded.default
if (frozen === undefined || typeof frozen.check !== 'function') {
  console.error(`contracts: ${moduleArg} must export default contracts({...}) from hono-api-versioning/contracts.`)
  process.exit(2)
}

if (update) {
  const lock = await frozen.record()
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`contracts: recorded ${frozen.released.length} released versions (${frozen.released.join(', ')}; head ${frozen.head}) in ${lockPath.replace(`${process.cwd()}/`, '')}.`)
} else {
  if (!existsSync(lockPath)) {
    console.error(`contracts: no lock at ${lockPath}; record it with npm run contracts -- --update and commit it.`)
    process.exit(1)
  }
  const shownLock = lockPath.replace(`${process.cwd()}/`, '')
  // A lock a hand edit broke, or that is no lock: a sentence saying what to do, not a stack trace.
  let locked: unknown
  try {
    locked = JSON.parse(readFileSync(lockPath, 'utf8'))
  } catch (error) {
    console.error(`contracts: ${shownLock} is not JSON (${(error as Error).message}); undo the edit that broke it, or record the lock again with npm run contracts -- --update.`)
    process.exit(1)
  }
  const report = await frozen.check(locked).catch((error: unknown) => {
    console.error((error as Error).message)
    return process.exit(1)
  })
  console.log(report.message)
  if (!report.ok) {
    console.log('\nIf every difference is meant (a released version changing on purpose), record the lock again: npm run contracts -- --update')
    process.exit(1)
  }
  if (loaded.documented !== undefined) {
    const { app, sections, origin } = loaded.documented
    const result = await checkDocuments(app, sections, origin)
    console.log(`Documents: ${result.calls} documented operations called in ${sections.length} sections; ${result.problems.length} disagree with their document.`)
    for (const problem of result.problems) console.log(`- ${problem}`)
    if (result.undocumented.length > 0) console.log(`Routes in no document (${result.undocumented.length}):\n${result.undocumented.map((r) => `- ${r}`).join('\n')}`)
    if (result.problems.length > 0) process.exit(1)
  }
}
