// dist/sw.js (issue 38 item 3): the worker's code (src/sw/sw.js) with the facts it needs put in place
// of its CONFIG: the site's name, phones and WhatsApp number for the offline page, and where the
// page keeps messages written offline (src/outbox/outbox.ts). Written after the prerender, from the
// site document alone: the same content gives the same file, byte for byte (no time, no random id),
// and nothing in it names the build's files, so a new deploy changes it only when those facts or the
// worker's code change.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SiteDocument } from '../../../schemas/site.ts';
import { OUTBOX } from '../../outbox/names.ts';

export const SERVICE_WORKER_FILE = 'sw.js';

export function serviceWorker(root: string, site: Pick<SiteDocument, 'shortName' | 'phones' | 'whatsapp'>): string {
  const code = readFileSync(resolve(root, 'src/sw/sw.js'), 'utf8');
  const config = { siteName: site.shortName, phones: site.phones, whatsapp: site.whatsapp, outbox: OUTBOX };
  return `const CONFIG = ${JSON.stringify(config)};\n${code}`;
}
