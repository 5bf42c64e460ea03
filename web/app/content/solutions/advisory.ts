import { actionButton } from '../actions'
import type { InfoPage } from '../solutions'

/** Copy of /advisory. */
export const advisoryPage: InfoPage = {
  path: '/advisory',
  eyebrow: 'Advisory & Asset Management',
  title: 'Independent advice for every stage of your project',
  intro: 'Consulting, asset management, financial advisory and risk management for renewable plants.',
  image: '/images/city-grid.svg',
  actions: [
    actionButton('Schedule Advisory Session'),
    { ...actionButton('Download Service Guide'), variant: 'outline' },
  ],
  sections: [
    {
      id: 'process',
      eyebrow: 'Our process',
      heading: 'A 6-step advisory process',
      kind: 'steps',
      items: [
        { title: 'Assessment & Analysis', text: 'We study your sites, loads and goals.' },
        { title: 'Strategic Planning', text: 'A roadmap of technologies, timing and budgets.' },
        { title: 'Financial Modeling', text: 'Returns, tariffs and financing scenarios.' },
        { title: 'Implementation Management', text: 'We manage vendors and schedules for you.' },
        { title: 'Performance Monitoring', text: 'Live tracking of generation and losses.' },
        { title: 'Continuous Optimization', text: 'Ongoing improvements to yield and cost.' },
      ],
    },
    {
      id: 'advisory-services',
      eyebrow: 'Services',
      heading: 'Advisory services',
      kind: 'cards',
      items: [
        {
          title: 'Energy Consulting',
          icon: 'bulb',
          features: ['Energy audits', 'Technology selection', 'Feasibility studies', 'Regulatory guidance'],
        },
        {
          title: 'Asset Management',
          icon: 'chart',
          features: ['Performance analysis', 'O&M oversight', 'Yield optimisation', 'Monthly reporting'],
        },
        {
          title: 'Financial Advisory',
          icon: 'scale',
          features: ['Financial modelling', 'Investment analysis', 'Financing support', 'Tariff analysis'],
        },
        {
          title: 'Risk Management',
          icon: 'shield',
          features: ['Due diligence', 'Insurance advisory', 'Contract review', 'Compliance audits'],
        },
      ],
    },
  ],
}
