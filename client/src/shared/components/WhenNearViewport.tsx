import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once their place comes within `margin` of the viewport, and `placeholder` (which should hold
 * their height, so nothing moves) until then. For a costly widget below the first screen: a phone renders it when
 * the reader scrolls to it, not while the page is still loading. Without IntersectionObserver it renders at once.
 */
export function WhenNearViewport({ children, placeholder, margin = '100px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={spot}>{placeholder}</div>;
}
