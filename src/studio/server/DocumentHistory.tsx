// A document's history (issue 39, item 6), under the studio server: each save that changed it, on the
// site and in the person's draft, with who, when, and each field before and after; any version can be
// restored, as a new save in the person's draft.
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { server } from './api';
import { nairobi, shown } from './session';

interface Version {
  commit: string;
  who: string;
  when: string;
  subject: string;
  published: boolean;
  deleted: boolean;
  fields: { path: string; label: string; before?: unknown; after?: unknown }[];
}

export function DocumentHistory({ file, opened, close, restored }: { file: string; opened: boolean; close(): void; restored(text: string): void }) {
  const [versions, setVersions] = useState<Version[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!opened) return;
    setVersions(undefined);
    setError(undefined);
    void server.get<{ versions: Version[] }>(`history?file=${encodeURIComponent(file)}`).then((a) => (a.ok ? setVersions(a.value.versions) : setError(a.value.error)));
  }, [opened, file]);
  const restore = async (v: Version) => {
    const a = await server.post<{ commit?: string }>('restore', { file, commit: v.commit });
    if (!a.ok) return setError([a.value.error, ...(a.value.problems ?? []).map((p) => p.text)].join('\n'));
    close();
    restored(a.value.commit ? `Restored the version of ${nairobi(v.when)} (${v.who}) as a new save in your draft.` : 'That version is the one you have: nothing to restore.');
  };
  return (
    <Modal opened={opened} onClose={close} title={`History of pages-data/${file}`} size="xl">
      {error && <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{error}</Alert>}
      {!versions && !error && <Loader aria-label="Loading the history" />}
      <Stack gap="md">
        {versions?.map((v, i) => (
          <Stack key={v.commit} gap={4} component="section" aria-label={`Version of ${nairobi(v.when)}`}>
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Text fw={600} size="sm">{nairobi(v.when)}, {v.who}</Text>
                <Badge variant="light" color={v.published ? 'teal' : 'gray'}>{v.published ? 'on the site' : 'in your draft'}</Badge>
              </Group>
              {i > 0 && !v.deleted && <Button size="xs" variant="default" onClick={() => void restore(v)}>Restore this version</Button>}
            </Group>
            <Text size="sm" c="dimmed">{v.subject}</Text>
            {v.fields.length > 0 && (
              <Table fz="xs">
                <Table.Tbody>
                  {v.fields.map((f) => (
                    <Table.Tr key={f.path}>
                      <Table.Td>{f.label}</Table.Td>
                      <Table.Td>{shown(f.before)}</Table.Td>
                      <Table.Td>→ {shown(f.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
