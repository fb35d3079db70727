// A picture field (x-reference "picture"): every picture under public/ to choose from (asked for again
// as the list opens, so a file just copied there is offered), what is wrong with a typed path (said as
// validate says it), and a picture from the author's computer, chosen or dropped on the field: the dev
// server stores it ready to publish (src/node/studio/pictures.ts) and the field takes its path. When
// the picture changes (an upload, another one from the list), the alt text beside it is asked for
// there and then: the old picture's words may not fit the new one.
import { Alert, Autocomplete, Box, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { picturePathProblem } from '../../schemas/primitives';
import { api } from './api';
import { type FieldProps, inputProps, useForm } from './SchemaForm';

/** What the file chooser offers: the types the dev server takes (HEIC is converted). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

export function PictureField(props: FieldProps) {
  const { path, value, required, label } = props;
  const { change, options, problems, refreshOptions, document, notify, read } = useForm();
  const [busy, setBusy] = useState<string>();
  /** The alt text asked for after the picture changed: what it said before, and what it says now. */
  const [asking, setAsking] = useState<{ before: string; text: string; n: number }>();
  const [failed, setFailed] = useState<string>();
  const [over, setOver] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const common = inputProps(props, problems);
  // Validate's word once it has checked; until then the same words from here, as the author types.
  const local = text === '' ? undefined : picturePathProblem(text);
  const altPath = path.endsWith('.src') ? `${path.slice(0, -'.src'.length)}.alt` : undefined;
  /** The picture is another one now: ask for its alt text, showing the one it had. */
  const ask = () => {
    if (!altPath) return;
    const before = read(altPath);
    const said = typeof before === 'string' ? before : '';
    // A new prompt each time (its key), which takes the focus as it shows.
    setAsking((a) => ({ before: said, text: said, n: (a?.n ?? 0) + 1 }));
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(file.name);
    setFailed(undefined);
    const answer = await api.upload(file, document);
    setBusy(undefined);
    if (!answer.ok) return setFailed(`${file.name} was not added: ${answer.error}`);
    const { src, width, height, converted } = answer.value;
    change(path, src);
    refreshOptions();
    notify(`${file.name} is stored as public${src} (${width} × ${height} px${converted ? `, converted ${converted}` : ''}, upright, without its metadata).${altPath ? ' Now say what it shows: its alt text.' : ''}`);
    ask();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files[0] ?? null);
  };

  return (
    <Box
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-drop={path}
      style={{ outline: over ? '2px dashed var(--mantine-color-blue-6)' : undefined, outlineOffset: 4, borderRadius: 4 }}
    >
      <Autocomplete
        {...common}
        error={common.error ?? (local && `"${text}" ${local}`)}
        withAsterisk={required}
        value={text}
        onChange={(next) => change(path, next === '' && !required ? undefined : next, true)}
        onDropdownOpen={refreshOptions}
        onOptionSubmit={(chosen) => chosen !== text && ask()}
        data={options.picture}
        limit={Infinity}
        maxDropdownHeight={320}
      />
      <Group gap="xs" mt={6}>
        <FileButton onChange={(f) => void upload(f)} accept={ACCEPT}>
          {(button) => (
            <Button {...button} size="compact-xs" variant="light" loading={busy !== undefined} aria-label={`Upload a picture for ${label}`}>
              Upload a picture…
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">{busy ? `Adding ${busy}…` : 'or drop one on this field: JPEG, PNG, WebP, AVIF or an iPhone\'s HEIC'}</Text>
      </Group>
      {failed && <Text size="xs" c="red" role="alert" mt={4}>{failed}</Text>}
      {asking && altPath && (
        <Alert key={asking.n} mt="xs" color="yellow" title={asking.before ? 'The picture changed: does its alt text still fit?' : 'Say what the new picture shows'} data-alt-prompt={path}>
          <Stack gap={6}>
            {asking.before && <Text size="sm">Its alt text says: "{asking.before}"</Text>}
            <TextInput
              label="Alt text"
              description="What the picture shows, for people who cannot see it. Empty only for pure decoration."
              value={asking.text}
              data-alt-for={path}
              autoFocus
              onChange={(e) => {
                const next = e.currentTarget.value;
                setAsking({ ...asking, text: next });
                change(altPath, next, true);
              }}
              onKeyDown={(e) => e.key === 'Enter' && setAsking(undefined)}
            />
            <Group gap="xs">
              <Button size="compact-sm" onClick={() => setAsking(undefined)}>
                {asking.text === asking.before && asking.before ? 'It still fits' : 'Done'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Box>
  );
}
