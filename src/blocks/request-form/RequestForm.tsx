import { Button, Card, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import site from 'virtual:site';
import { tellDelivery } from '../../dialogs';
import { CATALOGUE_FIELDS, CatalogueFieldInputs } from '../../dialogs/fields';
import { formValues } from '../../dialogs/form';
import { deliver } from '../../lib/deliver';
import { catalogueMail } from '../../lib/mail';
import { plainForm } from '../../lib/plain-form';
import { usePrefill } from '../../quote-list/prefill';
import { QuoteRequest } from '../../quote-list/QuoteRequest';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

/** The quote request with the buyer's quote list, or the catalogue request, on a page of its own (D19). */
export function RequestForm({ block }: BlockComponentProps<'request-form'>) {
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {block.form === 'quote' ? <QuoteRequest /> : <CatalogueRequest />}
    </Section>
  );
}

const catalogueNoScripts = plainForm(site.features.formEndpoint, catalogueMail(site.mailboxes.catalogue, { name: '', email: '', interest: '', notes: '' }));

/** The Product Catalogue Request form: its Interest filled in from the address (?interest=, from a catalogue button). */
function CatalogueRequest() {
  const values = usePrefill(['interest']);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = formValues(form, CATALOGUE_FIELDS);
    const mail = catalogueMail(site.mailboxes.catalogue, fields);
    setSending(true);
    const result = await deliver(site.features.formEndpoint, fields, mail);
    setSending(false);
    tellDelivery(result, mail, { title: 'Catalogue request sent', message: `We'll reply within ${site.replyTime}.` });
    if (result.outcome === 'sent' || result.outcome === 'held') form.reset();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="form" {...catalogueNoScripts.attributes} onSubmit={submit} aria-label="Product Catalogue Request" className="request-form">
      {catalogueNoScripts.hidden}
      <Stack gap="sm">
        <CatalogueFieldInputs values={values} />
        <Group gap="sm">
          <Button type="submit" loading={sending}>
            Request Catalogue
          </Button>
          <Button type="reset" variant="default">
            Clear form
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
