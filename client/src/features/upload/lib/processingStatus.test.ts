// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { etaText, FALLBACK_VIEW, processingView, shouldPoll, STATUS_POLL_INTERVAL_MS, STATUS_POLL_LIMIT_MS } from './processingStatus';

describe('processingView (processing stages)', () => {
  it.each([
    ['preprocessing', 'Extracting frames and analyzing video structure'],
    ['analyzing', 'AI Analysis: Running viral risk detection and drop-off prediction'],
    ['generating', 'Generating Report'],
  ])('%s → %s', (currentStep, text) => {
    expect(processingView({ status: 'processing', currentStep, progress: 42.4, eta: 30 })).toEqual({
      step: currentStep,
      progress: 42,
      text,
      eta: 30,
      done: false,
      failed: false,
    });
  });

  it.each([
    ['received', null, 'Upload received'],
    ['decoding', 41.6, 'Decoding the video · 42 %'],
    ['analysing', null, 'Analysing'],
    ['rendering', 50, 'Rendering frames · 50 %'],
  ])('phase %s (%s %%) → the detail line "%s"', (phase, phasePercent, detail) => {
    expect(processingView({ status: 'processing', currentStep: 'analyzing', progress: 40, eta: 12, phase, phasePercent })).toMatchObject({ detail, eta: 12 });
  });

  it('no detail line for a phase the app does not know', () => {
    expect(processingView({ status: 'processing', currentStep: 'analyzing', progress: 40, phase: 'teleporting' })).not.toHaveProperty('detail');
  });

  it('an analysis taken over by another worker shows "resuming", not a frozen percentage', () => {
    expect(processingView({ status: 'processing', currentStep: 'analyzing', progress: 29, eta: 40, resuming: true })).toEqual({
      step: 'analyzing',
      progress: 29,
      text: 'Resuming your analysis…',
      eta: null,
      done: false,
      failed: false,
      resuming: true,
    });
  });

  it('completed ends with the completion text at 100%', () => {
    expect(processingView({ status: 'completed', currentStep: 'completed', progress: 100 })).toMatchObject({
      done: true,
      progress: 100,
      text: 'Analysis complete! Your prevention report is ready.',
    });
  });

  it("error shows the server's error text", () => {
    expect(processingView({ status: 'error', currentStep: 'error', progress: 30, error: 'This file has no video stream.' })).toMatchObject({
      step: 'error',
      done: true,
      failed: true,
      text: 'This file has no video stream.',
    });
  });

  it('poll failure fallback: analyzing at 50% with "Analysis in progress"', () => {
    expect(FALLBACK_VIEW).toMatchObject({ step: 'analyzing', progress: 50, text: 'Analysis in progress', done: false });
  });
});

describe('polling limits (docs/product.md, Limits and constants)', () => {
  it('every 5 s, stopping after 10 minutes or when done', () => {
    expect(STATUS_POLL_INTERVAL_MS).toBe(5000);
    expect(shouldPoll(null, 0, STATUS_POLL_LIMIT_MS - 1)).toBe(true);
    expect(shouldPoll(null, 0, STATUS_POLL_LIMIT_MS)).toBe(false);
    expect(shouldPoll(processingView({ status: 'completed' }), 0, 1)).toBe(false);
    expect(shouldPoll(processingView({ status: 'processing', currentStep: 'analyzing' }), 0, 1)).toBe(true);
  });

  it('eta text', () => {
    expect(etaText(null)).toBeNull();
    expect(etaText(0)).toBeNull();
    expect(etaText(12)).toBe('about 12 s left');
    expect(etaText(150)).toBe('about 3 min left');
  });
});
