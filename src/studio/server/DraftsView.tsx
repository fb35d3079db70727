// The studio server's Drafts view: every person's draft, with its saves and what it changes (files and
// fields, before and after), its schedule and its history; Publish and Schedule for publishers (with the
// fields both the draft and the site changed, to choose between, when the site moved); when the last
// publish is live; and the recent publishes, each of which can be undone.
import { Alert, Badge, Button, Card, Group, List, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ViewProps } from '../Studio';
import { server } from './api';
import { nairobi, shown, useMe } from './session';

interface Field {
  path: string;
  label: string;
  before?: unknown;
  after?: unknown;
}
interface Draft {
  owner: string;
  name: string;
  email: string;
  commits: { hash: string; author: string; when: string; subject: string }[];
  files: { file: string; alsoOnSite: boolean; fields: Field[] }[];
  schedule?: { at: string; zone: string };
  failure?: { at: string; reason: string };
  events: { at: string; what: string }[];
}
interface Published {
  id: string;
  owner: string;
  by: string;
  at: string;
  after: string;
  files: string[];
  scheduled?: boolean;
  undone?: string;
}
interface Live {
  how: 'self-hosted' | 'host' | 'none';
  published?: string;
  live?: string;
  since?: string;
  building?: string;
  error?: string;
}
interface Conflict {
  file: string;
  path: string;
  label: string;
  ours?: unknown;
  theirs?: unknown;
}
type Outcome =
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string; problems?: { text: string; message: string }[] }
  | { kind: 'conflicts'; owner: string; conflicts: Conflict[]; choices: Record<string, 'ours' | 'theirs'> };

const key = (c: Conflict) => `${c.file}\u0000${c.path}`;

