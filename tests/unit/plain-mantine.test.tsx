// src/ui/plain-mantine.tsx draws Mantine's Button, Badge and Card without Mantine's style machinery: a
// visitor must get the same page, so their HTML must be Mantine's, byte for byte, in every look the site
// draws them in. A Mantine upgrade or a theme change that alters that HTML fails here.
import { Badge, Button, type ButtonVariant, Card, type MantineColor, MantineProvider, type MantineSize } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InternalLink } from '../../src/ui/actions';
import { PlainBadge, PlainButton, PlainCard } from '../../src/ui/plain-mantine';
import { theme } from '../../src/ui/theme';

// Links inside the site need a router; this one is at /contact.
const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/contact'] }) });
const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <RouterContextProvider router={router}>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </RouterContextProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');

// AddToQuoteList's looks (on a page, on a dark band, once listed), a product page's own buttons' and
// the content's buttons' (ActionButton: primary or not, on a page or on a dark band).
const looks: { variant: ButtonVariant; color?: MantineColor }[] = [{ variant: 'outline' }, { variant: 'light' }, { variant: 'outline', color: 'white' }, { variant: 'white' }, { variant: 'filled' }];
const sizes: MantineSize[] = ['xs', 'sm', 'md', 'lg'];

describe('PlainButton', () => {
  for (const look of looks)
    for (const size of sizes)
      it(`draws Mantine's Button, ${look.variant}${look.color ? ` ${look.color}` : ''}, ${size}`, () => {
        const attrs = { href: '/quote?add=%2Fproducts%2Fx&name=X+%26+Y', 'aria-label': 'Add to quote list: X & Y', className: 'quote-add' };
        const icon = <IconPlaylistAdd size={16} aria-hidden />;
        const mantine = html(
          <Button component="a" {...attrs} {...look} size={size} leftSection={icon}>
            Add to quote list
          </Button>,
        );
        expect(mantine).toContain('mantine-Button-label');
        expect(html(<PlainButton {...attrs} {...look} size={size} leftSection={icon}>Add to quote list</PlainButton>)).toBe(mantine);
      });

  it("draws Mantine's Button without a section or a class of its own, opening a new tab", () => {
    const attrs = { href: 'https://wa.me/254700000000', target: '_blank', rel: 'noopener noreferrer' };
    expect(html(<PlainButton {...attrs} variant="light" size="sm">Ask on WhatsApp</PlainButton>)).toBe(
      html(
        <Button component="a" {...attrs} variant="light" size="sm">
          Ask on WhatsApp
        </Button>,
      ),
    );
  });

  for (const to of ['/products', '/contact'])
    it(`draws Mantine's Button as a link inside the site, to ${to}, from /contact`, () => {
      const look = { variant: 'white', size: 'lg' } as const;
      const mantine = html(
        <Button component={InternalLink} to={to} {...look}>
          Contact Us
        </Button>,
      );
      expect(mantine).toContain(`href="${to}"`);
      expect(html(<PlainButton component={InternalLink} to={to} {...look}>Contact Us</PlainButton>)).toBe(mantine);
    });
});

describe('PlainBadge and PlainCard', () => {
  it("draw a product card's Mantine Card, its picture's Card.Section and its Badge", () => {
    const picture = <img src="/images/products/x.svg" alt="X" width={600} height={450} />;
    const mantine = html(
      <Card withBorder padding="md" radius="md" className="card">
        <Card.Section mb="sm">{picture}</Card.Section>
        <div className="card-body">
          <Badge variant="light" w="fit-content" tt="none">
            Photometers &amp; meters
          </Badge>
        </div>
        <div className="card-actions" />
      </Card>,
    );
    expect(mantine).toContain('mantine-Badge-label');
    const plain = html(
      <PlainCard className="card" picture={picture}>
        <div className="card-body">
          <PlainBadge variant="light">Photometers &amp; meters</PlainBadge>
        </div>
        <div className="card-actions" />
      </PlainCard>,
    );
    expect(plain).toBe(mantine);
  });
});
