import type { toast as sonnerToast } from 'sonner'

/**
 * Toasts (one at a time). The toast library is not part of any page's first load: the first
 * `notify` asks the app's <Toaster> to mount (which downloads it), and the toast is shown as soon as it is
 * on screen.
 */
type Toast = typeof sonnerToast

/** Every toast uses this id, so a new one replaces the one on screen: at most one toast at a time. */
export const toastId = 'site-toast'

let mountedToast: Toast | undefined
const waiting: ((toast: Toast) => void)[] = []
const requestListeners = new Set<() => void>()
let requested = false

/** Whether a toast has been asked for, so the toaster should be on the page. */
export const toasterRequested = (): boolean => requested

/** Subscribes to the first request for a toast (for useSyncExternalStore). */
export function subscribeToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener)
  return () => requestListeners.delete(listener)
}

/** Called by the toaster once it is mounted; shows what was raised meanwhile. Returns the unmount cleanup. */
export function toasterMounted(toast: Toast): () => void {
  mountedToast = toast
  for (const show of waiting.splice(0)) show(toast)
  return () => {
    if (mountedToast === toast) mountedToast = undefined
  }
}

function show(action: (toast: Toast) => void): void {
  if (mountedToast) {
    action(mountedToast)
    return
  }
  waiting.push(action)
  if (!requested) {
    requested = true
    for (const listener of requestListeners) listener()
  }
}

export const notify = {
  success(message: string): void {
    show((toast) => toast.success(message, { id: toastId }))
  },
  /** An error toast; `description` adds a second line (such as why, and what to do). */
  error(message: string, description?: string): void {
    show((toast) => toast.error(message, { id: toastId, ...(description ? { description } : {}) }))
  },
}
