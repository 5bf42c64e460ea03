import type { CardHeight, ListedResource, ResourceCategory } from '@core/listing'
import { company } from '~/content/company'

/** The copy, chips, popular categories and built-in samples of /resources. */
export const resourcesPage = {
  eyebrow: 'Knowledge Hub',
  title: 'Resources',
  intro:
    'Guides, case studies, whitepapers, videos and tools to help you plan, finance and run renewable energy projects.',
  searchLabel: 'Search resources',
  searchPlaceholder: 'Search by title, topic or tag…',
  chipsLabel: 'Filter by category',
  popularHeading: 'Popular Categories',
  listHeading: 'Latest Resources',
  loadMore: 'Load More Resources',
  /** Shown under the button, then disabled, once every matching item is on the page. */
  endOfList: 'You have seen every resource in this list.',
  /** Shown once the company has published resources of its own and none is published now. */
  empty: 'No resources are published at the moment. Please check back soon.',
  noMatch: 'No resources match your search.',
  clearFilters: 'Clear search and filters',
  readMore: 'Read More',
  /** Under the tool cards: the quote page's price calculator. */
  toolAction: { label: 'Open Calculator', to: '/get-quote' },
} as const

/** The default author of an item that names none: a team-style value. */
export const defaultResourceAuthor = `${company.name} Team`

/**
 * How many cards are shown at first, and how many more each Load More Resources adds: three full rows of the
 * three-column list, so all eight built-in samples show at once (Load More then disabled: nothing more to load).
 */
export const resourcesPageSize = 9

export interface CategoryChip {
  readonly value: 'all' | ResourceCategory
  readonly label: string
  /** The chip's fixed count (not the number of loaded items). */
  readonly count: number
}

/** The chips and their fixed counts: all 47, guides 15, case-studies 12, whitepapers 8, videos 7, tools 5. */
export const categoryChips: readonly CategoryChip[] = [
  { value: 'all', label: 'All Resources', count: 47 },
  { value: 'guides', label: 'Guides', count: 15 },
  { value: 'case-studies', label: 'Case Studies', count: 12 },
  { value: 'whitepapers', label: 'Whitepapers', count: 8 },
  { value: 'videos', label: 'Videos', count: 7 },
  { value: 'tools', label: 'Tools', count: 5 },
]

export interface PopularCategory {
  readonly title: string
  readonly text: string
  readonly category: ResourceCategory
  readonly icon: 'sun' | 'chart' | 'layers' | 'bulb'
}

/** The four popular-category cards; each selects its chip. */
export const popularCategories: readonly PopularCategory[] = [
  {
    title: 'Solar Installation Guides',
    text: 'Step-by-step help from site survey to net metering.',
    category: 'guides',
    icon: 'sun',
  },
  {
    title: 'Project Case Studies',
    text: 'Real savings from homes, factories and public buildings.',
    category: 'case-studies',
    icon: 'chart',
  },
  {
    title: 'Policy & Research',
    text: 'Whitepapers on tariffs, subsidies and grid integration.',
    category: 'whitepapers',
    icon: 'layers',
  },
  {
    title: 'Savings Calculators',
    text: 'Estimate system size, cost and payback in minutes.',
    category: 'tools',
    icon: 'bulb',
  },
]

const sample = (
  id: string,
  category: ResourceCategory,
  type: string,
  height: CardHeight,
  fields: Pick<
    ListedResource,
    'title' | 'excerpt' | 'readTime' | 'date' | 'author' | 'tags' | 'featured' | 'views'
  >,
): ListedResource => ({ id, category, type, height, image: '', fileUrl: '', ...fields })

/** The eight built-in items the list starts from; a non-empty server list replaces them. */
export const sampleResources: readonly ListedResource[] = [
  sample('sample-1', 'guides', 'Guide', 'tall', {
    title: 'The Complete Guide to Rooftop Solar for Indian Homes',
    excerpt:
      'How to size a system from your electricity bill, what the PM Surya Ghar subsidy covers, how net metering works with your DISCOM, and what to ask an installer before you sign.',
    readTime: '12 min read',
    date: '2024-11-18',
    author: 'Priya Raman',
    tags: ['Residential', 'Subsidy', 'Net metering', 'Rooftop'],
    featured: true,
    views: 4820,
  }),
  sample('sample-2', 'case-studies', 'Case Study', 'medium', {
    title: 'A 1.2 MW Rooftop Plant Cuts a Pune Factory’s Bills by 38%',
    excerpt:
      'An auto-components maker moved its daytime load to solar under an OPEX model, with payback inside four years.',
    readTime: '6 min read',
    date: '2024-10-02',
    author: 'Arjun Mehta',
    tags: ['Commercial', 'Manufacturing', 'OPEX'],
    featured: false,
    views: 2310,
  }),
  sample('sample-3', 'whitepapers', 'Whitepaper', 'tall', {
    title: 'Battery Storage Economics for Commercial & Industrial Sites',
    excerpt:
      'Peak shaving, time-of-day tariffs and backup: where lithium-iron-phosphate storage pays for itself in Indian C&I tariffs, with a sensitivity analysis across six states.',
    readTime: '18 min read',
    date: '2024-09-14',
    author: 'Dr. Kavita Iyer',
    tags: ['Storage', 'Tariffs', 'C&I'],
    featured: true,
    views: 1975,
  }),
  sample('sample-4', 'videos', 'Video', 'short', {
    title: 'Inside a Housing Society Solar Installation',
    excerpt: 'Watch a 150 kW rooftop system go up on a Hyderabad society in under three weeks.',
    readTime: '8 min watch',
    date: '2024-08-27',
    author: defaultResourceAuthor,
    tags: ['Housing society', 'Installation'],
    featured: false,
    views: 3640,
  }),
  sample('sample-5', 'tools', 'Tool', 'medium', {
    title: 'Solar Savings & Payback Calculator',
    excerpt:
      'Enter your monthly bill and roof type to see the system size, estimated cost and years to payback.',
    readTime: '3 min',
    date: '2024-08-05',
    author: defaultResourceAuthor,
    tags: ['Calculator', 'ROI', 'Residential'],
    featured: false,
    views: 6105,
  }),
  sample('sample-6', 'guides', 'Guide', 'short', {
    title: 'EV Charging for Offices and Apartments: A Planning Checklist',
    excerpt: 'Load assessment, charger types, billing and safety approvals, in the order you will need them.',
    readTime: '9 min read',
    date: '2024-07-21',
    author: 'Rohit Verma',
    tags: ['EV charging', 'Commercial', 'Checklist'],
    featured: false,
    views: 1430,
  }),
  sample('sample-7', 'case-studies', 'Case Study', 'medium', {
    title: 'Solarising 40 Government Schools in Telangana',
    excerpt:
      'How a district programme brought 600 kW of rooftop solar to schools, with remote monitoring and zero upfront cost.',
    readTime: '7 min read',
    date: '2024-06-30',
    author: 'Sneha Reddy',
    tags: ['Government', 'Education', 'RESCO'],
    featured: true,
    views: 2890,
  }),
  sample('sample-8', 'whitepapers', 'Whitepaper', 'short', {
    title: 'Wind-Solar Hybrids and the Indian Grid',
    excerpt: 'Why hybrid parks raise capacity utilisation and what the latest policy means for developers.',
    readTime: '15 min read',
    date: '2024-05-12',
    author: defaultResourceAuthor,
    tags: ['Wind', 'Hybrid', 'Policy'],
    featured: false,
    views: 1210,
  }),
]
