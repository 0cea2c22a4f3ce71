import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useMemo, useSyncExternalStore } from 'react';
import { brand } from '../../theme';

/** 50 particles, only when the window is wider than 768 px; off for users who prefer reduced motion. */
export const PARTICLE_COUNT = 50;
export const PARTICLE_MIN_WIDTH = 768;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  window.addEventListener('resize', onChange);
  query?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    query?.removeEventListener?.('change', onChange);
  };
}

function particlesAllowed(): boolean {
  const reduced = window.matchMedia?.(REDUCED_MOTION).matches ?? false;
  return window.innerWidth > PARTICLE_MIN_WIDTH && !reduced;
}

export function useParticlesEnabled(): boolean {
  return useSyncExternalStore(subscribe, particlesAllowed, () => false);
}

const drift = keyframes`
  0%   { transform: translate3d(0, 0, 0); opacity: var(--o); }
  50%  { opacity: calc(var(--o) * 0.35); }
  100% { transform: translate3d(var(--dx), var(--dy), 0); opacity: var(--o); }
`;

/** Small deterministic PRNG so the field is stable across renders. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Decorative drifting particles behind the landing and sign-in pages. */
export function ParticleBackground() {
  const enabled = useParticlesEnabled();
  const particles = useMemo(() => {
    const rand = mulberry32(7);
    const colors = [brand.violet, brand.cyan, brand.white];
    return Array.from({ length: PARTICLE_COUNT }, (_, i) => ({
      id: i,
      left: rand() * 100,
      top: rand() * 100,
      size: 1.5 + rand() * 3,
      color: colors[i % colors.length]!,
      opacity: 0.25 + rand() * 0.5,
      dx: (rand() - 0.5) * 160,
      dy: (rand() - 0.5) * 160,
      duration: 14 + rand() * 18,
      delay: -rand() * 20,
    }));
  }, []);

  if (!enabled) return null;
  return (
    <Box
      aria-hidden
      data-testid="particle-background"
      sx={{ position: 'fixed', inset: 0, zIndex: 0, pointerEvents: 'none', overflow: 'hidden' }}
    >
      {particles.map((p) => (
        <Box
          key={p.id}
          data-particle=""
          style={
            {
              left: `${p.left}%`,
              top: `${p.top}%`,
              width: p.size,
              height: p.size,
              backgroundColor: p.color,
              boxShadow: `0 0 ${p.size * 4}px ${p.color}`,
              animationDuration: `${p.duration}s`,
              animationDelay: `${p.delay}s`,
              '--o': p.opacity,
              '--dx': `${p.dx}px`,
              '--dy': `${p.dy}px`,
            } as React.CSSProperties
          }
          sx={{
            position: 'absolute',
            borderRadius: '50%',
            opacity: 'var(--o)',
            animationName: `${drift}`,
            animationTimingFunction: 'ease-in-out',
            animationIterationCount: 'infinite',
            animationDirection: 'alternate',
            willChange: 'transform, opacity',
          }}
        />
      ))}
    </Box>
  );
}
