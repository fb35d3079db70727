import { Anchor, Kbd, Text, UnstyledButton } from '@mantine/core';
import { Spotlight, type SpotlightActionGroupData, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import site from 'virtual:site';
import { InternalLink } from '../ui/actions';

/** Header search (D7): finds every page named in the navigation; '/' and Ctrl+K open it. */
export function SearchBox() {
  const navigate = useNavigate();
  const go = (to: string) => {
    const [path = '/', hash] = to.split('#');
    void navigate({ to: path as '/', hash });
  };
  const groups: SpotlightActionGroupData[] = site.nav.header
    .filter((item) => item.menu)
    .map((item) => ({
      group: item.label,
      actions: [...item.menu!.links, item.menu!.viewAll].map((l) => ({
        id: `${item.label}:${l.to}`,
        label: l.label,
        description: l.to,
        onClick: () => go(l.to),
      })),
    }));
  groups.push({
    group: 'Pages',
    actions: [...site.nav.footerQuickLinks, ...site.nav.footerLegal].map((l) => ({ id: `page:${l.to}`, label: l.label, description: l.to, onClick: () => go(l.to) })),
  });
  return (
    <>
      <UnstyledButton className="search-trigger" onClick={spotlight.open} aria-label="Search the site">
        <IconSearch size={16} aria-hidden />
        <Text span size="sm">
          Search
        </Text>
        <Kbd size="xs" visibleFrom="sm">
          /
        </Kbd>
      </UnstyledButton>
      <Spotlight
        actions={groups}
        shortcut={['mod + K', '/']}
        limit={12}
        scrollable
        maxHeight={420}
        nothingFound={
          <Text size="sm">
            Nothing found. <Anchor component={InternalLink} to="/contact" onClick={spotlight.close}>Ask us on the contact page</Anchor>.
          </Text>
        }
        searchProps={{ placeholder: 'Search products, services, industries…', 'aria-label': 'Search' }}
      />
    </>
  );
}
