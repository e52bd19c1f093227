import http from 'node:http';

/** What a test (or the bench) learns from the first seconds of an HTTP-FLV stream. */
export interface FlvProbe {
  status: number;
  header: boolean;
  width: number;
  height: number;
  /** AVC sequence header seen (decoder can start). */
  videoConfig: boolean;
  /** Milliseconds from the request to the first video key frame. */
  firstKeyFrameMs: number;
  videoFrames: number;
  audioFrames: number;
  bytes: number;
}

/** Reads an FLV byte stream tag by tag (header, then type/size/time/stream id/data/back pointer). */
export class FlvTagReader {
  private buf: Buffer = Buffer.alloc(0);
  private headerDone = false;
  header = false;

  constructor(private readonly onTag: (type: number, data: Buffer, time: number) => void) {}

  push(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    if (!this.headerDone) {
      if (this.buf.length < 13) return;
      this.header = this.buf.subarray(0, 3).toString('latin1') === 'FLV';
      this.buf = this.buf.subarray(13);
      this.headerDone = true;
    }
    while (this.buf.length >= 11) {
      const size = this.buf.readUIntBE(1, 3);
      if (this.buf.length < 11 + size + 4) return;
      const time = this.buf.readUIntBE(4, 3) | (this.buf[7] << 24);
      this.onTag(this.buf[0], this.buf.subarray(11, 11 + size), time);
      this.buf = this.buf.subarray(11 + size + 4);
    }
  }
}

/** The AMF0 number after a key in an onMetaData script tag, or 0. */
export function metaNumber(script: Buffer, key: string): number {
  const at = script.indexOf(Buffer.from(key, 'latin1'));
  if (at < 0 || script[at + key.length] !== 0x00) return 0;
  return script.readDoubleBE(at + key.length + 1);
}

/**
 * Opens an HTTP-FLV URL and reads until `untilFrames` video frames arrived (or timeout), then
 * hangs up. Reports what a player would have found.
 */
export function probeFlv(url: string, opts: { untilFrames?: number; timeoutMs?: number } = {}): Promise<FlvProbe> {
  const untilFrames = opts.untilFrames ?? 5;
  const started = Date.now();
  const probe: FlvProbe = { status: 0, header: false, width: 0, height: 0, videoConfig: false, firstKeyFrameMs: -1, videoFrames: 0, audioFrames: 0, bytes: 0 };
  return new Promise((resolve) => {
    const reader = new FlvTagReader((type, data) => {
      if (type === 18) {
        probe.width ||= metaNumber(data, 'width');
        probe.height ||= metaNumber(data, 'height');
      } else if (type === 8) {
        probe.audioFrames++;
      } else if (type === 9) {
        const key = data[0] >> 4 === 1;
        if ((data[0] & 0x0f) === 7 && data[1] === 0) probe.videoConfig = true;
        else {
          if (key && probe.firstKeyFrameMs < 0) probe.firstKeyFrameMs = Date.now() - started;
          probe.videoFrames++;
        }
      }
    });
    const req = http.get(url, (res) => {
      probe.status = res.statusCode ?? 0;
      if (probe.status !== 200) {
        res.resume();
        res.on('end', finish);
        return;
      }
      res.on('data', (chunk: Buffer) => {
        probe.bytes += chunk.length;
        reader.push(chunk);
        probe.header = reader.header;
        if (probe.videoFrames >= untilFrames) finish();
      });
      res.on('end', finish);
    });
    req.on('error', finish);
    const timer = setTimeout(finish, opts.timeoutMs ?? 10_000);
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(probe);
    }
  });
}
