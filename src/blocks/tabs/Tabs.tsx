import { Tabs as MantineTabs } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { partAnchor } from '../../../schemas/anchors';
import { icons } from '../../ui/icons';
import { ItemList } from '../../ui/ItemList';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function Tabs({ block }: BlockComponentProps<'tabs'>) {
  const [active, setActive] = useState<string | null>(block.defaultTab);
  // An address naming a section of another tab (a search result: /#products-safety-fume-hoods) shows that
  // tab, then brings the section into view: the browser or the router found it hidden, in a closed tab.
  const hash = useRouterState({ select: (s) => s.location.hash });
  const anchorOf = (tab: string, title: string) => (block.id ? partAnchor(block.id, tab, title) : undefined);
  const target = useRef<{ id: string; tab: string }>(undefined);
  useEffect(() => {
    const tab = block.tabs.find((t) => t.sections.some((s) => anchorOf(t.id, s.title) === hash));
    if (!tab || tab.id === active) return;
    target.current = { id: hash, tab: tab.id };
    setActive(tab.id);
  }, [hash]);
  useEffect(() => {
    if (target.current?.tab !== active) return;
    const { id } = target.current;
    target.current = undefined;
    const show = () => document.getElementById(id)?.scrollIntoView();
    // While the page is being hydrated every panel still shows (src/styles.css): once it is live, the others close.
    if (document.documentElement.hasAttribute('data-live')) show();
    else new MutationObserver((_, seen) => (seen.disconnect(), show())).observe(document.documentElement, { attributeFilter: ['data-live'] });
  }, [active]);

  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {/* Every panel in the page (display-none: Mantine's default, React's Activity, leaves hidden ones out of
          the prerendered HTML), so that before the app runs each shows under its name, and a link finds its part. */}
      <MantineTabs value={active} onChange={setActive} variant="pills" radius="md" keepMounted keepMountedMode="display-none" activateTabWithKeyboard>
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
                <div key={s.title} id={anchorOf(t.id, s.title)} className="tab-section">
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
