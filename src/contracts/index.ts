/**
 * Contracts: released versions are frozen. `contracts` records what every
 * released version answers into a lock and checks the code against it;
 * `validateResponses` checks responses against their version's schema in
 * development and tests.
 */
export { contracts, type ContractsOptions } from './contracts.ts'
export { ResponseContractError, validateResponses } from './validate-responses.ts'
