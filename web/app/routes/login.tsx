import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '~/components/button'
import { TextField } from '~/components/form-field'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { sitePage } from '~/content/public-pages'
import { loginPage } from '~/features/admin/session/content'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/login'))

/**
 * /login: the customer sign-in placeholder. There are no customer accounts, so Sign in
 * sends nothing; it says so and points to the contact page. Staff sign in at /admin.
 */
export default function LoginPage() {
  const [submitted, setSubmitted] = useState(false)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
  }
  return (
    <section aria-labelledby="login-title" className="section-y bg-slate-50">
      <div className="page-x flex justify-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 id="login-title" className="text-3xl font-bold tracking-tight text-ink">
            {loginPage.title}
          </h1>
          <p className="mt-2 text-muted">{loginPage.subtitle}</p>
          <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
            <TextField label={loginPage.email} name="email" type="email" autoComplete="email" required />
            <TextField
              label={loginPage.password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" size="lg" className="mt-2">
              {loginPage.submit}
            </Button>
          </form>
          <div role="status" aria-live="polite">
            {submitted ? (
              <div className="mt-5 rounded-lg border border-sun-300 bg-sun-100 p-4 text-sm text-ink">
                <p className="flex gap-2 font-semibold">
                  <Icon name="bulb" className="size-5 text-sun-700" />
                  {loginPage.unavailable}
                </p>
                <p className="mt-1">{loginPage.unavailableHelp}</p>
                <Link
                  to={loginPage.unavailableAction.to}
                  className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
                >
                  {loginPage.unavailableAction.label}
                </Link>
              </div>
            ) : null}
          </div>
          <p className="mt-6 text-center text-sm text-muted">
            {loginPage.noAccount}{' '}
            <Link to={loginPage.contactLink.to} className="font-semibold text-brand-800 hover:text-brand-900">
              {loginPage.contactLink.label}
            </Link>
          </p>
        </Card>
      </div>
    </section>
  )
}
