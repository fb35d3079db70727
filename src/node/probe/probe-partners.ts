// npm run probe-partners (D14 revised): a maintainer's command, never part of the build or the tests'
// network. For each partner it runs the search of specification section 4 (src/node/probe/probe.ts) on the
// partner's website; a picture found is downloaded into public/images/brands/ and recorded in
// pages-data/records/partners.json with the address it came from, so the site shows it from its own
// origin. `--dry-run` lists the addresses it would try and fetches nothing; `--only <id>` probes one partner.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { applyEdits, modify } from 'jsonc-parser';
import { partnersDocument, type Partner } from '../../../schemas/records.ts';
import { RECORD_FILES } from '../../../schemas/routes.ts';
import { type Fetched, fetchingLoader, type ImageExt, probeCandidates, type ProbeKind, probePartnerImages } from './probe.ts';

const RECORDS = `pages-data/${RECORD_FILES.partners}`;
const KINDS = ['logo', 'hero'] as const;
/** The record fields a probed picture goes into: its path under public/ and the address it came from. */
const FIELDS = {
  logo: { path: 'logo', source: 'logoSource' },
  hero: { path: 'image', source: 'imageSource' },
} as const satisfies Record<ProbeKind, { path: keyof Partner; source: keyof Partner }>;
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

export type Status = 'found' | 'changed' | 'unchanged' | 'nothing found' | 'refused' | 'dry run';

export interface Outcome {
  partner: string;
  kind: ProbeKind;
  status: Status;
  /** The candidate the picture was found at, when one was. */
  url?: string;
  /** The file under public/ it is saved as, when one was found. */
  file?: string;
}

export interface ProbeOptions {
  /** The project folder: pages-data/ and public/ under it are read and written. */
  root: string;
  dryRun?: boolean;
  only?: string;
  /** What downloads a candidate; tests pass one that never reaches the real network. */
  fetch?: typeof fetch;
  now?: Date;
  log?: (line: string) => void;
}

export async function probePartners({ root, dryRun = false, only, fetch: fetchImpl = fetch, now = new Date(), log = console.log }: ProbeOptions): Promise<Outcome[]> {
  const recordsFile = join(root, RECORDS);
  let text = readFileSync(recordsFile, 'utf8');
  const doc = partnersDocument.safeParse(JSON.parse(text));
  if (!doc.success) throw new Error(`${RECORDS} does not validate: npm run validate says where`);
  const all = doc.data.partners;
  const partners = only === undefined ? all : all.filter((p) => p.id === only);
  if (partners.length === 0) throw new Error(`no partner "${only}" in ${RECORDS} (ids: ${all.map((p) => p.id).join(', ')})`);

  const outcomes: Outcome[] = [];
  for (const partner of partners) {
    if (dryRun) {
      for (const kind of KINDS) {
        const urls = probeCandidates(partner.websiteUrl, kind, now);
        const { path } = FIELDS[kind];
        log(`${partner.id} ${kind}: would try ${urls.length} addresses, in this order, and save the first picture found as public/images/brands/${partner.id}-${kind}.<type> for ${path}:`);
        for (const url of urls) log(`  ${url}`);
        outcomes.push({ partner: partner.id, kind, status: 'dry run' });
      }
      continue;
    }

    if (new URL(partner.websiteUrl).protocol !== 'https:') {
      log(`${partner.id}: refused: its websiteUrl ${partner.websiteUrl} is not https, and pictures are fetched over https only`);
      for (const kind of KINDS) outcomes.push({ partner: partner.id, kind, status: 'refused' });
      continue;
    }
    const { load, results } = fetchingLoader(fetchImpl);
    const found: Partial<Record<ProbeKind, string>> = {};
    await probePartnerImages(partner.websiteUrl, { now, load, signal: new AbortController().signal, onFound: (kind, url) => (found[kind] = url) });

    for (const kind of KINDS) {
      const url = found[kind];
      const result = url === undefined ? undefined : results.get(url);
      if (url === undefined || !result?.ok) {
        outcomes.push(notFound(partner, kind, probeCandidates(partner.websiteUrl, kind, now), results, log));
        continue;
      }
      const { path, source } = FIELDS[kind];
      const file = `/images/brands/${partner.id}-${kind}.${result.ext}`;
      const target = join(root, 'public', file);
      const via = result.from === url ? '' : ` (via ${result.from})`;
      const what = describe(result.ext, result.bytes.length);
      if (partner[path] === file && partner[source] === url && existsSync(target) && readFileSync(target).equals(result.bytes)) {
        log(`${partner.id} ${kind}: unchanged: public${file} (${what}) is still what ${url}${via} serves`);
        outcomes.push({ partner: partner.id, kind, status: 'unchanged', url, file });
        continue;
      }
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, result.bytes);
      const index = all.indexOf(partner);
      text = applyEdits(text, modify(text, ['partners', index, path], file, FORMAT));
      text = applyEdits(text, modify(text, ['partners', index, source], url, { ...FORMAT, getInsertionIndex: (keys) => keys.indexOf(path) + 1 }));
      writeFileSync(recordsFile, text);
      const status = partner[source] === undefined ? 'found' : 'changed';
      log(`${partner.id} ${kind}: ${status}: ${url}${via}, ${what}; saved as public${file}, and ${path} and ${source} set in ${RECORDS}`);
      outcomes.push({ partner: partner.id, kind, status, url, file });
    }
  }
  log(summary(outcomes, dryRun));
  return outcomes;
}

