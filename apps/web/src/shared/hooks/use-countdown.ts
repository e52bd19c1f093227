import { useCallback, useEffect, useRef, useState } from 'react';

/** A seconds countdown (the code button's 60 s wait, spec §4). */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (from: number) => {
      stop();
      const endsAt = Date.now() + from * 1000;
      setSeconds(from);
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
        setSeconds(left);
        if (left <= 0) stop();
      }, 1000);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { seconds, running: seconds > 0, start, stop };
}
