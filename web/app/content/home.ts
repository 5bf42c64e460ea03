/** The home page's copy. The full home page (hero, counters, solutions, stories) comes later. */
export const homePage = {
  title: 'Solar, Wind & Energy Storage Solutions in India',
  description:
    'Suryodaya Energy designs, builds and runs solar, wind, energy-storage and EV-charging projects for homes, housing societies, businesses and government bodies across India.',
  keywords: [
    'solar energy',
    'rooftop solar',
    'solar EPC',
    'wind energy',
    'energy storage',
    'EV charging stations',
    'renewable energy India',
    'Hyderabad solar company',
  ],
  eyebrow: 'Clean energy, engineered for India',
  pitch: 'Lower bills and cleaner power, from the first site survey to decades of monitored performance.',
  contactCta: 'Talk to our team',
} as const
