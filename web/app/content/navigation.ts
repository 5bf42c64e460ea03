/** The header's links. The full navigation (dropdowns, mobile drawer) comes with the shell issue. */
export interface NavigationLink {
  readonly label: string
  readonly to: string
  /** Active only on an exact match of the path (Home). */
  readonly end?: boolean
}

export const headerLinks: readonly NavigationLink[] = [{ label: 'Home', to: '/', end: true }]

export const contactLink: NavigationLink = { label: 'Contact Us', to: '/contact' }
