import { backToSolutions, type InfoPage } from '../solutions'

/** Copy of /solutions/ev-stations. */
export const evStationsPage: InfoPage = {
  path: '/solutions/ev-stations',
  back: backToSolutions,
  eyebrow: 'EV charging stations',
  title: 'EV charging for fleets, offices and highways',
  intro:
    'Charging infrastructure from site planning to operation, with solar-powered charging where it pays.',
  image: '/images/ev-charging.svg',
  actions: [
    { label: 'Infrastructure', to: '#infrastructure' },
    { label: 'Charging Solutions', to: '#charging', variant: 'outline' },
  ],
  sections: [
    {
      id: 'infrastructure',
      eyebrow: 'Infrastructure',
      heading: 'Charging infrastructure',
      description: 'Site assessment, grid connection, civil works and installation of AC and DC chargers.',
      kind: 'checklist',
      items: [
        { title: 'Load and grid-capacity studies' },
        { title: 'Civil, electrical and canopy works' },
        { title: 'Solar carports and storage integration' },
      ],
    },
    {
      id: 'charging',
      eyebrow: 'Offerings',
      heading: 'Charging solutions',
      kind: 'cards',
      items: [
        {
          title: 'AC destination charging',
          text: 'For offices, malls, hotels and housing societies.',
          icon: 'bulb',
        },
        { title: 'DC fast charging', text: 'For highways and fleet depots.', icon: 'truck' },
        {
          title: 'Fleet charging management',
          text: 'Scheduling, billing and remote monitoring.',
          icon: 'cpu',
        },
      ],
    },
  ],
}
