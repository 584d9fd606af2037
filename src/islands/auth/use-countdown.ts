// A countdown in whole seconds for "resend the code" (SPEC §2): counted against the clock rather
// than by ticks, so a throttled background tab still shows the right number when it wakes.
import { useCallback, useEffect, useState } from 'react';

/** Seconds left (0 when done) and a function that starts the countdown from `seconds`. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setSecondsLeft(Math.max(0, Math.ceil(seconds)));
  }, []);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return { secondsLeft, start };
}
