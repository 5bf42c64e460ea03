import type { IconName } from '~/components/ui/icon'
import { actionButton } from './actions'

/** Copy of the solutions, services and sectors pages. */

export interface PageLink {
  readonly label: string
  readonly to: string
  readonly variant?: 'primary' | 'outline'
}

export interface InfoItem {
  readonly title: string
  readonly text?: string
  readonly features?: readonly string[]
  readonly icon?: IconName
  readonly to?: string
}

export interface InfoSection {
  readonly id: string
  readonly eyebrow?: string
  readonly heading: string
  readonly description?: string
  /** `cards`: a grid of cards; `checklist`: a list of ticked lines; `steps`: numbered steps. */
  readonly kind: 'cards' | 'checklist' | 'steps'
  readonly items: readonly InfoItem[]
}

export interface InfoPage {
  readonly path: string
  readonly back?: PageLink
  readonly eyebrow: string
  readonly title: string
  readonly intro: string
  readonly image: string
  readonly stats?: readonly { readonly value: string; readonly label: string }[]
  readonly actions: readonly PageLink[]
  readonly sections: readonly InfoSection[]
  readonly closing?: {
    readonly heading: string
    readonly text: string
    readonly actions: readonly PageLink[]
  }
}

const backToSolutions: PageLink = { label: 'Back to Solutions', to: '/solutions' }
const backToSolar: PageLink = { label: 'Back to Solar', to: '/solutions/solar' }

export interface SolutionCategory {
  readonly title: string
  readonly to: string
  readonly icon: IconName
  readonly image: string
  readonly text: string
  readonly projects: string
  readonly savings: string
  readonly features: readonly string[]
  readonly caseStudy: string
}

/** The two figures of a solution category's or a sector's card, in the order they show. */
export function projectsAndSavings(card: { readonly projects: string; readonly savings: string }) {
  return [
    { label: 'Projects', value: card.projects },
    { label: 'Savings', value: card.savings },
  ] as const
}

export const solutionsOverview = {
  eyebrow: 'Our Solutions',
  title: 'Clean energy solutions for every need',
  intro:
    'From rooftop solar to wind, battery storage and EV charging, we design, build and run renewable systems that cut costs and carbon.',
  categories: [
    {
      title: 'Solar',
      to: '/solutions/solar',
      icon: 'sun',
      image: '/images/rooftop-solar.svg',
      text: 'Rooftop and ground-mounted solar for homes, businesses and government.',
      projects: '200+',
      savings: '25-40%',
      features: ['Rooftop & ground-mount', 'Net-metering support', 'Remote monitoring', '25-year warranty'],
      caseStudy: 'Case study: 1.2 MW rooftop plant for a Hyderabad manufacturer, paid back in 4 years.',
    },
    {
      title: 'Wind',
      to: '/solutions/wind',
      icon: 'wind',
      image: '/images/wind-farm.svg',
      text: 'Utility and hybrid wind projects from site assessment to operation.',
      projects: '50+',
      savings: '30-45%',
      features: ['Wind resource assessment', 'Turbine selection', 'Hybrid wind-solar', 'O&M contracts'],
      caseStudy: 'Case study: 25 MW wind-solar hybrid in Karnataka with 38% lower energy cost.',
    },
    {
      title: 'Storage',
      to: '/solutions/storage',
      icon: 'layers',
      image: '/images/battery-storage.svg',
      text: 'Battery energy storage that shifts solar to the evening and backs up critical loads.',
      projects: '100+',
      savings: '20-35%',
      features: ['Lithium-ion systems', 'Peak shaving', 'Backup power', 'Smart energy management'],
      caseStudy: 'Case study: 2 MWh battery for a hospital campus, zero downtime during grid outages.',
    },
    {
      title: 'EV stations',
      to: '/solutions/ev-stations',
      icon: 'truck',
      image: '/images/ev-charging.svg',
      text: 'EV charging infrastructure for fleets, offices, malls and highways.',
      projects: '300+',
      savings: '15-30%',
      features: [
        'AC & DC fast chargers',
        'Solar-powered charging',
        'Fleet management',
        'Payment integration',
      ],
      caseStudy: 'Case study: 40 solar-backed chargers for a Bengaluru logistics fleet.',
    },
  ] satisfies SolutionCategory[],
}

