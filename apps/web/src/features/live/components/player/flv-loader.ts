import type Mpegts from 'mpegts.js';

// mpegts.js asks for an HTTP-FLV stream with the page's credentials mode ('same-origin'), so
// Chromium queues it behind the room's ~110 scripts and texts on the site's six HTTP/1.1
// connections: the early stream of a live room played 1.3 s after asking (bench -- live). Play URLs
// carry their own signature and need no cookie (media/play-routes.ts), so this loader asks without
// credentials: such requests get a connection pool of their own and the stream starts at once.
// Otherwise it is mpegts.js's FetchStreamLoader (a live stream: no ranges, no seeking).

type Mpegts = typeof Mpegts;
/** mpegts.js types an error's kind as its whole table of kinds: one of its values is what it passes. */
const kind = (k: string) => k as unknown as Mpegts.LoaderErrors;

export function uncredentialedLoader(mpegts: Mpegts): Mpegts.CustomLoaderConstructor {
  const { LoaderStatus, LoaderErrors } = mpegts;
  class UncredentialedFetchLoader extends mpegts.BaseLoader {
    private abortController: AbortController | null = null;
    private received = 0;
    private rangeFrom = 0;

    constructor(
      private readonly seekHandler: Mpegts.SeekHandler,
      private readonly config: Mpegts.Config,
    ) {
      super('uncredentialed-fetch-loader');
      this._needStash = true;
    }

    open(dataSource: Mpegts.MediaSegment, range: Mpegts.Range) {
      this.rangeFrom = range.from;
      const seek = this.seekHandler.getConfig(dataSource.url, range);
      const headers = new Headers(seek.headers as HeadersInit);
      for (const [k, v] of Object.entries(this.config.headers ?? {})) headers.append(k, String(v));
      this.abortController = new AbortController();
      this._status = LoaderStatus.kConnecting;
      fetch(seek.url, { headers, mode: 'cors', credentials: 'omit', cache: 'default', signal: this.abortController.signal })
        .then((res) => {
          if (!res.ok || !res.body) {
            this._status = LoaderStatus.kError;
            this.onError?.(kind(LoaderErrors.HTTP_STATUS_CODE_INVALID), { code: res.status, msg: res.statusText });
            return;
          }
          return this.pump(res.body.getReader());
        })
        .catch((e: Error) => this.failed(e));
    }

    private pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
      return reader.read().then((result) => {
        if (this.abortController?.signal.aborted) {
          this._status = LoaderStatus.kComplete;
          return;
        }
        if (result.done) {
          // A live stream that ends: the encoder stopped (the player's 'ended' path).
          this._status = LoaderStatus.kComplete;
          this.onComplete?.(this.rangeFrom, this.rangeFrom + this.received - 1);
          return;
        }
        this._status = LoaderStatus.kBuffering;
        const chunk = result.value;
        const byteStart = this.rangeFrom + this.received;
        this.received += chunk.byteLength;
        // mpegts.js wants an ArrayBuffer of exactly this chunk.
        const buffer = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk.buffer : chunk.slice().buffer;
        this.onDataArrival?.(buffer as ArrayBuffer, byteStart, this.received);
        return this.pump(reader);
      });
    }

    private failed(e: Error) {
      if (this.abortController?.signal.aborted) {
        this._status = LoaderStatus.kComplete;
        return;
      }
      this._status = LoaderStatus.kError;
      this.onError?.(kind(LoaderErrors.EARLY_EOF), { code: -1, msg: e.message });
    }

    abort() {
      try {
        this.abortController?.abort();
      } catch {
        // Already aborted.
      }
    }

    destroy() {
      if (this.isWorking()) this.abort();
      super.destroy();
    }
  }
  return UncredentialedFetchLoader as unknown as Mpegts.CustomLoaderConstructor;
}
