import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { Failure } from '../lib/deliver';
import type { Mail } from '../lib/mail';
import { NotSentAlert } from './notices';

/** A dialog's form (quote, catalogue): its fields, why it was not sent if it failed, Cancel and the send button. */
export function DialogForm({ submit, sending, failed, close, label, children }: {
  submit: (e: FormEvent<HTMLFormElement>) => void;
  sending: boolean;
  failed: { mail: Mail; reason: Failure } | undefined;
  close: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {children}
        {failed && <NotSentAlert {...failed} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button type="submit" loading={sending}>{label}</Button>
        </Group>
      </Stack>
    </form>
  );
}
