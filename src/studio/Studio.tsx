// The authoring studio (/__studio, dev server only: src/node/studio/plugin.ts): a bar naming its
// views and the view chosen. Every view stays mounted while another shows, so unsaved edits in the
// page editor survive a look at the pictures; a view can ask for a document to be opened at a field.
import { Box, Button, Group, Loader, Text, Title, UnstyledButton } from '@mantine/core';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { ImportView } from './ImportView';
import { PageEditor } from './PageEditor';
import { PicturesView } from './PicturesView';
import { type Me, server } from './server/api';
import { DraftsView } from './server/DraftsView';
import { PeopleView } from './server/PeopleView';
import { MeContext, SERVER } from './server/session';

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

interface View {
  id: string;
  label: string;
  View: ComponentType<ViewProps>;
  /** Shown to whom, under the studio server (undefined: everyone, and under npm run dev). */
  when?: (me: Me) => boolean;
}

const VIEWS: View[] = [
  { id: 'pages', label: 'Pages', View: PageEditor },
  { id: 'pictures', label: 'Pictures', View: PicturesView },
  { id: 'import', label: 'Import products', View: ImportView },
  ...(SERVER
    ? [
        { id: 'drafts', label: 'Drafts', View: DraftsView, when: () => true },
        { id: 'people', label: 'People', View: PeopleView, when: (me: Me) => me.may.managePeople },
      ]
    : []),
];

/** Under the studio server, the studio starts once it knows who is signed in (or sends them to sign in). */
export function Studio() {
  const [me, setMe] = useState<Me>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!SERVER) return;
    void server.get<Me>('me').then((a) => {
      if (a.ok) setMe(a.value);
      else if (a.status === 401) location.assign(`/__studio/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
      else setFailure(a.value.error);
    });
  }, []);
  if (!SERVER) return <Views />;
  if (failure) return <Text p="md" role="alert">{failure}</Text>;
  if (!me) return <Loader aria-label="Loading" m="md" />;
  return (
    <MeContext.Provider value={me}>
      <Views me={me} />
    </MeContext.Provider>
  );
}

function Views({ me }: { me?: Me }) {
  const views = VIEWS.filter((v) => !v.when || (me && v.when(me)));
  const [view, setView] = useState(() => {
    const wanted = new URLSearchParams(location.search).get('view');
    return views.some((v) => v.id === wanted) ? wanted! : views[0]!.id;
  });
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
          {views.map((v) => (
            <UnstyledButton key={v.id} onClick={() => show(v.id)} aria-current={v.id === view ? 'page' : undefined} fw={v.id === view ? 700 : 400} fz="sm">
              {v.label}
            </UnstyledButton>
          ))}
        </Group>
        {me && (
          <Group gap="xs" ml="auto">
            <Text size="sm">{me.person.name || me.person.email} ({me.person.role})</Text>
            <Button size="compact-sm" variant="default" onClick={() => void server.post('sign-out').then(() => location.assign('/__studio/sign-in'))}>Sign out</Button>
          </Group>
        )}
      </Group>
      {views.map(({ id, View }) => (
        <Box key={id} style={{ display: id === view ? 'block' : 'none', minHeight: 0, height: '100%' }}>
          <View active={id === view} openDocument={openDocument} openRequest={openRequest} />
        </Box>
      ))}
    </Box>
  );
}
