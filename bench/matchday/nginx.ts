// Debian's nginx as the caching proxy in front of the site, configured and started by the bench
// (the same configuration README.md "Behind nginx or a CDN" shows). It caches what the site marks
// cacheable (Cache-Control s-maxage / stale-while-revalidate), never a signed-in caller's answer.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/ports.ts';

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

/**
 * Null when nginx is here (installed from Debian's packages first when it is not and this process
 * may: root with apt-get, as CI installs chromium and ffmpeg); otherwise what to do about it.
 */
export function nginxMissing(): string | null {
  if (!fs.existsSync(NGINX) && !process.env.BENCH_NGINX && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('installing nginx-light from Debian (apt-get) for the caching-proxy rows');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], { stdio: 'ignore', env });
  }
  return fs.existsSync(NGINX) ? null : `nginx not found at ${NGINX}: install it with \`apt-get install nginx-light\` (or nginx), or set BENCH_NGINX to its path`;
}

/** The proxy section of the configuration, as README.md shows it (upstream `site`). */
export function proxyConfig(cacheDir: string) {
  return `
  proxy_cache_path ${cacheDir} levels=1:2 keys_zone=livesports:20m max_size=200m inactive=10m use_temp_path=off;
  # A signed-in caller (token header or cookie) always goes to the site and is never stored.
  map "$http_token$cookie_token" $ls_personal { "" 0; default 1; }
  server {
    listen 127.0.0.1:PORT;
    location /api/ {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_cache livesports;
      # all_match is a POST in the spec: cache it by its body too.
      proxy_cache_methods GET HEAD POST;
      proxy_cache_key "$request_method|$request_uri|$http_lang|$cookie_lang|$http_accept_language|$request_body";
      proxy_cache_bypass $ls_personal;
      proxy_no_cache $ls_personal;
      # Lifetimes come from the site's Cache-Control (s-maxage, stale-while-revalidate); one
      # request per key goes to the site when an answer expires, the rest get the stale one.
      proxy_cache_use_stale updating error timeout;
      proxy_cache_background_update on;
      proxy_cache_lock on;
      proxy_cache_revalidate on;
      # A hit keeps its cache file open instead of open + stat + close each time (45k → 65k hits/s
      # for one worker here); a refreshed answer is a new file, which nginx opens anew at once.
      open_file_cache max=10000 inactive=60s;
      open_file_cache_valid 1s;
      add_header X-Cache $upstream_cache_status always;
    }
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
    }
  }`;
}

/** Bytes of the floor server's answer (about a cached match detail's, compressed). */
export const FLOOR_BYTES = 2000;

/**
 * nginx with the site's proxy configuration on `port`, and on `floorPort` the same nginx answering
 * a fixed FLOOR_BYTES body from memory (`return 200`): the most this nginx worker can answer on this
 * machine with this load generator, the ceiling of any cache hit.
 */
export async function startNginx(upstreamPort: number): Promise<{ port: number; floorPort: number; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-nginx-'));
  // Workers may run as another user than the master: they need to write the cache and temp files.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const floorPort = await freePort();
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream site { server 127.0.0.1:${upstreamPort}; keepalive 64; keepalive_timeout 4s; }
${proxyConfig(path.join(dir, 'cache')).replace('PORT', String(port))}
  server {
    listen 127.0.0.1:${floorPort};
    location / { default_type application/json; return 200 '${'x'.repeat(FLOOR_BYTES)}'; }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Ready when it answers on its port.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-500)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    floorPort,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
