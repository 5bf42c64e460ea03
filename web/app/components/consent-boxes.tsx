import { noticeLinkText, replyPurposeText } from '@core/consent-fields'
import { Link } from 'react-router'
import type { DeclaredBox } from '~/lib/declared-fields'
import type { FieldErrors } from '~/lib/field-errors'

/**
 * What a lead form says and asks about the person's data: the use they ask for by sending it (stated, with
 * the link to the notice, never a box), then the form's declared boxes, each unticked, a required one's
 * refusal beside it.
 */
export function ConsentBoxes({
  boxes,
  errors,
}: {
  readonly boxes: readonly DeclaredBox[]
  readonly errors: FieldErrors
}) {
  return (
    <div className="flex flex-col gap-3 text-sm text-ink">
      <p className="text-muted">
        {replyPurposeText}{' '}
        <Link to="/privacy" className="font-medium text-brand-800 underline">
          {noticeLinkText}
        </Link>
      </p>
      {boxes.map((box) => (
        <div key={box.name}>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name={box.name}
              required={box.required}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              aria-invalid={errors[box.name] ? true : undefined}
              aria-describedby={errors[box.name] ? `${box.name}-error` : undefined}
            />
            <span>{box.label}</span>
          </label>
          {errors[box.name] ? (
            <p id={`${box.name}-error`} className="mt-1 text-danger">
              {errors[box.name]}
            </p>
          ) : null}
        </div>
      ))}
    </div>
  )
}
