/**
 * Contracts: released versions are frozen. `contracts` records what every
 * released version answers into a lock and checks the code against it;
 * `validateResponses` checks responses against their version's schema in
 * development and tests.
 */
export { contracts, type ContractDocuments, type Contracts, type ContractsOptions, type ContractsReport } from './contracts.ts'
export type { ContractDifference } from './differences.ts'
export type { ContractsLock, RecordedResponse, RecordedVersion } from './lock.ts'
export { ResponseContractError, validateResponses, type ResponseContractProblem, type ValidatedDocuments, type ValidateResponsesOptions } from './validate-responses.ts'
