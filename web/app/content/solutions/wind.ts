import { backToSolutions, type InfoPage } from '../solutions'

/** Copy of /solutions/wind. */
export const windPage: InfoPage = {
  path: '/solutions/wind',
  back: backToSolutions,
  eyebrow: 'Wind',
  title: 'Wind energy from assessment to operation',
  intro: 'We develop, build and maintain wind and wind-solar hybrid projects for utilities and industry.',
  image: '/images/wind-farm.svg',
  actions: [{ label: 'Explore Our Services', to: '/services' }],
  sections: [
    {
      id: 'wind-services',
      eyebrow: 'Services',
      heading: 'Wind services',
      kind: 'cards',
      items: [
        {
          title: 'Wind resource assessment',
          text: 'Met-mast and LiDAR campaigns with yield studies.',
          icon: 'wind',
        },
        {
          title: 'Turbine selection',
          text: 'Technology and vendor evaluation for your site.',
          icon: 'cpu',
        },
        {
          title: 'Hybrid projects',
          text: 'Wind-solar hybrids for steadier round-the-clock power.',
          icon: 'sun',
        },
        {
          title: 'Operations & maintenance',
          text: 'Preventive care and availability guarantees.',
          icon: 'shield',
        },
      ],
    },
    {
      id: 'wind-highlights',
      eyebrow: 'Highlights',
      heading: 'Wind highlights',
      kind: 'checklist',
      items: [
        { title: '50+ wind projects delivered' },
        { title: 'Energy cost savings of 30-45%' },
        { title: 'Bankable yield reports for lenders' },
      ],
    },
  ],
}
