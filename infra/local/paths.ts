/**
 * The path prefixes the local stand-in answers besides the site's pages: the API, the uploaded files and
 * the presigned-URL proxy to s3rver. `npm run dev` proxies every one of them from the Vite dev server
 * (vite.config.ts), so nothing the site calls is missing in dev. Pure data: the Vite config imports it.
 */
export const standInPaths = {
  api: '/api',
  files: '/files',
  /** Presigned S3 URLs (large uploads and exports) point here; the stand-in checks and forwards them. */
  presigned: '/_s3',
} as const
