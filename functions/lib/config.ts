import { buckets, functionEnv, type TableName, tables } from '../../infra/tables'

/**
 * Reads a required environment variable, failing fast with its name. Call it at module scope in the module
 * that needs the value, so a misconfigured function fails at cold start rather than on some request.
 */
export function requireEnv(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`)
  }
  return value
}

/** The generated name of one of the tables of infra/tables.ts, from the function's environment. */
export function tableName(table: TableName): string {
  return requireEnv(tables[table].envVar)
}

/** The generated name of the uploads bucket, from the function's environment. */
export function uploadsBucketName(): string {
  return requireEnv(buckets.uploads.envVar)
}

export { functionEnv }
