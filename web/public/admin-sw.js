// The staff workspace's service worker, registered with the scope /admin (web/app/features/admin/push/).
// It does two things only: shows a push alert (functions/lib/web-push.ts sends { title, body, url }) and
// opens the lead when the alert is tapped. It has no fetch handler, so it never answers, caches or sees a
// request: the workspace reads the API live as without it.

const fallbackPath = '/admin'

/** The workspace page an alert opens, on this site's own origin: its /admin path, else the dashboard. */
function workspaceUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : fallbackPath, self.location.origin)
    if (url.pathname === fallbackPath || url.pathname.startsWith(`${fallbackPath}/`)) {
      return new URL(`${url.pathname}${url.search}${url.hash}`, self.location.origin).href
    }
  } catch {
    // Not a URL: the dashboard.
  }
  return new URL(fallbackPath, self.location.origin).href
}

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = {}
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Suryodaya workspace'
  const url = workspaceUrl(message.url)
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/workspace-192.png',
      // One alert per lead: a reminder replaces the lead's earlier alert instead of stacking under it.
      tag: url,
      data: { url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = workspaceUrl(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === url)
      if (open) return open.focus()
      const workspace = windows.find((client) => {
        const path = new URL(client.url).pathname
        return path === fallbackPath || path.startsWith(`${fallbackPath}/`)
      })
      if (workspace && 'navigate' in workspace) {
        const focused = await workspace.focus()
        return focused.navigate(url)
      }
      return self.clients.openWindow(url)
    })(),
  )
})
