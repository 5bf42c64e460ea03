import { backToSolar, type InfoPage } from '../solutions'

/** Copy of /solutions/b2g. */
export const b2gPage: InfoPage = {
  path: '/solutions/b2g',
  back: backToSolar,
  eyebrow: 'Government solar (B2G)',
  title: 'Solar for the public sector',
  intro: 'Tender-ready solar for government buildings, institutions, housing programmes and street lighting.',
  image: '/images/city-grid.svg',
  stats: [
    { value: '80+', label: 'Projects' },
    { value: '30-50%', label: 'Savings' },
  ],
  actions: [
    { label: 'Request Project Quote', to: '/get-quote#commercial' },
    { label: 'Contact Public Sector', to: '/contact', variant: 'outline' },
  ],
  sections: [
    {
      id: 'b2g-services',
      eyebrow: 'Services',
      heading: 'Public sector services',
      kind: 'cards',
      items: [
        {
          title: 'Rooftop solar',
          icon: 'sun',
          features: ['Residential buildings', 'Commercial buildings', 'Community housing'],
        },
        {
          title: 'Public & government projects',
          icon: 'shield',
          features: [
            'Tender support',
            'Implementation',
            'Compliance',
            'Street lighting',
            'Institutional installs',
          ],
        },
        {
          title: 'Asset management and O&M',
          icon: 'chart',
          features: ['Performance monitoring', 'Preventive maintenance', 'Reporting'],
        },
      ],
    },
    {
      id: 'b2g-capabilities',
      eyebrow: 'Capabilities',
      heading: 'Our capabilities',
      kind: 'checklist',
      items: [
        { title: 'End-to-end tender support and compliance documents' },
        { title: 'City-scale and institutional experience' },
        { title: 'Transparent reporting and performance dashboards' },
      ],
    },
  ],
  closing: {
    heading: 'Planning a public solar project?',
    text: 'Share your requirements and our public-sector team will prepare a proposal.',
    actions: [
      { label: 'Request a Project Quote', to: '/get-quote#commercial' },
      { label: 'Contact Public Sector', to: '/contact', variant: 'outline' },
    ],
  },
}
