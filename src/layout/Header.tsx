import { Burger, Container, UnstyledButton, useMantineTheme } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import site from 'virtual:site';
import type { NavItem } from '../../schemas/site';
import { InternalLink } from '../ui/actions';
import { onDemand, sayNotLoaded, useOnDemand, whenIdle } from '../ui/on-demand';
import { QuoteListLink } from '../quote-list/QuoteListLink';
import { leaveOverlay, useBackCloses } from './back-closes';
import { SearchBox } from './Search';
import { SocialLinks } from './SocialIcon';

type MenuItem = Extract<NavItem, { menu: unknown }>;

// The drawer and its links are only needed once a phone visitor opens the menu.
const loadMobileMenu = onDemand(() => import('./MobileMenu'));

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mobileMenu, loadMenu, prepareMenu] = useOnDemand(loadMobileMenu);
  const burger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { breakpoints } = useMantineTheme();
  const closeDrawer = () => {
    setDrawerOpen(false);
    // The drawer may mount already open, so it has no opener to return focus to.
    burger.current?.focus();
  };
  useBackCloses(drawerOpen, closeDrawer);
  useEffect(() => {
    // Where the menu button shows: below the breakpoint its hiddenFrom="md" names.
    if (!window.matchMedia(`(min-width: ${breakpoints.md})`).matches) whenIdle(prepareMenu);
  }, [prepareMenu, breakpoints.md]);
  // Plain elements styled by src/styles.css (.site-header ...) where Mantine's Group, Text, Anchor and
  // ActionIcon would add only their cost on every page; the buttons and the burger's look stay Mantine's.
  return (
    <header className="site-header">
      <div className="top-strip">
        <Container size="xl">
          <div className="header-row top-strip-row">
            <div className="top-strip-start">
              <SocialLinks iconSize={18} />
              <p className="top-strip-tagline mantine-visible-from-sm">{site.tagline}</p>
            </div>
            <div className="top-strip-end">
              <QuoteListLink />
              <SearchBox />
            </div>
          </div>
        </Container>
      </div>
      <Container size="xl">
        <div className="header-row">
          <InternalLink to="/" className="brand mantine-focus-auto" aria-label={`${site.shortName}, home`}>
            <img src="/images/logo.svg" alt="" width={40} height={40} />
            <span>{site.shortName}</span>
          </InternalLink>
          <nav aria-label="Main" className="header-nav mantine-visible-from-md">
            {site.nav.header.map((item) => ('menu' in item ? <MegaMenu key={item.label} item={item} /> : <TopLink key={item.label} item={item} />))}
          </nav>
          <PhoneMenuWithoutScripts />
          {/* Mantine's Burger, drawn with its classes: the Burger component puts a <div> in the <button>, which HTML does not allow. */}
          <UnstyledButton
            ref={burger}
            className={`${Burger.classes.root} menu-button js-only`}
            onClick={() => void loadMenu().then(() => setDrawerOpen((o) => !o), sayNotLoaded)}
            onPointerDown={() => void loadMenu().catch(() => undefined)}
            hiddenFrom="md"
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={drawerOpen}
          >
            <span className={Burger.classes.burger} data-reduce-motion data-opened={drawerOpen || undefined} />
          </UnstyledButton>
        </div>
      </Container>
      {mobileMenu && (
        <mobileMenu.default
          opened={drawerOpen}
          onClose={closeDrawer}
          onNavigate={(to) => {
            setDrawerOpen(false);
            // After the step that Back would close the menu with comes off (back-closes.ts): Back then returns here.
            leaveOverlay(() => {
              const [path = '/', hash] = to.split('#');
              void navigate({ to: path as '/', hash });
            });
          }}
        />
      )}
    </header>
  );
}

/**
 * The phone menu before the app runs, or without it (D19): a disclosure the browser opens by itself,
 * with the header's links and each menu's links behind its own. Once the app runs, the burger button
 * above opens the drawer instead (src/styles.css, .phone-menu); one opened before stays open until it is
 * closed, or one of its links followed.
 */
