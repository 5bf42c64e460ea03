import type { SolutionCategory } from '../solutions'

/** Copy of /solutions: the four categories. */
export const solutionsOverview = {
  eyebrow: 'Our Solutions',
  title: 'Clean energy solutions for every need',
  intro:
    'From rooftop solar to wind, battery storage and EV charging, we design, build and run renewable systems that cut costs and carbon.',
  categories: [
    {
      title: 'Solar',
      to: '/solutions/solar',
      icon: 'sun',
      image: '/images/rooftop-solar.svg',
      text: 'Rooftop and ground-mounted solar for homes, businesses and government.',
      projects: '200+',
      // The calculator's, as on /solutions/solar (test/unit/core/home-claims.test.ts).
      savings: '46-98%',
      features: ['Rooftop & ground-mount', 'Net-metering support', 'Remote monitoring', '25-year warranty'],
      caseStudy: 'Case study: 1.2 MW rooftop plant for a Hyderabad manufacturer, paid back in 4 years.',
    },
    {
      title: 'Wind',
      to: '/solutions/wind',
      icon: 'wind',
      image: '/images/wind-farm.svg',
      text: 'Utility and hybrid wind projects from site assessment to operation.',
      projects: '50+',
      savings: '30-45%',
      features: ['Wind resource assessment', 'Turbine selection', 'Hybrid wind-solar', 'O&M contracts'],
      caseStudy: 'Case study: 25 MW wind-solar hybrid in Karnataka with 38% lower energy cost.',
    },
    {
      title: 'Storage',
      to: '/solutions/storage',
      icon: 'layers',
      image: '/images/battery-storage.svg',
      text: 'Battery energy storage that shifts solar to the evening and backs up critical loads.',
      projects: '100+',
      savings: '20-35%',
      features: ['Lithium-ion systems', 'Peak shaving', 'Backup power', 'Smart energy management'],
      caseStudy: 'Case study: 2 MWh battery for a hospital campus, zero downtime during grid outages.',
    },
    {
      title: 'EV stations',
      to: '/solutions/ev-stations',
      icon: 'truck',
      image: '/images/ev-charging.svg',
      text: 'EV charging infrastructure for fleets, offices, malls and highways.',
      projects: '300+',
      savings: '15-30%',
      features: [
        'AC & DC fast chargers',
        'Solar-powered charging',
        'Fleet management',
        'Payment integration',
      ],
      caseStudy: 'Case study: 40 solar-backed chargers for a Bengaluru logistics fleet.',
    },
  ] satisfies SolutionCategory[],
}
