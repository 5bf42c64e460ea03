import type { ReactNode } from 'react'
import { cn } from '~/lib/class-names'

/**
 * The line icons of the site's shell and controls (header, navigation, footer, WhatsApp button; arrows,
 * slide controls, close, check marks), apart from the icons the pages' content names (ui/icon.tsx, which
 * includes these): every page loads the shell, and only some pages draw content icons, so those stay out
 * of the pages that do not.
 */
export const shellIconPaths = {
  chevronDown: <path d="m6 9 6 6 6-6" />,
  chevronRight: <path d="m9 18 6-6-6-6" />,
  chevronLeft: <path d="m15 18-6-6 6-6" />,
  arrowRight: <path d="M5 12h14M13 6l6 6-6 6" />,
  arrowUp: <path d="M12 19V5M6 11l6-6 6 6" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M18 6 6 18M6 6l12 12" />,
  play: <path d="M7 4.5v15l13-7.5z" />,
  pause: <path d="M8 5v14M16 5v14" />,
  check: <path d="M20 6 9 17l-5-5" />,
  phone: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  ),
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>
  ),
  pin: (
    <>
      <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </>
  ),
  chat: <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5z" />,
  shield: <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  // WhatsApp's mark: a round speech bubble with its tail at the lower left and a handset inside. Drawn from
  // the chat bubble's and the phone's own paths (above), so the mark adds little to the shell once compressed.
  whatsapp: (
    <>
      <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5z" />
      <path
        fill="currentColor"
        stroke="none"
        transform="translate(7.2 6.6) scale(.42)"
        d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"
      />
    </>
  ),
} satisfies Record<string, ReactNode>

export type ShellIconName = keyof typeof shellIconPaths

/** The 24px line icon's frame (stroke 2), around the shapes of one icon; decorative. */
export function IconSvg({
  className,
  children,
}: {
  readonly className?: string
  readonly children: ReactNode
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn('size-5 shrink-0', className)}
    >
      {children}
    </svg>
  )
}

/** One of the shell's and controls' icons (the same drawing as `<Icon>`'s of that name). */
export function ShellIcon({
  name,
  className,
}: {
  readonly name: ShellIconName
  readonly className?: string
}) {
  return <IconSvg className={className}>{shellIconPaths[name]}</IconSvg>
}
