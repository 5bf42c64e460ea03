import { type CompanyRegistrations, companyFacts, registrationLines } from '@core/company'
import { cn } from '~/lib/class-names'

/**
 * The company's registrations a family can check (functions/core/company.ts `registrations`): the national
 * portal's vendor registration and the DISCOM empanelment. Nothing at all when the company has set neither.
 */
export function TrustFacts({
  registrations = companyFacts.registrations,
  className,
}: {
  readonly registrations?: CompanyRegistrations | undefined
  readonly className?: string
}) {
  const lines = registrationLines(registrations)
  if (lines.length === 0) return null
  return (
    <dl className={cn('flex flex-col gap-1 text-sm', className)}>
      {lines.map((line) => (
        <div key={line.label}>
          <dt className="inline">{line.label}: </dt>
          <dd className="inline font-semibold">{line.value}</dd>
        </div>
      ))}
    </dl>
  )
}
