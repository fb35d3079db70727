// The studio server's sign-in page (/__studio/sign-in) and the page a one-time link opens
// (/__studio/setup?token=…), where a person sets a password or makes a passkey.
import '@mantine/core/styles.css';
import { Alert, Button, Container, Divider, MantineProvider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../../ui/theme';
import { makePasskey, server, signInWithPasskey } from '../server/api';

const params = new URLSearchParams(location.search);
/** Where to go once signed in: a page of the studio only. */
const next = () => {
  const wanted = params.get('next') ?? '';
  return wanted.startsWith('/__studio') && !wanted.startsWith('//') ? wanted : '/__studio';
};

function SignIn() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    const answer = await server.post('sign-in', { email: form.get('email'), password: form.get('password') });
    setBusy(false);
    if (answer.ok) location.assign(next());
    else setError(answer.value.error);
  };
  const passkey = async () => {
    setError(undefined);
    const answer = await signInWithPasskey();
    if (answer.ok) location.assign(next());
    else setError(answer.value.error);
  };
  return (
    <Stack component="form" onSubmit={submit} gap="md">
      <Title order={1} size="h2">Sign in to the studio</Title>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <TextInput label="Email" name="email" type="email" autoComplete="username webauthn" required />
      <PasswordInput label="Password" name="password" autoComplete="current-password" required />
      <Button type="submit" loading={busy}>Sign in</Button>
      <Divider label="or" />
      <Button variant="default" onClick={() => void passkey()}>Sign in with a passkey</Button>
      <Text size="sm" c="dimmed">No account, or lost your way in? An admin of the studio gives you a one-time link.</Text>
    </Stack>
  );
}

function Setup() {
  const token = params.get('token') ?? '';
  const [invite, setInvite] = useState<{ email: string; name: string }>();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void server.get<{ email: string; name: string }>(`setup?token=${encodeURIComponent(token)}`).then((a) => {
      if (a.ok) {
        setInvite(a.value);
        setName(a.value.name);
      } else setError(a.value.error);
    });
  }, [token]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const answer = await server.post('setup', { token, name, password: new FormData(e.currentTarget as HTMLFormElement).get('password') });
    setBusy(false);
    if (answer.ok) location.assign('/__studio');
    else setError(answer.value.error);
  };
  const passkey = async () => {
    setError(undefined);
    const answer = await makePasskey({ token, name });
    if (answer.ok) location.assign('/__studio');
    else setError(answer.value.error);
  };
  if (!invite) return error ? <Alert color="red" role="alert" title="This link does not work">{error}</Alert> : null;
  return (
    <Stack component="form" onSubmit={submit} gap="md">
      <Title order={1} size="h2">Set up your sign-in</Title>
      <Text>For {invite.email}. Choose a password, or make a passkey (your phone or computer's lock, no password to remember).</Text>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <TextInput label="Your name" description="Shown beside every change you save, in the site's history." value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} autoComplete="name" />
      <PasswordInput label="Password" name="password" description="At least 10 characters, and not one of the common passwords." autoComplete="new-password" required minLength={10} />
      <Button type="submit" loading={busy}>Set password</Button>
      <Divider label="or" />
      <Button variant="default" onClick={() => void passkey()} disabled={!name.trim()}>Make a passkey instead</Button>
    </Stack>
  );
}

createRoot(document.getElementById('studio')!).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Container size={420} py={60} component="main">
      {location.pathname.endsWith('/setup') ? <Setup /> : <SignIn />}
    </Container>
  </MantineProvider>,
);
