import { useState } from 'react'
import { Card } from '~/components/ui/card'
import { CheckList } from '~/components/ui/check-list'
import { FigureList } from '~/components/ui/figure-list'
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
              <CheckList
                items={platform.features}
                className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2"
              />
              <FigureList
                figures={[
                  { label: 'Efficiency', value: platform.metrics.efficiency },
                  { label: 'Uptime', value: platform.metrics.uptime },
                  { label: 'Savings', value: platform.metrics.savings },
                ]}
                className="mt-6 grid grid-cols-3 gap-3 text-center"
                itemClassName="rounded-xl bg-brand-50 p-3"
                labelClassName="text-xs text-muted"
                valueClassName="text-xl font-bold text-brand-700"
              />
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
