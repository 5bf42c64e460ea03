import { actionButton } from '../actions'
import type { InfoItem, Sector } from '../solutions'

/** Copy of /sectors. */
export const sectorsPage = {
  eyebrow: 'Industries',
  title: 'Clean energy for every sector',
  intro: 'Tailored solar, wind, storage and EV solutions for the way each sector uses energy.',
  sectorsHeading: 'Sectors we serve',
  sectors: [
    {
      title: 'Commercial & Office',
      icon: 'chart',
      projects: '250+',
      // The calculator's for a business, as on /solutions/b2b (test/unit/core/home-claims.test.ts).
      savings: '46-85%',
      features: ['Rooftop solar', 'EV charging', 'Energy audits'],
      caseStudy: 'Case study: IT park cut its energy bill by 35% with a 900 kW rooftop plant.',
    },
    {
      title: 'Industrial & Manufacturing',
      icon: 'cpu',
      projects: '180+',
      savings: '30-45%',
      features: ['Open-access solar', 'Battery storage', 'Power quality'],
      caseStudy: 'Case study: textile mill runs 60% of its load on wind-solar hybrid power.',
    },
    {
      title: 'Residential Communities',
      icon: 'users',
      projects: '300+',
      savings: '20-35%',
      features: ['Society rooftops', 'Common-area solar', 'EV charging'],
      caseStudy: 'Case study: 400-flat society brought common-area bills close to zero.',
    },
    {
      title: 'Educational Institutions',
      icon: 'bulb',
      projects: '90+',
      savings: '30-50%',
      features: ['Campus solar', 'Learning dashboards', 'Zero-capex PPA'],
      caseStudy: 'Case study: university campus saves ₹1.2 crore a year with 1.5 MW of solar.',
    },
    {
      title: 'Healthcare Facilities',
      icon: 'heart',
      projects: '70+',
      savings: '25-35%',
      features: ['Backup storage', 'Critical-load design', 'Solar water heating'],
      caseStudy: 'Case study: hospital keeps ICUs running through outages with solar and storage.',
    },
    {
      title: 'Retail & Hospitality',
      icon: 'award',
      projects: '60+',
      savings: '20-30%',
      features: ['Rooftop solar', 'EV charging for guests', 'Energy management'],
      caseStudy: 'Case study: hotel chain offers guest EV charging powered by its own solar.',
    },
  ] satisfies Sector[],
  impactHeading: 'Our impact',
  impact: [
    { value: '12+', label: 'Sectors served' },
    { value: '950+', label: 'Projects' },
    { value: '500K', label: 'Tons CO2 avoided' },
  ],
  valuesHeading: 'What every sector gets',
  values: [
    { title: 'Tailored design', text: 'Systems designed around your load profile.', icon: 'target' },
    { title: 'Proven savings', text: 'Savings backed by performance data.', icon: 'chart' },
    { title: 'Certified quality', text: 'ISO 14001 and OSHA-compliant work.', icon: 'award' },
    { title: 'Lifetime support', text: 'Monitoring and maintenance for decades.', icon: 'shield' },
  ] satisfies InfoItem[],
  caseStudyLink: actionButton('View Full Case Study'),
}
