import type { ReactNode } from 'react'
import { mainContentId } from './main-content'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { WhatsAppButton } from './whatsapp-button'

export { mainContentId }

/** Header, the page and the footer, with a skip link for keyboard users and the floating WhatsApp button. */
export function SiteShell({ children }: { readonly children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainContentId}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  )
}
