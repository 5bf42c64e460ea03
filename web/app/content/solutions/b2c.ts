import { subsidyGuideLink } from '../navigation'
import { backToSolar, type InfoPage } from '../solutions'

/** Copy of /solutions/b2c. */
export const b2cPage: InfoPage = {
  path: '/solutions/b2c',
  back: backToSolar,
  eyebrow: 'Residential solar (B2C)',
  title: 'Rooftop solar for your home',
  intro: 'Cut your electricity bill with a rooftop system sized for your home or housing society.',
  image: '/images/rooftop-solar.svg',
  stats: [
    { value: '500+', label: 'Projects' },
    { value: '20-35%', label: 'Savings' },
  ],
  actions: [
    { label: 'Get a Home Quote', to: '/get-quote#residential' },
    { label: 'Housing Society Quote', to: '/get-quote#housing', variant: 'outline' },
    { label: 'Subsidy Guide', to: subsidyGuideLink.to, variant: 'outline' },
  ],
  sections: [
    {
      id: 'b2c-offerings',
      eyebrow: 'Offerings',
      heading: 'What we offer homeowners',
      kind: 'cards',
      items: [
        { title: 'On-grid rooftop systems', text: 'Net-metered systems from 2 kW to 10 kW.', icon: 'sun' },
        { title: 'Hybrid with battery', text: 'Solar with backup for power cuts.', icon: 'layers' },
        { title: 'Housing societies', text: 'Common-area solar for apartments.', icon: 'users' },
        { title: 'Easy EMI', text: 'Financing options with partner banks.', icon: 'chart' },
      ],
    },
    {
      id: 'b2c-help',
      eyebrow: 'How we help',
      heading: 'We take care of everything',
      kind: 'checklist',
      items: [
        { title: 'Free site survey and shadow analysis' },
        { title: 'Subsidy application (PM Surya Ghar)' },
        { title: 'Net-metering approval with your DISCOM' },
        { title: 'Installation, monitoring and maintenance' },
      ],
    },
  ],
}
