// New page, Move page and Delete page (D17): each a dialog that asks what it needs, sends it to the
// dev server (src/node/studio/pages.ts), and shows why when the server refuses.
import { Alert, Button, Group, List, Modal, Radio, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { api, type StudioDocument, type StudioLink, type StudioProblem } from './api';

export type PageDialog = { kind: 'new'; address?: string } | { kind: 'move' } | { kind: 'delete' };

interface Props {
  dialog: PageDialog | undefined;
  setDialog(dialog: PageDialog | undefined): void;
  documents: StudioDocument[];
  /** The page document open in the editor, if one is. */
  current: { file: string; route: string; version: string } | undefined;
  /** It has changes not saved yet. */
  dirty: boolean;
  /** Done: open this document, and say what happened. */
  done(file: string, message: string): void;
  /** Open a document at a field (asking first if the open one has unsaved changes). */
  open(file: string, field: string): void;
  /** May the editor leave the document it has open (asks the author when it has unsaved changes). */
  mayLeave(): boolean;
}

const pageChoices = (documents: StudioDocument[], except?: string) =>
  documents.filter((d) => d.route !== undefined && d.route !== '/404' && d.file !== except).map((d) => ({ value: d.file, label: d.label }));

/** Why the server refused, with the problems or links in the way (a link opens its document at its field). */
function Refused({ error, problems, links, open }: { error: string; problems?: StudioProblem[]; links?: StudioLink[]; open(link: { file: string; path: string }): void }) {
  const where = [...(links ?? []), ...(problems ?? [])];
  return (
    <Alert color="red" title="Not done">
      <Stack gap={4}>
        <Text size="sm">{error}</Text>
        {where.length > 0 && (
          <List size="sm" spacing={2}>
            {where.map((w) => (
              <List.Item key={`${w.file}:${w.line}:${w.column}:${w.path}`}>
                <UnstyledButton onClick={() => open(w)} fz="sm" td="underline">
                  {w.file}:{w.line}
                </UnstyledButton>{' '}
                {w.field}
                {'to' in w ? ` (leads to ${w.to})` : `: ${w.message}`}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

type Failure = { error: string; problems?: StudioProblem[]; links?: StudioLink[] };

export function PageActions({ dialog, setDialog, documents, current, dirty, done, open, mayLeave }: Props) {
  const close = () => setDialog(undefined);
  const openLink = (link: { file: string; path: string }) => {
    close();
    open(link.file.replace(/^pages-data\//, ''), link.path.replace(/\[(\d+)\]/g, '.$1'));
  };
  const movable = current && current.route !== '/' && current.route !== '/404' && !current.route.startsWith('/partner/');
  const deletable = current && current.route !== '/' && current.route !== '/404';
  return (
    <>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'new' })}>New page</Button>
        {movable && <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'move' })}>Move page</Button>}
        {deletable && <Button size="xs" variant="default" color="red" onClick={() => setDialog({ kind: 'delete' })}>Delete page</Button>}
      </Group>
      <Modal opened={dialog?.kind === 'new'} onClose={close} title="New page" size="lg">
        {dialog?.kind === 'new' && <NewPage documents={documents} address={dialog.address ?? ''} done={done} close={close} mayLeave={mayLeave} openLink={openLink} />}
      </Modal>
      <Modal opened={dialog?.kind === 'move'} onClose={close} title={`Move ${current?.route ?? 'page'}`} size="lg">
        {dialog?.kind === 'move' && current && <MovePage current={current} dirty={dirty} done={done} close={close} openLink={openLink} />}
      </Modal>
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title={`Delete ${current?.route ?? 'page'}`} size="lg">
        {dialog?.kind === 'delete' && current && <DeletePage current={current} documents={documents} dirty={dirty} done={done} close={close} openLink={openLink} />}
      </Modal>
    </>
  );
}

function Form({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}

function NewPage({ documents, address: initial, done, close, mayLeave, openLink }: {
  documents: StudioDocument[]; address: string; done: Props['done']; close(): void; mayLeave(): boolean; openLink(l: { file: string; path: string }): void;
}) {
  const [address, setAddress] = useState(initial);
  const [start, setStart] = useState<'empty' | 'copy'>('empty');
  const [copyOf, setCopyOf] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const create = async () => {
    if (!mayLeave()) return;
    setBusy(true);
    const answer = await api.create(address.trim(), start === 'copy' ? (copyOf ?? undefined) : undefined);
    setBusy(false);
    if (!answer.ok) return setFailure(answer);
    close();
    const { file, route, listedIn } = answer.value;
    const lists = listedIn.map((l) => `${l.file} (${l.list})`).join(', ');
    done(
      file,
      `Created ${route} (pages-data/${file})${start === 'empty' ? ': replace its TODO placeholders, listed as problems' : ''}. ` +
        `Nothing links to it yet: ${lists ? `the pages beside it are listed in ${lists}; add it there` : 'link to it from a menu of the site document or from a page'}.`,
    );
  };
  return (
    <Form onSubmit={create}>
      <TextInput
        label="Address"
        description="The new page's URL: lowercase words joined by hyphens, e.g. /services/spectroscopy. Its file goes under pages-data/ at that path."
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
        placeholder="/services/spectroscopy"
        required
        data-autofocus
      />
      <Radio.Group label="Start from" value={start} onChange={(v) => setStart(v as 'empty' | 'copy')}>
        <Stack gap={6} mt={4}>
          <Radio value="empty" label="An empty page: a hero and a closing call to action, with TODO placeholders to replace" />
          <Radio value="copy" label="A copy of an existing page" />
        </Stack>
      </Radio.Group>
      {start === 'copy' && <Select label="Page to copy" data={pageChoices(documents)} value={copyOf} onChange={setCopyOf} searchable required />}
      {failure && <Refused {...failure} open={openLink} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>Cancel</Button>
        <Button type="submit" loading={busy} disabled={address.trim() === '' || (start === 'copy' && !copyOf)}>Create</Button>
      </Group>
    </Form>
  );
}

function MovePage({ current, dirty, done, close, openLink }: {
  current: NonNullable<Props['current']>; dirty: boolean; done: Props['done']; close(): void; openLink(l: { file: string; path: string }): void;
}) {
  const [to, setTo] = useState(current.route);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const move = async () => {
    setBusy(true);
    const answer = await api.move(current.file, to.trim(), current.version);
    setBusy(false);
    if (!answer.ok) return setFailure(answer);
    close();
    const others = answer.value.changed.filter((f) => f !== current.file && f !== answer.value.file && f !== 'redirects.json');
    done(answer.value.file, `Moved ${current.route} to ${answer.value.route}: ${others.length} document${others.length === 1 ? '' : 's'} with links to it changed, and ${current.route} now redirects there (pages-data/redirects.json).`);
  };
  return (
    <Form onSubmit={move}>
      <Text size="sm">
        The file moves to the new address, every link to the page in every document leads there (its sections' anchors kept), and the old
        address answers with a permanent redirect to the new one, for bookmarks and search engines.
      </Text>
      <TextInput label="New address" value={to} onChange={(e) => setTo(e.currentTarget.value)} required data-autofocus />
      {dirty && <Alert color="yellow">This page has unsaved changes: save them (or undo them) before moving it.</Alert>}
      {failure && <Refused {...failure} open={openLink} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>Cancel</Button>
        <Button type="submit" loading={busy} disabled={dirty || to.trim() === current.route || to.trim() === ''}>Move</Button>
      </Group>
    </Form>
  );
}

function DeletePage({ current, documents, dirty, done, close, openLink }: {
  current: NonNullable<Props['current']>; documents: StudioDocument[]; dirty: boolean; done: Props['done']; close(): void; openLink(l: { file: string; path: string }): void;
}) {
  const [links, setLinks] = useState<StudioLink[]>();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  useEffect(() => {
    api.links(current.file).then((answer) => setLinks(answer.links), (err: Error) => setFailure({ error: err.message }));
  }, [current.file]);
  const routes = documents.filter((d) => d.route !== undefined && d.route !== '/404' && d.file !== current.file).map((d) => ({ value: d.route!, label: d.label }));
  const remove = async () => {
    setBusy(true);
    const answer = await api.remove(current.file, current.version, redirectTo ?? undefined);
    setBusy(false);
    if (!answer.ok) return setFailure(answer);
    close();
    done('index.json', `Deleted ${current.route} (pages-data/${current.file})${redirectTo ? `; it now redirects to ${redirectTo}` : ''}.`);
  };
  const blocking = links?.filter((l) => l.file !== 'pages-data/redirects.json' || redirectTo === null) ?? [];
  return (
    <Form onSubmit={remove}>
      {links === undefined && !failure && <Text size="sm">Looking for links to {current.route}…</Text>}
      {links !== undefined && blocking.length > 0 && (
        <Refused
          error={`${blocking.length} link${blocking.length === 1 ? '' : 's'} lead${blocking.length === 1 ? 's' : ''} to ${current.route}. Change ${blocking.length === 1 ? 'it' : 'them'} first (choose one to open it at its field)${links.some((l) => l.file === 'pages-data/redirects.json') ? ', or send the redirects that lead here to another page below' : ''}:`}
          links={blocking}
          open={openLink}
        />
      )}
      {links !== undefined && (
        <>
          <Text size="sm">
            Deleting removes pages-data/{current.file}{dirty ? ', and the unsaved changes made to it' : ''}. Bookmarks and search engines may still
            know its address: it can redirect to another page.
          </Text>
          <Select
            label="Redirect its address to"
            description="Optional: the page its visitors go to from now on (recorded in pages-data/redirects.json)."
            data={routes}
            value={redirectTo}
            onChange={setRedirectTo}
            searchable
            clearable
          />
        </>
      )}
      {failure && <Refused {...failure} open={openLink} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>Cancel</Button>
        <Button type="submit" color="red" loading={busy} disabled={links === undefined || blocking.length > 0}>Delete</Button>
      </Group>
    </Form>
  );
}
