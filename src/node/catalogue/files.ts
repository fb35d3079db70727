// The pictures and datasheets a sheet names: read from the folder beside the sheet, or downloaded from
// an https address on the public internet (never this machine or its networks), checked as a studio upload is (type by content, size limits) and, for a picture,
// turned upright without any metadata (D15). Each is stored under public/ by a name made from its
// content, so importing the same file again writes nothing new. Nothing is written here: the import
// writes what this prepares only once the whole sheet has passed.
import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { sniffType, SNIFF_BYTES, typeName, typeOfExtension } from '../pictures/sniff.ts';
import { MAX_BYTES, MAX_PIXELS, uprightPicture } from '../pictures/upright.ts';

export type FileKind = 'picture' | 'datasheet';

/** Where imported files are stored, under public/. */
export const STORED = { picture: '/images/products', datasheet: '/datasheets' } as const;

export interface PreparedFile {
  /** The path documents name it by: /images/products/photometer-1a2b3c4d5e.jpg */
  ref: string;
  /** Its bytes as published, or undefined when public/ has this very file already. */
  data?: Buffer;
}

export class FileProblem extends Error {
  constructor(readonly code: 'file-not-found' | 'bad-file', readonly params: { name: string; folder: string; detail: string }) {
    super(params.detail);
  }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' } as const;
/** A readable start of a stored file's name from the name it came with. */
const stemOf = (name: string) => basename(name).replace(/\.[^.]+$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'file';

/**
 * Addresses that are not the public internet: this machine, private networks, link-local (the cloud's
 * metadata service at 169.254.169.254), shared, reserved, documentation, multicast; IPv6's
 * equivalents, and the forms that carry an IPv4 address inside (mapped, NAT64, 6to4, Teredo).
 */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 127], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** What a test may change: addresses it serves from on this machine, and the certificate they use. */
export const downloadHooks: { allow?: (address: string) => boolean; ca?: string } = {};

const isPublic = (address: string) => downloadHooks.allow?.(address) || !NOT_PUBLIC.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
const refusedAddress = (host: string, address: string) => new Error(`${host} is at ${address}, which is not on the public internet: the import downloads only from public https addresses`);

/** The name's addresses, as dns.lookup gives them to a connection, refused when any is not public. */
const publicLookup: LookupFunction = (host, options, done) => {
  dnsLookup(host, { all: true, ...(options.family ? { family: options.family } : {}) }).then(
    (found) => {
      const closed = found.find((a) => !isPublic(a.address));
      if (closed) return done(refusedAddress(host, closed.address), '', 0);
      if (options.all) return (done as unknown as (err: null, all: LookupAddress[]) => void)(null, found);
      done(null, found[0]!.address, found[0]!.family);
    },
    (err: NodeJS.ErrnoException) => done(err, '', 0),
  );
};

/** How many redirects a download follows. */
const REDIRECTS = 5;

/**
 * Downloads a file named by an https address (at most MAX_BYTES, 30 s), from the public internet only:
 * each address a name resolves to is checked before connecting, the address connected to once more,
 * and each redirect (at most REDIRECTS, https only) is followed here, through the same checks.
 */
async function download(url: string): Promise<Buffer> {
  const signal = AbortSignal.timeout(30_000);
  let address = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const answer = await fetchOnce(address, signal);
    if (answer.location === undefined) return answer.body;
    if (redirects === REDIRECTS) throw new Error(`${url} redirects more than ${REDIRECTS} times`);
    const next = new URL(answer.location, address);
    if (next.protocol !== 'https:') throw new Error(`${address.href} redirects to ${next.href}: the import downloads only from https addresses`);
    address = next;
  }
}

/** One GET: the body of a 2xx, or where a redirect leads. */
function fetchOnce(url: URL, signal: AbortSignal): Promise<{ body: Buffer; location?: undefined } | { location: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublic(host)) return Promise.reject(refusedAddress(host, host));
  return new Promise((resolve, reject) => {
    const req = httpsGet(url, { lookup: publicLookup, signal, ...(downloadHooks.ca && { ca: downloadHooks.ca }) }, (res) => {
      const peer = res.socket.remoteAddress ?? '';
      const status = res.statusCode ?? 0;
      const fail = (err: Error) => {
        res.destroy();
        reject(err);
      };
      if (!isPublic(peer)) return fail(refusedAddress(host, peer));
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ location: res.headers.location });
      }
      if (status < 200 || status >= 300) return fail(new Error(`${url.href} answered ${status}`));
      const length = Number(res.headers['content-length'] ?? 0);
      if (length > MAX_BYTES) return fail(new Error(`${url.href} is ${megabytes(length)}: at most ${megabytes(MAX_BYTES)}`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) fail(new Error(`${url.href} is more than ${megabytes(MAX_BYTES)}`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Prepares the file a cell names (not a path under public/, which stays as it is): its bytes from the
 * folder or the address, checked, and the path it will have. Rejects with a FileProblem.
 */
export async function prepareFile(root: string, folder: string, name: string, kind: FileKind): Promise<PreparedFile> {
  const shown = relative(root, folder) || '.';
  const fail = (code: FileProblem['code'], detail = ''): never => {
    throw new FileProblem(code, { name, folder: `${shown}${sep}`, detail });
  };
  let bytes: Buffer;
  if (/^https:\/\//i.test(name)) {
    try {
      bytes = await download(name);
    } catch (err) {
      return fail('bad-file', `could not be downloaded: ${(err as Error).message}`);
    }
  } else if (/^[a-z]+:/i.test(name)) {
    return fail('bad-file', 'an address must be https://');
  } else {
    const path = resolve(folder, name);
    // A name leads to a file in the folder, never out of it.
    if (!path.startsWith(resolve(folder) + sep) || !existsSync(path)) return fail('file-not-found');
    bytes = readFileSync(path);
    if (bytes.length > MAX_BYTES) return fail('bad-file', `${megabytes(bytes.length)}: at most ${megabytes(MAX_BYTES)}`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const stem = stemOf(name.replace(/[?#].*$/, ''));

  if (kind === 'datasheet') {
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return fail('bad-file', 'is not a PDF file');
    const ref = `${STORED.datasheet}/${stem}-${hash}.pdf`;
    return existsSync(join(root, 'public', ref)) ? { ref } : { ref, data: bytes };
  }

  const type = sniffType(bytes.subarray(0, SNIFF_BYTES));
  if (type === 'svg') return fail('bad-file', 'is an SVG drawing, which can carry scripts: put it under public/images/ yourself, after reading it through, and name it by its path');
  if (type === 'heic') return fail('bad-file', 'is a HEIC photo, which browsers cannot show: export it as JPEG');
  if (type === 'other') return fail('bad-file', 'is not a picture (JPEG, PNG, WebP or AVIF)');
  const promised = typeOfExtension(name.replace(/[?#].*$/, ''));
  if (promised !== 'other' && promised !== type) return fail('bad-file', `is a ${typeName[type]} file, not the ${typeName[promised]} its name says`);
  const ref = `${STORED.picture}/${stem}-${hash}.${EXTENSION[type]}`;
  // The same picture imported again is the file stored already: nothing to decode or write.
  if (existsSync(join(root, 'public', ref))) return { ref };
  try {
    const picture = await uprightPicture(bytes, { format: type });
    return { ref, data: picture.data };
  } catch (err) {
    const detail = (err as Error).message;
    return fail('bad-file', /pixel limit/i.test(detail) ? `has more than ${MAX_PIXELS / 1e6} megapixels` : `cannot be read as a ${typeName[type]} picture (${detail})`);
  }
}
