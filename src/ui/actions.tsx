import type { MantineSize } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import site from 'virtual:site';
import type { Action, Button as ButtonData } from '../../schemas/action';
import { catalogueLink, quoteLink } from '../dialogs';
import { mailtoUrl, telUrl, whatsappUrl } from '../lib/mail';
import { useButtonLink } from './button-link';
import { type ButtonLook, PlainButton } from './plain-mantine';

/** When the router marks a link as the current page's (aria-current="page"): on that page alone. */
export const CURRENT = { exact: true } as const;

type InternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children?: ReactNode };

/**
 * A link to a path from content ('/services/x#part'), already checked by the validator to resolve.
 * Forwards every prop, so Mantine components can render as it (component={InternalLink}).
 */
export const InternalLink = forwardRef<HTMLAnchorElement, InternalLinkProps>(function InternalLink({ to, ...rest }, ref) {
  const [path = '/', hash] = to.split('#');
  // The router's literal route types cannot know content paths; this is the one place they meet <Link>.
  // A link is the current page's only on that page (the router's default also marks every page above
  // it, so a screen reader heard "current page" on each breadcrumb and menu entry leading up to it).
  return <Link ref={ref} to={path as '/'} hash={hash} activeOptions={CURRENT} {...rest} />;
});

export const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Where an action takes the visitor: a page of the site, an address (mail, phone, another site) or a
 * dialog, which is a link to the page with the same form until the app runs (quoteLink).
 */
type Target = { to: string } | { href: string; newTab: boolean } | { dialog: ReturnType<typeof quoteLink> };

function target(action: Action): Target {
  switch (action.kind) {
    case 'link':
      return { to: action.to };
    case 'external':
      return { href: action.href, newTab: true };
    case 'email': {
      const to = site.mailboxes[action.mailbox];
      return { href: action.subject ? mailtoUrl({ to, subject: action.subject, body: '' }) : `mailto:${to}`, newTab: false };
    }
    case 'call':
      return { href: telUrl(site.phones[0]!), newTab: false };
    case 'whatsapp':
      return { href: whatsappUrl(site.whatsapp, action.message), newTab: true };
    case 'quote':
      return { dialog: quoteLink(action.details) };
    case 'catalogue':
      return { dialog: catalogueLink(action.interest) };
  }
}

/** A button of the content (a hero's, a banner's, a card's): what it does, in the look its variant and the band it is on give it. */
export function ActionButton({ button, size = 'md', inverted = false }: { button: ButtonData; size?: MantineSize; inverted?: boolean }) {
  const primary = button.variant === 'primary';
  const look: ButtonLook & { children: string } = {
    size,
    variant: inverted ? (primary ? 'white' : 'outline') : primary ? 'filled' : 'outline',
    color: inverted && !primary ? 'white' : undefined,
    children: button.label,
  };
  const t = target(button.action);
  const opener = useButtonLink('dialog');
  if ('to' in t) return <PlainButton component={InternalLink} to={t.to} {...look} />;
  if ('href' in t) return <PlainButton href={t.href} {...(t.newTab ? external : {})} {...look} />;
  return <PlainButton {...t.dialog} {...opener} {...look} />;
}

/**
 * A text link that carries out an action, drawn as Mantine's Anchor looks (the `link` rule in
 * styles.css) without its cost: it is repeated in every card. `className` adds to its look.
 */
export function ActionAnchor({ label, action, children, className, ...aria }: { label: string; action: Action; children?: ReactNode; className?: string } & Pick<HTMLAttributes<HTMLElement>, 'aria-hidden' | 'tabIndex'>) {
  const content = children ?? label;
  const look = className ? `mantine-focus-auto link ${className}` : 'mantine-focus-auto link';
  const t = target(action);
  const opener = useButtonLink('dialog');
  if ('to' in t) return <InternalLink to={t.to} className={look} {...aria}>{content}</InternalLink>;
  if ('href' in t) return <a href={t.href} {...(t.newTab ? external : {})} className={look} {...aria}>{content}</a>;
  return <a {...t.dialog} {...opener} className={look} {...aria}>{content}</a>;
}
