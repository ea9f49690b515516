// The time, every second while `ticking`, for lines that count ('hace 12 s', 'en 30 s'). Only the
// component that shows the line re-renders each second: a whole form or dialog rendered every second
// keeps a small device's core busy while it sits open.
import { useEffect, useState } from 'react';

export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
