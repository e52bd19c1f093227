import http from 'node:http';

/**
 * What a socket process hands to the primary: the API, media playback and resumable uploads. These
 * keep state in the process that serves them (the RTMP ingest's streams, tus upload locks, per-IP
 * limits, the caches the API's writes drop) and, on the embedded database, every query would cross
 * to the primary anyway; /healthz is the site's (the primary's, which loads the demo data). Sockets,
 * the web app's files and uploaded files are served where they land.
 */
const TO_OWNER = /^\/(api|live|files|healthz)(\/|\?|$)/i;
export const forOwner = (url: string | undefined) => TO_OWNER.test(url ?? '/');

/** Headers that describe one connection, not the request: never forwarded. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Streams a request to the primary's HTTP server and its answer back (bodies of any size both ways:
 * uploads, live video). The client's address is appended to X-Forwarded-For, the one hop the
 * primary trusts from its own machine.
 */
export function createOwnerProxy(owner: { host: string; port: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  return function proxy(req: http.IncomingMessage, res: http.ServerResponse) {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k)) headers[k] = v;
    const prior = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
    let answered = false;
    const upstream = http.request({ ...owner, method: req.method, path: req.url, headers, agent }, (ans) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(ans.headers)) if (!HOP.has(k) && v !== undefined) out[k] = v;
      res.writeHead(ans.statusCode ?? 502, ans.statusMessage, out);
      ans.pipe(res);
      ans.on('end', () => (answered = true));
    });
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"code":1,"msg":"Service unavailable, please try again","data":null}');
    });
    // A viewer leaving a live stream (or an upload cut off) ends the request to the primary too.
    res.on('close', () => answered || upstream.destroy());
    req.pipe(upstream);
  };
}
