/**
 * The Worker the workerd tests run (vitest.config.ts `main`): the worker
 * example, and the Durable Object class of durableObjectPinStore, bound as
 * PIN_OBJECTS in the test configuration (the example itself binds none).
 */
export { default } from '../../worker-example/index.ts'
export { ClientPinObject } from '../../src/client-pins/index.ts'
