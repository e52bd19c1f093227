import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type IpcPort, createBusHub, createIpcBus } from './ipc-bus.ts';

/** Two ends of an in-memory IPC channel (messages cloned, delivered in order, one turn later). */
function channel(): [IpcPort, IpcPort] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (me: EventEmitter, other: EventEmitter): IpcPort => ({
    send: (m) => queueMicrotask(() => other.emit('message', structuredClone(m))),
    onMessage(h) {
      me.on('message', h);
      return () => void me.off('message', h);
    },
  });
  return [end(a, b), end(b, a)];
}
const tick = () => new Promise((r) => setTimeout(r, 5));

function cluster(n: number) {
  const hub = createBusHub();
  const buses = Array.from({ length: n }, () => {
    const [worker, primary] = channel();
    hub.attach(primary);
    return createIpcBus(worker);
  });
  return { hub, buses };
}

describe('IPC bus (several socket processes, no Redis)', () => {
  it('a publish reaches the publisher at once and every other listening process through the hub, in order', async () => {
    const { hub, buses } = cluster(3);
    const got: string[][] = [[], [], [], []];
    await Promise.all(buses.map((b, i) => b.subscribe('room:1', (m) => got[i].push(m))));
    await hub.bus.subscribe('room:1', (m) => got[3].push(m));
    await tick();
    for (const m of ['a', 'b', 'c']) await buses[0].publish('room:1', m);
    expect(got[0]).toEqual(['a', 'b', 'c']);
    await tick();
    expect(got).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it("the primary's own publishes reach the processes; a process that does not listen gets nothing", async () => {
    const { hub, buses } = cluster(2);
    const got: string[] = [];
    await buses[0].subscribe('horn', (m) => got.push(m));
    const other: string[] = [];
    await buses[1].subscribe('elsewhere', (m) => other.push(m));
    await tick();
    await hub.bus.publish('horn', 'h1');
    await tick();
    expect(got).toEqual(['h1']);
    expect(other).toEqual([]);
  });

  it('stops relaying a channel once its last listener in a process is gone, and to a detached process', async () => {
    const hub = createBusHub();
    const [w1, p1] = channel();
    const [w2, p2] = channel();
    hub.attach(p1);
    const detach2 = hub.attach(p2);
    const b1 = createIpcBus(w1);
    const b2 = createIpcBus(w2);
    const got: string[] = [];
    const off = await b1.subscribe('c', (m) => got.push(`1${m}`));
    await b2.subscribe('c', (m) => got.push(`2${m}`));
    await tick();
    await hub.bus.publish('c', 'x');
    await tick();
    await off();
    detach2();
    await tick();
    await hub.bus.publish('c', 'y');
    await tick();
    expect(got.sort()).toEqual(['1x', '2x']);
  });
});
