/** The brand mark: a rising sun over the horizon, drawn inline so it needs no request. */
export function LogoMark({ className }: { readonly className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#0ea5a3" />
      <circle cx="16" cy="19" r="6" fill="#fde68a" />
      <path
        d="M16 6v3M7.5 10.5l2 2M24.5 10.5l-2 2M4 19h3M25 19h3"
        stroke="#fde68a"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <rect x="4" y="21" width="24" height="7" fill="#0ea5a3" />
      <path d="M6 24h20" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