export const solutionPages: readonly InfoPage[] = [
  {
    path: '/solutions/solar',
    back: backToSolutions,
    eyebrow: 'Solar',
    title: 'Solar power for homes, businesses and government',
    intro:
      'Design, installation and maintenance of rooftop and ground-mounted solar, with subsidies and net metering handled for you.',
    image: '/images/rooftop-solar.svg',
    actions: [{ label: 'Get a Quote', to: '/get-quote#residential' }],
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
          { title: 'Savings of 25-40% on electricity bills' },
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    path: '/solutions/b2b',
    back: backToSolar,
    eyebrow: 'Commercial solar (B2B)',
    title: 'Solar for offices, factories and campuses',
    intro: 'Lower operating costs and meet sustainability targets with rooftop and open-access solar.',
    image: '/images/factory-solar.svg',
    stats: [
      { value: '150+', label: 'Projects' },
      { value: '25-40%', label: 'Savings' },
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
          { title: 'Savings of 25-40% on energy costs' },
          { title: 'Accelerated depreciation and tax benefits explained' },
          { title: 'Single point of responsibility from design to O&M' },
        ],
      },
    ],
  },
  {
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
  },
  {
    path: '/solutions/b2g',
    back: backToSolar,
    eyebrow: 'Government solar (B2G)',
    title: 'Solar for the public sector',
    intro:
      'Tender-ready solar for government buildings, institutions, housing programmes and street lighting.',
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
  },
]

export function solutionPage(path: string): InfoPage {
  const page = solutionPages.find((entry) => entry.path === path)
  if (!page) throw new Error(`No solution page for ${path}`)
  return page
}

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

export const procurementPage: InfoPage = {
  path: '/procurement',
  eyebrow: 'Procurement Consulting',
  title: 'Procurement that delivers on time and on budget',
  intro: 'Vendor selection, contracts and quality assurance for solar, wind and storage projects.',
  image: '/images/factory-solar.svg',
  stats: [
    { value: '30%', label: 'Shorter timelines' },
    { value: '99.5%', label: 'Success rate' },
    { value: '15-25%', label: 'Cost savings' },
    { value: '950+', label: 'Projects supported' },
  ],
  actions: [actionButton('Start Your Project'), { ...actionButton('View Case Studies'), variant: 'outline' }],
  sections: [
    {
      id: 'procurement-process',
      eyebrow: 'Our process',
      heading: 'A 5-step procurement process',
      kind: 'steps',
      items: [
        { title: 'Project Assessment', text: 'Requirements, specifications and budget.' },
        { title: 'Vendor Selection', text: 'Shortlisting, bids and technical evaluation.' },
        { title: 'Contract Management', text: 'Negotiation and clear contract terms.' },
        { title: 'Quality Assurance', text: 'Factory and site inspections.' },
        { title: 'Performance Optimization', text: 'Tracking vendors after handover.' },
      ],
    },
    {
      id: 'core-services',
      eyebrow: 'Core services',
      heading: 'Core procurement services',
      kind: 'cards',
      items: [
        {
          title: 'Equipment Procurement',
          icon: 'truck',
          features: ['Panels, inverters, turbines and batteries', 'Tier-1 vendor network', 'Logistics'],
        },
        {
          title: 'Project Management Consulting',
          icon: 'calendar',
          features: ['Schedules and milestones', 'Vendor coordination', 'Progress reporting'],
        },
        {
          title: 'Technical Advisory',
          icon: 'cpu',
          features: ['Specification review', 'Technology comparison', 'Quality inspections'],
        },
      ],
    },
  ],
}

