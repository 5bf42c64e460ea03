// Minimal typings for http_ece (web-push's encryption, which ships none): the fake push service decrypts
// what it receives as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface DecryptParams {
    version: 'aes128gcm'
    privateKey: ECDH
    authSecret: string
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer }
  export default ece
}
