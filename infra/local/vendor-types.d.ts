// Minimal typings for the two embedded engines, which ship none.
declare module 'dynalite' {
  import type { Server } from 'node:http'

  interface DynaliteOptions {
    path?: string
    createTableMs?: number
    deleteTableMs?: number
    updateTableMs?: number
    maxItemSizeKb?: number
    ssl?: boolean
  }
  export default function dynalite(options?: DynaliteOptions): Server
}

declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    directory: string
    silent?: boolean
    resetOnClose?: boolean
    configureBuckets?: { name: string; configs?: Array<string | Buffer> }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
    httpServer?: import('node:http').Server
  }
}
