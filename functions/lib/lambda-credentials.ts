import { fromEnv } from '@aws-sdk/credential-provider-env'

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (an esbuild alias in
 * infra/build-functions.ts). Lambda always puts the function role's credentials in the environment, so the
 * SDK's default chain (SSO, shared INI files, IMDS, credential processes and the STS/SSO clients they need)
 * is dead weight there: about a third of every bundle and of its cold import. Everything run from source (the
 * stand-in, `npm run admin`, tests) keeps the full chain.
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init)
