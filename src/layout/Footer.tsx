import { Button, Container, TextInput } from '@mantine/core';
import { IconFileText, IconMapPin, IconMessage, IconPhone } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import site from 'virtual:site';
import { deliver } from '../lib/deliver';
import { newsletterMail, telUrl } from '../lib/mail';
import { plainForm } from '../lib/plain-form';
import { catalogueLink, quoteLink, tellDelivery } from '../dialogs';
import { InternalLink, external } from '../ui/actions';
import { BusinessHours } from '../ui/BusinessHours';
import { ResponsiveGrid } from '../ui/ResponsiveGrid';
import { SocialLinks } from './SocialIcon';

/**
 * On every page, so drawn in plain elements styled by src/styles.css (.site-footer ...) where Mantine's
 * Group, Stack, Title, Text, Anchor and ActionIcon would add only their cost: each writes its CSS variables
 * into a style attribute, which costs rendering, hydration and style sharing. Buttons and the field stay Mantine's.
 */
export function Footer() {
  const a = site.address;
  return (
    <footer className="site-footer">
      <Container size="xl" className="footer-inner">
        <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={40}>
          <div className="footer-col footer-about">
            <h2 className="title footer-name">{site.name}</h2>
            <p>{site.footer.about}</p>
            <p className="footer-tagline">{site.tagline}</p>
            <SocialLinks />
          </div>
          <nav className="footer-col" aria-label="Quick links">
            <h2 className="title">Quick Links</h2>
            {site.nav.footerQuickLinks.map((l) => (
              <InternalLink key={l.to} to={l.to} className="footer-link mantine-focus-auto">
                {l.label}
              </InternalLink>
            ))}
          </nav>
          <div className="footer-col">
            <h2 className="title">Visit or call us</h2>
            <address>
              {a.building}, {a.street}, {a.area}, {a.city} {a.postalCode}
            </address>
            {site.phones.map((p) => (
              <a key={p} href={telUrl(p)} className="footer-link footer-phone mantine-focus-auto">
                <IconPhone size={16} aria-hidden /> {p}
              </a>
            ))}
            <a href={site.map.linkUrl} {...external} className="footer-link mantine-focus-auto">
              <span className="footer-map-link">
                <IconMapPin size={16} aria-hidden /> Open in Maps
              </span>
            </a>
            <BusinessHours />
            <div className="footer-actions">
              <Button size="xs" component="a" {...quoteLink()} leftSection={<IconMessage size={16} aria-hidden />}>
                Request Quote
              </Button>
              <Button size="xs" variant="white" component="a" {...catalogueLink()} leftSection={<IconFileText size={16} aria-hidden />}>
                Product Catalogue Request
              </Button>
            </div>
          </div>
          <Newsletter />
        </ResponsiveGrid>
        <div className="footer-bottom">
          <p>
            © {site.footer.copyrightYear} {site.name}. All rights reserved.
          </p>
          <nav className="footer-legal" aria-label="Legal">
            {site.nav.footerLegal.map((l) => (
              <InternalLink key={l.to} to={l.to} className="footer-link mantine-focus-auto">
                {l.label}
              </InternalLink>
            ))}
          </nav>
        </div>
      </Container>
    </footer>
  );
}

const newsletterNoScripts = plainForm(site.features.formEndpoint, newsletterMail(site.mailboxes.contact, ''));

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
    if (result.outcome === 'sent' || result.outcome === 'held') form.reset();
  };
  return (
    <form {...newsletterNoScripts.attributes} onSubmit={submit} aria-label="Newsletter" className="footer-col">
      {newsletterNoScripts.hidden}
      <h2 className="title">{site.footer.newsletter.title}</h2>
      <p>{site.footer.newsletter.text}</p>
      <TextInput name="email" type="email" required label="Email address" placeholder="you@example.com" autoComplete="email" classNames={{ label: 'footer-label' }} />
      <Button type="submit" variant="white" loading={sending}>
        Subscribe
      </Button>
    </form>
  );
}
