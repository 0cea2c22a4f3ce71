import ShareRounded from '@mui/icons-material/ShareRounded';
import type { ButtonProps } from '@mui/material/Button';
import { DialogButton } from '../../components/DialogButton';
import { ShareDialog } from './ShareDialog';

/** A button that opens the share dialog for one report (dashboard card "Share Report", analysis page "Share"). */
export function ShareReportButton({ reportId, label = 'Share Report', ...button }: { reportId: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  return <DialogButton startIcon={<ShareRounded />} {...button} label={label} dialog={(close) => <ShareDialog reportId={reportId} open onClose={close} />} />;
}
