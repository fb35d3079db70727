import { ActionIcon, Anchor, Box, Burger, Container, Divider, Drawer, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import site from 'virtual:site';
import { InternalLink, external } from '../ui/actions';
import { SearchBox } from './Search';
import { SocialIcon } from './SocialIcon';

type NavItem = (typeof site.nav.header)[number];

export function Header() {
  const [drawerOpen, drawer] = useDisclosure(false);
  return (
    <Box component="header" className="site-header">
      <Box className="top-strip">
        <Container size="xl">
          <Group justify="space-between" h={44} wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              {site.social.map((s) => (
                <ActionIcon key={s.network} component="a" href={s.url} {...external} variant="subtle" color="white" aria-label={s.label} size="md">
                  <SocialIcon network={s.network} size={18} />
                </ActionIcon>
              ))}
              <Text size="sm" c="white" visibleFrom="sm" ml="xs">
                {site.tagline}
              </Text>
            </Group>
            <SearchBox />
          </Group>
        </Container>
      </Box>
      <Container size="xl">
        <Group justify="space-between" h={72} wrap="nowrap">
          <Anchor component={InternalLink} to="/" underline="never" className="brand" aria-label={`${site.shortName}, home`}>
            <img src="/images/logo.svg" alt="" width={40} height={40} />
            <span>{site.shortName}</span>
          </Anchor>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            {site.nav.header.map((item) => (item.menu ? <MegaMenu key={item.label} item={item} /> : <TopLink key={item.label} item={item} />))}
          </Group>
          <Burger opened={drawerOpen} onClick={drawer.toggle} hiddenFrom="md" aria-label={drawerOpen ? 'Close menu' : 'Open menu'} aria-expanded={drawerOpen} />
        </Group>
      </Container>
      <Drawer opened={drawerOpen} onClose={drawer.close} title="Menu" hiddenFrom="md" size="85%" position="right" closeButtonProps={{ 'aria-label': 'Close menu' }}>
        <Stack component="nav" aria-label="Mobile" gap={0}>
          {site.nav.header.map((item) =>
            item.menu ? (
              <MobileGroup key={item.label} item={item} onNavigate={drawer.close} />
            ) : (
              <NavLink key={item.label} label={item.label} component={InternalLink} to={item.mobileTo ?? item.to} onClick={drawer.close} />
            ),
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}

/** A group of the mobile menu: a button that shows and hides its links. */
function MobileGroup({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink component="button" type="button" label={item.label} childrenOffset="md" opened={opened} onChange={setOpened} aria-expanded={opened}>
      {[...item.menu!.links, item.menu!.viewAll].map((l) => (
        <NavLink key={l.to} label={l.label} component={InternalLink} to={l.to} onClick={onNavigate} />
      ))}
    </NavLink>
  );
}

function TopLink({ item }: { item: NavItem }) {
  return (
    <Anchor component={InternalLink} to={item.to} className="nav-link">
      {item.label}
    </Anchor>
  );
}

/**
 * A desktop mega-menu: opens on hover, on keyboard focus and on click or tap; closes when the
 * pointer leaves, when focus leaves it, and on Escape, which puts focus back on its button.
 * Its links are in the Tab order (a disclosure, not an application menu); arrow keys move too.
 */
function MegaMenu({ item }: { item: NavItem }) {
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const refocusing = useRef(false);
  const menu = item.menu!;
  const columns = menu.links.length > 8 ? 3 : menu.links.length > 4 ? 2 : 1;
  return (
    <div
      className="mega"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpened(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && opened) {
          e.stopPropagation();
          setOpened(false);
          refocusing.current = true;
          trigger.current?.focus();
        } else if (e.key === 'ArrowDown' && e.target === trigger.current) {
          e.preventDefault();
          setOpened(true);
          // The dropdown renders on open; its first link takes focus once it exists.
          const wrapper = e.currentTarget;
          requestAnimationFrame(() => wrapper.querySelector<HTMLElement>('[data-menu-item]')?.focus());
        }
      }}
    >
      <Menu
        opened={opened}
        onChange={setOpened}
        trigger="hover"
        openDelay={0}
        closeDelay={150}
        position="bottom-start"
        offset={4}
        shadow="md"
        withinPortal={false}
        trapFocus={false}
        returnFocus={false}
        closeOnEscape={false}
        menuItemTabIndex={0}
        withInitialFocusPlaceholder={false}
        loop
      >
        <Menu.Target>
          <UnstyledButton
            ref={trigger}
            className="nav-link"
            onClick={() => setOpened(true)}
            onFocus={() => {
              if (refocusing.current) refocusing.current = false;
              else setOpened(true);
            }}
          >
            <Group gap={4} component="span" wrap="nowrap">
              {item.label}
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown className="mega-menu" data-columns={columns} aria-label={item.label}>
          <div className="mega-grid">
            {menu.links.map((l) => (
              <Menu.Item key={l.to} component={InternalLink} to={l.to}>
                {l.label}
              </Menu.Item>
            ))}
          </div>
          <Divider my={4} />
          <Menu.Item component={InternalLink} to={menu.viewAll.to} fw={700} c="brand.7">
            {menu.viewAll.label} →
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
