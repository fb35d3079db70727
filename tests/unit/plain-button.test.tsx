// PlainButton draws Mantine's Button without Mantine's style machinery (src/ui/PlainButton.tsx): a
// visitor must get the same button, so its HTML must be Mantine's, byte for byte, in every look the
// site draws it in. A Mantine upgrade or a theme change that alters Button's HTML fails here.
import { Button, type ButtonVariant, type MantineColor, MantineProvider, type MantineSize } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainButton } from '../../src/ui/PlainButton';
import { theme } from '../../src/ui/theme';

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, '');

// The looks of AddToQuoteList (src/quote-list/AddToQuoteList.tsx): on a page, on a dark band (inverted), once listed.
const looks: { variant: ButtonVariant; color?: MantineColor }[] = [{ variant: 'outline' }, { variant: 'light' }, { variant: 'outline', color: 'white' }, { variant: 'white' }];
const sizes: MantineSize[] = ['xs', 'sm', 'md'];

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

  it("draws Mantine's Button without a section or a class of its own", () => {
    expect(html(<PlainButton href="/quote" variant="light" size="sm">In quote list</PlainButton>)).toBe(
      html(
        <Button component="a" href="/quote" variant="light" size="sm">
          In quote list
        </Button>,
      ),
    );
  });
});
