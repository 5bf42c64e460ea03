import { Toaster as SonnerToaster } from 'sonner'

/**
 * The one toast region of the app. Toasts are raised through `notify` (~/lib/notify), which gives every
 * toast the same id, so a new toast replaces the old one instead of stacking.
 */
export function Toaster() {
  return (
    <SonnerToaster
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
