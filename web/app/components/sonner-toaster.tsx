import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { toasterMounted } from '~/lib/toast'

/** The toast region itself; loaded on the first toast (see ~/lib/toast and ./toaster). */
export default function SonnerToaster() {
  // Runs after sonner's own effects (children first), so the toaster is listening when waiting toasts go out.
  useEffect(() => toasterMounted(toast), [])
  return (
    <Toaster
      position="top-center"
      // Below the 4rem header, so a toast never covers the navigation.
      offset={{ top: 80 }}
      mobileOffset={{ top: 76 }}
      theme="light"
      richColors
      closeButton
      visibleToasts={1}
      duration={5000}
      containerAriaLabel="Notifications"
    />
  )
}
