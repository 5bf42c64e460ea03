import { lazy, Suspense, useSyncExternalStore } from 'react'
import { subscribeToasterRequest, toasterRequested } from '~/lib/toast'

const SonnerToaster = lazy(() => import('./sonner-toaster'))

/**
 * The one toast region of the app. Toasts are raised through `notify` (~/lib/toast), which gives every
 * toast the same id, so a new toast replaces the old one instead of stacking. Nothing of the toast library
 * is downloaded until the first toast.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToasterRequest, toasterRequested, () => false)
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null
}
