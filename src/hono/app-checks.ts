/**
 * What `versionMiddleware`'s `check(app)` asks the model about an app's
 * plain routes (and @hono/zod-openapi routes): each operation the app
 * registers (app-operations.ts, the reading the documents' model of the app
 * is built on too) that no version of the scheme serves, as the model's
 * light part answers it (model/table-model.ts `plainModel`, model/check.ts
 * `checkModel`): the version pattern of its path matches none of the
 * scheme's versions, or the version changes leave it in none of those its
 * pattern matches.
 */
import type { RouteExists } from '../changes/history-plans.ts'
import { checkModel } from '../model/check.ts'
import { plainModel } from '../model/table-model.ts'
import { waysOf } from '../routes/placement.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import type { NamedRoute, NamedRoutesApp } from './app-route-names.ts'
import { appOperations } from './app-operations.ts'
import { runs } from '../routes/composed-handlers.ts'
import { namedPaths } from './mount-base.ts'
import { baseOf } from '../routes/mounted-apps.ts'

/**
 * Sentences naming each plain route × method of `app` that no version of
 * `scheme` serves (`life`: the history's route life, looked up as the
 * request path looks a plain route's plan up, by `METHOD /path`; `named`:
 * the names `app` gives its routes, which the sentences quote; routes
 * `mountRoutes` serves are `apiVersioning`'s to check).
 */
export function unservedRoutes(app: NamedRoutesApp, middleware: unknown, scheme: BaseVersioning, life: RouteExists | undefined, named: readonly NamedRoute[]): readonly string[] {
  // Under a sub-app mounted with app.route(), a history names a route as the sub-app registers it too (mount-base.ts).
  const base = baseOf(app.routes.find((route) => runs(route.handler, middleware)))
  const operations = appOperations(app, null, waysOf(scheme.placement).param, named).filter((operation) => !operation.mounted)
  const model = plainModel(scheme, operations, ({ declaration, honoPath }, version) => {
    return life === undefined || life(null, declaration.method, version, namedPaths(honoPath, base))
  })
  return checkModel(model, 'versionMiddleware')
}
