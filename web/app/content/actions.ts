/**
 * Where the buttons go whose action the spec does not show (spec §2 "Page metadata", issue 4 item 11).
 * One place for the mapping, so every page sends the same button to the same destination.
 */

/** The contact page with its Subject field prefilled (the contact form reads `?subject=`). */
export function contactWithSubject(subject: string): string {
  return `/contact?subject=${encodeURIComponent(subject)}`
}

export const resourcesCaseStudies = '/resources?category=case-studies'
export const resourcesGuides = '/resources?category=guides'

/** Button label → destination, for the buttons on the solutions, services and sectors pages. */
export const buttonActions = {
  'Schedule Consultation': contactWithSubject('Consultation request'),
  'Book Consultation': contactWithSubject('Consultation request'),
  'Schedule Advisory Session': contactWithSubject('Advisory session'),
  'Download Service Guide': resourcesGuides,
  'Download Brochure': resourcesGuides,
  'Request a Quote': '/get-quote',
  'Start Your Project': '/get-quote',
  'View Case Studies': resourcesCaseStudies,
  'View Full Case Study': resourcesCaseStudies,
  /** On /digital-solutions: the demo panel and the feature cards of the same page. */
  'Try Demo': '#platform-demo',
  'View Features': '#advanced-features',
} as const satisfies Record<string, string>

export type ActionLabel = keyof typeof buttonActions
