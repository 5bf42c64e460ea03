import type { IconName } from '~/components/ui/icon'
import { actionButton } from './actions'
import type { Illustration } from './home'

/**
 * The copy of the home page's sections below the fold (solutions, why choose us, success stories, the final
 * call to action): a module of its own, loaded with those sections' code, never with the page's first load
 * (components/lazy-island.tsx).
 */

export interface SolutionOffer {
  readonly title: string
  readonly description: string
  readonly features: readonly [string, string, string]
  readonly to: string
  readonly icon: IconName
  readonly image: Illustration
}

export const solutionsOverview = {
  eyebrow: 'What we do',
  heading: 'Complete Renewable Energy Solutions',
  description: 'From a 3 kW rooftop to a 10 MW hybrid park: one partner for design, build, finance and care.',
  learnMore: 'Learn More',
  offers: [
    {
      title: 'Solar Energy Solutions',
      description:
        'Rooftop, carport and ground-mounted plants for homes, societies, industry and government.',
      features: [
        'Residential & commercial rooftops',
        'Net metering and subsidy paperwork',
        '25-year performance care',
      ],
      to: '/solutions/solar',
      icon: 'sun',
      image: { src: '/images/rooftop-solar.svg', alt: 'Rooftop solar panels' },
    },
    {
      title: 'Wind Energy Services',
      description: 'Site studies, turbine procurement and wind-solar hybrids that produce around the clock.',
      features: ['Wind resource assessment', 'Wind-solar hybrid design', 'Operation & maintenance'],
      to: '/solutions/wind',
      icon: 'wind',
      image: { src: '/images/wind-farm.svg', alt: 'Wind turbines on a ridge' },
    },
    {
      title: 'Advisory & Asset Management',
      description: 'Independent engineering and asset care that keep your plant earning what it promised.',
      features: ['Due diligence & audits', 'Performance monitoring', 'Asset optimisation'],
      to: '/advisory',
      icon: 'chart',
      image: { src: '/images/city-grid.svg', alt: 'A city powered by clean energy' },
    },
  ] satisfies readonly SolutionOffer[],
  banner: {
    heading: 'Not sure where to start?',
    text: 'Book a free 30-minute call with an energy consultant and get a plan for your site.',
    primary: actionButton('Schedule Consultation'),
    secondary: actionButton('Download Brochure'),
  },
} as const

export const whyChooseUs = {
  eyebrow: 'Why choose us',
  heading: 'One Partner, Every Step of Your Energy Journey',
  description: 'Engineering, advice, technology and buying power under one roof, accountable for the result.',
  points: [
    {
      title: 'EPC + Advisory + Tech',
      text: 'Design, build and advice from one team, with our own monitoring platform on top.',
      icon: 'layers',
    },
    {
      title: 'Independent Engineering',
      text: 'Unbiased design reviews, audits and quality checks for your project or portfolio.',
      icon: 'scale',
    },
    {
      title: 'Smart Digital Platform',
      text: 'Live generation, alerts and reports for every plant, on web and mobile.',
      icon: 'cpu',
    },
    {
      title: 'Procurement-as-a-Service',
      text: 'Tier-1 modules, inverters and batteries at portfolio prices, inspected before dispatch.',
      icon: 'truck',
    },
  ] satisfies readonly { title: string; text: string; icon: IconName }[],
  stats: [
    { value: '99.9%', label: 'Uptime' },
    { value: '500+', label: 'Clients' },
    { value: '50MW', label: 'Generated' },
    { value: '24/7', label: 'Support' },
  ],
  button: { label: 'Discover Our Story', to: '/about' },
} as const

export interface CaseStudy {
  readonly clientType: string
  readonly sector: string
  readonly savings: string
  readonly capacity: string
  readonly description: string
  readonly results: readonly [string, string, string]
  readonly image: Illustration
}

export const successStories = {
  eyebrow: 'Success stories',
  heading: 'Results Our Clients Can Measure',
  description: 'Three projects, three sectors: what clean energy changed for them.',
  button: actionButton('View Full Case Study'),
  cases: [
    {
      clientType: 'Housing Society',
      sector: 'Residential',
      savings: '40%',
      capacity: '500kW',
      description:
        'A 320-flat gated community in Hyderabad put solar on every block roof and now powers lifts, pumps and common lighting from the sun.',
      results: ['40% lower common-area bills', 'Payback in under 5 years', '620 tons CO2 avoided a year'],
      image: { src: '/images/rooftop-solar.svg', alt: 'Solar panels on apartment roofs' },
    },
    {
      clientType: 'Manufacturing Plant',
      sector: 'Industrial',
      savings: '50%',
      capacity: '2MW',
      description:
        'An auto-components factory combined a 2MW rooftop and carport plant with battery storage to flatten its daytime peak.',
      results: ['50% lower energy costs', 'Peak demand charges halved', 'Zero downtime during installation'],
      image: { src: '/images/factory-solar.svg', alt: 'A factory with solar panels on its roof' },
    },
    {
      clientType: 'Utility-Scale Project',
      sector: 'Wind-Hybrid',
      savings: '60%',
      capacity: '10MW',
      description:
        'A wind-solar hybrid park that supplies round-the-clock green power to an industrial cluster under a long-term agreement.',
      results: [
        '60% savings against grid tariff',
        '82% round-the-clock supply',
        '18,000 tons CO2 avoided a year',
      ],
      image: { src: '/images/wind-farm.svg', alt: 'Wind turbines beside solar rows' },
    },
  ] satisfies readonly CaseStudy[],
  logosHeading: 'Trusted by leading organisations',
  /** Client logo tiles: drawn wordmarks, no third-party images. */
  logos: [
    'Deccan Textiles',
    'Godavari Foods',
    'Hyderabad Metro Homes',
    'Krishna Auto Parts',
    'Telangana Agro',
    'Charminar Pharma',
    'Nizam Logistics',
    'Banjara Hospitals',
  ],
} as const

export const finalCallToAction = {
  heading: 'Ready to Switch to Clean Energy?',
  text: 'Tell us about your roof, your bill or your project. An engineer will get back to you with a plan and a price.',
  primary: actionButton('Request a Quote'),
  secondary: actionButton('Book Consultation'),
  line: 'Free consultation • No obligation • Expert advice • Quick response',
} as const
