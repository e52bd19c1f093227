// A minimal WebSocket client for the load generator: 5,000 sockets per process each receiving ten
// frames a second is more than `ws` can take on a shared 2-core machine without stealing the CPU
// the servers under test need (a new Buffer per read, per frame, and the garbage that follows).
// This one reads every socket into one reusable buffer (net `onread`), hands complete frames to
// the caller as views of it (valid only during the call), and copies only frames split across
// reads. Enough of RFC 6455 for the bench: text frames, close; no fragmentation, no extensions.
import crypto from 'node:crypto';
import net from 'node:net';

const shared = Buffer.allocUnsafe(1 << 20);
const ZERO_MASK = Buffer.alloc(4);

export interface LiteSocket {
  send(text: string): void;
  close(): void;
  readonly open: boolean;
}

/** Encodes a client text frame (masked, with a zero key: the payload goes out as is). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x81, 0x80 | n]) : n < 65_536 ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255]) : null;
  if (!head) throw new Error('frame too long');
  return Buffer.concat([head, ZERO_MASK, payload]);
}

export function connect(url: string, handlers: { open(): void; message(payload: Buffer): void; close(): void }): LiteSocket {
  const u = new URL(url);
  let upgraded = false;
  let open = false;
  let closed = false;
  /** Bytes of an incomplete frame (or handshake) carried to the next read. */
  let rest: Buffer | null = null;

  const end = () => {
    if (closed) return;
    closed = true;
    open = false;
    handlers.close();
  };

  /** Consumes whole frames from buf[0..len); returns how many bytes were used. */
  function frames(buf: Buffer, len: number): number {
    let at = 0;
    while (len - at >= 2) {
      const b0 = buf[at];
      let n = buf[at + 1] & 0x7f;
      let h = 2;
      if (n === 126) {
        if (len - at < 4) break;
        n = buf.readUInt16BE(at + 2);
        h = 4;
      } else if (n === 127) {
        if (len - at < 10) break;
        n = Number(buf.readBigUInt64BE(at + 2));
        h = 10;
      }
      if (len - at < h + n) break;
      const opcode = b0 & 0x0f;
      if (opcode === 0x1 || opcode === 0x2) handlers.message(buf.subarray(at + h, at + h + n));
      else if (opcode === 0x8) {
        socket.destroy();
        end();
        return len;
      }
      at += h + n;
    }
    return at;
  }

  function onData(buf: Buffer, len: number) {
    if (rest) {
      buf = Buffer.concat([rest, buf.subarray(0, len)]);
      len = buf.length;
      rest = null;
    }
    let at = 0;
    if (!upgraded) {
      const i = buf.subarray(0, len).indexOf('\r\n\r\n');
      if (i < 0) {
        rest = Buffer.from(buf.subarray(0, len));
        return;
      }
      if (!buf.subarray(0, 12).toString().includes(' 101')) {
        socket.destroy();
        return end();
      }
      upgraded = open = true;
      at = i + 4;
      handlers.open();
    }
    const used = frames(buf.subarray(at, len), len - at);
    if (at + used < len) rest = Buffer.from(buf.subarray(at + used, len));
  }

  const socket = net.connect({
    host: u.hostname,
    port: Number(u.port),
    onread: {
      buffer: shared,
      callback: (nread: number, buf: Uint8Array) => {
        onData(buf as Buffer, nread);
        return true;
      },
    },
  });
  socket.setNoDelay(true);
  socket.on('connect', () => {
    const key = crypto.randomBytes(16).toString('base64');
    socket.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
  socket.on('close', end);
  socket.on('error', () => {});

  return {
    send: (text) => void (open && socket.write(frame(text))),
    close: () => socket.destroy(),
    get open() {
      return open;
    },
  };
}
