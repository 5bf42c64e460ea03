/**
 * The legal pages but the privacy notice (routes/privacy.tsx): placeholders while the texts are written, each with a button to the homepage
 * and one to the home page's contact section.
 */
export const legalPaths = ['/terms', '/cookies', '/compliance'] as const
export type LegalPath = (typeof legalPaths)[number]

export const legalTitles: Readonly<Record<LegalPath, string>> = {
  '/terms': 'Terms of Service',
  '/cookies': 'Cookie Policy',
  '/compliance': 'Compliance',
}

export const legalPage = {
  eyebrow: 'Legal',
  underDevelopment: 'This page is under development.',
  text: 'We are preparing this document. Until it is published, please contact us with any question about how we work or how we handle your data.',
  home: { label: 'Back to Home', to: '/' },
  contact: { label: 'Contact Us', to: '/#contact' },
} as const

export const isLegalPath = (path: string): path is LegalPath =>
  (legalPaths as readonly string[]).includes(path)
