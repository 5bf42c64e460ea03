import { contactWithSubject } from '~/content/actions'

/**
 * /login: a placeholder for customer accounts, which do not exist yet. Submitting sends
 * nothing anywhere; it says so and points to the contact page.
 */
export const loginPage = {
  title: 'Login',
  subtitle: 'Access your account',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  noAccount: 'Don’t have an account?',
  contactLink: { label: 'Contact us', to: '/contact' },
  /** Shown after Sign in, in a status region. */
  unavailable: 'Customer accounts are not available yet, so nothing was sent.',
  unavailableHelp:
    'For a quote, your project or your installation, our team will help you on the contact page.',
  unavailableAction: { label: 'Go to the contact page', to: contactWithSubject('Customer account') },
} as const
