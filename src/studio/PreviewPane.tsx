// The preview beside the form: the page as the site renders it, in a frame of its own
// (src/studio/preview.tsx), following every edit, at a phone's, a tablet's or a desktop's width.
// A click in it selects the field of what was clicked; a field focused in the form scrolls it into view.
import { Box, Group, SegmentedControl, Text } from '@mantine/core';
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
  /** Scroll the preview to this field's block (`n` changes for each request). */
  reveal?: { path: string; n: number } | undefined;
}

export function Preview({ route, doc, records, site, empty, onSelect, reveal }: PreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const last = useRef<ResolvedPage | undefined>(undefined);
  const [width, setWidth] = useState<Width>('desktop');
  const [room, setRoom] = useState({ width: 0, height: 0 });

  const post = useCallback((message: object) => frame.current?.contentWindow?.postMessage(message, location.origin), []);
  const send = useCallback(() => {
    if (last.current) post({ type: 'studio:page', page: last.current, site, selectable: onSelect !== undefined });
  }, [post, site, onSelect]);

  useEffect(() => {
    if (route === undefined || doc === undefined || !records) return;
    last.current = previewPage(doc, route, records, last.current?.route === route ? last.current : undefined);
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
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send, onSelect]);

  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setRoom({ width: entry!.contentRect.width, height: entry!.contentRect.height }));
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);

  const wide = WIDTHS[width];
  const scale = room.width > 0 ? Math.min(1, room.width / wide) : 1;
  return (
    <Box component="section" aria-label="Preview" style={{ height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" fw={600}>
          Preview{route ? ` of ${route}` : ''}
        </Text>
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
