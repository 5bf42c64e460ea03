import type { IconName } from '~/components/ui/icon'

/**
 * The shapes of the solutions, services and sectors pages' copy. Each page's copy is a module of its own in
 * content/solutions/, so that a page loads its own text and no other page's.
 */

export interface PageLink {
  readonly label: string
  readonly to: string
  readonly variant?: 'primary' | 'outline'
}

export interface InfoItem {
  readonly title: string
  readonly text?: string
  readonly features?: readonly string[]
  readonly icon?: IconName
  readonly to?: string
}

export interface InfoSection {
  readonly id: string
  readonly eyebrow?: string
  readonly heading: string
  readonly description?: string
  /** `cards`: a grid of cards; `checklist`: a list of ticked lines; `steps`: numbered steps. */
  readonly kind: 'cards' | 'checklist' | 'steps'
  readonly items: readonly InfoItem[]
}

export interface InfoPage {
  readonly path: string
  readonly back?: PageLink
  readonly eyebrow: string
  readonly title: string
  readonly intro: string
  readonly image: string
  readonly stats?: readonly { readonly value: string; readonly label: string }[]
  readonly actions: readonly PageLink[]
  readonly sections: readonly InfoSection[]
  readonly closing?: {
    readonly heading: string
    readonly text: string
    readonly actions: readonly PageLink[]
  }
}

export const backToSolutions: PageLink = { label: 'Back to Solutions', to: '/solutions' }
export const backToSolar: PageLink = { label: 'Back to Solar', to: '/solutions/solar' }

export interface SolutionCategory {
  readonly title: string
  readonly to: string
  readonly icon: IconName
  readonly image: string
  readonly text: string
  readonly projects: string
  readonly savings: string
  readonly features: readonly string[]
  readonly caseStudy: string
}

/** The two figures of a solution category's or a sector's card, in the order they show. */
export function projectsAndSavings(card: { readonly projects: string; readonly savings: string }) {
  return [
    { label: 'Projects', value: card.projects },
    { label: 'Savings', value: card.savings },
  ] as const
}

export interface Platform {
  readonly id: 'ems' | 'tracker' | 'analytics'
  readonly name: string
  readonly text: string
  readonly features: readonly string[]
  readonly metrics: { readonly efficiency: string; readonly uptime: string; readonly savings: string }
  readonly demo: string
}

export interface Sector {
  readonly title: string
  readonly icon: IconName
  readonly projects: string
  readonly savings: string
  readonly features: readonly string[]
  readonly caseStudy: string
}
