import { Tabs as MantineTabs } from '@mantine/core';
import { icons } from '../../ui/icons';
import { ItemList } from '../../ui/ItemList';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function Tabs({ block }: BlockComponentProps<'tabs'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <MantineTabs defaultValue={block.defaultTab} variant="pills" radius="md" keepMounted activateTabWithKeyboard>
        <MantineTabs.List justify="center" mb="xl" className="tab-list">
          {block.tabs.map((t) => {
            const Icon = t.icon ? icons[t.icon] : undefined;
            return (
              <MantineTabs.Tab key={t.id} value={t.id} leftSection={Icon ? <Icon size={18} aria-hidden /> : undefined} onFocus={(e) => e.currentTarget.click()}>
                {t.label}
              </MantineTabs.Tab>
            );
          })}
        </MantineTabs.List>
        {block.tabs.map((t) => (
          <MantineTabs.Panel key={t.id} value={t.id}>
            {/* Before the app runs every panel shows, under its tab's name (D19, src/styles.css). */}
            <p className="tab-panel-label no-js-only" aria-hidden>
              {t.label}
            </p>
            <ResponsiveGrid cols={{ base: 1, sm: 2, lg: Math.min(t.sections.length, 4) }} spacing="lg">
              {t.sections.map((s) => (
                <div key={s.title} className="tab-section">
                  <h3>{s.title}</h3>
                  <ItemList size="sm" gap={4}>
                    {s.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ItemList>
                </div>
              ))}
            </ResponsiveGrid>
          </MantineTabs.Panel>
        ))}
      </MantineTabs>
    </Section>
  );
}
