// deploy/nginx.conf under Debian's nginx, over a built dist/ (the project's or a scratch copy's), with
// its pid, logs and temp files in a folder of its own, so nothing under /etc or /var is touched.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { NGINX_HEADERS_FILE, NGINX_REDIRECTS_FILE } from '../build/host-files.ts';

export const nginxBin = '/usr/sbin/nginx';
/** deploy/nginx.conf's `brotli_static`: Debian's package libnginx-mod-http-brotli-static. */
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const project = resolve(import.meta.dirname, '../../..');

export interface SiteOptions {
  /** Served over TLS with HTTP/2 with this certificate (`selfSignedCertificate`). */
  tls?: { cert: string; key: string };
  /** Lines added to the server block after its root. */
  extra?: string;
}

/** deploy/nginx.conf with its listen, root and includes (the files the build writes into dist/.host/) pointed at `dist`. */
function siteConfig(port: number, dist: string, options: SiteOptions = {}): string {
  let text = readFileSync(join(project, 'deploy/nginx.conf'), 'utf8');
  const { tls, extra } = options;
  // nginx 1.22 (Debian 12) turns HTTP/2 on in `listen`; 1.25.1 and later has `http2 on;` for it.
  const settings = [['listen', `127.0.0.1:${port}${tls ? ' ssl http2' : ''}`], ['root', dist]] as const;
  for (const [directive, value] of settings) {
    const re = new RegExp(`^(\\s*)${directive} [^;]+;`, 'm');
    if (!re.test(text)) throw new Error(`deploy/nginx.conf has no '${directive}' line for the test to set`);
    text = text.replace(re, (_, indent: string) => `${indent}${directive} ${value};`);
  }
  const added = [...(tls ? [`ssl_certificate ${tls.cert};`, `ssl_certificate_key ${tls.key};`] : []), ...(extra ? [extra] : [])];
  text = text.replace(/^( *)root [^;]+;/m, (line, indent: string) => [line, ...added].join(`\n${indent}`));
  for (const file of [NGINX_HEADERS_FILE, NGINX_REDIRECTS_FILE]) {
    const re = new RegExp(`^(\\s*)include \\S*/${file.replace(/[.]/g, '\\.')};`, 'm');
    if (!re.test(text)) throw new Error(`deploy/nginx.conf has no include of ${file} for the test to set`);
    text = text.replace(re, (_, indent: string) => `${indent}include ${join(dist, file)};`);
  }
  return text;
}

/** A certificate for localhost and 127.0.0.1, valid for a day, made with openssl in `dir`. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  return { cert, key };
}

function mainConfig(dir: string, master: boolean): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`);
  return [
    `load_module ${brotliModule};`,
    // One process, and no switch to another user when run as root; a reload needs the master process
    // (a single process stops answering after one), whose workers then run as this user.
    master ? `user ${userInfo().username};` : 'master_process off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')};`,
    'events {}',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${join(dir, 'access.log')};`,
    ...temp,
    '  include site.conf;',
    '}',
    '',
  ].join('\n');
}

/** The command that makes the nginx started in `dir` read its configuration again (what the studio server runs after switching a build). */
export const nginxReload = (dir: string) => [nginxBin, '-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf'), '-s', 'reload'];

/**
 * Starts nginx on 127.0.0.1:`port` over `dist` and resolves once it answers. `dir`: its folder (pid,
 * logs), made beforehand; `site`: another server block than deploy/nginx.conf's (the studio's);
 * `reloads`: with a master process, so that `nginxReload(dir)` works; `tls`, `extra`: see SiteOptions.
 */
export async function startNginx(port: number, dist: string, options: { dir?: string; site?: string; reloads?: boolean } & SiteOptions = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(nginxBin)) {
    throw new Error(`${nginxBin} is missing, so deploy/nginx.conf cannot be tested: install the Debian package nginx (bash .ci/run does)`);
  }
  if (!existsSync(brotliModule)) {
    throw new Error(`${brotliModule} is missing, so deploy/nginx.conf cannot be tested: install the Debian package libnginx-mod-http-brotli-static (bash .ci/run does)`);
  }
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'nginx-'));
  writeFileSync(join(dir, 'site.conf'), options.site ?? siteConfig(port, dist, options));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, options.reloads === true));
  let output = '';
  const proc = spawn(nginxBin, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGQUIT');
      await once(proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const log = () => output + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  for (let tries = 0; ; tries++) {
    if (proc.exitCode !== null || tries === 100) {
      const text = `nginx ${proc.exitCode !== null ? `exited with ${proc.exitCode}` : `did not answer at ${url} within 10 s`}:\n${log()}`;
      await stop();
      throw new Error(text);
    }
    // Any answer will do: over TLS, nginx's 400 to a plain request.
    if (await fetch(`http://127.0.0.1:${port}`, { redirect: 'manual' }).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}
