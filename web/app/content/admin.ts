export const adminPage = {
  title: 'Admin Dashboard',
  description: 'Staff dashboard for submissions, jobs and resources.',
  checkingSession: 'Checking your session…',
} as const
