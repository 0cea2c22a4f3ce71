import { ConflictException } from '@nestjs/common';
import type { ProposedEdit, Report as AnalysisReport } from '@preflight/shared';
import { editSourceOf, proposeEdit, reviseEdit, type EditSource } from '../../analysis/edit';
import type { ReportEdit } from './report-edit.entity';

/**
 * The edit as it stands: the creator's saved cut list re-evaluated from the stored signals, or the engine's proposal
 * when none is saved. One rule for the routes and the PDF.
 */
export function currentEdit(data: AnalysisReport, saved: ReportEdit | null, source: EditSource = editSourceOf(data)): ProposedEdit {
  const proposal = data.proposed_edit ?? proposeEdit(source);
  if (!saved) return proposal;
  const revised = reviseEdit(source, proposal, { cuts: saved.cuts, margin_before_s: saved.marginBeforeS, margin_after_s: saved.marginAfterS });
  // The signals never change after the analysis, so a list that was valid when saved stays valid.
  if (!revised.ok) throw new ConflictException(`The saved edit no longer fits this report: ${revised.message}`);
  return revised.edit;
}
