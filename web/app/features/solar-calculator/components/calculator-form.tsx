import { pincodeStates, stateOfPincode } from '@core/pincode-state'
import { capacityOptionsKw, quoteCategories } from '@core/quote'
import { quoteFormFields } from '@core/quote-form-fields'
import type { FormEvent, ReactNode } from 'react'
import { Button } from '~/components/button'
import { SelectField, TextField } from '~/components/form-field'
import type { CalculatorFields, UsageBasis } from '~/features/solar-calculator/hooks/use-calculator'
import { calculatorPageCopy } from '~/features/solar-calculator/page-content'

const copy = calculatorPageCopy.form
const capacityChoices = capacityOptionsKw.map((kw) => ({ value: String(kw), label: `${kw} kW` }))
const stateChoices = pincodeStates.map((state) => ({ value: state, label: state }))

export interface CalculatorFormProps {
  readonly fields: CalculatorFields
  readonly errors: Partial<Record<keyof CalculatorFields, string>>
  readonly onChange: (change: Partial<CalculatorFields>, field?: string) => void
  readonly onSubmit: () => void
}

/** A row of radio buttons with a legend (the category, bill or units). */
function RadioGroup<Value extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  readonly legend: string
  readonly name: string
  readonly value: Value
  readonly options: readonly { readonly value: Value; readonly label: ReactNode }[]
  readonly onChange: (value: Value) => void
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * The calculator's inputs: category, bill or units, PIN code, roof area, capacity and tariff. Each change
 * updates the report at once (and the URL); a wrong value gets its message beside the field.
 */
export function CalculatorForm({ fields, errors, onChange, onSubmit }: CalculatorFormProps) {
  const numberProps = { inputMode: 'decimal' as const, autoComplete: 'off' }
  const pinState = stateOfPincode(fields.pincode.trim())
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} noValidate aria-label={copy.legend} className="flex flex-col gap-5">
      <RadioGroup
        legend={copy.category}
        name="category"
        value={fields.category}
        options={quoteCategories.map((category) => ({
          value: category,
          label: copy.categoryLabels[category],
        }))}
        onChange={(category) => onChange({ category })}
      />
      <RadioGroup<UsageBasis>
        legend={copy.basis}
        name="basis"
        value={fields.basis}
        options={[
          { value: 'bill', label: copy.basisBill },
          { value: 'units', label: copy.basisUnits },
        ]}
        onChange={(basis) => onChange({ basis })}
      />
      <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
        {fields.basis === 'bill' ? (
          <TextField
            label={copy.bill}
            name="bill"
            {...numberProps}
            maxLength={quoteFormFields.bill.maxLength}
            value={fields.bill}
            onChange={(event) => onChange({ bill: event.target.value }, 'bill')}
            error={errors.bill}
          />
        ) : (
          <TextField
            label={copy.units}
            name="units"
            {...numberProps}
            maxLength={quoteFormFields.bill.maxLength}
            value={fields.units}
            onChange={(event) => onChange({ units: event.target.value }, 'units')}
            error={errors.units}
          />
        )}
        <TextField
          label={copy.pincode}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={quoteFormFields.pincode.maxLength}
          value={fields.pincode}
          onChange={(event) => onChange({ pincode: event.target.value }, 'pincode')}
          error={errors.pincode}
        />
        <SelectField
          label={copy.state}
          name="state"
          placeholder={pinState ? copy.statePlaceholder(pinState) : copy.stateUnknown}
          hint={copy.stateHint}
          options={stateChoices}
          value={fields.state}
          onChange={(event) => onChange({ state: event.target.value }, 'state')}
          error={errors.state}
        />
        {fields.category === 'housing' ? (
          <TextField
            label={copy.houses}
            name="houses"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            hint={copy.housesHint}
            value={fields.houses}
            onChange={(event) => onChange({ houses: event.target.value }, 'houses')}
            error={errors.houses}
          />
        ) : null}
        <TextField
          label={copy.roof}
          name="roofSqft"
          {...numberProps}
          maxLength={10}
          hint={copy.roofHint}
          value={fields.roofSqft}
          onChange={(event) => onChange({ roofSqft: event.target.value }, 'roofSqft')}
          error={errors.roofSqft}
        />
        <SelectField
          label={copy.capacity}
          name="capacityKw"
          placeholder={copy.capacityPlaceholder}
          options={capacityChoices}
          value={fields.capacityKw}
          onChange={(event) => onChange({ capacityKw: event.target.value }, 'capacityKw')}
          error={errors.capacityKw}
        />
        <TextField
          label={copy.tariff}
          name="tariff"
          {...numberProps}
          maxLength={6}
          hint={copy.tariffHint}
          value={fields.tariff}
          onChange={(event) => onChange({ tariff: event.target.value }, 'tariff')}
          error={errors.tariff}
        />
        <TextField
          label={copy.fixedCharge}
          name="fixedCharge"
          {...numberProps}
          maxLength={10}
          hint={copy.fixedChargeHint}
          value={fields.fixedCharge}
          onChange={(event) => onChange({ fixedCharge: event.target.value }, 'fixedCharge')}
          error={errors.fixedCharge}
        />
      </div>
      <Button type="submit" variant="outline" className="self-start print:hidden">
        {copy.submit}
      </Button>
    </form>
  )
}
