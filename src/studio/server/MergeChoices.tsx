// Two people on one page (issue 39, item 5): a save refused because someone saved a newer version since
// the page was opened. Each field where their version and the editor's differ shows both values; the
// author chooses, and saves the result (which then counts their version as seen).
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SaveConflict } from '../api';
import { equal, getAt, type Json } from '../schema';
import { nairobi, shown } from './session';

export function MergeChoices({ conflict, value, message, merge, cancel }: { conflict: SaveConflict; value: Json; message: string; merge(paths: { path: string; theirs: unknown }[]): void; cancel(): void }) {
  const differing = conflict.fields.filter((f) => !equal(getAt(value, f.path), f.after));
  // A field the author did not change takes theirs; one the author changed keeps the author's until they choose.
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>(() =>
    Object.fromEntries(differing.map((f) => [f.path, equal(getAt(value, f.path), f.before) ? 'theirs' : 'mine'])),
  );
  return (
    <Alert color="orange" title={`${conflict.who} saved a newer version${conflict.when ? ` (${nairobi(conflict.when)})` : ''}`} role="alert" data-merge>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {differing.length === 0 && <Text size="sm">Their changes are the same as yours: save again to keep them.</Text>}
        {differing.map((f) => (
          <Radio.Group key={f.path} label={f.label} value={choice[f.path]} onChange={(v) => setChoice({ ...choice, [f.path]: v as 'mine' | 'theirs' })}>
            <Stack gap={4} mt={4}>
              <Radio value="mine" label={`Yours: ${shown(getAt(value, f.path))}`} />
              <Radio value="theirs" label={`${conflict.who === 'You' ? 'The other version' : `${conflict.who}'s`}: ${shown(f.after)}`} />
            </Stack>
          </Radio.Group>
        ))}
        <Group gap="xs">
          <Button onClick={() => merge(differing.filter((f) => choice[f.path] === 'theirs').map((f) => ({ path: f.path, theirs: f.after })))}>Save with these choices</Button>
          <Button variant="default" onClick={cancel}>Not now</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
