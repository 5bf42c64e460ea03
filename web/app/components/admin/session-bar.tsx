import { Button } from '~/components/button'

/** 'Logged in.' and the Logout button. */
export function SessionBar({ onLogout }: { readonly onLogout: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-5 py-3">
      <p className="font-medium text-brand-900">Logged in.</p>
      <Button variant="outline" onClick={onLogout}>
        Logout
      </Button>
    </div>
  )
}
