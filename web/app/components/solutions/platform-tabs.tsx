import { useState } from 'react'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { Tabs } from '~/components/ui/tabs'
import type { Platform } from '~/content/solutions'

/** The three platforms as tabs, the first selected: features, three metrics and a demo panel. */
export function PlatformTabs({ platforms }: { platforms: readonly Platform[] }) {
  const [selected, setSelected] = useState<Platform['id']>(platforms[0]?.id ?? 'ems')
  return (
    <Tabs
      label="Platforms"
      value={selected}
      onChange={setSelected}
      className="mt-10"
      items={platforms.map((platform) => ({
        id: platform.id,
        label: platform.name,
        content: (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="p-6">
              <h3 className="text-xl font-bold text-ink">{platform.name}</h3>
              <p className="mt-2 text-muted">{platform.text}</p>
              <ul className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
                {platform.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
                {(
                  [
                    ['Efficiency', platform.metrics.efficiency],
                    ['Uptime', platform.metrics.uptime],
                    ['Savings', platform.metrics.savings],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="flex flex-col-reverse rounded-xl bg-brand-50 p-3">
                    <dt className="text-xs text-muted">{label}</dt>
                    <dd className="text-xl font-bold text-brand-700">{value}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card id="platform-demo" tone="tinted" className="scroll-mt-24 p-6">
              <h3 className="text-lg font-semibold text-ink">Demo</h3>
              <p className="mt-2 text-slate-700">{platform.demo}</p>
              <img
                src="/images/video-demo-poster.svg"
                alt=""
                width={1280}
                height={720}
                className="mt-4 h-auto w-full rounded-xl"
                loading="lazy"
              />
            </Card>
          </div>
        ),
      }))}
    />
  )
}
