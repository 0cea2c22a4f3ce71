import type { EditDto } from '@preflight/sdk';
import { useEffect, useState } from 'react';
import { keptSeconds, sameChoices, toChoices, type CutChoice } from '../lib/proposedEdit';
import { useSaveReportEdit } from './useReportEdit';

/** How long the page waits after the last change before saving (a run of frame steps is one PUT). */
export const EDIT_SAVE_DELAY_MS = 600;

/** What the proposed-edit section and the chart show: the cuts as the creator has them now, and how saving goes. */
export interface EditPanelState {
  edit: EditDto;
  /** The creator's cuts (not yet saved ones included), in the order of `edit.cuts`. */
  cuts: CutChoice[];
  /** Seconds kept with those cuts: changes the moment an edge moves, before the server answers. */
  keptSeconds: number;
  /** Absent when read-only (a shared report). */
  onChange?: (cuts: CutChoice[]) => void;
  status: 'saved' | 'pending' | 'saving' | 'error';
  /** The server's words for a refused edit (a 400 names the range and why). */
  error?: string;
}

/**
 * The creator's changes to an edit, saved with PUT after a pause in changing (debounced). A refused edit keeps the
 * creator's cuts on the page with the server's reason, so they can move the edge back; nothing was saved.
 */
export function useEditDraft(reportId: string | null, edit: EditDto | undefined): EditPanelState | null {
  const save = useSaveReportEdit(reportId ?? '');
  const [draft, setDraft] = useState<CutChoice[] | null>(null);
  const { mutate } = save;

  useEffect(() => {
    if (!draft || !reportId) return;
    const timer = setTimeout(() => {
      mutate(draft, {
        // The answer replaces the cached edit; the draft goes only if nothing changed since it was sent.
        onSuccess: () => setDraft((now) => (now && sameChoices(now, draft) ? null : now)),
      });
    }, EDIT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, reportId, mutate]);

  if (!edit) return null;
  const cuts = draft ?? toChoices(edit.cuts);
  const status: EditPanelState['status'] = save.isPending ? 'saving' : draft && save.isError && sameChoices(draft, save.variables ?? []) ? 'error' : draft ? 'pending' : 'saved';
  return {
    edit,
    cuts,
    keptSeconds: keptSeconds(edit.duration_seconds, cuts),
    onChange: reportId ? setDraft : undefined,
    status,
    error: status === 'error' && save.error instanceof Error ? save.error.message : undefined,
  };
}
