import { company } from './company'
import { pageOf, type SitePage } from './site-page'

export type { SitePage } from './site-page'

/**
 * The site's route table as data, its public half: every page a visitor can open, with its path, title and
 * description (the staff workspace's pages are in staff-pages.ts; pages.ts holds the whole table). A public page takes
 * its meta from here (`pageMeta(sitePage('/careers'))`): the public pages' code carries only this half, never
 * the workspace's entries. Add a page here when you add its route.
 */

export const publicPages: readonly SitePage[] = [
  {
    path: '/',
    title: 'Solar, Wind & Energy Storage Solutions in India',
    description: `${company.name} designs, builds and runs solar, wind, energy-storage and EV-charging projects for homes, housing societies, businesses and government bodies across India.`,
    indexable: true,
  },
  {
    path: '/solutions',
    title: 'Renewable Energy Solutions',
    description:
      'Solar, wind, energy storage and EV charging solutions for homes, businesses and government.',
    indexable: true,
  },
  {
    path: '/solutions/solar',
    title: 'Solar Energy Solutions',
    description: 'Rooftop and ground-mounted solar for residential, commercial and government customers.',
    indexable: true,
  },
  {
    path: '/solutions/b2c',
    title: 'Residential Solar',
    description: 'Rooftop solar for homes and housing societies, with subsidy and net-metering support.',
    indexable: true,
  },
  {
    path: '/solutions/b2b',
    title: 'Commercial Solar',
    description: 'Solar for offices, factories and warehouses that cuts energy costs by 46-85%.',
    indexable: true,
  },
  {
    path: '/solutions/b2g',
    title: 'Government Solar',
    description: 'Solar power for public buildings, utilities and government programmes.',
    indexable: true,
  },
  {
    path: '/solutions/wind',
    title: 'Wind Energy Solutions',
    description: 'Wind resource assessment, wind farms and wind-solar hybrid projects.',
    indexable: true,
  },
  {
    path: '/solutions/storage',
    title: 'Energy Storage Solutions',
    description: 'Battery energy storage for backup, peak shaving and round-the-clock renewable power.',
    indexable: true,
  },
  {
    path: '/solutions/ev-stations',
    title: 'EV Charging Stations',
    description: 'EV charging stations for fleets, workplaces, residential societies and public sites.',
    indexable: true,
  },
  {
    path: '/services',
    title: 'Our Services',
    description:
      'Advisory and asset management, procurement consulting and digital platforms for renewable projects.',
    indexable: true,
  },
  {
    path: '/advisory',
    title: 'Advisory & Asset Management',
    description: 'Independent engineering, due diligence, audits and asset management for renewable plants.',
    indexable: true,
  },
  {
    path: '/procurement',
    title: 'Procurement Consulting',
    description:
      'Procurement-as-a-service: vendor selection, tenders and quality inspection for renewable projects.',
    indexable: true,
  },
  {
    path: '/digital-solutions',
    title: 'Digital Solutions',
    description: 'Monitoring and analytics platforms for solar, wind and storage assets.',
    indexable: true,
  },
  {
    path: '/sectors',
    title: 'Industries We Serve',
    description:
      'Clean energy for offices, factories, residential communities, schools and colleges, hospitals, shops and hotels.',
    indexable: true,
  },
  {
    path: '/resources',
    title: 'Resources',
    description: 'Guides, case studies, brochures and reports on solar, wind and energy storage.',
    indexable: true,
  },
  {
    path: '/careers',
    title: 'Careers',
    description: 'Join a team of 200+ building India’s clean energy future. See open positions.',
    indexable: true,
  },
  {
    path: '/about',
    title: 'About Us',
    description:
      'Since 2008 our team of 200+ engineers and advisors has delivered 950+ solar, wind and storage projects across India. Our vision, mission, values and certifications.',
    indexable: true,
  },
  {
    path: '/get-quote',
    title: 'Get a Quote',
    description:
      'Request a solar quote for your home, housing society or business. See the estimated price for your capacity and get a call back from our team.',
    indexable: true,
  },
  {
    path: '/solar-calculator',
    title: 'Solar Savings Calculator',
    description:
      'Estimate the rooftop solar system for your bill, its price after the PM Surya Ghar subsidy, your monthly saving, payback and CO₂ avoided, with the assumptions shown.',
    indexable: true,
  },
  {
    path: '/solar-subsidy',
    title: 'PM Surya Ghar Subsidy Guide',
    description:
      'The PM Surya Ghar rooftop solar subsidy in plain words: who is eligible, how much, the steps, documents and loans.',
    indexable: true,
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description:
      'Talk to our solar, wind, storage and EV-charging team in Hyderabad. Send us a message and we will get back to you shortly.',
    indexable: true,
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your data.',
    indexable: true,
  },
  {
    path: '/newsletter/confirm',
    title: 'Confirm your subscription',
    description: 'Confirm your newsletter subscription.',
    indexable: false,
  },
  {
    path: '/privacy/choices',
    title: 'Your privacy choices',
    description: 'See what you agreed to and withdraw any consent in one click.',
    indexable: false,
  },
  {
    path: '/privacy/request',
    title: 'Ask about your data',
    description: 'Ask for a summary of your data, a correction, erasure, or nominate someone to act for you.',
    indexable: false,
  },
  {
    path: '/privacy/keep',
    title: 'Keep your enquiry',
    description: 'Tell us you still want to hear from us about your enquiry.',
    indexable: false,
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    description: 'The terms for using this website.',
    indexable: true,
  },
  {
    path: '/cookies',
    title: 'Cookie Policy',
    description: 'How this website uses cookies.',
    indexable: true,
  },
  {
    path: '/compliance',
    title: 'Compliance',
    description: 'Our standards, certifications and regulatory compliance.',
    indexable: true,
  },
  {
    path: '/login',
    title: 'Login',
    description: 'Sign in to your customer account (coming soon).',
    indexable: false,
  },
]

/** The entry of one public path; throws for a path that is not in the table (a typo should fail the build). */
export function sitePage(path: string): SitePage {
  return pageOf(publicPages, path)
}
