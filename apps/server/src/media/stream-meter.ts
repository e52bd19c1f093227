// Measures an incoming live stream from its FLV tags (what the ingest hands an internal subscriber):
// bitrate and frame rate over the last seconds of stream time, the keyframe interval, frames
// missing from the timeline and frames that arrive late. It reads tag headers and one or two bytes
// of each video tag, never the pictures, so it costs next to nothing per stream.
//
// Stream time (the tags' timestamps) rather than arrival time drives the windows: a subscriber
// attaching to a broadcast gets its cached GOP in one burst, and the network delivers in bursts
// too; the encoder's clock says what it actually sends per second.

/** Figures over this much stream time. */
const WINDOW_MS = 5_000;
/** Dropped frames are counted over the last minute of wall time for warnings, and in total. */
const RECENT_MS = 60_000;
/** A frame this far behind the stream's own clock (relative to the best seen) is late. */
const LATE_MS = 1_000;
/** A gap this many frame intervals long means frames are missing. */
const GAP_FRAMES = 2.5;

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const FLV_HEADER_BYTES = 13; // 9-byte header and the first previous-tag-size
const TAG_HEADER_BYTES = 11;

export interface MeterReading {
  bitrateKbps: number;
  videoKbps: number;
  fps: number;
  /** Milliseconds between keyframes (null before one is known). */
  keyframeIntervalMs: number | null;
  droppedFrames: number;
  droppedRecent: number;
  lateFrames: number;
  /** Milliseconds since the last frame arrived (null before the first). */
  lastFrameMs: number | null;
}

interface Sample {
  t: number;
  bytes: number;
  video: boolean;
}

export class StreamMeter {
  private carry: Buffer | null = null;
  private headerLeft = FLV_HEADER_BYTES;
  private readonly samples: Sample[] = [];
  private head = 0;
  private lastT = -Infinity;
  private lastVideoT: number | null = null;
  private readonly deltas: number[] = [];
  private lastKeyT: number | null = null;
  private keyInterval: number | null = null;
  private dropped = 0;
  private readonly drops: Array<{ at: number; n: number }> = [];
  private late = 0;
  private bestOffset = Infinity;
  private lastArrival: number | null = null;
  /** While true (the cached GOP replayed on attach), frames do not set the lateness baseline. */
  private priming = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `attach` with the burst it delivers (header, cached GOP) marked as old news. */
  prime<T>(attach: () => T): T {
    this.priming = true;
    try {
      return attach();
    } finally {
      this.priming = false;
    }
  }

  /** Feeds FLV bytes: a whole tag per call as the ingest sends them, though any split is parsed. */
  push(chunk: Buffer) {
    let buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    if (this.headerLeft > 0) {
      const skip = Math.min(this.headerLeft, buf.length);
      this.headerLeft -= skip;
      buf = buf.subarray(skip);
    }
    let at = 0;
    while (buf.length - at >= TAG_HEADER_BYTES) {
      const size = buf.readUIntBE(at + 1, 3);
      const end = at + TAG_HEADER_BYTES + size + 4;
      if (end > buf.length) break;
      const type = buf[at] & 0x1f;
      const t = buf.readUIntBE(at + 4, 3) | (buf[at + 7] << 24);
      const data = buf.subarray(at + TAG_HEADER_BYTES, at + TAG_HEADER_BYTES + size);
      if (type === TAG_AUDIO) this.onAudio(t, size);
      else if (type === TAG_VIDEO) this.onVideo(t, data);
      at = end;
    }
    if (at < buf.length) this.carry = Buffer.from(buf.subarray(at));
  }

  private addSample(t: number, bytes: number, video: boolean) {
    this.samples.push({ t, bytes, video });
    if (t > this.lastT) this.lastT = t;
    // Drop what fell out of the window; compact the array now and then rather than shift each time.
    while (this.head < this.samples.length && this.samples[this.head].t < this.lastT - WINDOW_MS) this.head++;
    if (this.head > 1024 && this.head > this.samples.length / 2) {
      this.samples.splice(0, this.head);
      this.head = 0;
    }
  }

