import { backToSolar, type InfoPage } from '../solutions'

/** Copy of /solutions/b2b. */
export const b2bPage: InfoPage = {
  path: '/solutions/b2b',
  back: backToSolar,
  eyebrow: 'Commercial solar (B2B)',
  title: 'Solar for offices, factories and campuses',
  intro: 'Lower operating costs and meet sustainability targets with rooftop and open-access solar.',
  image: '/images/factory-solar.svg',
  stats: [
    { value: '150+', label: 'Projects' },
    // The bill cut the solar calculator gives a business for the bills it sizes within our price list (₹3,750
    // to ₹13,650 at its stated defaults; test/unit/core/home-claims.test.ts keeps it in step).
    { value: '46-85%', label: 'Savings' },
  ],
  actions: [
    { label: 'Get a Commercial Quote', to: '/get-quote#commercial' },
    { label: 'Contact Us', to: '/contact', variant: 'outline' },
  ],
  sections: [
    {
      id: 'b2b-services',
      eyebrow: 'Services',
      heading: 'Commercial solar services',
      kind: 'cards',
      items: [
        { title: 'Rooftop solar', text: 'Systems for factories, warehouses and offices.', icon: 'sun' },
        { title: 'Open-access solar', text: 'Off-site solar delivered through the grid.', icon: 'wind' },
        { title: 'PPA & RESCO models', text: 'Zero capex: pay only for the power you use.', icon: 'scale' },
        { title: 'Energy audits', text: 'Find savings before you invest.', icon: 'chart' },
        {
          title: 'O&M contracts',
          text: 'Performance guarantees and preventive maintenance.',
          icon: 'shield',
        },
      ],
    },
    {
      id: 'why-choose',
      eyebrow: 'Why choose us',
      heading: 'Why businesses choose us',
      kind: 'checklist',
      items: [
        { title: '150+ commercial projects delivered' },
        { title: 'Savings of 46-85% on energy costs' },
        { title: 'Accelerated depreciation and tax benefits explained' },
        { title: 'Single point of responsibility from design to O&M' },
      ],
    },
  ],
}
