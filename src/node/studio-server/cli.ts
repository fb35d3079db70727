// npm run studio                          builds the studio's code (when it changed) and serves it
// npm run studio -- user add <email> --role admin|publisher|author [--name "Full Name"]
// npm run studio -- user link <email>     a new one-time link (a forgotten password, a lost passkey)
// npm run studio -- user list
// Settings from the environment: docs/deployers.md (src/node/studio-server/config.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Accounts, AccountError, ROLES, type Role } from './accounts.ts';
import { readConfig } from './config.ts';
import { startStudio, STUDIO_BUILD } from './server.ts';

const project = resolve(import.meta.dirname, '../../..');
const STAMP = join(STUDIO_BUILD, '.source-hash');

/** A hash of everything the studio's build is made from: it is built again only when that changed. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(relative(project, path)).update(readFileSync(path));
    }
  };
  for (const dir of ['src', 'schemas']) walk(join(project, dir));
  for (const file of ['package-lock.json', 'vite.studio.config.ts', 'pages-data/site.json']) if (existsSync(join(project, file))) hash.update(file).update(readFileSync(join(project, file)));
  return hash.digest('hex');
}

/** Builds the studio's code unless the last build is of the same sources; one build at a time (two studios starting at once share it). */
async function buildStudio(force = false): Promise<void> {
  const hash = sourceHash();
  const fresh = () => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash;
  if (!force && fresh()) return;
  const lock = `${STUDIO_BUILD}.lock`;
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another studio is building (a lock older than 5 minutes is a crashed build's).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!force && fresh()) return;
    const started = Date.now();
    console.log('studio: building the studio\'s code (vite.studio.config.ts)…');
    const { build } = await import('vite');
    await build({ root: project, configFile: join(project, 'vite.studio.config.ts'), configLoader: 'runner', logLevel: 'warn' });
    writeFileSync(STAMP, hash);
    console.log(`studio: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function user(args: string[]) {
  const config = readConfig();
  const accounts = new Accounts(config.data);
  const [verb, email] = args;
  if (verb === 'list') {
    for (const p of accounts.people()) console.log(`${p.email}  ${p.role}  ${p.name}${p.password ? '  password' : ''}${p.passkeys.length ? `  ${p.passkeys.length} passkey(s)` : ''}`);
    return;
  }
  if (!email || (verb !== 'add' && verb !== 'link')) throw new AccountError(2, 'usage: npm run studio -- user add <email> --role admin|publisher|author [--name "Full Name"] | user link <email> | user list');
  let token: string;
  if (verb === 'add') {
    const role = (option(args, 'role') ?? 'author') as Role;
    if (!ROLES.includes(role)) throw new AccountError(2, `--role ${role}: the roles are ${ROLES.join(', ')}`);
    ({ token } = await accounts.add(email, role, option(args, 'name') ?? ''));
    console.log(`${email} added as ${role}.`);
  } else {
    const person = accounts.byEmail(email);
    if (!person) throw new AccountError(2, `${email} has no account (npm run studio -- user list)`);
    token = await accounts.newLink(person.id);
  }
  console.log(`One-time link to set up the sign-in (valid 7 days; give it to ${email} only):\n  ${config.url}/__studio/setup?token=${token}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === 'user') return user(args.slice(1));
  if (args[0] === 'build') return buildStudio(true);
  if (args.length > 0) throw new AccountError(2, `unknown command ${args.join(' ')}: npm run studio, or npm run studio -- user add|link|list`);
  const config = readConfig();
  await buildStudio();
  const studio = await startStudio(config);
  const accounts = new Accounts(config.data);
  console.log(`studio: serving ${config.repo} (publishing to ${config.remote}/${config.branch}) at ${studio.url}/__studio`);
  console.log(`studio: data in ${config.data}${config.siteDir ? `; builds the site into ${config.siteDir}/current` : ''}`);
  if (accounts.people().length === 0) console.log('studio: nobody has an account yet: npm run studio -- user add you@example.com --role admin');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void studio.close().then(() => process.exit(0)));
}

main().catch((err: Error) => {
  console.error(err instanceof AccountError ? err.message : `studio: ${err.message}`);
  process.exit(err instanceof AccountError ? 1 : 1);
});
