/** The Worker: the catalogue app of ./app.ts, with its API docs (./docs.ts) at /docs. */
import { app } from './app.ts'
import { docs } from './docs.ts'

app.route('/docs', docs)

export default app
