import { Alert, Anchor, Button, Card, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import site from 'virtual:site';
import { pageDataPath } from '../../schemas/routes';
import { tellDelivery } from '../dialogs';
import { QUOTE_FIELDS, QuoteFieldInputs } from '../dialogs/fields';
import { formValues } from '../dialogs/form';
import { failureText, NOT_SENT } from '../dialogs/delivery-text';
import { copyText, openMailProgram, plainClick } from '../lib/browser';
import { deliver, type Failure } from '../lib/deliver';
import { itemLine, type Mail, MAILTO_LIMIT, mailAsText, mailtoUrl, type QuoteFields, quoteListChat, quoteListMail, telUrl, whatsappUrl } from '../lib/mail';
import { plainForm } from '../lib/plain-form';
import type { RenderedBlock, ResolvedPage } from '../page/types';
import { InternalLink } from '../ui/actions';
import { ADD_PARAM, CODE_PARAM } from './AddToQuoteList';
import { announce, productCount } from './announce';
import { usePrefill } from './prefill';
import { addToQuoteList, clearQuoteList, itemKey, type QuoteItem, quoteItems, removeFromQuoteList, updateQuoteItem, useQuoteList } from './store';

const endpoint = site.features.formEndpoint;
const noScripts = plainForm(endpoint, quoteListMail(site.mailboxes.contact, { name: '', email: '', phone: '', company: '', details: '' }, []));

/** What became of the request the buyer last sent, shown under the form until the next. */
type Outcome =
  | { kind: 'mail' | 'whatsapp'; mail: Mail }
  | { kind: 'too-long'; mail: Mail }
  | { kind: 'failed'; mail: Mail; reason: Failure };

/**
 * The quote list's page (D18): the products on the buyer's list, each with a quantity and a note, and
 * the quote request form, which sends them as one request by the route the buyer picks: the form
 * endpoint (sent only on a 2xx, D6), e-mail (a mailto with every product, or, past what mail programs
 * take, the request to copy) or WhatsApp. The list is emptied when the endpoint has it, or when the
 * buyer says they sent it or clears it.
 */
export function QuoteRequest() {
  const items = useQuoteList();
  const values = usePrefill(['details']);
  useAddFromAddress();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const request = () => {
    const fields = formValues(form.current!, QUOTE_FIELDS);
    return { fields, mail: quoteListMail(site.mailboxes.contact, fields, quoteItems()) };
  };
  /** Hands the request to the mail program, unless its link would be too long for one. */
  const byMail = (mail: Mail) => {
    if (mailtoUrl(mail).length > MAILTO_LIMIT) return setOutcome({ kind: 'too-long', mail });
    openMailProgram(mailtoUrl(mail));
    setOutcome({ kind: 'mail', mail });
  };
  const sent = () => {
    clearQuoteList();
    form.current?.reset();
    setOutcome(undefined);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { fields, mail } = request();
    if (!endpoint) return byMail(mail);
    setSending(true);
    const items = quoteItems().map((i) => ({ line: itemLine(i), name: i.name, brand: i.brand, model: i.model, code: i.code, pack: i.pack, quantity: i.quantity, note: i.note, url: `${site.url}${i.url}` }));
    const result = await deliver(endpoint, { ...fields, items }, mail);
    setSending(false);
    if (result.outcome === 'failed') return setOutcome({ kind: 'failed', mail, reason: result.reason });
    tellDelivery(result, mail, { title: 'Quote request sent', message: `We'll reply within ${site.replyTime}.` });
    // Kept on the device (held), the request goes by itself once online, with every product in it.
    if (result.outcome === 'sent' || result.outcome === 'held') sent();
  };
  /** The other routes are links, which work before the app runs too (to the mailbox, to the chat); with the app they carry the request. */
  const valid = (e: MouseEvent) => {
    if (!plainClick(e) || form.current!.reportValidity()) return true;
    e.preventDefault();
    return false;
  };
  const onMail = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!valid(e)) return;
    e.preventDefault();
    byMail(request().mail);
  };
  const onWhatsApp = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!valid(e)) return;
    const { fields, mail } = request();
    // The browser follows the link as it is once this handler returns: a chat with the request written.
    e.currentTarget.href = whatsappUrl(site.whatsapp, quoteListChat(fields, quoteItems()));
    setOutcome({ kind: 'whatsapp', mail });
  };

  return (
    <Stack gap="xl" className="quote-request">
      <QuoteItems items={items} />
      <Card withBorder radius="md" padding="lg" component="form" ref={form} {...noScripts.attributes} onSubmit={submit} aria-label="Request a quote">
        {noScripts.hidden}
        <Stack gap="sm">
          <h3 className="title quote-form-title">Your details</h3>
          <QuoteFieldInputs values={values} />
          <Group gap="sm">
            <Button type="submit" loading={sending} leftSection={endpoint ? undefined : <IconMail size={18} aria-hidden />}>
              {endpoint ? 'Send Request' : 'Send by E-mail'}
            </Button>
            {endpoint && (
              <Button component="a" href={`mailto:${site.mailboxes.contact}`} variant="outline" leftSection={<IconMail size={18} aria-hidden />} onClick={onMail}>
                Send by E-mail
              </Button>
            )}
            <Button component="a" href={whatsappUrl(site.whatsapp)} target="_blank" rel="noopener noreferrer" variant="outline" color="teal.9" leftSection={<IconBrandWhatsapp size={18} aria-hidden />} onClick={onWhatsApp}>
              Send on WhatsApp
            </Button>
          </Group>
          {outcome && <OutcomeNotice outcome={outcome} sent={sent} />}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The products on the list, each with its quantity, note and a way to take it off. */
function QuoteItems({ items }: { items: readonly QuoteItem[] | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const title = (
    <h3 className="title quote-items-title" ref={heading} tabIndex={-1}>
      Products on your list{items?.length ? ` (${items.length})` : ''}
    </h3>
  );
  if (items === null) {
    return (
      <div>
        {title}
        <p className="quote-note">Your list is kept on this device, and shows here once the page has loaded. You can also type the products and quantities under Details below.</p>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div>
        {title}
        <p className="quote-note">
          Your list is empty. Add products with <strong>Add to quote list</strong> on their pages or in a <InternalLink to="/products" className="link">list of products</InternalLink>, or type them under Details below.
        </p>
      </div>
    );
  }
  return (
    <div>
      <Group justify="space-between" align="baseline">
        {title}
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            if (!window.confirm(`Take all ${productCount(items.length)} off your quote list?`)) return;
            clearQuoteList();
            announce('Your quote list is empty.');
          }}
        >
          Clear list
        </Button>
      </Group>
      <ul className="quote-items">
        {items.map((item) => (
          <li key={itemKey(item)} className="quote-item">
            <div className="quote-item-name">
              <InternalLink to={item.url} className="link">
                {item.name}
              </InternalLink>
              <Text size="sm" c="dimmed">
                {item.code ? `${item.pack} · Order code ${item.code} · ${item.brand}` : `${item.brand}${item.model ? ` · Model ${item.model}` : ''}`}
              </Text>
            </div>
            <TextInput
              label="Quantity"
              aria-label={`Quantity of ${item.name}`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              required
              defaultValue={item.quantity}
              className="quote-item-quantity"
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                if (Number.isInteger(n) && n > 0) updateQuoteItem(itemKey(item), { quantity: n });
              }}
            />
            <TextInput label="Note" aria-label={`Note on ${item.name}`} placeholder="Pack size, options…" defaultValue={item.note} className="quote-item-note" onChange={(e) => updateQuoteItem(itemKey(item), { note: e.currentTarget.value })} />
            <CloseButton
              aria-label={`Remove ${item.name}`}
              className="quote-item-remove"
              onClick={() => {
                removeFromQuoteList(itemKey(item));
                announce(`${item.name} removed: ${productCount(items.length - 1)} on your quote list.`);
                heading.current?.focus();
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Says what became of the request, with what to do next (D6, D18). */
function OutcomeNotice({ outcome, sent }: { outcome: Outcome; sent: () => void }) {
  const done = (
    <Button size="xs" variant="light" onClick={sent}>
      I sent it: empty my list
    </Button>
  );
  if (outcome.kind === 'failed') {
    return (
      <Alert color="red" title={NOT_SENT.title}>
        {failureText(outcome.reason)} {NOT_SENT.kept} <Anchor href={mailtoUrl(outcome.mail)}>{NOT_SENT.mailRoute}</Anchor>, or call <Anchor href={telUrl(site.phones[0]!)}>{site.phones[0]}</Anchor>.
      </Alert>
    );
  }
  if (outcome.kind === 'too-long') {
    const length = mailtoUrl(outcome.mail).length;
    return (
      <Alert color="blue" title="Too long for a mail link">
        <Stack gap={6}>
          <Text size="sm">
            Your request is {length.toLocaleString('en')} characters as a mail link, and mail apps take about {MAILTO_LIMIT.toLocaleString('en')}: some would cut it short. Copy it, and paste it into an e-mail to{' '}
            <Anchor href={mailtoUrl({ ...outcome.mail, body: '' })}>{outcome.mail.to}</Anchor>.
          </Text>
          <Group gap="xs">
            <CopyRequest mail={outcome.mail} />
            {done}
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title={outcome.kind === 'mail' ? 'Over to your mail app' : 'Over to WhatsApp'}>
      <Stack gap={6}>
        <Text size="sm">
          {outcome.kind === 'mail' ? 'Your mail app should open with your request: press Send there.' : 'WhatsApp should open with your request: press Send there.'} Your list stays here until you say it went.
        </Text>
        <Group gap="xs">
          <CopyRequest mail={outcome.mail} />
          {done}
        </Group>
      </Stack>
    </Alert>
  );
}

function CopyRequest({ mail }: { mail: Mail }) {
  const [copied, setCopied] = useState<boolean>();
  return (
    <>
      <Button size="xs" variant="default" onClick={() => void copyText(mailAsText(mail)).then(setCopied)}>
        Copy request
      </Button>
      <Text size="sm" role="status">
        {copied === true ? 'Copied' : copied === false ? 'Your browser did not allow copying' : ''}
      </Text>
    </>
  );
}

/**
 * A product added by a link followed before the app ran (AddToQuoteList: ?add=<its page>): its page's
 * document names it; once on the list, the address loses the query, so a reload adds nothing again.
 */
function useAddFromAddress() {
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const route = query.get(ADD_PARAM);
    const code = query.get(CODE_PARAM);
    if (!route?.startsWith('/')) return;
    query.delete(ADD_PARAM);
    query.delete(CODE_PARAM);
    const rest = query.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
    void fetch(pageDataPath(route))
      .then((res) => (res.ok ? (res.json() as Promise<ResolvedPage>) : undefined))
      .then((page) => {
        const shown = page?.blocks.find((b): b is Extract<RenderedBlock, { block: { type: 'product-detail' } }> => b.block.type === 'product-detail');
        if (!shown) return;
        const { product, brand, packs } = shown.props;
        // A pack by its code (D22); a code the product no longer has adds nothing rather than the wrong pack.
        const pack = code === null ? undefined : packs.rows.find((r) => r.code === code);
        if (code !== null && !pack) return;
        const added = addToQuoteList({ id: product.id, name: product.name, brand: brand.name, model: product.model, url: route, ...(pack ? { code: pack.code, pack: pack.label } : {}) });
        announce(`${pack ? `${product.name}, ${pack.label}` : product.name} added to your quote list: ${productCount(added)}.`);
      })
      .catch(() => undefined);
  }, []);
}
