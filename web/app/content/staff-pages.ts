import { pageOf, type SitePage } from './site-page'

/**
 * The site's route table as data, its staff half: the workspace's pages, which take their meta from here
 * (`pageMeta(sitePage('/admin/users'))`). The workspace's code carries only this half, never the public pages'
 * entries. Add a workspace page here when you add its route.
 */
export const staffPages: readonly SitePage[] = [
  { path: '/admin', title: 'Admin Dashboard', description: 'Staff dashboard.', indexable: false },
  { path: '/admin/leads', title: 'Leads', description: 'The lead inbox of the staff.', indexable: false },
  {
    path: '/admin/leads/lead',
    title: 'Lead',
    description: 'One lead: its fields, status, notes and history.',
    indexable: false,
  },
  {
    path: '/admin/reports',
    title: 'Response-time report',
    description:
      'How fast leads are first answered, per week and per person, and how that goes with winning.',
    indexable: false,
  },
  { path: '/admin/activity', title: 'Activity', description: 'Who did what, when.', indexable: false },
  {
    path: '/admin/content',
    title: 'Content',
    description: 'Jobs and resources: drafts, featured and order.',
    indexable: false,
  },
  {
    path: '/admin/visits',
    title: 'Visits',
    description: 'Booked site visits by day: time, engineer, area and lead.',
    indexable: false,
  },
  { path: '/admin/users', title: 'Users', description: 'The staff and their roles.', indexable: false },
  {
    path: '/admin/privacy/requests',
    title: 'Rights requests',
    description: 'Requests about personal data: what is asked, when it arrived, when the answer is due.',
    indexable: false,
  },
  {
    path: '/admin/privacy/requests/case',
    title: 'Rights request',
    description: 'One request about personal data: its clock, what we hold about the person, the answer.',
    indexable: false,
  },
  {
    path: '/admin/privacy/breach',
    title: 'Breach drill',
    description: "The people an incident window touched, their notices and the Board's report.",
    indexable: false,
  },
  {
    path: '/admin/settings',
    title: 'Sales settings',
    description: 'Who gets each new lead, who is away, business hours and holidays.',
    indexable: false,
  },
]

/** The entry of one workspace path; throws for a path that is not in the table (a typo should fail the build). */
export function sitePage(path: string): SitePage {
  return pageOf(staffPages, path)
}
