import { ActionIcon, Anchor, Box, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileText, IconMapPin, IconMessage } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import site from 'virtual:site';
import { deliver } from '../lib/deliver';
import { newsletterMail } from '../lib/mail';
import { dialogIntent, openCatalogue, openQuote, tellDelivery } from '../dialogs';
import { InternalLink, external } from '../ui/actions';
import { BusinessHours } from '../ui/BusinessHours';
import { ResponsiveGrid } from '../ui/ResponsiveGrid';
import { SocialIcon } from './SocialIcon';

export function Footer() {
  const a = site.address;
  return (
    <Box component="footer" className="site-footer">
      <Container size="xl" py={56}>
        <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={40}>
          <Stack gap="sm">
            <Title order={2} fz="h4" c="white">
              {site.name}
            </Title>
            <Text size="sm">{site.footer.about}</Text>
            <Text size="sm" fs="italic">
              {site.tagline}
            </Text>
            <Group gap={4}>
              {site.social.map((s) => (
                <ActionIcon key={s.network} component="a" href={s.url} {...external} variant="subtle" color="gray.3" aria-label={s.label} size="lg">
                  <SocialIcon network={s.network} size={20} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Quick links">
            <Title order={2} fz="h5" c="white">
              Quick Links
            </Title>
            {site.nav.footerQuickLinks.map((l) => (
              <Anchor key={l.to} component={InternalLink} to={l.to} size="sm">
                {l.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="h5" c="white">
              Visit or call us
            </Title>
            <Text size="sm" component="address" fs="normal">
              {a.building}, {a.street}, {a.area}, {a.city} {a.postalCode}
            </Text>
            <Anchor href={site.map.linkUrl} {...external} size="sm">
              <Group gap={4} component="span">
                <IconMapPin size={16} aria-hidden /> Open in Maps
              </Group>
            </Anchor>
            <BusinessHours />
            <Group gap="xs" mt="xs">
              <Button size="xs" onClick={() => openQuote()} {...dialogIntent} leftSection={<IconMessage size={16} aria-hidden />}>
                Request Quote
              </Button>
              <Button size="xs" variant="white" onClick={() => openCatalogue()} {...dialogIntent} leftSection={<IconFileText size={16} aria-hidden />}>
                Product Catalogue Request
              </Button>
            </Group>
          </Stack>
          <Newsletter />
        </ResponsiveGrid>
        <Group justify="space-between" mt={48} pt="md" className="footer-bottom" gap="xs">
          <Text size="sm">
            © {site.footer.copyrightYear} {site.name}. All rights reserved.
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            {site.nav.footerLegal.map((l) => (
              <Anchor key={l.to} component={InternalLink} to={l.to} size="sm">
                {l.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** D8: a subscription goes the way of a contact message (D6), and the address stays until it has arrived. */
function Newsletter() {
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    const mail = newsletterMail(site.mailboxes.contact, email);
    setSending(true);
    const result = await deliver(site.features.formEndpoint, { email }, mail);
    setSending(false);
    tellDelivery(result, mail, { title: 'Subscription received', message: `We'll add ${email} to the newsletter.` });
    if (result.outcome === 'sent') form.reset();
  };
  return (
    <form onSubmit={submit} aria-label="Newsletter">
      <Stack gap="xs">
      <Title order={2} fz="h5" c="white">
        {site.footer.newsletter.title}
      </Title>
      <Text size="sm">{site.footer.newsletter.text}</Text>
      <TextInput name="email" type="email" required label="Email address" placeholder="you@example.com" autoComplete="email" classNames={{ label: 'footer-label' }} />
      <Button type="submit" variant="white" loading={sending}>
          Subscribe
        </Button>
      </Stack>
    </form>
  );
}
