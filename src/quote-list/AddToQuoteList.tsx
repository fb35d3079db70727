import type { MantineSize } from '@mantine/core';
import { IconCheck, IconPlaylistAdd } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import site from 'virtual:site';
import { plainClick } from '../lib/browser';
import { useButtonLink } from '../ui/button-link';
import { PlainButton } from '../ui/plain-mantine';
import { announce, productCount } from './announce';
import { addingAddress } from './from-address';
import { addToQuoteList, itemKey, type QuoteProduct, useQuoteList } from './store';

/**
 * "Add to quote list" (D18), for any place that shows a product: a card, a product's page, a
 * comparison. It adds the product to the list kept on this device and says so to screen readers with
 * the new count; once the product is on the list it reads "In quote list" and is a link to the list.
 * Before the app runs it is a link to the quote page, which adds the product when the app starts there;
 * once the app runs, a button until the product is on the list.
 */
export function AddToQuoteList({ product, size = 'sm', inverted = false }: { product: QuoteProduct; size?: MantineSize; inverted?: boolean }) {
  const listed = useQuoteList()?.some((i) => itemKey(i) === itemKey(product)) ?? false;
  const router = useRouter({ warn: false });
  const adds = useButtonLink();
  const page = site.pages.quote;
  return (
    <PlainButton
      href={listed ? page : addingAddress(page, product)}
      {...(listed ? {} : adds)}
      // Rows of packs and lists of cards show many of these: each is named for what it adds, after what it shows.
      aria-label={listed ? undefined : `Add to quote list: ${product.code ? `${product.code}, ${product.pack ?? product.name}` : product.name}`}
      size={size}
      variant={inverted ? (listed ? 'white' : 'outline') : listed ? 'light' : 'outline'}
      color={inverted && !listed ? 'white' : undefined}
      leftSection={listed ? <IconCheck size={16} aria-hidden /> : <IconPlaylistAdd size={16} aria-hidden />}
      className="quote-add"
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        if (listed) {
          if (router) void router.navigate({ to: page });
          else window.location.assign(page);
          return;
        }
        try {
          announce(`${product.pack ? `${product.name}, ${product.pack}` : product.name} added to your quote list: ${productCount(addToQuoteList(product))}.`);
        } catch (err) {
          window.alert(err instanceof Error ? err.message : String(err));
        }
      }}
    >
      {listed ? 'In quote list' : 'Add to quote list'}
    </PlainButton>
  );
}
