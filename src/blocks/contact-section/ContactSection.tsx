import { Anchor, Button, Card, Group, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import site from 'virtual:site';
import type { BlockOf } from '../../../schemas/blocks';
import { tellDelivery } from '../../dialogs';
import { formValues } from '../../dialogs/form';
import { deliver } from '../../lib/deliver';
import { contactMail, telUrl, whatsappUrl } from '../../lib/mail';
import { external } from '../../ui/actions';
import { BusinessHours } from '../../ui/BusinessHours';
import { MapEmbed } from '../../ui/MapEmbed';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

type ContactBlock = BlockOf<'contact-section'>;
const FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const;

export function ContactSection({ block }: BlockComponentProps<'contact-section'>) {
  const a = site.address;
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <Stack gap="lg">
          <Detail icon={<IconMapPin size={22} />} title="Office">
            <Text component="address" fs="normal">
              {a.building}, {a.street}, {a.area}
              <br />
              {a.city} {a.postalCode}, Kenya
            </Text>
          </Detail>
          <Detail icon={<IconPhone size={22} />} title="Phone">
            {site.phones.map((p) => (
              <Anchor key={p} href={telUrl(p)} display="block">
                {p}
              </Anchor>
            ))}
          </Detail>
          <Detail icon={<IconMail size={22} />} title="Email">
            <Anchor href={`mailto:${site.mailboxes.contact}`}>{site.mailboxes.contact}</Anchor>
          </Detail>
          <Detail icon={<IconClock size={22} />} title="Business hours">
            <BusinessHours />
            <Text size="sm" c="dimmed" mt={4}>
              We reply within {site.replyTime}.
            </Text>
          </Detail>
          {block.showChatButtons && (
            <Group gap="sm">
              <Button component="a" href={whatsappUrl(site.whatsapp)} {...external} color="teal.9" leftSection={<IconBrandWhatsapp size={20} aria-hidden />}>
                WhatsApp
              </Button>
              <Button component="a" href={telUrl(site.phones[0]!)} variant="outline" leftSection={<IconPhone size={20} aria-hidden />}>
                Call Now
              </Button>
            </Group>
          )}
        </Stack>
        <ContactForm block={block} />
      </ResponsiveGrid>
      {block.showMap && <MapEmbed />}
    </Section>
  );
}

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={44} variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700} component="h3" fz="md" mb={2}>
          {title}
        </Text>
        {children}
      </div>
    </Group>
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
    // D6: the fields are kept until the message has reached the endpoint, or the visitor clears them.
    if (result.outcome === 'sent') form.reset();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} aria-label="Send us a message">
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
