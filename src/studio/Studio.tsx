// The authoring studio (/__studio, dev server only: src/node/studio/plugin.ts): a bar naming its
// views and the view chosen. Every view stays mounted while another shows, so unsaved edits in the
// page editor survive a look at the pictures; a view can ask for a document to be opened at a field.
import { Box, Group, Title, UnstyledButton } from '@mantine/core';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { ImportView } from './ImportView';
import { PageEditor } from './PageEditor';
import { PicturesView } from './PicturesView';

/** A document to open in the page editor, at a field (a data path); `n` makes each request new. */
export interface OpenRequest {
  file: string;
  field: string;
  n: number;
}

export interface ViewProps {
  active: boolean;
  /** Shows the page editor with this document open at this field. */
  openDocument(file: string, field: string): void;
  /** The last such request (read by the page editor). */
  openRequest: OpenRequest | undefined;
}

const VIEWS: { id: string; label: string; View: ComponentType<ViewProps> }[] = [
  { id: 'pages', label: 'Pages', View: PageEditor },
  { id: 'pictures', label: 'Pictures', View: PicturesView },
  { id: 'import', label: 'Import products', View: ImportView },
];

export function Studio() {
  const [view, setView] = useState(() => VIEWS.find((v) => v.id === new URLSearchParams(location.search).get('view'))?.id ?? VIEWS[0]!.id);
  const [openRequest, setOpenRequest] = useState<OpenRequest>();
  const show = useCallback((id: string) => {
    setView(id);
    const params = new URLSearchParams(location.search);
    if (id === VIEWS[0]!.id) params.delete('view');
    else params.set('view', id);
    window.history.replaceState(null, '', `?${params}`);
  }, []);
  // A file dropped beside a picture field would make the browser open it in place of the studio.
  useEffect(() => {
    const stop = (e: DragEvent) => e.dataTransfer?.types.includes('Files') && e.preventDefault();
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
  const openDocument = useCallback(
    (file: string, field: string) => {
      setOpenRequest((r) => ({ file, field, n: (r?.n ?? 0) + 1 }));
      show('pages');
    },
    [show],
  );
  return (
    <Box style={{ display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', height: '100vh' }}>
      <Group component="header" gap="lg" px="md" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} size="h4">Studio</Title>
        <Group component="nav" aria-label="Studio views" gap="xs">
          {VIEWS.map((v) => (
            <UnstyledButton key={v.id} onClick={() => show(v.id)} aria-current={v.id === view ? 'page' : undefined} fw={v.id === view ? 700 : 400} fz="sm">
              {v.label}
            </UnstyledButton>
          ))}
        </Group>
      </Group>
      {VIEWS.map(({ id, View }) => (
        <Box key={id} style={{ display: id === view ? 'block' : 'none', minHeight: 0, height: '100%' }}>
          <View active={id === view} openDocument={openDocument} openRequest={openRequest} />
        </Box>
      ))}
    </Box>
  );
}
