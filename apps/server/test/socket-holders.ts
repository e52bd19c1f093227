import fs from 'node:fs';
import net from 'node:net';

// Which process of a cluster holds a connection (Linux only): the server's end of it in
// /proc/net/tcp{,6}, then the processes' descriptors. Used by the cluster tests and the
// cluster-kill journey to see where the primary handed a connection (cluster/hand-out.ts).

const hex = (n: number) => `:${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** The process among `pids` holding the server's end of a connection to `port` from `clientPort`. */
export function holderOf(pids: number[], port: number, clientPort: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl, local_address, rem_address, st (01: connected), …, inode (tenth column)
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hex(port)) && cols[2]?.endsWith(hex(clientPort)) && cols[3] === '01') inodes.add(cols[9]);
    }
  }
  return pids.find((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(/^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? ''));
    } catch {
      return false; // gone meanwhile
    }
  });
}

/**
 * Whether every one of `pids` (a cluster's socket processes) takes connections on `port`: the
 * primary hands WebSocket connections out in turn to the processes that said they are ready, so a
 * few probe connections asking for a /ws/ path land on each. A process is listed as the primary's
 * child seconds before that.
 */
export async function allTakeConnections(pids: number[], port: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let i = 0; i < pids.length * 3 && seen.size < pids.length; i++) {
    const probe = net.connect(port, '127.0.0.1');
    try {
      await new Promise((resolve, reject) => probe.once('connect', resolve).once('error', reject));
      // The primary keeps plain HTTP; the request line of a socket's path sends it on.
      probe.write('GET /ws/score HTTP/1.1\r\nHost: probe\r\n\r\n');
      // Handed on by the primary a moment after the connect.
      for (let t = 0; t < 50; t++) {
        const pid = holderOf(pids, port, probe.localPort!);
        if (pid) {
          seen.add(pid);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch {
      return false;
    } finally {
      probe.destroy();
    }
  }
  return seen.size === pids.length;
}
