import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setScreen } from '../../test/render';
import { ParticleBackground, PARTICLE_COUNT } from './ParticleBackground';

const particles = () => document.querySelectorAll('[data-particle]');

describe('ParticleBackground', () => {
  it('renders 50 particles when the window is wider than 768px', () => {
    setScreen(769);
    render(<ParticleBackground />);
    expect(PARTICLE_COUNT).toBe(50);
    expect(particles()).toHaveLength(50);
    expect(screen.getByTestId('particle-background')).toHaveAttribute('aria-hidden', 'true');
  });

  it('renders nothing at 768px or narrower', () => {
    setScreen(768);
    render(<ParticleBackground />);
    expect(particles()).toHaveLength(0);
  });

  it('renders nothing when the user prefers reduced motion', () => {
    setScreen(1280, { reducedMotion: true });
    render(<ParticleBackground />);
    expect(particles()).toHaveLength(0);
  });

  it('follows window resizes', () => {
    setScreen(1280);
    render(<ParticleBackground />);
    expect(particles()).toHaveLength(50);
    act(() => {
      setScreen(600);
      window.dispatchEvent(new Event('resize'));
    });
    expect(particles()).toHaveLength(0);
  });
});
