import { actionButton } from '../actions'
import type { InfoPage } from '../solutions'

/** Copy of /procurement. */
export const procurementPage: InfoPage = {
  path: '/procurement',
  eyebrow: 'Procurement Consulting',
  title: 'Procurement that delivers on time and on budget',
  intro: 'Vendor selection, contracts and quality assurance for solar, wind and storage projects.',
  image: '/images/factory-solar.svg',
  stats: [
    { value: '30%', label: 'Shorter timelines' },
    { value: '99.5%', label: 'Success rate' },
    { value: '15-25%', label: 'Cost savings' },
    { value: '950+', label: 'Projects supported' },
  ],
  actions: [actionButton('Start Your Project'), { ...actionButton('View Case Studies'), variant: 'outline' }],
  sections: [
    {
      id: 'procurement-process',
      eyebrow: 'Our process',
      heading: 'A 5-step procurement process',
      kind: 'steps',
      items: [
        { title: 'Project Assessment', text: 'Requirements, specifications and budget.' },
        { title: 'Vendor Selection', text: 'Shortlisting, bids and technical evaluation.' },
        { title: 'Contract Management', text: 'Negotiation and clear contract terms.' },
        { title: 'Quality Assurance', text: 'Factory and site inspections.' },
        { title: 'Performance Optimization', text: 'Tracking vendors after handover.' },
      ],
    },
    {
      id: 'core-services',
      eyebrow: 'Core services',
      heading: 'Core procurement services',
      kind: 'cards',
      items: [
        {
          title: 'Equipment Procurement',
          icon: 'truck',
          features: ['Panels, inverters, turbines and batteries', 'Tier-1 vendor network', 'Logistics'],
        },
        {
          title: 'Project Management Consulting',
          icon: 'calendar',
          features: ['Schedules and milestones', 'Vendor coordination', 'Progress reporting'],
        },
        {
          title: 'Technical Advisory',
          icon: 'cpu',
          features: ['Specification review', 'Technology comparison', 'Quality inspections'],
        },
      ],
    },
  ],
}
