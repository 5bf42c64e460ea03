/** The words of the workspace's Web Push opt-in (features/admin/push/push-toggle.tsx). */
export const pushCopy = {
  enable: 'Notify me on this device',
  enableLabel: 'Notify me on this device about new leads and reminders',
  disable: 'Stop notifications here',
  disableLabel: 'Stop notifications on this device',
  enabled: 'This device will be notified of new leads and reminders.',
  disabled: 'This device will not be notified any more.',
  blocked:
    'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.',
  failed: 'Notifications could not be turned on on this device.',
  iphoneNote:
    'On iPhone, alerts come to the Home Screen app: Share → Add to Home Screen, then open it from there.',
} as const
