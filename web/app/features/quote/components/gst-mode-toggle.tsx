import { type GstMode, gstModes } from '@core/quote'
import { cn } from '~/lib/class-names'

export interface GstModeToggleProps {
  readonly value: GstMode
  readonly onChange: (mode: GstMode) => void
  readonly label: string
  readonly optionLabels: Readonly<Record<GstMode, string>>
}

/** Two buttons, current (default) and previous GST; the chosen one is pressed. */
export function GstModeToggle({ value, onChange, label, optionLabels }: GstModeToggleProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form fields to submit
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {gstModes.map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={mode === value}
          onClick={() => onChange(mode)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors',
            mode === value ? 'bg-brand-700 text-white' : 'text-muted hover:text-ink',
          )}
        >
          {optionLabels[mode]}
        </button>
      ))}
    </div>
  )
}