export const servicesPage: InfoPage = {
  path: '/services',
  eyebrow: 'Our Services',
  title: 'Services beyond installation',
  intro:
    'Independent advisory, procurement consulting and digital platforms that support renewable projects across their life.',
  image: '/images/city-grid.svg',
  actions: [
    actionButton('Schedule Consultation'),
    { ...actionButton('Request a Quote'), variant: 'outline' },
  ],
  sections: [
    {
      id: 'service-lines',
      eyebrow: 'Service lines',
      heading: 'What we do',
      kind: 'cards',
      items: [
        {
          title: 'Advisory & Asset Management',
          text: 'Consulting, asset management, financial advisory and risk management.',
          icon: 'bulb',
          to: '/advisory',
          features: ['6-step advisory process', 'Energy consulting', 'Financial advisory'],
        },
        {
          title: 'Procurement Consulting',
          text: 'Vendor selection, contracts and quality assurance.',
          icon: 'truck',
          to: '/procurement',
          features: ['30% shorter timelines', '99.5% success', '15-25% cost savings'],
        },
        {
          title: 'Digital Solutions',
          text: 'Energy management, asset tracking and cloud analytics platforms.',
          icon: 'cpu',
          to: '/digital-solutions',
          features: ['Energy Management System', 'Mobile Asset Tracker', 'Cloud Analytics Platform'],
        },
      ],
    },
  ],
}

export interface Platform {
  readonly id: 'ems' | 'tracker' | 'analytics'
  readonly name: string
  readonly text: string
  readonly features: readonly string[]
  readonly metrics: { readonly efficiency: string; readonly uptime: string; readonly savings: string }
  readonly demo: string
}

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

export interface Sector {
  readonly title: string
  readonly icon: IconName
  readonly projects: string
  readonly savings: string
  readonly features: readonly string[]
  readonly caseStudy: string
}

export const sectorsPage = {
  eyebrow: 'Industries',
  title: 'Clean energy for every sector',
  intro: 'Tailored solar, wind, storage and EV solutions for the way each sector uses energy.',
  sectorsHeading: 'Sectors we serve',
  sectors: [
    {
      title: 'Commercial & Office',
      icon: 'chart',
      projects: '250+',
      savings: '25-40%',
      features: ['Rooftop solar', 'EV charging', 'Energy audits'],
      caseStudy: 'Case study: IT park cut its energy bill by 35% with a 900 kW rooftop plant.',
    },
    {
      title: 'Industrial & Manufacturing',
      icon: 'cpu',
      projects: '180+',
      savings: '30-45%',
      features: ['Open-access solar', 'Battery storage', 'Power quality'],
      caseStudy: 'Case study: textile mill runs 60% of its load on wind-solar hybrid power.',
    },
    {
      title: 'Residential Communities',
      icon: 'users',
      projects: '300+',
      savings: '20-35%',
      features: ['Society rooftops', 'Common-area solar', 'EV charging'],
      caseStudy: 'Case study: 400-flat society brought common-area bills close to zero.',
    },
    {
      title: 'Educational Institutions',
      icon: 'bulb',
      projects: '90+',
      savings: '30-50%',
      features: ['Campus solar', 'Learning dashboards', 'Zero-capex PPA'],
      caseStudy: 'Case study: university campus saves ₹1.2 crore a year with 1.5 MW of solar.',
    },
    {
      title: 'Healthcare Facilities',
      icon: 'heart',
      projects: '70+',
      savings: '25-35%',
      features: ['Backup storage', 'Critical-load design', 'Solar water heating'],
      caseStudy: 'Case study: hospital keeps ICUs running through outages with solar and storage.',
    },
    {
      title: 'Retail & Hospitality',
      icon: 'award',
      projects: '60+',
      savings: '20-30%',
      features: ['Rooftop solar', 'EV charging for guests', 'Energy management'],
      caseStudy: 'Case study: hotel chain offers guest EV charging powered by its own solar.',
    },
  ] satisfies Sector[],
  impactHeading: 'Our impact',
  impact: [
    { value: '12+', label: 'Sectors served' },
    { value: '950+', label: 'Projects' },
    { value: '500K', label: 'Tons CO2 avoided' },
  ],
  valuesHeading: 'What every sector gets',
  values: [
    { title: 'Tailored design', text: 'Systems designed around your load profile.', icon: 'target' },
    { title: 'Proven savings', text: 'Savings backed by performance data.', icon: 'chart' },
    { title: 'Certified quality', text: 'ISO 14001 and OSHA-compliant work.', icon: 'award' },
    { title: 'Lifetime support', text: 'Monitoring and maintenance for decades.', icon: 'shield' },
  ] satisfies InfoItem[],
  caseStudyLink: actionButton('View Full Case Study'),
}
