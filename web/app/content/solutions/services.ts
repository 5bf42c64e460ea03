import { actionButton } from '../actions'
import type { InfoPage } from '../solutions'

/** Copy of /services. */
export const servicesPage: InfoPage = {
  path: '/services',
  eyebrow: 'Our Services',
  title: 'Services beyond installation',
  intro:
    'Independent advisory, procurement consulting and digital platforms that support renewable projects across their life.',
  image: '/images/city-grid.svg',
  actions: [
    actionButton('Schedule Consultation'),
    { ...actionButton('Request a Quote'), variant: 'outline' },
  ],
  sections: [
    {
      id: 'service-lines',
      eyebrow: 'Service lines',
      heading: 'What we do',
      kind: 'cards',
      items: [
        {
          title: 'Advisory & Asset Management',
          text: 'Consulting, asset management, financial advisory and risk management.',
          icon: 'bulb',
          to: '/advisory',
          features: ['6-step advisory process', 'Energy consulting', 'Financial advisory'],
        },
        {
          title: 'Procurement Consulting',
          text: 'Vendor selection, contracts and quality assurance.',
          icon: 'truck',
          to: '/procurement',
          features: ['30% shorter timelines', '99.5% success', '15-25% cost savings'],
        },
        {
          title: 'Digital Solutions',
          text: 'Energy management, asset tracking and cloud analytics platforms.',
          icon: 'cpu',
          to: '/digital-solutions',
          features: ['Energy Management System', 'Mobile Asset Tracker', 'Cloud Analytics Platform'],
        },
      ],
    },
  ],
}
