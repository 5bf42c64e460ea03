import { jobApplicationSubjectPrefix } from '@core/job-application'
import type { ListedJob } from '@core/listing'
import type { IconName } from '~/components/ui/icon'
import { contactWithSubject } from '~/content/actions'
import { company } from '~/content/company'

/** The copy and figures of /careers (200+ team, 15+ positions, 4.8/5, 95% retention). */
export const careersPage = {
  eyebrow: 'Careers',
  title: 'Build India’s clean energy future with us',
  intro: `Engineers, analysts, technologists and advisors at ${company.name} design, build and run the solar, wind, storage and EV-charging projects that power homes, factories and cities.`,
  stats: [
    { value: '200+', label: 'Team Members' },
    { value: '15+', label: 'Open Positions' },
    { value: '4.8/5', label: 'Employee Rating' },
    { value: '95%', label: 'Retention Rate' },
  ],
  actions: [
    { label: 'View Open Positions', to: '#open-positions' },
    { label: `Life at ${company.shortName}`, to: '#culture', variant: 'outline' as const },
  ],
  valuesHeading: 'What we stand for',
  positionsHeading: 'Open Positions',
  positionsIntro: 'Select a role to see what it involves, what we look for and what we offer.',
  benefitsHeading: 'Benefits that matter',
  cultureHeading: `Life at ${company.shortName}`,
  featured: 'Featured',
  applyNow: 'Apply Now',
  description: 'About the role',
  requirements: 'What we look for',
  benefits: 'What you get',
  noPositions:
    'No open positions right now. Send us your CV through the contact page and we will keep it on file.',
  speculative: {
    label: 'Send an Open Application',
    to: contactWithSubject(`${jobApplicationSubjectPrefix}Open application`),
  },
} as const

/**
 * Where a job's Apply Now goes: the contact page with 'Application: <job title>' as the subject (which sends
 * the message to the owners rather than the sales team, core/contact-fields.ts).
 */
export const applyLink = (title: string): string =>
  contactWithSubject(`${jobApplicationSubjectPrefix}${title}`)

export interface CareerValue {
  readonly title: string
  readonly text: string
  readonly icon: IconName
}

export const careerValues: readonly CareerValue[] = [
  {
    title: 'Sustainability First',
    text: 'Every project we take on must leave the grid cleaner than we found it.',
    icon: 'leaf',
  },
  {
    title: 'Engineering Excellence',
    text: 'We measure, test and improve: safety and quality are never traded for speed.',
    icon: 'hardHat',
  },
  {
    title: 'Integrity',
    text: 'Honest numbers for customers, clear decisions for colleagues, no surprises.',
    icon: 'shield',
  },
  {
    title: 'Growth Together',
    text: 'Mentors, certifications and new responsibilities for everyone who wants them.',
    icon: 'users',
  },
]

const job = (fields: Omit<ListedJob, 'featured'> & { featured?: boolean }): ListedJob => ({
  featured: false,
  ...fields,
})

