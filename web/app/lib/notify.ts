import { toast } from 'sonner'

/** Every toast uses this id, so a new one replaces the one on screen: at most one toast at a time (spec §9). */
export const toastId = 'site-toast'

export const notify = {
  success(message: string): void {
    toast.success(message, { id: toastId })
  },
  /** An error toast; `description` adds a second line (such as why, and what to do). */
  error(message: string, description?: string): void {
    toast.error(message, { id: toastId, ...(description ? { description } : {}) })
  },
}
