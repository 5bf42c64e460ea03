import { subsidyGuideLink } from '../navigation'
import { backToSolutions, type InfoPage } from '../solutions'

/** Copy of /solutions/solar. */
export const solarPage: InfoPage = {
  path: '/solutions/solar',
  back: backToSolutions,
  eyebrow: 'Solar',
  title: 'Solar power for homes, businesses and government',
  intro:
    'Design, installation and maintenance of rooftop and ground-mounted solar, with subsidies and net metering handled for you.',
  image: '/images/rooftop-solar.svg',
  actions: [
    { label: 'Get a Quote', to: '/get-quote#residential' },
    { label: 'Subsidy Guide', to: subsidyGuideLink.to, variant: 'outline' },
  ],
  sections: [
    {
      id: 'who-we-serve',
      eyebrow: 'Who we serve',
      heading: 'Solar for every kind of customer',
      kind: 'cards',
      items: [
        {
          title: 'Residential (B2C)',
          text: 'Rooftop solar for independent homes and housing societies.',
          icon: 'heart',
          to: '/solutions/b2c',
        },
        {
          title: 'Commercial (B2B)',
          text: 'Solar for offices, factories, warehouses and campuses.',
          icon: 'chart',
          to: '/solutions/b2b',
        },
        {
          title: 'Government (B2G)',
          text: 'Public buildings, institutions, tenders and street lighting.',
          icon: 'shield',
          to: '/solutions/b2g',
        },
      ],
    },
    {
      id: 'solar-highlights',
      eyebrow: 'Highlights',
      heading: 'Why solar with us',
      kind: 'checklist',
      items: [
        { title: 'Tier-1 panels and inverters with 25-year performance warranty' },
        { title: 'Subsidy and net-metering paperwork handled end to end' },
        { title: 'Live generation monitoring on your phone' },
        // The calculator's bill cut for the homes' and businesses' bills it sizes within our price list
        // (test/unit/core/home-claims.test.ts keeps it in step).
        { title: 'Savings of 46-98% on electricity bills' },
      ],
    },
    {
      id: 'solar-services',
      eyebrow: 'Services',
      heading: 'Our solar services',
      kind: 'cards',
      items: [
        {
          title: 'Site survey',
          text: 'Shadow analysis and structural checks of your roof or land.',
          icon: 'pin',
        },
        { title: 'System design', text: 'Sizing and layout matched to your consumption.', icon: 'cpu' },
        { title: 'Installation', text: 'Certified crews and safe, tidy installation.', icon: 'award' },
        { title: 'Net metering', text: 'Applications and approvals with your DISCOM.', icon: 'scale' },
        { title: 'Subsidy support', text: 'PM Surya Ghar and state subsidy filings.', icon: 'check' },
        { title: 'Financing', text: 'EMI and loan options with partner banks.', icon: 'chart' },
        { title: 'Monitoring', text: 'Remote monitoring and alerts for every system.', icon: 'eye' },
        { title: 'Maintenance', text: 'Cleaning, inspections and preventive care.', icon: 'shield' },
        { title: 'Upgrades', text: 'Add batteries or capacity as your needs grow.', icon: 'layers' },
      ],
    },
  ],
}
