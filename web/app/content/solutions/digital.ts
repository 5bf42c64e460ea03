import { actionButton } from '../actions'
import type { InfoItem, PageLink, Platform } from '../solutions'

/** Copy of /digital-solutions. */
export const digitalPage = {
  eyebrow: 'Digital Solutions',
  title: 'Smart platforms for smarter energy',
  intro: 'Monitor, manage and optimise solar, wind and storage assets from one place.',
  actions: [
    actionButton('Try Demo'),
    { ...actionButton('View Features'), variant: 'outline' },
  ] satisfies PageLink[],
  dashboardTitle: 'Live portfolio dashboard',
  platformsHeading: 'Our platforms',
  platforms: [
    {
      id: 'ems',
      name: 'Energy Management System',
      text: 'Real-time control of generation, storage and consumption across your sites.',
      features: ['Real-time monitoring', 'Load forecasting', 'Automated alerts', 'Demand response'],
      metrics: { efficiency: '98%', uptime: '99.9%', savings: '30%' },
      demo: 'Demo: a rooftop plant shifting 120 kWh of solar into its battery before the evening peak.',
    },
    {
      id: 'tracker',
      name: 'Mobile Asset Tracker',
      text: 'Field teams log inspections, faults and fixes from their phones.',
      features: ['Offline inspections', 'GPS asset map', 'Work orders', 'Photo reports'],
      metrics: { efficiency: '95%', uptime: '99.5%', savings: '25%' },
      demo: 'Demo: a technician closing an inverter fault ticket with photos in under 10 minutes.',
    },
    {
      id: 'analytics',
      name: 'Cloud Analytics Platform',
      text: 'Portfolio analytics, benchmarks and reports for owners and lenders.',
      features: ['Portfolio benchmarks', 'Loss analysis', 'Custom reports', 'API access'],
      metrics: { efficiency: '97%', uptime: '99.8%', savings: '35%' },
      demo: 'Demo: a 40-site portfolio ranked by performance ratio with losses broken down.',
    },
  ] satisfies Platform[],
  featuresHeading: 'Advanced features',
  features: [
    { title: 'AI forecasting', text: 'Generation and load forecasts from weather data.', icon: 'bulb' },
    { title: 'Predictive maintenance', text: 'Spot failing equipment before it stops.', icon: 'shield' },
    { title: 'Remote control', text: 'Adjust inverters and batteries remotely.', icon: 'cpu' },
    { title: 'Carbon tracking', text: 'CO2 avoided, ready for ESG reports.', icon: 'leaf' },
    { title: 'Team access', text: 'Roles for owners, operators and field staff.', icon: 'users' },
    { title: 'Smart alerts', text: 'Notifications by email, SMS and app.', icon: 'eye' },
  ] satisfies InfoItem[],
}
