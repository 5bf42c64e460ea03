/**
 * Where the call-to-action buttons go. One place for the mapping, so every page (home included) sends the
 * same button label to the same destination.
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

/** A button whose destination comes from `buttonActions`, so every page sends the same label to one place. */
export function actionButton<Label extends ActionLabel>(
  label: Label,
): { readonly label: Label; readonly to: (typeof buttonActions)[Label] } {
  return { label, to: buttonActions[label] }
}
