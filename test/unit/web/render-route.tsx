import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createRoutesStub, type LoaderFunction } from 'react-router'
import { vi } from 'vitest'
import { Toaster } from '~/components/toaster'

export interface StubRoute {
  readonly path: string
  readonly Component: ComponentType
  /** The route module's clientLoader and HydrateFallback, as the framework wires them. */
  readonly loader?: LoaderFunction | undefined
  readonly HydrateFallback?: ComponentType | undefined
}

/** What a route module of web/app/routes exports, of what the router stub needs. */
interface RouteModule {
  readonly default: ComponentType
  readonly clientLoader?: unknown
  readonly HydrateFallback?: ComponentType
}

/**
 * A route of the stub from a route module (`import * as page from '~/routes/…'`): its component (or `wrap`
 * of it), its clientLoader and its HydrateFallback.
 */
export function moduleRoute(
  path: string,
  page: RouteModule,
  wrap: (Page: ComponentType) => ComponentType = (Page) => Page,
): StubRoute {
  return {
    path,
    Component: wrap(page.default),
    loader: page.clientLoader as LoaderFunction | undefined,
    HydrateFallback: page.HydrateFallback,
  }
}

/** Renders route components at `path` inside a router stub, beside the app's Toaster (as root.tsx does). */
export function renderRoute(path: string, routes: readonly StubRoute[]) {
  const Stub = createRoutesStub(
    routes.map(({ path: routePath, Component, loader, HydrateFallback }) => ({
      path: routePath,
      Component,
      ...(loader ? { loader } : {}),
      ...(HydrateFallback ? { HydrateFallback } : {}),
    })),
  )
  return render(
    <>
      <Stub initialEntries={[path]} />
      <Toaster />
    </>,
  )
}

/** A promise to settle later, to hold a request open while a test looks at the pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A JSON reply like the API's. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** How a stubbed API answers one "METHOD path". */
export type ApiHandler = (request: { url: URL; init: RequestInit }) => Response | Promise<Response>

/** Stubs fetch to answer by "METHOD path" from `handlers`; any other request fails the test. */
export function stubApiRoutes(handlers: Readonly<Record<string, ApiHandler>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`]
    if (!handler) throw new Error(`Unexpected request ${init.method ?? 'GET'} ${url}`)
    return handler({ url, init })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
