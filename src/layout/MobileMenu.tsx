import { Drawer, NavLink, Stack } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NavLink.css';
import { type MouseEvent, useState } from 'react';
import site from 'virtual:site';
import { plainClick } from '../lib/browser';
import { InternalLink } from '../ui/actions';
import { InOverlays } from '../ui/InOverlays';
import type { NavItem } from '../../schemas/site';

/** A link of the menu: the menu goes to it (onNavigate), rather than the link itself (Header.tsx says why). */
const goes = (to: string, onNavigate: (to: string) => void) => (e: MouseEvent) => {
  if (!plainClick(e)) return;
  e.preventDefault();
  onNavigate(to);
};

/** The phone menu: a drawer with the header's links, loaded when the visitor first opens it. */
export default function MobileMenu({ opened, onClose, onNavigate }: { opened: boolean; onClose: () => void; onNavigate: (to: string) => void }) {
  return (
    <InOverlays>
      <Drawer keepMounted withinPortal={false} opened={opened} onClose={onClose} title="Menu" hiddenFrom="md" size="85%" position="right" closeButtonProps={{ 'aria-label': 'Close menu' }}>
        <Stack component="nav" aria-label="Mobile" gap={0}>
          {site.nav.header.map((item) =>
            'menu' in item ? (
              <MobileGroup key={item.label} item={item} onNavigate={onNavigate} />
            ) : (
              <NavLink key={item.label} label={item.label} component={InternalLink} to={item.mobileTo ?? item.to} onClick={goes(item.mobileTo ?? item.to, onNavigate)} />
            ),
          )}
        </Stack>
      </Drawer>
    </InOverlays>
  );
}

/** A group of the mobile menu: a button that shows and hides its links. */
function MobileGroup({ item, onNavigate }: { item: Extract<NavItem, { menu: unknown }>; onNavigate: (to: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink component="button" type="button" label={item.label} childrenOffset="md" opened={opened} onChange={setOpened} aria-expanded={opened}>
      {[...item.menu.links, item.menu.viewAll].map((l) => (
        <NavLink key={l.to} label={l.label} component={InternalLink} to={l.to} onClick={goes(l.to, onNavigate)} />
      ))}
    </NavLink>
  );
}
