/** The site's navigation (header and footer). Labels and paths here, nowhere else. */

export interface NavigationLink {
  readonly label: string
  readonly to: string
  /** Active only on an exact match of the path (Home). */
  readonly end?: boolean
}

export interface NavigationItem {
  readonly label: string
  /** Where the entry leads. Services has none: it only opens its menu. */
  readonly to?: string
  /** Active only on an exact match of the path (Home); the others by path prefix. */
  readonly end?: boolean
  readonly description?: string
  readonly children?: readonly NavigationItem[]
}

/** The solar calculator, linked from the Solutions menu, /get-quote and the home hero. */
export const calculatorLink: NavigationLink = { label: 'Solar Calculator', to: '/solar-calculator' }

/** The PM Surya Ghar subsidy guide, linked from the calculator, /get-quote and the solar pages. */
export const subsidyGuideLink: NavigationLink = {
  label: 'How the PM Surya Ghar subsidy works',
  to: '/solar-subsidy',
}

export const mainNavigation: readonly NavigationItem[] = [
  { label: 'Home', to: '/', end: true },
  {
    label: 'Solutions',
    to: '/solutions',
    children: [
      {
        label: 'Solar',
        to: '/solutions/solar',
        description: 'Rooftop and ground-mounted solar',
        children: [
          { label: 'Residential', to: '/solutions/b2c', description: 'Homes and housing societies' },
          { label: 'Commercial', to: '/solutions/b2b', description: 'Offices, factories and warehouses' },
          { label: 'Government', to: '/solutions/b2g', description: 'Public buildings and utilities' },
        ],
      },
      { label: 'Wind', to: '/solutions/wind', description: 'Wind and wind-solar hybrid projects' },
      {
        label: 'Energy Storage',
        to: '/solutions/storage',
        description: 'Battery systems for backup and peaks',
      },
      {
        label: 'EV Charging Stations',
        to: '/solutions/ev-stations',
        description: 'Chargers for fleets and sites',
      },
      { ...calculatorLink, description: 'Cost after subsidy and payback' },
    ],
  },
  {
    label: 'Services',
    children: [
      { label: 'Advisory & Asset Management', to: '/advisory', description: 'Engineering, audits and O&M' },
      { label: 'Procurement Consulting', to: '/procurement', description: 'Vendors, tenders and quality' },
      {
        label: 'Digital Solutions',
        to: '/digital-solutions',
        description: 'Monitoring and analytics platforms',
      },
    ],
  },
  { label: 'Industries', to: '/sectors' },
  { label: 'Careers', to: '/careers' },
  { label: 'About', to: '/about' },
]

export const quoteLink: NavigationLink = { label: 'Get Quote', to: '/get-quote' }

export const contactLink: NavigationLink = { label: 'Contact Us', to: '/contact' }

/**
 * Whether a navigation entry is the current one: Home only on exactly '/', the others when the path starts
 * with theirs (a whole segment: '/solutions' matches '/solutions/wind', not '/solutionsX'); an entry without a
 * path (Services) when one of its children is.
 */
export function isNavigationActive(item: NavigationItem, pathname: string): boolean {
  if (item.to !== undefined) {
    if (item.end || item.to === '/') return pathname === item.to
    return pathname === item.to || pathname.startsWith(`${item.to}/`)
  }
  return (item.children ?? []).some((child) => isNavigationActive(child, pathname))
}

export interface FooterColumn {
  readonly heading: string
  readonly links: readonly NavigationLink[]
}

/** The footer's link columns (spec: exactly these paths; /contact is labelled Support). */
export const footerColumns: readonly FooterColumn[] = [
  {
    heading: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Industries', to: '/sectors' },
      { label: 'Resources', to: '/resources' },
    ],
  },
  {
    heading: 'Solutions & Services',
    links: [
      { label: 'Solutions', to: '/solutions' },
      { label: 'Advisory', to: '/advisory' },
      { label: 'Procurement', to: '/procurement' },
      { label: 'Digital Solutions', to: '/digital-solutions' },
    ],
  },
  {
    heading: 'Help & Legal',
    links: [
      { label: 'Support', to: '/contact' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy', to: '/cookies' },
      { label: 'Compliance', to: '/compliance' },
    ],
  },
]

/** The footer's badges (spec). */
export const footerBadges = ['ISO 14001', 'NABCEP Accredited', 'OSHA Compliant'] as const
