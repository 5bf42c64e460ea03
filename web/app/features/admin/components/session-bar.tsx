import { Button } from '~/components/button'
import { adminPage } from '~/features/admin/content/admin'

/** 'Logged in.' and the Logout button. */
export function SessionBar({ onLogout }: { readonly onLogout: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-5 py-3">
      <p className="font-medium text-brand-900">{adminPage.loggedIn}</p>
      <Button variant="outline" onClick={onLogout}>
        {adminPage.logout}
      </Button>
    </div>
  )
}
