import { describe, expect, it } from 'vitest';
import type { PresetView } from '@preflight/shared';
import { render, screen, within } from '@testing-library/react';
import { AppProviders } from '../../../test/render';
import { PlatformChecks } from './PlatformChecks';

const check = (id: string, status: PresetView['checks'][number]['status'], overlay: PresetView['checks'][number]['overlay'] = null) => ({
  id: id as PresetView['checks'][number]['id'],
  label: id === 'safe_zone' ? 'Safe zone' : 'Captions',
  status,
  statusLabel: { pass: 'Pass', warn: 'Check', fail: 'Fail', not_run: 'Not run' }[status],
  measured: 'text under the interface on 3 of 12 frames read, faces on 0',
  target: 'clear of top 14 %, bottom 35 %, sides 6 %',
  evidence: '"FOLLOW @MAKER" at 0:11 sits in the bottom 35 % of the frame',
  overlay,
});
const NOT_READ = { id: 'captions' as const, label: 'Captions', reason: 'On-screen text was not read for this report.' };
const preset = (checks: PresetView['checks'], notRun: PresetView['notRun'] = []): PresetView => ({
  platform: 'Instagram Reels', requested: 'reels', chosenBy: 'creator', heading: 'Checked against Instagram Reels (your choice)', autoReason: null, checks, notRun, tally: '0 of 1 checks pass',
});
const overlay = { frame: { path: 'frames/00115.jpg', url: '/frames/00115.jpg?sig=x' }, time_s: 11.5, zones: [{ x: 0, y: 0.65, w: 1, h: 0.35 }], boxes: [{ x: 0.15, y: 0.88, w: 0.7, h: 0.04 }] };

describe('PlatformChecks', () => {
  it('shows a safe-zone failure on its frame with the covered band shaded and the box outlined', () => {
    render(
      <AppProviders>
        <PlatformChecks preset={preset([check('safe_zone', 'fail', overlay)], [NOT_READ])} frames={{ aspect: '9 / 16', canView: true, expired: false }} audience="creator" />
      </AppProviders>,
    );
    const row = screen.getByTestId('platform-check-safe_zone');
    expect(row).toHaveAttribute('data-status', 'fail');
    expect(row).toHaveTextContent('Safe zone: text under the interface on 3 of 12 frames read, faces on 0 (target: clear of top 14 %, bottom 35 %, sides 6 %)');
    const frame = within(row).getByTestId('safe-zone-frame');
    expect(within(frame).getByRole('img')).toHaveAttribute('src', overlay.frame.url);
    expect(within(frame).getByRole('img')).toHaveAccessibleName("0:11 The app's covered parts hatched");
    expect(row).toHaveTextContent('Frame at 0:11: hatched parts are covered by the app; outlined is what sits there.');
    expect(within(frame).getByTestId('safe-zone-band')).toHaveStyle({ top: '65%', height: '35%' });
    expect(within(frame).getByTestId('safe-zone-box')).toHaveStyle({ top: '88%', left: '15%' });
    // Not run is no row among the results: the creator reads one line naming it.
    expect(screen.queryByTestId('platform-check-captions')).toBeNull();
    expect(screen.getByTestId('not-run-line')).toHaveTextContent('Not run here: Captions');
  });

  it("a client's page shows only the checks that ran, nothing about the ones that did not", () => {
    render(
      <AppProviders>
        <PlatformChecks preset={preset([check('safe_zone', 'fail', overlay)], [NOT_READ])} frames={{ aspect: '9 / 16', canView: true, expired: false }} audience="client" />
      </AppProviders>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByTestId('not-run-line')).toBeNull();
    expect(document.body).not.toHaveTextContent('Not run');
  });

  it('signed out (or frames deleted), the frame is a placeholder and no box is drawn over it', () => {
    render(
      <AppProviders>
        <PlatformChecks preset={preset([check('safe_zone', 'fail', overlay)])} frames={{ aspect: '9 / 16', canView: false, expired: false }} />
      </AppProviders>,
    );
    const frame = screen.getByTestId('safe-zone-frame');
    expect(within(frame).queryByRole('img')).toBeNull();
    expect(frame).toHaveTextContent('Please sign in to view frames');
    expect(within(frame).queryByTestId('safe-zone-box')).toBeNull();
  });
});
