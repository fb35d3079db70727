// The studio server's People view (admins): everyone with an account and their role, an invitation by
// e-mail address (a one-time link shown here, for the admin to pass on: no mail server), a new link for
// someone who lost their way in, a role changed and a person removed (their sessions end at once).
import { Alert, Button, Code, CopyButton, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ViewProps } from '../Studio';
import { server } from './api';
import { nairobi, useMe } from './session';

interface PersonRow {
  id: string;
  email: string;
  name: string;
  role: string;
  password: boolean;
  passkeys: number;
  created: string;
}

const ROLE_CHOICES = [
  { value: 'author', label: 'Author: edits and saves drafts' },
  { value: 'publisher', label: 'Publisher: also publishes' },
  { value: 'admin', label: 'Admin: also manages people' },
];

export function PeopleView({ active }: ViewProps) {
  const me = useMe();
  const [people, setPeople] = useState<PersonRow[]>();
  const [message, setMessage] = useState<{ text: string; error?: boolean; link?: string }>();
  const [role, setRole] = useState('author');
  const load = useCallback(async () => {
    const a = await server.get<PersonRow[]>('people');
    if (a.ok) setPeople(a.value);
    else setMessage({ text: a.value.error ?? 'Could not list people', error: true });
  }, []);
  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const a = await server.post<{ link: string; person: PersonRow }>('people/invite', { email: data.get('email'), name: data.get('name'), role });
    if (!a.ok) return setMessage({ text: a.value.error ?? 'Not invited', error: true });
    form.reset();
    setMessage({ text: `${a.value.person.email} is invited as ${a.value.person.role}. Give them this one-time link (valid 7 days); it sets up their password or passkey:`, link: a.value.link });
    void load();
  };
  const act = async (what: string, body: object, done: string) => {
    const a = await server.post<{ people?: PersonRow[]; link?: string }>(what, body);
    if (!a.ok) return setMessage({ text: a.value.error ?? 'Not done', error: true });
    if (a.value.people) setPeople(a.value.people);
    setMessage({ text: done, ...(a.value.link && { link: a.value.link }) });
  };

  return (
    <Stack p="md" gap="md" maw={1100} component="main">
      <Title order={2}>People</Title>
      <Stack component="form" onSubmit={invite} gap="xs" maw={520} aria-label="Invite someone">
        <Title order={3} size="h4">Invite someone</Title>
        <TextInput label="Email" name="email" type="email" required />
        <TextInput label="Name" name="name" maxLength={100} description="As their changes are signed in the history; they can change it when they set up their sign-in." />
        <Select label="Role" data={ROLE_CHOICES} value={role} onChange={(v) => v && setRole(v)} allowDeselect={false} />
        <Group><Button type="submit">Invite</Button></Group>
      </Stack>
      {message && (
        <Alert color={message.error ? 'red' : 'teal'} role={message.error ? 'alert' : 'status'}>
          <Text size="sm">{message.text}</Text>
          {message.link && (
            <Group gap="xs" mt="xs" wrap="nowrap">
              <Code data-testid="one-time-link" style={{ wordBreak: 'break-all' }}>{message.link}</Code>
              <CopyButton value={message.link}>{({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            </Group>
          )}
        </Alert>
      )}
      <Table striped aria-label="People">
        <Table.Thead>
          <Table.Tr><Table.Th>Email</Table.Th><Table.Th>Name</Table.Th><Table.Th>Role</Table.Th><Table.Th>Signs in with</Table.Th><Table.Th>Since</Table.Th><Table.Th /></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(people ?? []).map((p) => (
            <Table.Tr key={p.id} data-person={p.email}>
              <Table.Td>{p.email}</Table.Td>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Role of ${p.email}`}
                  size="xs"
                  data={ROLE_CHOICES.map((r) => ({ value: r.value, label: r.value }))}
                  value={p.role}
                  allowDeselect={false}
                  disabled={p.id === me?.person.id}
                  onChange={(v) => v && v !== p.role && void act('people/role', { id: p.id, role: v }, `${p.email} is now ${v}; their sessions have ended, and they sign in again.`)}
                />
              </Table.Td>
              <Table.Td>{[p.password && 'password', p.passkeys > 0 && `${p.passkeys} passkey${p.passkeys === 1 ? '' : 's'}`].filter(Boolean).join(', ') || 'not set up yet'}</Table.Td>
              <Table.Td>{nairobi(p.created)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => void act('people/link', { id: p.id }, `A new one-time link for ${p.email} (their earlier links stop working):`)}>New link</Button>
                  {p.id !== me?.person.id && (
                    <Button size="xs" color="red" variant="light" onClick={() => window.confirm(`Remove ${p.email}? Their sessions end now; their unpublished draft stays listed.`) && void act('people/remove', { id: p.id }, `${p.email} is removed, and signed out.`)}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
