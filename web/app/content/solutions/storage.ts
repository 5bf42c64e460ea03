import { backToSolutions, type InfoPage } from '../solutions'

/** Copy of /solutions/storage. */
export const storagePage: InfoPage = {
  path: '/solutions/storage',
  back: backToSolutions,
  eyebrow: 'Energy storage',
  title: 'Battery storage that keeps the power on',
  intro:
    'Store solar for the evening, shave demand peaks and back up critical loads with lithium-ion systems.',
  image: '/images/battery-storage.svg',
  actions: [{ label: 'Request Quote', to: '/get-quote#commercial' }],
  sections: [
    {
      id: 'storage-highlights',
      eyebrow: 'Highlights',
      heading: 'Storage highlights',
      kind: 'cards',
      items: [
        { title: 'Peak shaving', text: 'Cut demand charges by discharging at peak hours.', icon: 'chart' },
        {
          title: 'Backup power',
          text: 'Seamless switchover for critical loads during outages.',
          icon: 'shield',
        },
        { title: 'Solar shifting', text: 'Use daytime solar after sunset.', icon: 'sun' },
      ],
    },
  ],
}
