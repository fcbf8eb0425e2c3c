/** The Worker: the catalogue app of ./app.ts. */
import { app } from './app.ts'

export default app
