/**
 * Runs the work of one key (a user, an address) one at a time, in arrival order, in this process.
 * Checks that count an attempt before they look and clear the count after a success (payment
 * passwords, logins) need it: run side by side, right answers counted each other into the lock
 * (issue #51 item 8). Past `maxWaiting` queued for one key, `busy()` is thrown at once instead.
 * The API is served by one process (socket processes only hold WebSockets), so this is enough.
 */
export function oneAtATime(maxWaiting: number, busy: () => Error) {
  const queues = new Map<string | number, { tail: Promise<void>; waiting: number }>();
  return async function run<T>(key: string | number, fn: () => Promise<T>): Promise<T> {
    let q = queues.get(key);
    if (!q) queues.set(key, (q = { tail: Promise.resolve(), waiting: 0 }));
    if (q.waiting >= maxWaiting) throw busy();
    const before = q.tail;
    let done!: () => void;
    q.tail = new Promise<void>((resolve) => (done = resolve));
    q.waiting++;
    try {
      await before;
      return await fn();
    } finally {
      done();
      if (--q.waiting === 0) queues.delete(key);
    }
  };
}