/** The six built-in positions the list starts from; a non-empty GET /api/jobs replaces them. */
export const sampleJobs: readonly ListedJob[] = [
  job({
    id: 'sample-engineering',
    title: 'Senior Solar Design Engineer',
    department: 'Engineering',
    location: 'Hyderabad',
    type: 'Full-time',
    experience: '5+ years',
    salary: '₹14–20 LPA',
    featured: true,
    description:
      'Lead the design of rooftop and ground-mounted plants from 10 kW to 5 MW: site surveys, layouts, single-line diagrams, yield simulations and the bill of materials that procurement buys from.',
    requirements: [
      'B.E./B.Tech in Electrical or Mechanical Engineering',
      'Hands-on PVsyst and AutoCAD',
      'Knowledge of IS/IEC standards and DISCOM net-metering rules',
      'Has led designs of at least 10 MW in total',
    ],
    benefits: [
      'Health cover for your family',
      'Annual performance bonus',
      'Certification budget (NABCEP, CEA)',
    ],
  }),
  job({
    id: 'sample-analytics',
    title: 'Energy Data Analyst',
    department: 'Analytics',
    location: 'Bengaluru',
    type: 'Full-time',
    experience: '2–4 years',
    salary: '₹9–13 LPA',
    description:
      'Turn inverter, meter and weather data from 950+ sites into performance reports, fault alerts and savings forecasts for customers and our operations team.',
    requirements: [
      'SQL and Python (pandas) every day',
      'Dashboards in a BI tool of your choice',
      'Curiosity about how plants really perform',
    ],
    benefits: ['Hybrid work', 'Health cover for your family', 'Learning budget of ₹50,000 a year'],
  }),
  job({
    id: 'sample-technology',
    title: 'Full-Stack Developer, Energy Platforms',
    department: 'Technology',
    location: 'Remote (India)',
    type: 'Full-time',
    experience: '3–6 years',
    salary: '₹15–24 LPA',
    featured: true,
    description:
      'Build the monitoring, asset-tracking and analytics platforms our customers use every day: TypeScript, React, serverless APIs on AWS and time-series data.',
    requirements: [
      'TypeScript and React in production',
      'APIs on AWS (Lambda, DynamoDB) or similar',
      'Tests you trust and code others can read',
    ],
    benefits: ['Remote-first team', 'Home-office allowance', 'Health cover for your family'],
  }),
  job({
    id: 'sample-operations',
    title: 'O&M Site Supervisor',
    department: 'Operations',
    location: 'Anantapur, Andhra Pradesh',
    type: 'Full-time',
    experience: '3+ years',
    salary: '₹6–9 LPA',
    description:
      'Keep a 50 MW solar park running at its best: preventive maintenance plans, safety briefings, inverter and tracker faults, and a crew of twelve technicians.',
    requirements: [
      'Diploma or degree in Electrical Engineering',
      'HT/LT switchgear experience',
      'Telugu and English; Hindi a plus',
    ],
    benefits: ['Site allowance and accommodation', 'Accident and health cover', 'Paid safety certifications'],
  }),
  job({
    id: 'sample-sales',
    title: 'Commercial Solar Sales Manager',
    department: 'Sales',
    location: 'Pune',
    type: 'Full-time',
    experience: '4–7 years',
    salary: '₹12–18 LPA + incentives',
    description:
      'Help factories, warehouses and offices across Maharashtra cut their power bills with rooftop solar under CAPEX and OPEX models, from the first meeting to the signed contract.',
    requirements: [
      'B2B sales of energy, electrical or industrial products',
      'Comfortable with ROI and payback discussions',
      'A network among plant and facility heads',
    ],
    benefits: ['Uncapped incentives', 'Company laptop and phone', 'Health cover for your family'],
  }),
  job({
    id: 'sample-consulting',
    title: 'Renewable Energy Consultant',
    department: 'Consulting',
    location: 'New Delhi',
    type: 'Contract',
    experience: '5+ years',
    salary: 'Competitive day rate',
    description:
      'Advise government bodies and large buyers on tenders, open-access procurement and feasibility studies for solar, wind and storage.',
    requirements: [
      'Experience with SECI or state-agency tenders',
      'Financial modelling of energy projects',
      'Clear writing for decision makers',
    ],
    benefits: ['Flexible schedule', 'Work with public-sector leaders', 'Path to a permanent role'],
  }),
]

export interface BenefitGroup {
  readonly title: string
  readonly icon: IconName
  readonly items: readonly string[]
}

export const benefitGroups: readonly BenefitGroup[] = [
  {
    title: 'Health & Wellbeing',
    icon: 'heart',
    items: ['Family health insurance', 'Annual health check-ups', 'Mental-health support', 'Accident cover'],
  },
  {
    title: 'Growth & Learning',
    icon: 'award',
    items: ['Learning budget every year', 'Paid certifications', 'Mentorship programme', 'Internal moves'],
  },
  {
    title: 'Work-Life Balance',
    icon: 'calendar',
    items: ['24 days of paid leave', 'Hybrid work where roles allow', 'Parental leave', 'Festival holidays'],
  },
  {
    title: 'Rewards',
    icon: 'target',
    items: [
      'Performance bonus',
      'Employee referral rewards',
      'Provident fund and gratuity',
      'Rooftop solar at cost',
    ],
  },
]

export interface CulturePhoto {
  readonly image: string
  readonly caption: string
}

/** The culture gallery: illustrations shipped with the site, captioned. */
export const cultureGallery: readonly CulturePhoto[] = [
  { image: '/images/rooftop-solar.svg', caption: 'Commissioning day on a housing-society rooftop' },
  { image: '/images/wind-farm.svg', caption: 'Site survey at a wind-solar hybrid park' },
  { image: '/images/factory-solar.svg', caption: 'Our engineers at a 2 MW factory installation' },
  { image: '/images/ev-charging.svg', caption: 'Testing a new fast charger before handover' },
  { image: '/images/city-grid.svg', caption: 'Monitoring 950+ projects from our Hyderabad office' },
  { image: '/images/battery-storage.svg', caption: 'Battery storage training for the operations team' },
]
