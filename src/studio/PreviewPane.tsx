// The preview beside the form: the page as the site renders it, in a frame of its own
// (src/studio/preview.tsx), following every edit, at a phone's, a tablet's or a desktop's width.
// A click in it selects the field of what was clicked; a field focused in the form scrolls it into view.
import { Box, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Records } from '../../schemas/blocks/define';
import type { SiteDocument } from '../../schemas/site';
import type { ResolvedPage } from '../page/types';
import { previewPage } from './preview-page';
import type { Json } from './schema';

/** The widths the preview shows a page at; the desktop one is scaled down to fit beside the form. */
const WIDTHS = { phone: 390, tablet: 768, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

export interface PreviewProps {
  /** The route the page answers at; nothing to show without one. */
  route: string | undefined;
  /** The page document as edited (or the page that shows an edited record). */
  doc: Json | undefined;
  records: Records | undefined;
  /** The site document as edited, when it is what is being edited. */
  site?: SiteDocument | undefined;
  /** What the preview says when there is no page to show. */
  empty: string;
  /** A click in the preview chose this field (a data path of `doc`). */
  onSelect?: ((path: string) => void) | undefined;
  /** A click on the header's or footer's menus chose this field of the site document. */
  onSelectSite?: ((path: string) => void) | undefined;
  /** Scroll the preview to this field's block (`n` changes for each request). */
  reveal?: { path: string; n: number } | undefined;
  /** The form beside the preview is shown or hidden (the preview then takes the whole width). */
  formShown?: boolean;
  showForm?: ((shown: boolean) => void) | undefined;
}

export function Preview({ route, doc, records, site, empty, onSelect, onSelectSite, reveal, formShown = true, showForm }: PreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const last = useRef<(ResolvedPage & { stale: boolean }) | undefined>(undefined);
  const [width, setWidth] = useState<Width>('desktop');
  const [stale, setStale] = useState(false);
  const [room, setRoom] = useState({ width: 0, height: 0 });

  const post = useCallback((message: object) => frame.current?.contentWindow?.postMessage(message, location.origin), []);
  const send = useCallback(() => {
    if (last.current) post({ type: 'studio:page', page: last.current, site, selectable: onSelect !== undefined || onSelectSite !== undefined });
  }, [post, site, onSelect, onSelectSite]);

  useEffect(() => {
    if (route === undefined || doc === undefined || !records) return;
    const next = previewPage(doc, route, records, last.current?.route === route ? last.current : undefined);
    last.current = next;
    setStale(next.stale);
    send();
  }, [route, doc, records, send]);

  useEffect(() => {
    if (reveal) post({ type: 'studio:reveal', path: reveal.path });
  }, [reveal, post]);

  // A preview that (re)loads asks for the page; a click in it names a field.
  useEffect(() => {
    const onMessage = (e: MessageEvent<{ type?: string; path?: string }>) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.type === 'studio:ready') send();
      if (e.data?.type === 'studio:select' && typeof e.data.path === 'string') onSelect?.(e.data.path);
      if (e.data?.type === 'studio:select-site' && typeof e.data.path === 'string') onSelectSite?.(e.data.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send, onSelect, onSelectSite]);

  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setRoom({ width: entry!.contentRect.width, height: entry!.contentRect.height }));
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);

  const wide = WIDTHS[width];
  const scale = room.width > 0 ? Math.min(1, room.width / wide) : 1;
  return (
    <Box component="section" aria-label="Preview" style={{ height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="sm" py={6} gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs">
          {showForm && (
            <Button size="compact-xs" variant="default" onClick={() => showForm(!formShown)} aria-pressed={!formShown}>
              {formShown ? 'Hide the form' : 'Show the form'}
            </Button>
          )}
          <Text size="sm" fw={600}>
            Preview{route ? ` of ${route}` : ''}
          </Text>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={width}
          onChange={(w) => setWidth(w as Width)}
          data={[
            { value: 'phone', label: `Phone (${WIDTHS.phone} px)` },
            { value: 'tablet', label: `Tablet (${WIDTHS.tablet} px)` },
            { value: 'desktop', label: `Desktop (${WIDTHS.desktop} px${scale < 1 ? `, at ${Math.round(scale * 100)}%` : ''})` },
          ]}
        />
      </Group>
      {stale && route !== undefined && (
        <Text role="status" size="sm" px="sm" py={4} bg="yellow.1" c="yellow.9" data-stale>
          Out of date: part of the page has a problem (listed beside the form), so the preview shows that part as it last read, or leaves it out.
        </Text>
      )}
      <Box ref={box} style={{ flex: 1, overflow: 'hidden', position: 'relative', background: 'var(--mantine-color-gray-1)' }}>
        {route === undefined ? (
          <Text c="dimmed" p="xl">{empty}</Text>
        ) : (
          <iframe
            ref={frame}
            title="Preview"
            src="/__studio/preview"
            data-width={wide}
            style={{
              width: wide,
              height: room.height / scale,
              border: 0,
              display: 'block',
              background: 'white',
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              marginLeft: scale < 1 ? 0 : (room.width - wide) / 2,
            }}
          />
        )}
      </Box>
    </Box>
  );
}
