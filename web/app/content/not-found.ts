export const notFoundPage = {
  title: 'Page not found',
  description: 'The page you were looking for does not exist or has moved.',
  code: '404',
  heading: 'Oops! Page not found',
  body: 'The page you were looking for does not exist or may have moved.',
  homeLink: 'Return to the home page',
} as const
