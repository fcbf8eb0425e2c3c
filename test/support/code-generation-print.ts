/** Run in a child Node by test/node/changes/no-code-generation.test.ts: prints code-generation-app.ts's report as JSON. */
import { evaluates, exchanges, walkIsGenerated } from './code-generation-app.ts'

console.log(JSON.stringify({ evaluates: evaluates(), generated: walkIsGenerated('probed'), ...(await exchanges()) }))
