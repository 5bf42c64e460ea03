import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'

/** How long the prerender of one page may wait for its content before it gives up. */
export const streamTimeout = 5_000

/**
 * Writes each prerendered page (the site has no server rendering: `ssr: false`, this runs at build time
 * only). React Router's default, with two differences for static pages: the HTML is written once everything
 * has rendered, and no Suspense boundary is outlined, however large (React moves a boundary above its
 * progressive chunk size, 12.8 KB of HTML, to the end of the document with a script that swaps it in after
 * the first paint). The lazy islands (components/lazy-island.tsx) are such boundaries: written in place, the
 * page paints whole and nothing shifts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let status = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout)
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          status = 500
          // An error before the shell is rendered rejects, and React Router logs it.
          if (shellRendered) console.error(error)
        },
      },
    )
    // Abort after the stream's timeout, leaving time to write the boundaries that failed.
    const timeout = setTimeout(abort, streamTimeout + 1000)
  })
}