/** The line for a picture not found: what each answering candidate was refused for, else how the search went. */
function notFound(partner: Partner, kind: ProbeKind, candidates: string[], results: Map<string, Fetched>, log: (line: string) => void): Outcome {
  const tried = candidates.flatMap((url) => {
    const result = results.get(url);
    return result && !result.ok ? [{ url, ...result }] : [];
  });
  const refused = tried.filter((t) => t.outcome === 'refused');
  if (refused.length) {
    log(`${partner.id} ${kind}: refused: of ${candidates.length} addresses, ${refused.length} answered with a file that is not an acceptable picture, and none with one that is:`);
    for (const r of refused) log(`  ${r.url}: ${r.reason}`);
    return { partner: partner.id, kind, status: 'refused' };
  }
  const failed = tried.filter((t) => t.outcome === 'failed');
  const failures = failed.length ? `; ${failed.length} did not answer in time or failed (first: ${failed[0]!.url}: ${failed[0]!.reason})` : '';
  log(`${partner.id} ${kind}: nothing found at ${candidates.length} addresses${failures}`);
  return { partner: partner.id, kind, status: 'nothing found' };
}

const TYPE_NAMES: Record<ImageExt, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP', svg: 'SVG' };
const describe = (ext: ImageExt, bytes: number) => `${TYPE_NAMES[ext]}, ${bytes < 10_240 ? `${bytes} B` : `${Math.round(bytes / 1024)} KiB`}`;

function summary(outcomes: Outcome[], dryRun: boolean): string {
  const partners = new Set(outcomes.map((o) => o.partner)).size;
  const partnerCount = `${partners} partner${partners === 1 ? '' : 's'}`;
  if (dryRun) return `Dry run: ${partnerCount}; nothing fetched, nothing written.`;
  const count = (status: Status) => outcomes.filter((o) => o.status === status).length;
  const statuses: Status[] = ['found', 'changed', 'unchanged', 'nothing found', 'refused'];
  const lines = [`${partnerCount}, ${outcomes.length} pictures: ${statuses.map((s) => `${count(s)} ${s}`).join(', ')}.`];
  const written = count('found') + count('changed');
  if (written) {
    lines.push(
      `Wrote ${written} file(s) under public/images/brands/ and edited ${RECORDS}. Publish a picture only if the company`
        + ' may use it (D4: we hold no rights to partners\' logos); otherwise restore the file and the record with git.',
    );
  }
  return lines.join('\n');
}

const USAGE = 'usage: npm run probe-partners -- [--dry-run] [--only <partner id>]';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let options: { 'dry-run'?: boolean; only?: string };
  try {
    options = parseArgs({ options: { 'dry-run': { type: 'boolean' }, only: { type: 'string' } } }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  probePartners({ root: process.cwd(), dryRun: options['dry-run'] ?? false, only: options.only }).catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