function PhoneMenuWithoutScripts() {
  return (
    <details
      className="phone-menu mantine-hidden-from-md"
      onClick={(e) => {
        if (e.target instanceof Element && e.target.closest('a')) e.currentTarget.open = false;
      }}
    >
      <summary className={`${Burger.classes.root} menu-button`} aria-label="Menu">
        <span className={Burger.classes.burger} />
      </summary>
      <nav aria-label="Menu" className="phone-menu-panel">
        <ul>
          {site.nav.header.map((item) => (
            <li key={item.label}>
              {'menu' in item ? (
                <details>
                  <summary>{item.label}</summary>
                  <ul>
                    {[...item.menu.links, item.menu.viewAll].map((l) => (
                      <li key={l.to}>
                        <InternalLink to={l.to}>{l.label}</InternalLink>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <InternalLink to={item.mobileTo ?? item.to}>{item.label}</InternalLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function TopLink({ item }: { item: NavItem }) {
  return (
    <InternalLink to={item.to} className="nav-link mantine-focus-auto">
      {item.label}
    </InternalLink>
  );
}

const CLOSE_DELAY_MS = 150;

/**
 * A desktop mega-menu, built as a disclosure (a button and the list of links it shows): opens on
 * hover, on keyboard focus and on click or tap; closes when the pointer leaves, when focus leaves it,
 * and on Escape, which puts focus back on its button. Its links are in the Tab order; arrow keys
 * move between them too. Its links are always in the page, shown by data-open; before the app runs
 * (D19), src/styles.css shows them on hover and while focus is inside (a click or tap on the button
 * focuses it).
 */
function MegaMenu({ item }: { item: MenuItem }) {
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const refocusing = useRef(false);
  const focusFirst = useRef(false);
  const closeTimer = useRef<number>(undefined);
  // In the prerendered page (the panel is always there): ids that begin with a letter.
  const id = `menu${useId()}`;
  const { menu } = item;
  const columns = menu.links.length > 8 ? 3 : menu.links.length > 4 ? 2 : 1;

  const open = () => {
    window.clearTimeout(closeTimer.current);
    setOpened(true);
  };
  const close = () => {
    window.clearTimeout(closeTimer.current);
    setOpened(false);
  };
  useEffect(() => {
    // Opened before the app ran, by the pointer or focus (src/styles.css): it stays open.
    if (root.current?.matches(':hover, :focus-within')) setOpened(true);
    return () => window.clearTimeout(closeTimer.current);
  }, []);
  useEffect(() => {
    if (opened && focusFirst.current) {
      focusFirst.current = false;
      panel.current?.querySelector('a')?.focus();
    }
  }, [opened]);

  const links = () => [...(panel.current?.querySelectorAll('a') ?? [])];
  const moveFocus = (step: 1 | -1 | 'first' | 'last') => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = step === 'first' ? 0 : step === 'last' ? all.length - 1 : (at + step + all.length) % all.length;
    all[next]?.focus();
  };

  return (
    <div
      ref={root}
      className="mega"
      onMouseEnter={open}
      onMouseLeave={() => {
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) close();
      }}
      onKeyDown={(e) => {
        const inPanel = panel.current?.contains(e.target as Node);
        if (e.key === 'Escape' && opened) {
          e.stopPropagation();
          close();
          refocusing.current = true;
          trigger.current?.focus();
        } else if (e.key === 'ArrowDown' && e.target === trigger.current) {
          e.preventDefault();
          if (opened) moveFocus('first');
          else {
            focusFirst.current = true;
            open();
          }
        } else if (inPanel && (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End')) {
          e.preventDefault();
          moveFocus(e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'Home' ? 'first' : 'last');
        }
      }}
    >
      <UnstyledButton
        ref={trigger}
        id={`${id}-button`}
        className="nav-link"
        aria-expanded={opened}
        aria-controls={id}
        onClick={open}
        onFocus={() => {
          if (refocusing.current) refocusing.current = false;
          else open();
        }}
      >
        <span className="nav-link-inner">
          {item.label}
          <IconChevronDown size={16} aria-hidden />
        </span>
      </UnstyledButton>
      <div ref={panel} id={id} role="group" aria-labelledby={`${id}-button`} className="mega-menu" data-columns={columns} data-open={opened || undefined}>
        <ul className="mega-grid">
          {menu.links.map((l) => (
            <li key={l.to}>
              <InternalLink to={l.to} className="mega-link" onClick={close}>
                {l.label}
              </InternalLink>
            </li>
          ))}
          <li className="mega-view-all">
            <InternalLink to={menu.viewAll.to} className="mega-link" onClick={close}>
              {menu.viewAll.label} →
            </InternalLink>
          </li>
        </ul>
      </div>
    </div>
  );
}
