import { Anchor, Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef, type ReactNode } from 'react';
import site from 'virtual:site';
import type { Action, Button as ButtonData } from '../../schemas/action';
import { openCatalogue, openQuote } from '../dialogs';
import { mailtoUrl, telUrl, whatsappUrl } from '../lib/mail';

type InternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children?: ReactNode };

/**
 * A link to a path from content ('/services/x#part'), already checked by the validator to resolve.
 * Forwards every prop, so Mantine components can render as it (component={InternalLink}).
 */
export const InternalLink = forwardRef<HTMLAnchorElement, InternalLinkProps>(function InternalLink({ to, ...rest }, ref) {
  const [path = '/', hash] = to.split('#');
  // The router's literal route types cannot know content paths; this is the one place they meet <Link>.
  return <Link ref={ref} to={path as '/'} hash={hash} {...rest} />;
});

export const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Props that make a Mantine Button or Anchor carry out an action. */
export function actionProps(action: Action): Record<string, unknown> {
  switch (action.kind) {
    case 'link':
      return { component: InternalLink, to: action.to };
    case 'external':
      return { component: 'a', href: action.href, ...external };
    case 'email':
      return { component: 'a', href: action.subject ? mailtoUrl({ to: site.mailboxes[action.mailbox], subject: action.subject, body: '' }) : `mailto:${site.mailboxes[action.mailbox]}` };
    case 'call':
      return { component: 'a', href: telUrl(site.phones[0]!) };
    case 'whatsapp':
      return { component: 'a', href: whatsappUrl(site.whatsapp, action.message), ...external };
    case 'quote':
      return { component: 'button', type: 'button', onClick: () => openQuote(action.details) };
    case 'catalogue':
      return { component: 'button', type: 'button', onClick: () => openCatalogue(action.interest) };
  }
}

export function ActionButton({ button, size = 'md', inverted = false, fullWidth }: { button: ButtonData; size?: string; inverted?: boolean; fullWidth?: boolean }) {
  const primary = button.variant === 'primary';
  return (
    <Button
      {...actionProps(button.action)}
      size={size}
      fullWidth={fullWidth}
      variant={inverted ? (primary ? 'white' : 'outline') : primary ? 'filled' : 'outline'}
      color={inverted && !primary ? 'white' : undefined}
    >
      {button.label}
    </Button>
  );
}

export function ActionAnchor({ label, action, children }: { label: string; action: Action; children?: ReactNode }) {
  return <Anchor {...actionProps(action)}>{children ?? label}</Anchor>;
}
