import { addressLines } from '@core/company'
import type { ReactNode } from 'react'
import { company, whatsappLink } from '~/content/company'

interface DetailProps {
  readonly label: string
  readonly children: ReactNode
  readonly icon: ReactNode
}

function Detail({ label, icon, children }: DetailProps) {
  return (
    // A <dl> group may hold only <dt> and <dd>: the icon sits inside the <dt>, placed in the left column.
    <div className="relative min-h-10 min-w-0 pl-13">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
        <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  )
}

/** A 24px line icon, decorative: the label beside it says what it is. */
function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** The company's phone, WhatsApp, e-mail and address, from content/company.ts. */
export function ContactDetails() {
  return (
    <dl className="flex flex-col gap-4">
      <Detail
        label="Phone"
        icon={
          <Icon>
            <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          </Icon>
        }
      >
        <a className="rounded hover:text-brand-800 hover:underline" href={`tel:${company.phone.dial}`}>
          {company.phone.display}
        </a>
      </Detail>
      <Detail
        label="WhatsApp"
        icon={
          <Icon>
            <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5z" />
          </Icon>
        }
      >
        <a
          className="rounded hover:text-brand-800 hover:underline"
          href={whatsappLink()}
          target="_blank"
          rel="noopener noreferrer"
        >
          {company.whatsapp.display}
        </a>
      </Detail>
      <Detail
        label="Email"
        icon={
          <Icon>
            <rect x="2" y="4" width="20" height="16" rx="2" />
            <path d="m22 7-10 6L2 7" />
          </Icon>
        }
      >
        <a
          className="break-all rounded hover:text-brand-800 hover:underline"
          href={`mailto:${company.email}`}
        >
          {company.email}
        </a>
      </Detail>
      <Detail
        label="Office"
        icon={
          <Icon>
            <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />
            <circle cx="12" cy="10" r="3" />
          </Icon>
        }
      >
        <address className="not-italic">
          {addressLines().map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </Detail>
    </dl>
  )
}
