import type { IconName } from '~/components/ui/icon'
import { company } from './company'

/** The About page's copy and figures. */
/** Its title and description are in content/pages.ts. */
export const aboutPage = {
  heading: `About ${company.name}`,
  storyButton: 'Our Story',
} as const

export interface AboutHeroSlide {
  readonly id: 'vision' | 'mission' | 'values'
  readonly label: 'Our Vision' | 'Our Mission' | 'Our Values'
  readonly title: string
  readonly text: string
}

/** The rotating hero (every 5 s). */
export const aboutHeroSlides: readonly [AboutHeroSlide, ...AboutHeroSlide[]] = [
  {
    id: 'vision',
    label: 'Our Vision',
    title: 'Clean, affordable power for every Indian rooftop and industry',
    text: 'We imagine an India where the sun and the wind meet most of the country’s energy needs, and every home and business shares in the savings.',
  },
  {
    id: 'mission',
    label: 'Our Mission',
    title: 'Engineering renewable projects that deliver what they promise',
    text: 'We design, build, finance and look after solar, wind and storage plants with honest numbers, quality equipment and care that lasts decades.',
  },
  {
    id: 'values',
    label: 'Our Values',
    title: 'Integrity, quality and safety in every kilowatt we install',
    text: 'Customers first, engineering done right, and a team that keeps its word: the principles behind 950+ projects since 2008.',
  },
]

export const aboutFigures = [
  { value: '2008', label: 'Founded' },
  { value: '200+', label: 'Team Members' },
  { value: '950+', label: 'Projects Delivered' },
] as const

export const visionMission = [
  {
    title: 'Our Vision',
    icon: 'eye',
    text: 'To be India’s most trusted partner for the energy transition, making clean power the obvious choice for homes, businesses and governments alike.',
  },
  {
    title: 'Our Mission',
    icon: 'target',
    text: 'To deliver renewable energy systems that cut costs and emissions, built to the highest standards and supported for their whole life.',
  },
] as const satisfies readonly { title: string; icon: IconName; text: string }[]

export const coreValues = {
  heading: 'Our Core Values',
  eyebrow: 'What guides us',
  values: [
    {
      title: 'Customer Satisfaction',
      icon: 'heart',
      text: 'We listen first and measure our success by our customers’ savings.',
    },
    {
      title: 'Quality Assurance',
      icon: 'award',
      text: 'Tier-1 equipment, tested workmanship and performance we stand behind.',
    },
    {
      title: 'Integrity',
      icon: 'scale',
      text: 'Honest proposals, transparent pricing and promises we keep.',
    },
    {
      title: 'Innovation',
      icon: 'bulb',
      text: 'Smart monitoring, storage and hybrid designs that get more from every site.',
    },
    {
      title: 'Teamwork',
      icon: 'users',
      text: 'Engineers, advisors and installers working as one team with our clients.',
    },
    {
      title: 'Safety',
      icon: 'hardHat',
      text: 'Zero-harm sites, trained crews and safety checks at every step.',
    },
  ],
} as const satisfies {
  heading: string
  eyebrow: string
  values: readonly { title: string; icon: IconName; text: string }[]
}

export interface Certification {
  readonly name: string
  readonly issuer: string
  readonly text: string
}

export const certifications = {
  heading: 'Certifications & Affiliations',
  eyebrow: 'Recognised and accredited',
  description: 'Standards we are certified to and the bodies we work with.',
  /** The spec's 9 items, in order. */
  items: [
    {
      name: 'ISO 9001 and 14001',
      issuer: 'Integrated management system',
      text: 'Quality and environmental management certified together across our operations.',
    },
    {
      name: 'Startup India/DPIIT',
      issuer: 'Department for Promotion of Industry and Internal Trade',
      text: 'Recognised by DPIIT under the Startup India programme.',
    },
    {
      name: 'MNRE collaboration',
      issuer: 'Ministry of New and Renewable Energy',
      text: 'Working with MNRE programmes for rooftop solar and clean energy adoption.',
    },
    { name: 'MSME/UDYAM', issuer: 'Ministry of MSME', text: 'Registered enterprise under the UDYAM portal.' },
    {
      name: 'TGREDCO',
      issuer: 'Telangana Renewable Energy Development Corporation',
      text: 'Empanelled for renewable energy projects in Telangana.',
    },
    {
      name: 'TGSPDCL',
      issuer: 'Telangana Southern Power Distribution Company',
      text: 'Registered vendor for grid-connected rooftop solar and net metering.',
    },
    {
      name: 'NREDCAP',
      issuer: 'New and Renewable Energy Development Corporation of Andhra Pradesh',
      text: 'Empanelled for solar projects in Andhra Pradesh.',
    },
    {
      name: 'ISO 9001',
      issuer: 'Quality management',
      text: 'Certified quality management for design, procurement and installation.',
    },
    {
      name: 'ISO 14001',
      issuer: 'Environmental management',
      text: 'Certified environmental management for our sites and operations.',
    },
  ] satisfies readonly Certification[],
} as const
