import { type CSSProperties, useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { toasterMounted } from '~/lib/toast'

/**
 * sonner's rich colours read at 2.9:1 to 4.4:1 on their tints (WCAG AA asks 4.5:1): the same hues, darker,
 * at 4.9:1 or more (test/e2e: axe on pages with a toast shown).
 */
const legibleRichColours = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--error-text': 'hsl(360, 100%, 40%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 32%)',
} as CSSProperties

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
      style={legibleRichColours}
    />
  )
}
