// The studio's Pictures view: every picture under public/ with its size and every place that names it
// (each opens its document at its field in the Pages view), replacing one everywhere with an uploaded
// file (asking whether each alt text still fits the new picture), and deleting one nothing uses.
import { Alert, Box, Button, FileButton, Group, Image, List, Loader, Modal, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { api, type StudioLink, type StudioPicture, type StudioProblem, type Uploaded } from './api';
import type { ViewProps } from './Studio';

const CONTENT_CHANGED = 'acacia:content-changed';
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const places = (n: number) => `${n} place${n === 1 ? '' : 's'}`;
const dataPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');
/** The validate path of the alt text beside a picture's src. */
const altOf = (use: StudioLink) => use.path.replace(/\.src$/, '.alt');

type Dialog =
  | { kind: 'replace'; picture: StudioPicture; uploaded: Uploaded; alts: Record<string, string> }
  | { kind: 'delete'; picture: StudioPicture };
type Failure = { error: string; links?: StudioLink[]; problems?: StudioProblem[] };

export function PicturesView({ active, openDocument }: ViewProps) {
  const [pictures, setPictures] = useState<StudioPicture[]>();
  const [failure, setFailure] = useState<string>();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const [refused, setRefused] = useState<Failure>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => api.pictures().then((list) => (setPictures(list), setFailure(undefined)), (err: Error) => setFailure(err.message)), []);
  // Read when the view is shown, and again whenever the content or public/ changes on disk.
  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  useEffect(() => {
    const hot = import.meta.hot;
    const onChange = () => active && void load();
    hot?.on(CONTENT_CHANGED, onChange);
    return () => hot?.off(CONTENT_CHANGED, onChange);
  }, [active, load]);

  const shown = useMemo(() => (pictures ?? []).filter((p) => p.path.toLowerCase().includes(filter.trim().toLowerCase())), [pictures, filter]);
  const close = () => (setDialog(undefined), setRefused(undefined));
  const open = useCallback(
    (link: { file: string; path: string }) => {
      setDialog(undefined);
      setRefused(undefined);
      openDocument(link.file.replace(/^pages-data\//, ''), dataPath(link.path));
    },
    [openDocument],
  );
  const askDelete = useCallback((picture: StudioPicture) => (setRefused(undefined), setDialog({ kind: 'delete', picture })), []);

  const startReplace = useCallback(async (picture: StudioPicture, file: File | null) => {
    if (!file) return;
    setStatus(`Adding ${file.name}…`);
    // The page a picture is named after: the first that uses it.
    const answer = await api.upload(file, picture.uses[0]!.file.replace(/^pages-data\//, ''));
    if (!answer.ok) return setStatus(`${file.name} was not added: ${answer.error}`);
    setStatus(undefined);
    const alts = Object.fromEntries(picture.uses.filter((u) => u.alt !== undefined).map((u) => [`${u.file} ${altOf(u)}`, u.alt!]));
    setDialog({ kind: 'replace', picture, uploaded: answer.value, alts });
  }, []);
  const cancelReplace = async (d: Extract<Dialog, { kind: 'replace' }>) => {
    close();
    // The upload made for it goes again (not a file that was there before it).
    if (!d.uploaded.existed) await api.deletePicture(d.uploaded.src);
    void load();
  };
  const replace = async (d: Extract<Dialog, { kind: 'replace' }>) => {
    setBusy(true);
    const changedAlts = d.picture.uses
      .filter((u) => u.alt !== undefined && d.alts[`${u.file} ${altOf(u)}`] !== u.alt)
      .map((u) => ({ file: u.file, path: altOf(u), alt: d.alts[`${u.file} ${altOf(u)}`]! }));
    const answer = await api.replacePicture(d.picture.path, d.uploaded.src, changedAlts);
    setBusy(false);
    if (!answer.ok) return setRefused(answer);
    close();
    setStatus(
      `Replaced ${d.picture.path} with ${d.uploaded.src} in ${places(d.picture.uses.length)} (${answer.value.changed.join(', ')}). ${d.picture.path} is not used there any more: delete it below if nothing else needs it.${
        answer.value.code.length > 0 ? ` The site's code still names it (${answer.value.code.join(', ')}): change it there by hand.` : ''
      }`,
    );
    void load();
  };
  const remove = async (picture: StudioPicture) => {
    setBusy(true);
    const answer = await api.deletePicture(picture.path);
    setBusy(false);
    if (!answer.ok) return setRefused(answer);
    close();
    setStatus(`Deleted public${picture.path}.`);
    void load();
  };

  // Hidden, it keeps nothing on the page (the list is read again when it shows).
  if (!active) return null;
  if (failure) return <Alert color="red" title="The pictures could not be listed">{failure}</Alert>;
  return (
    <Box component="main" style={{ overflowY: 'auto', height: '100%' }} p="md">
      <Stack gap="sm" maw={1100}>
        <Title order={2} size="h3">Pictures</Title>
        <Text size="sm" c="dimmed">
          Every picture under public/, with each place that names it (choose one to open it). Upload a picture in any image field of the Pages view to add one.
        </Text>
        <Group align="end">
          <TextInput label="Find a picture" placeholder="slide, brands/, .jpg…" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
          {pictures && <Text size="sm">{shown.length === pictures.length ? `${pictures.length} pictures` : `${shown.length} of ${pictures.length} pictures`}</Text>}
        </Group>
        <Text role="status" size="sm">{status ?? ''}</Text>
        {!pictures ? (
          <Loader aria-label="Loading" />
        ) : (
          <Table verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Picture</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Used in</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <PictureRows shown={shown} open={open} startReplace={startReplace} askDelete={askDelete} />
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Modal opened={dialog?.kind === 'delete'} onClose={close} title={dialog ? `Delete ${dialog.picture.path}?` : ''}>
        {dialog?.kind === 'delete' && (
          <Stack gap="sm">
            {dialog.picture.uses.length + dialog.picture.code.length > 0 ? (
              <Text size="sm">It is still used in {places(dialog.picture.uses.length + dialog.picture.code.length)}: the studio will refuse. Replace it there first, or replace it everywhere at once.</Text>
            ) : (
              <Text size="sm">Nothing names it. public{dialog.picture.path} is deleted from the disk (git can bring it back if it was committed).</Text>
            )}
            {refused && <Refused failure={refused} open={open} />}
            <Group justify="end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button color="red" loading={busy} onClick={() => void remove(dialog.picture)}>Delete the file</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={dialog?.kind === 'replace'} onClose={() => dialog?.kind === 'replace' && void cancelReplace(dialog)} title={dialog ? `Replace ${dialog.picture.path} everywhere` : ''} size="lg">
        {dialog?.kind === 'replace' && (
          <Stack gap="sm">
            <Group wrap="nowrap" align="start">
              <Image src={dialog.uploaded.src} alt="" w={160} fit="contain" />
              <Text size="sm">
                The new picture is stored as public{dialog.uploaded.src} ({dialog.uploaded.width} × {dialog.uploaded.height} px). It takes the place of {dialog.picture.path} in {places(dialog.picture.uses.length)}.
              </Text>
            </Group>
            {Object.keys(dialog.alts).length > 0 && (
              <>
                <Text size="sm" fw={600}>Does each alt text still say what the new picture shows? Change any that does not.</Text>
                {dialog.picture.uses.filter((u) => u.alt !== undefined).map((u) => {
                  const key = `${u.file} ${altOf(u)}`;
                  return (
                    <TextInput
                      key={key}
                      label={`${u.field.replace(/ › Src$/, '')} (${u.file}:${u.line})`}
                      description={`Alt text now: "${u.alt}"`}
                      value={dialog.alts[key]}
                      onChange={(e) => setDialog({ ...dialog, alts: { ...dialog.alts, [key]: e.currentTarget.value } })}
                    />
                  );
                })}
              </>
            )}
            {refused && <Refused failure={refused} open={open} />}
            <Group justify="end">
              <Button variant="default" onClick={() => void cancelReplace(dialog)}>Cancel</Button>
              <Button loading={busy} onClick={() => void replace(dialog)}>Replace in {places(dialog.picture.uses.length)}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}

/**
 * The list's rows, drawn again only when the list or the filter changes: opening a dialog, or typing in
 * one, does not redraw a row (on a busy machine, redrawing every row held each keystroke and the
 * dialog's opening for seconds).
 */
const PictureRows = memo(function PictureRows({ shown, open, startReplace, askDelete }: {
  shown: StudioPicture[];
  open(link: { file: string; path: string }): void;
  startReplace(picture: StudioPicture, file: File | null): Promise<unknown>;
  askDelete(picture: StudioPicture): void;
}) {
  return (
    <>
      {shown.map((p) => (
        <Table.Tr key={p.path} data-picture={p.path}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Image src={p.path} alt="" w={56} h={42} fit="contain" loading="lazy" />
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{p.path}</Text>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{size(p.bytes)}</Text>
            {p.width && <Text size="xs" c="dimmed">{p.width} × {p.height} px</Text>}
          </Table.Td>
          <Table.Td>
            {p.uses.length + p.code.length === 0 && <Text size="sm" c="dimmed">Not used</Text>}
            <Stack gap={2}>
              {p.uses.map((u) => (
                <UnstyledButton key={`${u.file}:${u.path}`} onClick={() => open(u)} fz="sm" title="Open the document at this field">
                  <Text span fz="sm" td="underline">{u.file}:{u.line}</Text> <Text span fz="xs" c="dimmed">{u.field}</Text>
                </UnstyledButton>
              ))}
              {p.code.map((c) => (
                <Text key={c} fz="sm">{c} <Text span fz="xs" c="dimmed">(the site's code)</Text></Text>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              {p.uses.length > 0 && (
                <FileButton onChange={(f) => void startReplace(p, f)} accept={ACCEPT}>
                  {(button) => <Button {...button} size="compact-xs" variant="light" aria-label={`Replace ${p.path} everywhere`}>Replace…</Button>}
                </FileButton>
              )}
              <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete ${p.path}`} onClick={() => askDelete(p)}>
                Delete…
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
});

/** Why the server refused, with the places or problems in the way (each opens its document at its field). */
function Refused({ failure, open }: { failure: Failure; open(link: { file: string; path: string }): void }) {
  const where = [...(failure.links ?? []), ...(failure.problems ?? [])];
  return (
    <Alert color="red" title="Not done">
      <Text size="sm">{failure.error}</Text>
      {where.length > 0 && (
        <List size="sm" spacing={2} mt={4}>
          {where.map((w) => (
            <List.Item key={`${w.file}:${w.line}:${w.path}`}>
              <UnstyledButton onClick={() => open(w)} fz="sm" td="underline">{w.file}:{w.line}</UnstyledButton> {w.field}
              {'message' in w ? `: ${w.message}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
