import { Button, type MantineSize } from '@mantine/core';
import { IconCheck, IconPlaylistAdd } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import site from 'virtual:site';
import { plainClick } from '../lib/browser';
import { announce, productCount } from './announce';
import { addToQuoteList, itemKey, type QuoteProduct, useQuoteList } from './store';

/** Where a product is added from a link followed without the app (D19): the quote page adds it once the app runs there. */
export const ADD_PARAM = 'add';
/** With it, the pack to add, by its order code (D22). */
export const CODE_PARAM = 'code';

/**
 * "Add to quote list" (D18), for any place that shows a product: a card, a product's page, a
 * comparison. It adds the product to the list kept on this device and says so to screen readers with
 * the new count; once the product is on the list it reads "In quote list" and leads to the list.
 * Before the app runs it is a link to the quote page, which adds the product when the app starts there.
 */
export function AddToQuoteList({ product, size = 'sm', inverted = false }: { product: QuoteProduct; size?: MantineSize; inverted?: boolean }) {
  const listed = useQuoteList()?.some((i) => itemKey(i) === itemKey(product)) ?? false;
  const router = useRouter({ warn: false });
  const page = site.pages.quote;
  return (
    <Button
      component="a"
      href={listed ? page : `${page}?${new URLSearchParams({ [ADD_PARAM]: product.url, ...(product.code ? { [CODE_PARAM]: product.code } : {}) })}`}
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
    </Button>
  );
}
