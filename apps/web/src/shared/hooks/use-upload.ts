import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadKind, UploadResult } from '@livesports/contracts/content';
import { checkFile, startUpload, type UploadHandle } from '../lib/upload';

export type UploadStatus = 'idle' | 'checking' | 'uploading' | 'paused' | 'done' | 'error';

export interface UploadState {
  status: UploadStatus;
  /** 0–100 */
  percent: number;
  sent: number;
  total: number;
  file: File | null;
  result: UploadResult | null;
  error: string | null;
}

const idle: UploadState = { status: 'idle', percent: 0, sent: 0, total: 0, file: null, result: null, error: null };

/** One resumable upload of a given kind, with progress, pause/resume and cancel. */
export function useUpload(kind: UploadKind, onDone?: (result: UploadResult) => void) {
  const [state, setState] = useState<UploadState>(idle);
  const handle = useRef<UploadHandle | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => () => void handle.current?.pause(), []);

  const start = useCallback(
    async (file: File) => {
      void handle.current?.cancel();
      setState({ ...idle, status: 'checking', file, total: file.size });
      const problem = await checkFile(file, kind);
      if (problem) {
        setState({ ...idle, status: 'error', file, error: problem });
        return false;
      }
      setState((s) => ({ ...s, status: 'uploading' }));
      handle.current = startUpload(file, kind, {
        onProgress: (sent, total) => setState((s) => ({ ...s, sent, total, percent: total ? Math.floor((sent / total) * 100) : 0 })),
        onPausedChange: (paused) => setState((s) => ({ ...s, status: paused ? 'paused' : 'uploading' })),
        onError: (error) => setState((s) => ({ ...s, status: 'error', error })),
        onSuccess: (result) => {
          setState((s) => ({ ...s, status: 'done', percent: 100, result }));
          done.current?.(result);
        },
      });
      return true;
    },
    [kind],
  );

  const pause = useCallback(() => handle.current?.pause(), []);
  const resume = useCallback(() => handle.current?.resume(), []);
  const reset = useCallback(() => {
    void handle.current?.cancel();
    handle.current = null;
    setState(idle);
  }, []);

  return { ...state, start, pause, resume, reset, busy: state.status === 'checking' || state.status === 'uploading' || state.status === 'paused' };
}