export function DraftsView({ active, openDocument }: ViewProps) {
  const me = useMe();
  const [drafts, setDrafts] = useState<Draft[]>();
  const [publishes, setPublishes] = useState<Published[]>([]);
  const [live, setLive] = useState<Live>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState<string>();
  const [when, setWhen] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const a = await server.get<{ drafts: Draft[]; publishes: Published[]; live: Live }>('drafts');
    if (!a.ok) return setOutcome({ kind: 'error', text: a.value.error ?? 'Could not list the drafts' });
    setDrafts(a.value.drafts);
    setPublishes(a.value.publishes);
    setLive(a.value.live);
  }, []);
  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  // Until the last publish is live, the studio asks every few seconds.
  const waiting = live && live.how !== 'none' && live.published && !live.since && !live.error;
  useEffect(() => {
    if (!active || !waiting) return;
    const timer = setInterval(() => void server.get<Live>('live').then((a) => a.ok && setLive(a.value)), 2000);
    return () => clearInterval(timer);
  }, [active, waiting]);

  const publish = async (owner: string, choices: Conflict[] = [], chosen: Record<string, 'ours' | 'theirs'> = {}) => {
    setBusy(owner);
    setOutcome(undefined);
    const byFile: Record<string, Record<string, 'ours' | 'theirs'>> = {};
    for (const c of choices) (byFile[c.file] ??= {})[c.path] = chosen[key(c)]!;
    const a = await server.post<{ outcome: string; commit?: string; conflicts?: Conflict[]; notice?: string }>('publish', { owner, choices: byFile });
    setBusy(undefined);
    if (!a.ok) setOutcome({ kind: 'error', text: a.value.error ?? 'Not published', ...(a.value.problems && { problems: a.value.problems }) });
    else if (a.value.outcome === 'conflicts') {
      const conflicts = a.value.conflicts ?? [];
      setOutcome({ kind: 'conflicts', owner, conflicts, choices: Object.fromEntries(conflicts.map((c) => [key(c), chosen[key(c)] ?? 'ours'])) });
      return;
    } else setOutcome({ kind: 'done', text: `Published (${a.value.commit!.slice(0, 7)}).${a.value.notice ? ` ${a.value.notice}` : ''}` });
    void load();
  };
  const schedule = async (owner: string) => {
    const at = when[owner];
    if (!at) return setOutcome({ kind: 'error', text: 'Choose a date and time first.' });
    const a = await server.post<{ schedule: { at: string } }>('schedule', { owner, at });
    setOutcome(a.ok ? { kind: 'done', text: `Scheduled to publish on ${nairobi(a.value.schedule.at)} (Nairobi time).` } : { kind: 'error', text: a.value.error ?? 'Not scheduled' });
    void load();
  };
  const unschedule = async (owner: string) => {
    const a = await server.post('unschedule', { owner });
    setOutcome(a.ok ? { kind: 'done', text: 'The schedule is cancelled; the draft stays.' } : { kind: 'error', text: a.value.error ?? 'Not cancelled' });
    void load();
  };
  const undo = async (p: Published) => {
    if (!window.confirm(`Undo the publish of ${nairobi(p.at)}? Its changes are taken back in your draft, which you then publish.`)) return;
    const a = await server.post<{ commit?: string }>('undo-publish', { id: p.id });
    setOutcome(a.ok ? { kind: 'done', text: 'The publish is undone in your draft: publish your draft to take it off the site.' } : { kind: 'error', text: a.value.error ?? 'Not undone', ...(a.value.problems && { problems: a.value.problems }) });
    void load();
  };

  const canPublish = me?.may.publish === true;
  return (
    <Stack p="md" gap="md" maw={1100} component="main">
      <Group justify="space-between">
        <Title order={2}>Drafts</Title>
        <Button variant="default" size="xs" onClick={() => void load()}>Refresh</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each person's saves collect in their draft until a publisher publishes it to the site ({me?.site.remote}/{me?.site.branch}).{canPublish ? '' : ' Your role saves drafts; a publisher publishes them.'}
      </Text>
      <LiveNote live={live} />
      {outcome?.kind === 'done' && <Alert color="teal" role="status">{outcome.text}</Alert>}
      {outcome?.kind === 'error' && (
        <Alert color="red" role="alert" title={outcome.text}>
          {outcome.problems && (
            <List size="sm">
              {outcome.problems.map((p) => <List.Item key={p.text}><Text ff="monospace" fz="xs">{p.text}</Text></List.Item>)}
            </List>
          )}
        </Alert>
      )}
      {outcome?.kind === 'conflicts' && (
        <Alert color="orange" title="The site changed some of the same fields since this draft began: choose which value each keeps" role="alert">
          <Stack gap="sm">
            {outcome.conflicts.map((c) => (
              <Radio.Group
                key={key(c)}
                label={`${c.label} (${c.file})`}
                value={outcome.choices[key(c)]}
                onChange={(v) => setOutcome({ ...outcome, choices: { ...outcome.choices, [key(c)]: v as 'ours' | 'theirs' } })}
              >
                <Stack gap={4} mt={4}>
                  <Radio value="ours" label={`The draft's: ${shown(c.ours)}`} />
                  <Radio value="theirs" label={`The site's: ${shown(c.theirs)}`} />
                </Stack>
              </Radio.Group>
            ))}
            <Group>
              <Button loading={busy === outcome.owner} onClick={() => void publish(outcome.owner, outcome.conflicts, outcome.choices)}>Publish with these choices</Button>
              <Button variant="default" onClick={() => setOutcome(undefined)}>Cancel</Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {drafts?.length === 0 && <Text>No drafts: nothing is waiting to be published.</Text>}
      {(drafts ?? []).map((d) => (
        <Card key={d.owner} withBorder component="section" aria-label={`${d.name}'s draft`} data-draft={d.email}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h4">{d.owner === me?.person.id ? 'Your draft' : `${d.name}'s draft`}</Title>
              <Text size="sm" c="dimmed">{d.commits.length} save{d.commits.length === 1 ? '' : 's'}{d.commits[0] ? `, the last on ${nairobi(d.commits[0].when)}` : ''}</Text>
            </Group>
            {d.failure && <Alert color="red" title={`The scheduled publish failed (${nairobi(d.failure.at)}); the draft is as it was`}><Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{d.failure.reason}</Text></Alert>}
            {d.schedule && <Badge color="blue" variant="light" size="lg">Publishes on {nairobi(d.schedule.at)} (Nairobi time)</Badge>}
            <Table aria-label="What it changes">
              <Table.Thead><Table.Tr><Table.Th>File</Table.Th><Table.Th>Field</Table.Th><Table.Th>Before</Table.Th><Table.Th>After</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {d.files.flatMap((f) =>
                  (f.fields.length > 0 ? f.fields : [undefined]).map((field, i) => (
                    <Table.Tr key={`${f.file} ${field?.path ?? ''}`}>
                      <Table.Td>{i === 0 && (f.file.startsWith('pages-data/') && d.owner === me?.person.id ? <Button variant="subtle" size="compact-sm" onClick={() => openDocument(f.file.slice('pages-data/'.length), field?.path ?? '')}>{f.file}</Button> : f.file)}{i === 0 && f.alsoOnSite && <Badge ml={6} color="orange" variant="light">changed on the site too</Badge>}</Table.Td>
                      <Table.Td>{field?.label ?? (f.file.startsWith('public/') ? 'picture file' : 'the whole file')}</Table.Td>
                      <Table.Td>{field && shown(field.before)}</Table.Td>
                      <Table.Td>{field && shown(field.after)}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
            {canPublish && d.commits.length > 0 && (
              <Group gap="xs" align="end">
                <Button loading={busy === d.owner} onClick={() => void publish(d.owner)}>Publish</Button>
                <TextInput
                  type="datetime-local"
                  label="Publish at (Nairobi time)"
                  step={1}
                  value={when[d.owner] ?? ''}
                  onChange={(e) => setWhen({ ...when, [d.owner]: e.currentTarget.value })}
                />
                <Button variant="default" onClick={() => void schedule(d.owner)}>Schedule</Button>
                {d.schedule && <Button variant="subtle" onClick={() => void unschedule(d.owner)}>Cancel the schedule</Button>}
              </Group>
            )}
            {d.events.length > 0 && (
              <details>
                <summary>History of this draft</summary>
                <List size="sm">{d.events.slice().reverse().map((e) => <List.Item key={e.at + e.what}>{nairobi(e.at)}: {e.what}</List.Item>)}</List>
              </details>
            )}
          </Stack>
        </Card>
      ))}
      {publishes.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Recent publishes">
          <Title order={3} size="h4">Recent publishes</Title>
          <Table>
            <Table.Tbody>
              {publishes.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{nairobi(p.at)}</Table.Td>
                  <Table.Td>{p.owner}'s draft, {p.scheduled ? 'as scheduled' : `by ${p.by}`}</Table.Td>
                  <Table.Td>{p.files.join(', ')}</Table.Td>
                  <Table.Td>{p.undone ? `undone ${nairobi(p.undone)}` : <Button size="xs" variant="default" onClick={() => void undo(p)}>Undo</Button>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

function LiveNote({ live }: { live: Live | undefined }) {
  if (!live?.published) return null;
  const commit = live.published.slice(0, 7);
  const error = live.error && <Alert color="red" role="alert" title={live.since ? 'Something went wrong after the switch' : 'The site is not up to date'}>{live.error}</Alert>;
  if (live.since) return <>{error}<Alert color="teal" role="status">The last publish ({commit}) is live on the site since {nairobi(live.since)}.</Alert></>;
  if (error) return error;
  if (live.how === 'none') return <Text size="sm" c="dimmed">Published to the remote. The studio is not told when the site is rebuilt from it (the deployer's STUDIO_SITE_URL or STUDIO_SITE_DIR).</Text>;
  return (
    <Alert color="blue" role="status">
      The last publish ({commit}) is not live yet: {live.how === 'self-hosted' ? (live.building ? 'the site is being built…' : 'waiting to be built…') : 'waiting for the host to build it…'}
    </Alert>
  );
}
