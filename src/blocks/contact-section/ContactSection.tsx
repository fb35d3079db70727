import { Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import site from 'virtual:site';
import type { BlockOf } from '../../../schemas/blocks';
import { tellDelivery } from '../../dialogs';
import { formValues } from '../../dialogs/form';
import { deliver } from '../../lib/deliver';
import { contactMail, telUrl, whatsappUrl } from '../../lib/mail';
import { plainForm } from '../../lib/plain-form';
import { external } from '../../ui/actions';
import { BusinessHours } from '../../ui/BusinessHours';
import { MapEmbed } from '../../ui/MapEmbed';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

type ContactBlock = BlockOf<'contact-section'>;
const FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const;
const noScripts = plainForm(site.features.formEndpoint, contactMail(site.mailboxes.contact, { name: '', email: '', phone: '', company: '', message: '' }));

export function ContactSection({ block }: BlockComponentProps<'contact-section'>) {
  const a = site.address;
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <div className="contact-details">
          <Detail icon={<IconMapPin size={22} />} title="Office">
            <address>
              {a.building}, {a.street}, {a.area}
              <br />
              {a.city} {a.postalCode}, Kenya
            </address>
          </Detail>
          <Detail icon={<IconPhone size={22} />} title="Phone">
            {site.phones.map((p) => (
              <a key={p} href={telUrl(p)} className="mantine-focus-auto link contact-phone">
                {p}
              </a>
            ))}
          </Detail>
          <Detail icon={<IconMail size={22} />} title="Email">
            <a href={`mailto:${site.mailboxes.contact}`} className="mantine-focus-auto link">
              {site.mailboxes.contact}
            </a>
          </Detail>
          <Detail icon={<IconClock size={22} />} title="Business hours">
            <BusinessHours />
            <p className="contact-reply">We reply within {site.replyTime}.</p>
          </Detail>
          {block.showChatButtons && (
            <div className="actions">
              <Button component="a" href={whatsappUrl(site.whatsapp)} {...external} color="teal.9" leftSection={<IconBrandWhatsapp size={20} aria-hidden />}>
                WhatsApp
              </Button>
              <Button component="a" href={telUrl(site.phones[0]!)} variant="outline" leftSection={<IconPhone size={20} aria-hidden />}>
                Call Now
              </Button>
            </div>
          )}
        </div>
        <ContactForm block={block} />
      </ResponsiveGrid>
      {block.showMap && <MapEmbed />}
    </Section>
  );
}

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="contact-detail">
      <span className="icon-tile" aria-hidden>
        {icon}
      </span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </div>
  );
}

function ContactForm({ block }: { block: ContactBlock }) {
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = formValues(form, FIELDS);
    const mail = contactMail(site.mailboxes.contact, fields);
    setSending(true);
    const result = await deliver(site.features.formEndpoint, fields, mail);
    setSending(false);
    tellDelivery(result, mail, block.successToast);
    // D6: the fields are kept until the message has reached the endpoint (or is kept on the device to
    // be sent once online: D19), or the visitor clears them.
    if (result.outcome === 'sent' || result.outcome === 'held') form.reset();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="form" {...noScripts.attributes} onSubmit={submit} aria-label="Send us a message">
      {noScripts.hidden}
      <Title order={3} mb="md">
        Send us a message
      </Title>
      <Stack gap="sm">
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput name="name" type="text" label="Full Name" autoComplete="name" required />
          <TextInput name="email" type="email" label="Email Address" autoComplete="email" required />
          <TextInput name="phone" type="tel" label="Phone Number" autoComplete="tel" />
          <TextInput name="company" type="text" label="Company/Institution" autoComplete="organization" />
        </ResponsiveGrid>
        <Textarea name="message" label="Message" required rows={block.messageRows} />
        <Group gap="sm">
          <Button type="submit" loading={sending} size="md">
            Send Message
          </Button>
          <Button type="reset" variant="default" size="md">
            Clear form
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
