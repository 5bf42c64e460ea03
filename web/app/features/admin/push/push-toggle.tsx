import { useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { pushCopy } from '~/features/admin/push/content'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { notify } from '~/lib/toast'
import {
  deviceSubscribed,
  disablePush,
  enablePush,
  PushRefusedError,
  type PushSupport,
  pushSupport,
} from './push-device'

/**
 * "Notify me on this device" in the workspace's header: turns Web Push on for this browser (asks permission,
 * subscribes, saves it for the signed-in staff member) or off again. On an iPhone outside the Home Screen
 * app, where Safari has no push, a short note says how to get it; where push cannot work at all, nothing.
 */
export function PushToggle() {
  const [support, setSupport] = useState<PushSupport>('unsupported')
  const [subscribed, setSubscribed] = useState<boolean | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const found = pushSupport()
    setSupport(found)
    if (found !== 'supported') return
    let current = true
    void deviceSubscribed().then(
      (subscribed) => current && setSubscribed(subscribed),
      () => current && setSubscribed(false),
    )
    return () => {
      current = false
    }
  }, [])

  async function change(on: boolean) {
    setBusy(true)
    try {
      if (on) await enablePush()
      else await disablePush()
      setSubscribed(on)
      notify.success(on ? pushCopy.enabled : pushCopy.disabled)
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) return
      notify.error(error instanceof PushRefusedError ? pushCopy.blocked : pushCopy.failed)
    } finally {
      setBusy(false)
    }
  }

  if (support === 'install-first') return <p className="max-w-xs text-xs text-muted">{pushCopy.iphoneNote}</p>
  if (support !== 'supported' || subscribed === undefined) return null
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={subscribed ? pushCopy.disableLabel : pushCopy.enableLabel}
      onClick={() => void change(!subscribed)}
    >
      {subscribed ? pushCopy.disable : pushCopy.enable}
    </Button>
  )
}
