import ContentCutRounded from '@mui/icons-material/ContentCutRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { ToastText } from '../../../shared/components/ToastText';
import { saveBlob } from '../../../shared/pdf/lib/pdfFile';
import { EDIT_EXPORT_FORMATS, EDIT_EXPORT_META, fetchEditExport, type EditExportFormat } from '../api/useReportEdit';

export const EXPORT_EDIT_LABEL = 'Export edit';
export const EDIT_DOWNLOADED = 'Edit downloaded';
export const EDIT_EXPORT_FAILED = 'Failed to export the edit';

/**
 * "Export edit" (docs/product.md, The proposed edit in the editor): the saved edit as a timeline for Shotcut, Kdenlive,
 * Final Cut Pro, DaVinci Resolve, Premiere Pro, an EDL or a render script, downloaded with the creator's token.
 */
export function ExportEditButton({ reportId }: { reportId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const download = useMutation({
    mutationFn: async (format: EditExportFormat) => {
      const file = await fetchEditExport(reportId, format);
      saveBlob(file.blob, file.filename);
      return { format, filename: file.filename };
    },
    onSuccess: ({ format, filename }) => enqueueSnackbar(<ToastText title={EDIT_DOWNLOADED} message={`${filename} for ${EDIT_EXPORT_META[format].label}`} />, { variant: 'success' }),
    onError: (error) => enqueueSnackbar(<ToastText title={EDIT_EXPORT_FAILED} message={error instanceof Error ? error.message : undefined} />, { variant: 'error' }),
  });

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <ContentCutRounded />}
        disabled={download.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {EXPORT_EDIT_LABEL}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(400px, calc(100vw - 32px))' } } }}
        sx={{ '& .MuiMenuItem-root': { whiteSpace: 'normal' } }}
      >
        {EDIT_EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              download.mutate(format);
            }}
          >
            <span>
              <Typography component="span" sx={{ display: 'block' }}>
                {EDIT_EXPORT_META[format].label}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {EDIT_EXPORT_META[format].hint}
              </Typography>
            </span>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
