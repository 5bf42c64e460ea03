import { honeypotField } from '@core/lead-protection'

/**
 * The hidden honeypot input of the public forms: off screen, out of the tab order and hidden from screen
 * readers, so people leave it empty; bots that fill every input do not. useLeadSubmit reads it.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