  private onAudio(t: number, size: number) {
    if (size > 1) this.addSample(t, size, false);
  }

  private onVideo(t: number, data: Buffer) {
    if (data.length < 2) return;
    const b = data[0];
    let frameType: number;
    let isFrame: boolean;
    if (b & 0x80) {
      // Enhanced RTMP (HEVC, AV1…): the low nibble is the packet type; 1 and 3 carry frames.
      frameType = (b >> 4) & 0x07;
      const packetType = b & 0x0f;
      isFrame = packetType === 1 || packetType === 3;
    } else {
      frameType = b >> 4;
      const codec = b & 0x0f;
      // AVC and legacy HEVC: packet type 0 is the sequence header, 2 the end of sequence.
      isFrame = codec === 7 || codec === 12 ? data[1] === 1 : true;
    }
    if (!isFrame || frameType === 5) return;
    this.addSample(t, data.length, true);
    const now = this.now();
    this.lastArrival = now;
    // Timeline gaps: a delta of several frame intervals means the encoder or the network lost frames.
    if (this.lastVideoT !== null && t > this.lastVideoT) {
      const delta = t - this.lastVideoT;
      const expected = this.frameInterval();
      if (expected > 0 && delta > expected * GAP_FRAMES) {
        const missing = Math.round(delta / expected) - 1;
        this.dropped += missing;
        this.drops.push({ at: now, n: missing });
        while (this.drops.length && this.drops[0].at < now - RECENT_MS) this.drops.shift();
      } else {
        this.deltas.push(delta);
        if (this.deltas.length > 31) this.deltas.shift();
      }
    }
    if (this.lastVideoT === null || t > this.lastVideoT) this.lastVideoT = t;
    if (frameType === 1) {
      if (this.lastKeyT !== null && t > this.lastKeyT) this.keyInterval = t - this.lastKeyT;
      this.lastKeyT = t;
    }
    // Lateness against the stream's own clock: the smallest arrival-minus-timestamp seen is "on time".
    const offset = now - t;
    if (!this.priming) {
      if (offset < this.bestOffset) this.bestOffset = offset;
      else if (offset - this.bestOffset > LATE_MS) this.late++;
    }
  }

  /** The usual spacing of video frames: the median of the recent ones (robust to a stray gap). */
  private frameInterval() {
    if (this.deltas.length < 3) return 0;
    const sorted = [...this.deltas].sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  }

  read(): MeterReading {
    const now = this.now();
    let bytes = 0;
    let videoBytes = 0;
    let frames = 0;
    let first = Infinity;
    for (let i = this.head; i < this.samples.length; i++) {
      const s = this.samples[i];
      if (s.t < this.lastT - WINDOW_MS) continue;
      if (s.t < first) first = s.t;
      bytes += s.bytes;
      if (s.video) {
        videoBytes += s.bytes;
        frames++;
      }
    }
    // Under half a second of stream the rates would be noise.
    const span = this.lastT - first;
    const ok = span >= 500;
    // The interval still open counts once it outgrows the last one: a 12 s GOP shows after 4 s, not 12.
    const open = this.lastKeyT !== null && this.lastVideoT !== null ? this.lastVideoT - this.lastKeyT : 0;
    const keyframeIntervalMs = this.keyInterval !== null ? Math.max(this.keyInterval, open) : open > 0 && open >= 4_000 ? open : null;
    while (this.drops.length && this.drops[0].at < now - RECENT_MS) this.drops.shift();
    return {
      bitrateKbps: ok ? Math.round((bytes * 8) / span) : 0,
      videoKbps: ok ? Math.round((videoBytes * 8) / span) : 0,
      fps: ok ? Math.round(((frames - 1) * 1000 * 10) / span) / 10 : 0,
      keyframeIntervalMs,
      droppedFrames: this.dropped,
      droppedRecent: this.drops.reduce((n, d) => n + d.n, 0),
      lateFrames: this.late,
      lastFrameMs: this.lastArrival === null ? null : now - this.lastArrival,
    };
  }
}
