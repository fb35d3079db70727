import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/spotlight/styles.css';
import { Anchor, CloseButton, Text } from '@mantine/core';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { plainClick } from '../lib/browser';
import type { CodeRow, ProductParts, SearchEntry, SearchHit, SearchIndex, TermFile } from '../lib/search';
import { codeFilePath, entryFilePath, indexFilePath, termFilePath } from '../lib/search-files';
import { InternalLink } from '../ui/actions';
import { onDemand } from '../ui/on-demand';
import { leaveOverlay, useBackCloses } from './back-closes';
import { SEARCH_FIELD_ID, takeTyped } from './type-ahead';

type Search = (query: string) => Promise<SearchHit[]>;
const LIST_ID = 'site-search-results';
const [store, spotlight] = createSpotlight();

const loadIndex = onDemand(() => fetchJson<SearchIndex>(indexFilePath));
const loadLib = onDemand(() => import('../lib/search'));

/** A file of the index the build wrote. */
async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}
/** The products' parts of the index, fetched for a query. */
const productParts: ProductParts = {
  terms: (key) => fetchJson<TermFile>(termFilePath(key)),
  entries: (n) => fetchJson<SearchEntry[]>(entryFilePath(n)),
  codes: (n) => fetchJson<CodeRow[]>(codeFilePath(n)),
};

let loading: Promise<Search> | undefined;
export function loadSearch(): Promise<Search> {
  loading ??= Promise.all([loadIndex(), loadLib()])
    .then(([index, lib]) => lib.createSearch(index, productParts))
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}

/** The search dialog, opened by the header's SearchBox; each new request opens it again. */
export default function SearchDialog({ requests }: { requests: number }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>();
  const [failed, setFailed] = useState(false);
  const enterPending = useRef(false);
  // The hits of the last query answered: while the products of a new one are fetched, the list
  // shows the ones before.
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[] }>({ query: '', hits: [] });
  const hits = answer.hits;
  const answered = search !== undefined && answer.query === query;
  useEffect(() => {
    if (!search) return;
    let current = true;
    void search(query).then((found) => current && setAnswer({ query, hits: found }));
    return () => {
      current = false;
    };
  }, [search, query]);

  const load = () => {
    if (!search) {
      loadSearch().then(
        (s) => {
          setSearch(() => s);
          setFailed(false);
        },
        () => setFailed(true),
      );
    }
  };
  useEffect(() => {
    spotlight.open();
    // The index is asked for as the dialog opens: its download overlaps the dialog's first frames.
    // (Asked for two frames later, it arrived as the dialog was being shown, and held it back.)
    load();
  }, [requests]);
  useBackCloses(useSpotlight(store).opened, spotlight.close);
  const go = (url: string) => {
    const [path = '/', hash] = url.split('#');
    spotlight.close();
    leaveOverlay(() => void navigate({ to: path as '/', hash }));
  };
  // Spotlight highlights the first result when the query changes, and Enter opens the highlighted
  // one. Results that arrive later (the index was still loading) get the same highlight here, and an
  // Enter pressed before they arrived opens the first of them. Before the browser handles another key:
  // between a new list's drawing and a passive effect, an Enter found nothing highlighted and was lost.
  useLayoutEffect(() => {
    const list = document.getElementById(LIST_ID);
    if (list && !list.querySelector('[data-selected]')) {
      list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
      store.updateState((state) => ({ ...state, selected: 0 }));
    }
    if (answered && enterPending.current) {
      enterPending.current = false;
      if (hits[0]) go(hits[0].url);
    }
  }, [answer, answered]);
  // What was typed before the field had focus (type-ahead.ts) goes into it as it takes focus.
  const takeOver = () => {
    const typed = takeTyped();
    if (typed.text) setQuery((q) => q + typed.text);
    if (typed.enter) enterPending.current = true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter before the query is answered opens its first result once it is, not one of the last query's.
    if (e.key === 'Enter' && !answered) {
      enterPending.current = true;
      document.getElementById(LIST_ID)?.querySelectorAll('[data-selected]').forEach((el) => el.removeAttribute('data-selected'));
    }
  };

  const groups: { label: string; hits: SearchHit[] }[] = [];
  for (const h of hits) {
    const last = groups[groups.length - 1];
    if (last?.label === h.group) last.hits.push(h);
    else groups.push({ label: h.group, hits: [h] });
  }
  const contact = (
    <Anchor
      component={InternalLink}
      to="/contact"
      onClick={(e: MouseEvent) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        go('/contact');
      }}
    >
      ask us on the contact page
    </Anchor>
  );

  return (
    <Spotlight.Root store={store} query={query} onQueryChange={setQuery} shortcut={null} transitionProps={{ duration: 0 }} scrollable maxHeight={420} attributes={{ content: { 'aria-label': 'Search the site' } }}>
      <Spotlight.Search
        id={SEARCH_FIELD_ID}
        placeholder="Search products, services, brands…"
        aria-label="Search"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={<CloseButton size="xl" aria-label="Close search" onClick={spotlight.close} />}
        rightSectionWidth={52}
        rightSectionPointerEvents="all"
        onFocus={takeOver}
        onKeyDown={onKeyDown}
      />
      {hits.length > 0 ? (
        <Spotlight.ActionsList
          id={LIST_ID}
          // The last query's results stay while the new one is answered: busy until its own arrive.
          aria-busy={!answered}
          // The list scrolls, so it takes focus too (keyboard users can scroll it); Mantine passes this on
          // to its ScrollArea, though its types do not say so.
          {...({ viewportProps: { tabIndex: 0, 'aria-label': 'Results' } } as object)}
        >
          {groups.map((g) => (
            // The group's visible label is drawn by CSS; aria-label names it for screen readers.
            <Spotlight.ActionsGroup key={g.label} label={g.label} role="group" aria-label={g.label}>
              {g.hits.map((h) => (
                <Spotlight.Action key={`${h.url} ${h.title}`} label={h.title} description={h.description} onClick={() => go(h.url)} />
              ))}
            </Spotlight.ActionsGroup>
          ))}
        </Spotlight.ActionsList>
      ) : (
        <Spotlight.Empty>
          <Text size="sm" c={query.trim() ? undefined : 'dimmed'}>
            {!query.trim() ? (
              'Type a product, brand, test, industry or policy.'
            ) : failed ? (
              <>Search could not be loaded. Try again, or {contact}.</>
            ) : !answered ? (
              'Searching…'
            ) : (
              <>No results for “{query.trim()}”. We supply more than this site lists: {contact}.</>
            )}
          </Text>
        </Spotlight.Empty>
      )}
    </Spotlight.Root>
  );
}
