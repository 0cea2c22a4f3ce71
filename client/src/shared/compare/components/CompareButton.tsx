import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import type { ButtonProps } from '@mui/material/Button';
import { DialogButton } from '../../components/DialogButton';
import { CompareDialog } from './CompareDialog';

/** Opens "Compare with another version" for one finished report (dashboard card, analysis page). */
export function CompareButton({ report, label = 'Compare', ...button }: { report: { id: string; filename: string; created_at: string }; label?: string } & Omit<ButtonProps, 'onClick'>) {
  return <DialogButton startIcon={<CompareArrowsRounded />} {...button} label={label} dialog={(close) => <CompareDialog report={report} open onClose={close} />} />;
}
