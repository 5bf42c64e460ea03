import { company } from './company'

/** The home page's copy and figures. Pages render it; change it here. */

/** Its title and description are in content/pages.ts; keywords are for home only (spec). */
export const homePage = {
  keywords: [
    'solar energy',
    'rooftop solar',
    'solar EPC',
    'wind energy',
    'energy storage',
    'EV charging stations',
    'renewable energy India',
    'Hyderabad solar company',
  ],
  heading: `${company.name}: solar, wind, storage and EV charging across India`,
} as const

export interface Illustration {
  readonly src: string
  readonly alt: string
}

export interface HeroStat {
  readonly value: string
  readonly label: string
}

export interface HeroSlide {
  readonly id: 'solar' | 'smart-energy' | 'sustainable-future'
  readonly subtitle: string
  readonly title: string
  readonly description: string
  readonly stats: readonly [HeroStat, HeroStat, HeroStat]
  readonly button: { readonly label: string; readonly to: string }
  readonly image: Illustration
}

/** The hero's three slides (spec: solar, smart energy management, sustainable future). */
export const heroSlides: readonly [HeroSlide, ...HeroSlide[]] = [
  {
    id: 'solar',
    subtitle: 'Solar Power Solutions',
    title: 'Power Your Future with Clean Solar Energy',
    description:
      'Rooftop and ground-mounted solar, designed, installed and maintained by one team, for homes, housing societies and businesses.',
    // The bill cut and payback the solar calculator gives a home with a bill of ₹1,500 to ₹6,000 a month at its
    // stated defaults (test/unit/core/home-claims.test.ts keeps them in step).
    stats: [
      { value: '76-97%', label: 'Lower power bills' },
      { value: '25 yrs', label: 'Panel warranty' },
      { value: '4-5 yrs', label: 'Typical payback' },
    ],
    button: { label: 'Explore Solar', to: '/solutions/solar' },
    image: { src: '/images/rooftop-solar.svg', alt: 'Solar panels on the rooftops of a housing society' },
  },
  {
    id: 'smart-energy',
    subtitle: 'Smart Energy Management',
    title: 'Intelligent Energy for a Connected World',
    description:
      'Battery storage, EV charging and live monitoring that shift your load to the cheapest hours and keep the lights on.',
    stats: [
      { value: '99.9%', label: 'Platform uptime' },
      { value: '24/7', label: 'Remote monitoring' },
      { value: '30%', label: 'Peak demand cut' },
    ],
    button: { label: 'Smart Solutions', to: '/digital-solutions' },
    image: { src: '/images/battery-storage.svg', alt: 'Battery storage cabinets beside a monitoring screen' },
  },
  {
    id: 'sustainable-future',
    subtitle: 'Sustainable Future',
    title: 'Building a Greener Tomorrow, Together',
    description:
      'Wind-solar hybrid parks and clean power for public bodies, so cities and industry can grow without growing their emissions.',
    stats: [
      { value: '500K', label: 'Tons CO2 avoided' },
      { value: '950+', label: 'Projects delivered' },
      { value: '12+', label: 'States served' },
    ],
    button: { label: 'Join Mission', to: '/about' },
    image: { src: '/images/wind-farm.svg', alt: 'Wind turbines and solar rows on open land' },
  },
]

/** The hero's second image, rotating on its own (every 4 s). */
export const heroSecondaryImages: readonly Illustration[] = [
  { src: '/images/ev-charging.svg', alt: 'An electric car at a charging station' },
  { src: '/images/city-grid.svg', alt: 'A city skyline powered by clean energy' },
  { src: '/images/factory-solar.svg', alt: 'A factory with solar panels on its roof' },
]

export const heroActions = {
  watchDemo: 'Watch Demo',
  calculator: 'What would solar save you? Try the solar calculator',
} as const

export interface CounterFigure {
  readonly value: number
  /** After the number, e.g. ' MW' or '+'. */
  readonly suffix: string
  readonly label: string
}

export const impactCounters = {
  heading: 'Our Impact in Numbers',
  eyebrow: 'Proven at scale',
  figures: [
    { value: 250, suffix: ' MW', label: 'Installed Capacity' },
    { value: 500, suffix: '+', label: 'Clients Served' },
    { value: 15, suffix: '+', label: 'Years of Experience' },
    { value: 12, suffix: '+', label: 'Locations Covered' },
  ] satisfies readonly CounterFigure[],
  button: { label: 'Start Your Solar Journey', to: '/get-quote' },
} as const
