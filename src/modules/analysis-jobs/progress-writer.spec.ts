import type { Report } from '../reports';
import { ProgressWriter } from './progress-writer';

/** A repository that records each row update the writer makes (only `updateWhileProcessing` is used). */
function recordingReports() {
  const updates: Array<Partial<Report>> = [];
  const reports = { updateWhileProcessing: (_id: string, values: Partial<Report>) => (updates.push(values), Promise.resolve()) };
  return { reports, updates };
}

describe('ProgressWriter', () => {
  it('writes every change of phase and the end of a phase, even within the one-second limit', async () => {
    const { reports, updates } = recordingReports();
    const writer = new ProgressWriter(reports, 'r1', () => undefined);
    // All within a few milliseconds, as on a fast machine: only the first of the decode's steps, its 100 %, and the next phase.
    writer.push({ stage: 'analyzing', progress: 10, phase: 'decoding', phasePercent: 6 });
    writer.push({ stage: 'analyzing', progress: 40, phase: 'decoding', phasePercent: 44 });
    writer.push({ stage: 'analyzing', progress: 85, phase: 'decoding', phasePercent: 100 });
    writer.push({ stage: 'analyzing', progress: 85, phase: 'analysing' });
    await writer.flush();
    expect(updates.map((u) => [u.phase, u.phasePercent])).toEqual([
      ['decoding', 6],
      ['decoding', 100],
      ['analysing', null],
    ]);
  });
});
