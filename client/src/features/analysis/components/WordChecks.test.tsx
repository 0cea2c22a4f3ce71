import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WORDS_OFF_ON_SERVER, type WordsView } from '@preflight/shared';
import { AppProviders } from '../../../test/render';
import { WordChecks } from './WordChecks';

const off: WordsView = { transcription: 'not_configured', checked: false, offOnServer: true, shownToClient: false, note: WORDS_OFF_ON_SERVER, checks: [], notRun: [] };
const ran: WordsView = {
  transcription: 'ok',
  checked: true,
  offOnServer: false,
  shownToClient: true,
  note: 'Words checked from the transcript.',
  checks: [{ id: 'opening_line', label: 'Opening line', status: 'fail', statusLabel: 'Fail', evidence: 'opens with "Hey guys"' }],
  notRun: [{ id: 'hook_topic', label: 'Hook vs topic', reason: 'The language model failed for this video.' }],
};

describe('WordChecks', () => {
  it('on a server that checks no words, the creator reads one line that names no setting; a client reads nothing', () => {
    const { unmount } = render(<AppProviders><WordChecks words={off} audience="creator" /></AppProviders>);
    expect(screen.getByTestId('word-checks-off')).toHaveTextContent('Word checks are off on this server.');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(document.body.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/);
    unmount();
    render(<AppProviders><WordChecks words={off} audience="client" /></AppProviders>);
    expect(document.body).toHaveTextContent('');
  });

  it('lists the checks that ran; a check not run is a line for the creator and nothing for a client', () => {
    const { unmount } = render(<AppProviders><WordChecks words={ran} audience="creator" /></AppProviders>);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('not-run-line')).toHaveTextContent('Not run here: Hook vs topic');
    unmount();
    render(<AppProviders><WordChecks words={ran} audience="client" /></AppProviders>);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByTestId('not-run-line')).toBeNull();
  });
});
