/**
 * Bundled and served by workerd in test/node/changes/no-code-generation.test.ts:
 * whether code made from strings runs while the Worker's global scope runs
 * (where the app's history was made) and during a request, which walk the
 * planner makes at each for a program of a source not seen before, and the
 * app's exchanges during a request.
 */
import { evaluates, exchanges, walkIsGenerated } from './code-generation-app.ts'

const startup = { evaluates: evaluates(), generated: walkIsGenerated('atStartup') }

export default {
  async fetch(): Promise<Response> {
    const request = { evaluates: evaluates(), generated: walkIsGenerated('inRequest') }
    return Response.json({ startup, request, exchanges: await exchanges() })
  },
}
