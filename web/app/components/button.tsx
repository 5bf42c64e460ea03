import type { ButtonHTMLAttributes } from 'react'
import { cn } from '~/lib/class-names'

/**
 * - primary: the main action (teal); outline: a second action; accent: a warm highlight on dark or teal
 *   backgrounds; ghost: a quiet text button; inverse / inverse-outline: on dark or image backgrounds.
 */
export type ButtonVariant = 'primary' | 'outline' | 'accent' | 'ghost' | 'inverse' | 'inverse-outline'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  accent: 'bg-sun-400 text-ink shadow-sm hover:bg-sun-300',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  'inverse-outline': 'border border-white/70 text-white hover:bg-white/10',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10 p-0',
}

export interface ButtonStyleOptions {
  readonly variant?: ButtonVariant
  readonly size?: ButtonSize
  readonly className?: string | undefined
}

/** The button classes, also for links that look like buttons (`<Link className={buttonVariants()}>`). */
export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyleOptions = {}): string {
  return cn(base, variants[variant], sizes[size], className)
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant
  readonly size?: ButtonSize
}

/** A button in the site's style. `type` defaults to 'button', so only an explicit submit submits a form. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />
}
