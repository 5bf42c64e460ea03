import { useEffect, useId, useState } from 'react'
import { company, whatsappLink } from '~/content/company'
import { cn } from '~/lib/class-names'
import { ShellIcon, type ShellIconName } from './ui/shell-icons'
import { whatsappGreeting } from './whatsapp-button'

/** The scroll-to-top button shows after more than 500 px of scroll. */
export const scrollTopThreshold = 500

/** Whether the window is scrolled further down than `threshold` pixels. */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return past
}

interface ContactAction {
  readonly label: 'Chat' | 'Call' | 'Email'
  readonly href: string
  readonly icon: ShellIconName
  readonly external?: boolean
}

const contactActions: readonly ContactAction[] = [
  {
    label: 'Chat',
    href: whatsappLink(whatsappGreeting),
    icon: 'whatsapp',
    external: true,
  },
  { label: 'Call', href: `tel:${company.phone.dial}`, icon: 'phone' },
  { label: 'Email', href: `mailto:${company.email}`, icon: 'mail' },
]

/**
 * The floating widgets of the home and solutions pages: a contact button that expands to
 * Chat (WhatsApp), Call and Email, and a scroll-to-top button once the page is scrolled past 500 px.
 * The spec's original only logs the choice; these log it too and then open the link. They stand above the
 * WhatsApp button that every public page has (whatsapp-button.tsx, drawn by the site's shell).
 */
export function FloatingWidgets() {
  const [open, setOpen] = useState(false)
  const showTop = useScrolledPast(scrollTopThreshold)
  const menuId = useId()

  return (
    <div className="print:hidden fixed right-4 bottom-21 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-23">
      {showTop ? (
        <button
          type="button"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          aria-label="Scroll to top"
          className="inline-flex size-12 animate-fade-in items-center justify-center rounded-full border border-slate-200 bg-white text-brand-800 shadow-lift hover:bg-brand-50"
        >
          <ShellIcon name="arrowUp" />
        </button>
      ) : null}
      <div className="flex flex-col items-end gap-2">
        <ul id={menuId} hidden={!open} className="flex flex-col items-end gap-2">
          {contactActions.map((action) => (
            <li key={action.label}>
              <a
                href={action.href}
                {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                onClick={() => {
                  console.info(`Floating contact: ${action.label}`)
                  setOpen(false)
                }}
                className="inline-flex h-11 animate-fade-in items-center gap-2 rounded-full bg-white pr-5 pl-4 text-sm font-semibold text-ink shadow-lift ring-1 ring-slate-200 hover:bg-brand-50"
              >
                <ShellIcon name={action.icon} className="size-4 text-brand-700" />
                {action.label}
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close contact options' : 'Contact us'}
          onClick={() => setOpen((value) => !value)}
          className={cn(
            'inline-flex size-14 items-center justify-center rounded-full text-white shadow-lift transition-colors',
            open ? 'bg-ink hover:bg-slate-800' : 'bg-brand-600 hover:bg-brand-700',
          )}
        >
          <ShellIcon name={open ? 'close' : 'chat'} className="size-6" />
        </button>
      </div>
    </div>
  )
}
