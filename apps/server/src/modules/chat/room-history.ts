import type { ImMessage } from '@livesports/contracts/chat';

/**
 * The latest messages of one room, kept in this process's memory while it has members there.
 *
 * Why: at kick-off thousands of viewers join a room within seconds, and each join wants the room's
 * last messages (or, on a reconnect, everything after its last sequence). Reading them from the
 * database for every join made the database the join path's bottleneck (`npm run bench -- chat`,
 * 10,000 joins). The process already hears every message of the room on the bus to fan it out, so
 * it keeps the last `capacity` of them: seeded once from the database when the room's group is
 * created here, then fed by the bus.
 *
 * Sequence numbers of a room are gapless (one counter per room in the database), so the memory
 * knows whether it holds every message after a sequence: messages of one room can arrive out of
 * order when several processes send into it, and while one is still on its way, `page` answers
 * null and the caller reads the database instead.
 */
export class RoomHistory {
  /** Sorted by seq, each seq once. */
  private list: ImMessage[] = [];
  /** Every message with a seq above this one is in `list` (unless one is still on its way). */
  private floor = 0;
  private seeded = false;
  /** Bumped on every change: a frame built from one version can be reused until the next. */
  version = 0;

  constructor(private readonly capacity: number) {}

  get ready() {
    return this.seeded;
  }

  /**
   * The database's latest `capacity` messages (oldest first), read after the room's bus
   * subscription was made: merged with whatever the bus brought meanwhile.
   */
  seed(rows: ImMessage[]) {
    for (const m of rows) this.insert(m);
    // Nothing exists below the first stored row that the database did not return.
    this.floor = rows.length ? rows[0].seq - 1 : Math.max(0, (this.list[0]?.seq ?? 1) - 1);
    this.list = this.list.filter((m) => m.seq > this.floor);
    this.trim();
    this.seeded = true;
    this.version++;
  }

  add(m: ImMessage) {
    if (this.seeded && m.seq <= this.floor) return;
    this.insert(m);
    this.trim();
    this.version++;
  }

  /**
   * The last `size` messages (lastSeq undefined), or those after lastSeq (at most `limit`), when
   * memory holds them all; null when the database must answer (not seeded yet, older than what is
   * kept, or a message still on its way).
   */
  page(lastSeq: number | undefined, size: number, limit: number): ImMessage[] | null {
    if (!this.seeded) return null;
    const last = this.list.at(-1)?.seq ?? this.floor;
    if (last - this.floor !== this.list.length) return null;
    if (lastSeq === undefined) return this.list.slice(-size);
    if (lastSeq < this.floor) return null;
    if (lastSeq >= last) return [];
    const from = this.list.length - (last - lastSeq);
    return this.list.slice(from, from + limit);
  }

  private insert(m: ImMessage) {
    const list = this.list;
    let i = list.length;
    while (i > 0 && list[i - 1].seq > m.seq) i--;
    if (i > 0 && list[i - 1].seq === m.seq) return;
    if (i === list.length) list.push(m);
    else list.splice(i, 0, m);
  }

  private trim() {
    const extra = this.list.length - this.capacity;
    if (extra <= 0) return;
    this.floor = this.list[extra - 1].seq;
    this.list = this.list.slice(extra);
  }
}
