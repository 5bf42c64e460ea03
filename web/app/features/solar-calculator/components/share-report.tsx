import { useState } from 'react'
import { Button, buttonVariants } from '~/components/button'
import { Icon } from '~/components/ui/icon'

/** The share buttons' copy. */
export const shareReportCopy = {
  share: 'Share',
  whatsapp: 'Share on WhatsApp',
  copied: 'Link copied. Paste it anywhere to share your report.',
  copyFailed: 'Copy this link to share your report:',
  /** The first line of a shared message, before the link. */
  message: 'My solar savings report',
} as const

/** A WhatsApp share of `text` (to any chat the visitor picks, not the company's number). */
export function whatsappShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

type Status = { readonly kind: 'copied' } | { readonly kind: 'failed' } | undefined

/**
 * Share the report's link: the device's share sheet (the Web Share API) where there is one, else the link is
 * copied to the clipboard (and shown to copy by hand when even that is refused); and a WhatsApp share with the
 * link in the message. Whoever opens the link sees the same report (its inputs are in the URL).
 */
export function ShareReport({
  url,
  title = shareReportCopy.message,
}: {
  /** The report's absolute link. */
  readonly url: string
  readonly title?: string
}) {
  const [status, setStatus] = useState<Status>(undefined)
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url })
        return
      } catch (error) {
        // Closing the share sheet is the visitor's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setStatus({ kind: 'copied' })
    } catch {
      setStatus({ kind: 'failed' })
    }
  }
  return (
    <div className="print:hidden">
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void share()}>
          <Icon name="share" className="size-4" />
          {shareReportCopy.share}
        </Button>
        <a
          href={whatsappShareLink(`${title}: ${url}`)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'outline' })}
        >
          <Icon name="whatsapp" className="size-4 text-[#128c7e]" />
          {shareReportCopy.whatsapp}
        </a>
      </div>
      <p role="status" className="mt-2 text-sm text-muted">
        {status?.kind === 'copied' ? shareReportCopy.copied : null}
        {status?.kind === 'failed' ? (
          <>
            {shareReportCopy.copyFailed} <span className="break-all font-semibold text-ink">{url}</span>
          </>
        ) : null}
      </p>
    </div>
  )
}
